// MARK: - PlaybackState

/// Where a player stands.
public enum PlaybackState: Equatable, Sendable {
    /// Nothing has played yet, or `stop()` was called: the playhead rests, no play is in progress.
    case idle
    /// A play is in progress and ticks move the playhead.
    case playing
    /// Ticks do not move the playhead: either a play was paused with `pause()` (`play()` resumes
    /// it) or the playhead was set with `seek` / `currentFrame` / `currentProgress` (no play is in
    /// progress; `play()` starts a new one from there).
    case paused
    /// The last play ran to its end (`.finished` was reported); the playhead rests on its last frame.
    case finished
}
