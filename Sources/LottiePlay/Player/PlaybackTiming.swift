import LottieModel

// MARK: - PlaybackTiming

/// What a player needs to know about an animation's time: its frame rate, its frame range
/// and its markers. Nothing else of the animation is kept, so a player is cheap to copy.
///
/// Frames are real numbers and are absolute composition frames, like the markers' times
/// (FORMAT.md "Time" and "Markers"). Progress `p` in [0, 1] is the frame `ip + p * (op - ip)`
/// of the whole animation, whatever segment is playing.
public struct PlaybackTiming: Equatable, Sendable {
    /// `fr`: frames per second. A clock tick moves no frame when it is not positive.
    public let frameRate: Double
    /// `ip`: the first frame.
    public let inPoint: Double
    /// `op`: the frame after the last; at `op` the final pose is shown. Never below `ip`.
    public let outPoint: Double
    /// The named moments and segments, in file order.
    public let markers: [Marker]

    /// A timing from raw values. Non-finite values become 0 and an `op` below `ip` becomes `ip`,
    /// so that every frame the player computes is finite and inside `ip...op`.
    public init(frameRate: Double, inPoint: Double, outPoint: Double, markers: [Marker] = []) {
        self.frameRate = frameRate.isFinite ? frameRate : 0
        self.inPoint = inPoint.isFinite ? inPoint : 0
        let end = outPoint.isFinite ? outPoint : self.inPoint
        self.outPoint = max(end, self.inPoint)
        self.markers = markers
    }

    /// The timing of an animation: its `fr`, `ip`, `op` and markers, read as a `Timeline` reads
    /// them, so that a player and the frames it shows agree: a frame rate that is not a positive
    /// number plays at 30 fps, an out point within `AnimationFrames.tolerance` of a whole frame is
    /// that frame, and so on (see `Timeline.warnings` for what was replaced).
    public init(animation: LottieAnimation, limits: LottieLimits = .default) {
        let timing = TimingFaults(animation, limits: limits)
        self.init(frameRate: timing.frameRate, inPoint: timing.inPoint, outPoint: timing.outPoint,
                  markers: animation.markers)
    }

    /// `op - ip`, in frames.
    public var durationFrames: Double { outPoint - inPoint }

    /// The duration in seconds (0 when the frame rate is not positive).
    public var durationSeconds: Double { frameRate > 0 ? durationFrames / frameRate : 0 }

    /// The frame at progress `p`: `ip + p * (op - ip)`, with `p` clamped to [0, 1] (NaN counts as 0).
    /// Progress 1 is `op` exactly.
    public func frame(forProgress progress: Double) -> Double {
        let p = progress.isNaN ? 0 : min(max(progress, 0), 1)
        return p == 1 ? outPoint : inPoint + p * durationFrames
    }

    /// The progress of a frame: 0 at `ip`, 1 at `op` (0 for an animation of no length).
    public func progress(forFrame frame: Double) -> Double {
        durationFrames > 0 ? (clamp(frame) - inPoint) / durationFrames : 0
    }

    /// The frame clamped to `ip...op`; NaN becomes `ip`.
    public func clamp(_ frame: Double) -> Double {
        frame.isNaN ? inPoint : min(max(frame, inPoint), outPoint)
    }

    /// The first marker with this name.
    public func marker(named name: String) throws(PlaybackError) -> Marker {
        guard let marker = markers.first(where: { $0.name == name }) else {
            throw PlaybackError.unknownMarker(name, available: markers.map(\.name))
        }
        return marker
    }
}
