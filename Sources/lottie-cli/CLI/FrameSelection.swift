import LottieModel
import LottiePlay

// MARK: - FrameSelection

/// `--frames`, read the same way by every command that takes several frames (`render`, `frames`,
/// `snapshot`, `diff`): a range `A:B` or `A:B:S` (from A to B by S, default 1; B included when a
/// step lands on it; S negative walks backwards), or a list `F,F,F`. Frames are absolute, like
/// `ip` and `op`, and may be fractional.
enum FrameSelection {
    /// More frames than this is almost certainly a mistake in the step.
    static let maxFrames = 100_000

    /// The frames `text` names.
    static func frames(_ text: String) throws(UsageError) -> [Double] {
        if text.contains(":") { return try range(text) }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        var frames: [Double] = []
        for part in parts {
            guard let frame = Double(part), frame.isFinite else {
                throw UsageError("--frames needs a range A:B:S or a list F,F,F of numbers, got '\(text)'")
            }
            frames.append(frame)
        }
        guard frames.count <= maxFrames else {
            throw UsageError("--frames lists \(frames.count) frames, more than \(maxFrames)")
        }
        return frames
    }

    /// `A:B` or `A:B:S`.
    private static func range(_ text: String) throws(UsageError) -> [Double] {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            .map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2 || parts.count == 3, let start = parts[0], let end = parts[1],
              let step = parts.count == 3 ? parts[2] : 1 else {
            throw UsageError("--frames needs a range A:B or A:B:S with numbers, or a list F,F,F, got '\(text)'")
        }
        return try frames(from: start, to: end, step: step)
    }

    /// The frames from `start` toward `end` by `step`, `end` included when a step lands on it.
    static func frames(from start: Double, to end: Double, step: Double) throws(UsageError) -> [Double] {
        guard start.isFinite, end.isFinite, step.isFinite else { throw UsageError("--frames needs finite numbers") }
        guard step != 0 else { throw UsageError("--frames: the step must not be 0") }
        guard (end - start) * step >= 0 else {
            throw UsageError("--frames: a step of \(Format.number(step)) never goes from \(Format.number(start)) "
                + "to \(Format.number(end))")
        }
        // Counted as a Double first: a range of 1e300 frames must be refused, not overflow Int.
        let count = ((end - start) / step + 1e-9).rounded(.down) + 1
        guard count <= Double(maxFrames) else {
            throw UsageError("--frames: that is \(Format.number(count)) frames, more than \(maxFrames); use a larger step")
        }
        return (0..<Int(count)).map { start + Double($0) * step }
    }

    /// Every frame of the animation (`AnimationFrames`: `ip` to the last whole frame before `op`),
    /// refused past `maxFrames`.
    static func all(_ timeline: Timeline) throws -> [Double] {
        let frames = AnimationFrames(inPoint: timeline.inPoint, outPoint: timeline.outPoint)
        guard frames.count >= 1 else { throw CommandFailure("the animation has no frames (op <= ip)") }
        guard frames.count <= maxFrames else {
            throw UsageError("the animation has \(digitsGrouped(frames.count)) frames, more than \(maxFrames); "
                + "choose some with --frames A:B:S")
        }
        return frames.frames()
    }

    /// A warning on standard error for the frames outside the animation (before `ip`, after
    /// `op`): such frames are evaluated as the file says, which usually draws nothing.
    static func warnOutside(_ frames: [Double], of timeline: Timeline) {
        let outside = frames.filter { $0 < timeline.inPoint || $0 > timeline.outPoint }
        guard let first = outside.first else { return }
        let which = outside.count == 1
            ? "frame \(Format.number(first)) is"
            : "\(outside.count) frames (\(Format.number(first)) first) are"
        Console.writeError("lottie-cli: warning: \(which) outside the animation, frames "
            + "\(Format.number(timeline.inPoint)) to \(Format.number(timeline.outPoint)); layers are evaluated "
            + "there as the file says, and usually draw nothing\n")
    }
}
