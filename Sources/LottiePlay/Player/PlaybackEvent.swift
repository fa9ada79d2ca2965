// MARK: - PlaybackEvent

/// Something that happened to a play. Every `.started` is followed, sooner or later, by
/// exactly one `.finished` or `.interrupted` for the same play: that pair is the play's
/// completion (see `completion`).
public enum PlaybackEvent: Equatable, Sendable, CustomStringConvertible {
    /// A play began (at its start, or at the current frame for a `play()` from there).
    case started(PlaybackSegment)
    /// The play was paused with `pause()`.
    case paused(PlaybackSegment)
    /// A paused play went on with `play()`.
    case resumed(PlaybackSegment)
    /// The playhead wrapped (loop, repeat) or turned round (auto-reverse) `times` times during one
    /// tick or step: one event per tick, however many passes that tick covered.
    case looped(PlaybackSegment, times: Int)
    /// The play reached the end of its last pass.
    case finished(PlaybackSegment)
    /// The play was cut short by a new play, `stop()` or a seek, while playing or paused.
    case interrupted(PlaybackSegment)

    /// The segment of the play the event is about.
    public var segment: PlaybackSegment {
        switch self {
        case .started(let segment), .paused(let segment), .resumed(let segment), .looped(let segment, _),
             .finished(let segment), .interrupted(let segment):
            return segment
        }
    }

    /// How the play ended, for `.finished` and `.interrupted`; nil for the other events.
    public var completion: PlaybackCompletion? {
        switch self {
        case .finished: return .finished
        case .interrupted: return .interrupted
        case .started, .paused, .resumed, .looped: return nil
        }
    }

    public var description: String {
        switch self {
        case .started(let segment): return "started \(segment)"
        case .paused(let segment): return "paused \(segment)"
        case .resumed(let segment): return "resumed \(segment)"
        case .looped(let segment, let times): return times == 1 ? "looped \(segment)" : "looped \(times)x \(segment)"
        case .finished(let segment): return "finished \(segment)"
        case .interrupted(let segment): return "interrupted \(segment)"
        }
    }
}

// MARK: - PlaybackCompletion

/// How a play ended.
public enum PlaybackCompletion: Equatable, Sendable {
    /// It ran to its end.
    case finished
    /// A new play, `stop()` or a seek cut it short.
    case interrupted
}
