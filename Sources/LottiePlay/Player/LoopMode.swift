// MARK: - LoopMode

/// How a play repeats its segment. A *pass* is one run across the segment in one direction.
///
/// - `.playOnce`: one pass, then the play finishes at the end it was heading for.
/// - `.loop`: passes forever; at the end the playhead jumps back to the other end.
/// - `.autoReverse`: passes forever, turning round at each end (a "bounce").
/// - `.repeat(n)`: like `.loop`, but `n` passes in all, then finishes at the end (`n` below 1 counts as 1).
/// - `.repeatAutoReverse(n)`: `n` round trips (`2n` passes, turning round in between), then
///   finishes where it started (`n` below 1 counts as 1).
///
/// Each wrap or bounce is reported as `PlaybackEvent.looped`; the end of the last pass is
/// `.finished`, not a loop.
public enum LoopMode: Equatable, Sendable, CustomStringConvertible {
    case playOnce
    case loop
    case autoReverse
    case `repeat`(Int)
    case repeatAutoReverse(Int)

    /// The number of passes a play makes, nil for endless modes.
    public var passCount: Int? {
        switch self {
        case .playOnce: return 1
        case .loop, .autoReverse: return nil
        case .repeat(let times): return max(times, 1)
        case .repeatAutoReverse(let times):
            let trips = max(times, 1)
            return trips > Int.max / 2 ? Int.max : trips * 2
        }
    }

    /// Whether the playhead turns round at each end instead of jumping back.
    public var reverses: Bool {
        switch self {
        case .autoReverse, .repeatAutoReverse: return true
        case .playOnce, .loop, .repeat: return false
        }
    }

    public var description: String {
        switch self {
        case .playOnce: return "play once"
        case .loop: return "loop"
        case .autoReverse: return "auto-reverse"
        case .repeat(let times): return "repeat \(max(times, 1))"
        case .repeatAutoReverse(let times): return "repeat auto-reverse \(max(times, 1))"
        }
    }
}
