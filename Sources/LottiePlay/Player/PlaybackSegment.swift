// MARK: - PlaybackSegment

/// The part of the timeline a play runs over, and how it repeats.
///
/// `fromFrame` and `toFrame` are absolute composition frames inside `ip...op`; `toFrame` may
/// be below `fromFrame`, and then the segment runs backwards (at a positive speed). A segment
/// of zero length (`fromFrame == toFrame`) finishes as soon as it starts, in every loop mode.
public struct PlaybackSegment: Equatable, Sendable, CustomStringConvertible {
    public var fromFrame: Double
    public var toFrame: Double
    public var loopMode: LoopMode

    public init(fromFrame: Double, toFrame: Double, loopMode: LoopMode = .playOnce) {
        self.fromFrame = fromFrame
        self.toFrame = toFrame
        self.loopMode = loopMode
    }

    /// `|toFrame - fromFrame|`, in frames.
    public var length: Double { abs(toFrame - fromFrame) }

    /// Whether the segment has no length.
    public var isEmpty: Bool { length == 0 }

    /// The frame at `offset` frames from `fromFrame` towards `toFrame`.
    func frame(atOffset offset: Double) -> Double {
        if offset >= length { return toFrame }
        return toFrame >= fromFrame ? fromFrame + offset : fromFrame - offset
    }

    /// How far `frame` lies from `fromFrame` towards `toFrame`, nil when it is outside the segment.
    func offset(ofFrame frame: Double) -> Double? {
        let offset = toFrame >= fromFrame ? frame - fromFrame : fromFrame - frame
        return offset >= 0 && offset <= length ? offset : nil
    }

    public var description: String {
        "\(Self.format(fromFrame))->\(Self.format(toFrame)) \(loopMode)"
    }

    private static func format(_ frame: Double) -> String {
        frame == frame.rounded() && abs(frame) < 1e15 ? String(Int(frame)) : String(frame)
    }
}
