import LottieModel

// MARK: - SnapshotSampling

/// Which frames a snapshot evaluates animated properties at.
public enum SnapshotSampling: Equatable, Sendable, CustomStringConvertible {
    /// These composition frames (real numbers), in the order given; duplicates are dropped.
    case frames([Double])
    /// Every `n` frames from `ip` up to `op`, and `op` itself (the final pose), as
    /// `AnimationFrames.sampled(every:)` walks them.
    case every(Double)
    /// Each property at its own keyframes: the frames where its keyframes sit (mapped into
    /// composition time for properties inside precomps).
    ///
    /// Each property lists its own keyframe frames, not the union of all properties': its
    /// lines then say exactly where its keyframes are, a moved keyframe shows as a frame of
    /// that one property removed and another added, and a property is not listed at the
    /// keyframes of unrelated ones. Values at keyframes are the keyframes' values, so this
    /// mode does not see easing changes; `every` does.
    case keyframes

    /// What `snapshot` writes by default: every frame from `ip` through `op`.
    public static let everyFrame = SnapshotSampling.every(1)

    /// `every 5`, `frames 0 15 30`, `keyframes`: the header's `sampling:` line.
    public var description: String {
        switch self {
        case .frames(let frames): "frames " + frames.map { SnapshotNumber(precision: 6)($0) }.joined(separator: " ")
        case .every(let step): "every " + SnapshotNumber(precision: 6)(step)
        case .keyframes: "keyframes"
        }
    }

    /// Reads a `sampling:` line.
    init?(parsing text: String) {
        let words = text.split(separator: " ").map(String.init)
        switch words.first {
        case "keyframes" where words.count == 1:
            self = .keyframes
        case "every" where words.count == 2:
            guard let step = Double(words[1]), step > 0 else { return nil }
            self = .every(step)
        case "frames":
            let frames = words.dropFirst().compactMap(Double.init)
            guard frames.count == words.count - 1, !frames.isEmpty else { return nil }
            self = .frames(frames)
        default:
            return nil
        }
    }

    /// The composition frames to evaluate at (nil for `.keyframes`, where each property has its own).
    func frames(inPoint: Double, outPoint: Double) -> [Double]? {
        switch self {
        case .frames(let frames):
            var seen: Set<Double> = []
            return frames.filter { $0.isFinite && seen.insert($0).inserted }
        case .every(let step):
            return AnimationFrames(inPoint: inPoint, outPoint: outPoint).sampled(every: step, limit: Self.maxFrames)
        case .keyframes:
            return nil
        }
    }

    /// The most frames `every` lists (a step of 0.001 over a long animation is a mistake).
    static let maxFrames = 100_000
}
