// MARK: - AnimationFrames

/// The frames of an animation, by the one rule every tool that walks them follows (`inspect`
/// counts them, `render --all` draws them, snapshots, players and GIFs sample them):
///
/// - the frames are the whole steps from the in point, `ip`, `ip + 1`, ... before the out point;
/// - the out point is the final pose, shown at progress 1;
/// - an out point within `tolerance` of a whole number of frames after `ip` is that whole number:
///   exporters write `op` 24.00000097754 for 24 frames at 29.97 fps, and such a file has 24
///   frames, not 25, and its final pose is at 24, not at 24.000001.
///
/// The points are the file's; a timeline passes the ones it uses (after replacing values that are
/// not finite or not in order, see `Timeline`).
public struct AnimationFrames: Equatable, Sendable {
    /// The most a fractional out point may be off a whole number of frames to count as it.
    public static let tolerance = 1e-3

    /// The first frame.
    public let inPoint: Double
    /// The final pose: `op`, or the whole frame it is within `tolerance` of.
    public let outPoint: Double
    /// The whole frames from `inPoint` before `outPoint`: `ceil(op - ip)` (0 when `op <= ip`).
    public let count: Int

    /// The frames of `ip`...`op`. Values that are not finite give no frames.
    public init(inPoint: Double, outPoint: Double) {
        self.inPoint = inPoint
        self.outPoint = Self.outPoint(inPoint: inPoint, outPoint: outPoint)
        let length = self.outPoint - inPoint
        // Counted as a Double first: an out point of 1e300 must not overflow Int.
        count = length > 0 && length.isFinite ? Int(min(length.rounded(.up), Double(Int32.max))) : 0
    }

    /// The frames of an animation's `ip` and `op`.
    public init(_ animation: LottieAnimation) {
        self.init(inPoint: animation.inPoint, outPoint: animation.outPoint)
    }

    /// `op`, or `ip + n` when `op - ip` is within `tolerance` of the whole number `n`.
    public static func outPoint(inPoint: Double, outPoint: Double) -> Double {
        let length = outPoint - inPoint
        let whole = length.rounded()
        guard length.isFinite, whole > 0, abs(length - whole) <= tolerance else { return outPoint }
        return inPoint + whole
    }

    /// The frame `ip + index`.
    public subscript(index: Int) -> Double { inPoint + Double(index) }

    /// Every frame, `ip` to the last before `op` (at most `limit` of them).
    public func frames(limit: Int = .max) -> [Double] {
        (0..<min(count, limit)).map { self[$0] }
    }

    /// The frames `ip`, `ip + step`, ... before `op` (within `tolerance`), then `op` itself: what
    /// samples an animation every `step` frames through its final pose. At most `limit` frames
    /// before `op`.
    public func sampled(every step: Double, limit: Int = .max) -> [Double] {
        guard step > 0, step.isFinite, outPoint > inPoint else { return [inPoint] }
        var frames: [Double] = []
        var index = 0.0
        while inPoint + index * step < outPoint - Self.tolerance, frames.count < limit {
            frames.append(inPoint + index * step)
            index += 1
        }
        frames.append(outPoint)
        return frames
    }
}
