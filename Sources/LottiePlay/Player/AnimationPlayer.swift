import LottieModel

// MARK: - AnimationPlayer

/// Plays one animation against an explicit clock. A value type with no timer and no
/// callbacks: the caller advances it with `tick(seconds:)` or `step(frames:)`, so the same
/// calls always give the same frames and events.
///
///     var player = AnimationPlayer(animation: user)      // 30 fps, frames 0...30
///     player.play(fromProgress: 0, toProgress: 1, loopMode: .loop)
///     player.tick(seconds: 1.25)                          // [.looped(0->30 loop, times: 1)]
///     player.currentFrame                                 // 7.5
///
/// ## Time
/// Frames are real numbers and absolute composition frames (marker times too). A tick of
/// `s` seconds moves the playhead `s * frameRate * speed` frames, so a 60 Hz clock (ticks of
/// 1/60 s) moves a 30 fps animation half a frame per tick. `step(frames: n)` moves it
/// `n * speed` frames. Progress is always of the whole animation: 0 is `ip`, 1 is `op`.
///
/// ## Events
/// Events are delivered in order and exactly once, by the next call that returns events:
/// every `play…`, `pause()`, `stop()`, `seek…`, `tick`, `step` and `takeEvents()`. Setting
/// `currentFrame` or `currentProgress` cannot return anything, so its `.interrupted` waits
/// for the next such call. Each `.started` is answered by exactly one `.finished` or
/// `.interrupted`: that is the play's completion.
///
/// ## Decisions
/// - **The end shows the final pose.** A play that reaches `op` rests on `op` exactly:
///   `currentFrame == outPoint`, `currentProgress == 1`, and `Timeline.scene(atFrame:)` at
///   `op` draws the last instant of the animation.
/// - **Frames are clamped** to `ip...op` (NaN becomes `ip`) when a play or seek is asked for.
/// - **Zero-length plays finish at once.** A play from `x` to `x` (or of a marker whose
///   duration is 0), whatever its loop mode, reports `.started` then `.finished` from the
///   `play` call itself; the playhead rests on `x` and the state is `.finished`.
/// - **A new play interrupts the old one.** `play…` while a play is in progress (playing or
///   paused) reports `.interrupted` for the old play, then `.started` for the new one, which
///   begins at its own start.
/// - **`stop()`** interrupts a play in progress and puts the playhead on the current
///   segment's `fromFrame` (whatever the speed); the state is `.idle`.
/// - **Seeking** (`seek`, `currentFrame`, `currentProgress`) interrupts a play in progress and
///   leaves the playhead paused on the frame; `play()` then plays on from there.
/// - **`play()`** resumes a paused play; otherwise it starts a play of the current segment
///   (the whole animation, once, until another segment is played) from the current frame
///   when that lies inside the segment and is not its end, else from the segment's start.
/// - **Negative speed** runs a play from `toFrame` back to `fromFrame`: a new play starts at
///   its end, and a play-once play finishes on its start. Changing the sign of `speed` during
///   a play turns the playhead round; a play-once play then finishes on the end it heads for.
/// - **Ticks larger than the segment** are handled whole: play once lands on the end and
///   finishes; loop wraps modulo the length and reports every wrap in one `.looped(times:)`;
///   auto-reverse bounces the right number of times and ends on the right side heading the
///   right way; repeat counts its passes across ticks and finishes on its last.
/// - **Wrapping on the boundary.** A loop that lands exactly on its end wraps to its start
///   (the loop is counted); an auto-reverse that lands exactly on an end turns round there.
/// - **Ticks of zero, negative, NaN or infinite seconds** (and steps likewise), and ticks so
///   large that `seconds * frameRate * speed` overflows, move nothing. They still deliver
///   pending events. A speed of 0 moves nothing either.
/// - **`fromMarker:toMarker:`** plays from the start (`tm`) of the first marker to the start
///   of the second, like lottie-ios; the second marker's duration is ignored. When the second
///   starts before the first, the segment runs backwards.
public struct AnimationPlayer: Sendable {
    /// The frame rate, frame range and markers of the animation.
    public let timing: PlaybackTiming

    /// Playback rate: 1 is real time, 2 twice as fast, negative plays backwards. Non-finite
    /// values are refused (the old speed is kept).
    public var speed: Double = 1 {
        didSet { if !speed.isFinite { speed = oldValue } }
    }

    /// The segment of the current or last play; the whole animation, once, before any play.
    public private(set) var segment: PlaybackSegment

    /// Where the player stands.
    public private(set) var state: PlaybackState = .idle

    /// Passes completed by the current or last play before its last (its wraps and bounces).
    public var completedLoops: Int { loopsOfLastPlay }

    private var restingFrame: Double
    private var active: ActivePlay?
    private var loopsOfLastPlay = 0
    private var outbox: [PlaybackEvent] = []

    /// A player resting on `ip`, idle.
    public init(timing: PlaybackTiming) {
        self.timing = timing
        self.segment = PlaybackSegment(fromFrame: timing.inPoint, toFrame: timing.outPoint)
        self.restingFrame = timing.inPoint
    }

    /// A player for this animation, resting on `ip`, idle, with its timing read as a `Timeline`
    /// reads it (`PlaybackTiming(animation:limits:)`).
    public init(animation: LottieAnimation, limits: LottieLimits = .default) {
        self.init(timing: PlaybackTiming(animation: animation, limits: limits))
    }

    // MARK: Reading

    /// The frame shown now (absolute, real-valued, inside `ip...op`). Setting it is `seek(toFrame:)`.
    public var currentFrame: Double {
        get { active?.frame ?? restingFrame }
        set { moveTo(frame: newValue) }
    }

    /// The progress of the whole animation shown now, in [0, 1]. Setting it is `seek(toProgress:)`.
    public var currentProgress: Double {
        get { timing.progress(forFrame: currentFrame) }
        set { moveTo(frame: timing.frame(forProgress: newValue)) }
    }

    /// Whether ticks move the playhead.
    public var isPlaying: Bool { state == .playing }

    /// Whether a play has started and not yet finished or been interrupted (playing or paused).
    public var hasPlayInProgress: Bool { active != nil }

    // MARK: Playing

    /// Resumes a paused play; otherwise plays the current segment (see "Decisions"). Does
    /// nothing while playing.
    @discardableResult
    public mutating func play() -> [PlaybackEvent] {
        if var play = active {
            if play.isPaused {
                play.isPaused = false
                active = play
                state = .playing
                outbox.append(.resumed(play.segment))
            }
            return takeEvents()
        }
        start(segment, at: currentFrame)
        return takeEvents()
    }

    /// Plays from one progress of the whole animation to another (each clamped to [0, 1]).
    @discardableResult
    public mutating func play(fromProgress: Double, toProgress: Double,
                              loopMode: LoopMode = .playOnce) -> [PlaybackEvent] {
        play(fromFrame: timing.frame(forProgress: fromProgress), toFrame: timing.frame(forProgress: toProgress),
             loopMode: loopMode)
    }

    /// Plays from one absolute frame to another (each clamped to `ip...op`); `toFrame` below
    /// `fromFrame` plays backwards.
    @discardableResult
    public mutating func play(fromFrame: Double, toFrame: Double, loopMode: LoopMode = .playOnce) -> [PlaybackEvent] {
        play(PlaybackSegment(fromFrame: timing.clamp(fromFrame), toFrame: timing.clamp(toFrame), loopMode: loopMode))
    }

    /// Plays a marker's segment, `tm` to `tm + dr` (absolute frames, clamped to `ip...op`).
    /// A marker of duration 0 is a zero-length play: it finishes at once on `tm`.
    /// - Throws: `PlaybackError.unknownMarker` with the available names; nothing changes then.
    @discardableResult
    public mutating func play(marker name: String, loopMode: LoopMode = .playOnce) throws(PlaybackError) -> [PlaybackEvent] {
        let marker = try timing.marker(named: name)
        return play(fromFrame: marker.time, toFrame: marker.endTime, loopMode: loopMode)
    }

    /// Plays from the start of one marker to the start of another (see "Decisions").
    /// - Throws: `PlaybackError.unknownMarker` for the first unknown name; nothing changes then.
    @discardableResult
    public mutating func play(fromMarker: String, toMarker: String,
                              loopMode: LoopMode = .playOnce) throws(PlaybackError) -> [PlaybackEvent] {
        let start = try timing.marker(named: fromMarker)
        let end = try timing.marker(named: toMarker)
        return play(fromFrame: start.time, toFrame: end.time, loopMode: loopMode)
    }

    /// Plays a segment from its start (its end at negative speed). Frames are clamped to `ip...op`.
    @discardableResult
    public mutating func play(_ segment: PlaybackSegment) -> [PlaybackEvent] {
        let clamped = PlaybackSegment(fromFrame: timing.clamp(segment.fromFrame), toFrame: timing.clamp(segment.toFrame),
                                      loopMode: segment.loopMode)
        start(clamped, at: nil)
        return takeEvents()
    }

    /// Pauses a play in progress where it is; `play()` resumes it. Does nothing otherwise.
    @discardableResult
    public mutating func pause() -> [PlaybackEvent] {
        if var play = active, !play.isPaused {
            play.isPaused = true
            active = play
            state = .paused
            outbox.append(.paused(play.segment))
        }
        return takeEvents()
    }

    /// Interrupts a play in progress and rests on the segment's `fromFrame`, idle.
    @discardableResult
    public mutating func stop() -> [PlaybackEvent] {
        interrupt()
        restingFrame = segment.fromFrame
        state = .idle
        return takeEvents()
    }

    /// Interrupts a play in progress and returns to the state of a new player: the segment is
    /// the whole animation played once again, the playhead rests on `ip` (progress 0), idle.
    @discardableResult
    public mutating func reset() -> [PlaybackEvent] {
        interrupt()
        segment = PlaybackSegment(fromFrame: timing.inPoint, toFrame: timing.outPoint)
        restingFrame = timing.inPoint
        loopsOfLastPlay = 0
        state = .idle
        return takeEvents()
    }

    /// Interrupts a play in progress and rests on `frame` (clamped to `ip...op`), paused.
    @discardableResult
    public mutating func seek(toFrame frame: Double) -> [PlaybackEvent] {
        moveTo(frame: frame)
        return takeEvents()
    }

    /// Interrupts a play in progress and rests on the frame at `progress` of the whole animation, paused.
    @discardableResult
    public mutating func seek(toProgress progress: Double) -> [PlaybackEvent] {
        seek(toFrame: timing.frame(forProgress: progress))
    }

    // MARK: Clock

    /// Advances the clock by `seconds` (the playhead moves `seconds * frameRate * speed` frames)
    /// and returns every event not yet delivered.
    public mutating func tick(seconds: Double) -> [PlaybackEvent] {
        if seconds > 0, seconds.isFinite, timing.frameRate > 0 {
            advance(by: seconds * timing.frameRate * speed)
        }
        return takeEvents()
    }

    /// Advances the clock by `frames` frames of the animation (the playhead moves `frames * speed`)
    /// and returns every event not yet delivered.
    public mutating func step(frames: Double) -> [PlaybackEvent] {
        if frames > 0, frames.isFinite {
            advance(by: frames * speed)
        }
        return takeEvents()
    }

    /// Returns and forgets the events not yet delivered, without moving the clock.
    public mutating func takeEvents() -> [PlaybackEvent] {
        defer { outbox.removeAll() }
        return outbox
    }

    // MARK: Private

    /// Starts a play of `segment`: from `frame` when given and strictly before the end the play
    /// heads for, otherwise from the start for the current speed.
    private mutating func start(_ segment: PlaybackSegment, at frame: Double?) {
        interrupt()
        self.segment = segment
        loopsOfLastPlay = 0
        outbox.append(.started(segment))
        let backwards = speed < 0
        if segment.isEmpty {
            restingFrame = segment.fromFrame
            state = .finished
            outbox.append(.finished(segment))
            return
        }
        var offset = backwards ? segment.length : 0
        if let frame, let inside = segment.offset(ofFrame: frame),
           backwards ? inside > 0 : inside < segment.length {
            offset = inside
        }
        active = ActivePlay(segment: segment, offset: offset)
        state = .playing
    }

    /// Ends a play in progress with `.interrupted`, leaving the playhead where it is.
    private mutating func interrupt() {
        guard let play = active else { return }
        restingFrame = play.frame
        active = nil
        outbox.append(.interrupted(play.segment))
    }

    private mutating func moveTo(frame: Double) {
        interrupt()
        restingFrame = timing.clamp(frame)
        state = .paused
    }

    private mutating func advance(by frames: Double) {
        guard var play = active, !play.isPaused, frames.isFinite else { return }
        let (loops, finished) = play.advance(by: frames)
        loopsOfLastPlay = play.passesDone - (finished ? 1 : 0)
        if loops > 0 { outbox.append(.looped(play.segment, times: loops)) }
        if finished {
            restingFrame = play.frame
            active = nil
            state = .finished
            outbox.append(.finished(play.segment))
        } else {
            active = play
        }
    }
}
