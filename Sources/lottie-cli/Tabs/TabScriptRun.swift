import Foundation
import LottiePlay

// MARK: - TabScriptRun

/// A scripted `lottie-cli tabs` session: the script's inputs applied to the bar on a display
/// clock, and the transcript they give.
///
/// ## The display clock
/// Frames are displayed at `fps`, frame k at time k / fps. The launch line is frame 0, drawn
/// before the script starts. Then, as in an app's run loop, input is handled first and the
/// display follows:
/// - `tick D` draws every display frame after the current time up to and including the time
///   D later (the icons are ticked to each frame's time first), then leaves the clock at that
///   time, which may fall between two frames (`tick 250ms` at 30 fps).
/// - A tap happens at the current time; what it did shows on the next frame drawn.
/// - `save` prints a line at the current time, at once.
/// - At the end, if something happened since the last frame drawn, one more frame is drawn.
///
/// ## Art
/// With art, pictures of the icons (and the highlight under them) follow the line of frame 0,
/// of each line with events, of every 10th frame, and of the last frame.
///
/// ## JSON
/// With `json`, each frame and each `save` is a line of `TabTranscriptJSON` instead, without
/// the header (and without art).
struct TabScriptRun {
    private(set) var session: TabBarSession
    let fps: Int
    let transcript: TabTranscript
    /// Whether the lines are `TabTranscriptJSON` objects.
    let json: Bool
    /// Keeps the icons' scenes from picture to picture.
    private(set) var art: TabBarArt?
    /// Frames between pictures when nothing happens.
    static let artInterval = 10

    private var lines: [String] = []
    /// The time of the clock, in seconds.
    private var now = 0.0
    /// The index of the next display frame to draw.
    private var nextFrame = 0
    /// Whether the last line drawn is followed by its pictures.
    private var lastFrameHasArt = false

    /// `maxWidth`: the widest a line may be before its events (`TabTranscript`), nil for no limit.
    init(session: TabBarSession, fps: Int, art: TabBarArt?, json: Bool = false,
         maxWidth: Int? = TabTranscript.defaultMaxWidth) {
        self.session = session
        self.fps = fps
        self.transcript = TabTranscript(titles: session.titles, maxWidth: maxWidth)
        self.art = json ? nil : art
        self.json = json
    }

    /// The seconds a script's ticks add up to.
    static func duration(of script: TabScript, fps: Int) -> Double {
        script.steps.reduce(0) { total, step in
            if case .tick(let duration) = step.instruction { return total + duration.seconds(fps: fps) }
            return total
        }
    }

    /// Runs the script (already checked against the bar) and returns the transcript's lines: a
    /// header (not in JSON), the launch, then the frames.
    mutating func run(_ script: TabScript) -> [String] {
        lines = json ? [] : [transcript.header]
        drawFrame()
        for step in script.steps {
            switch step.instruction {
            case .tick(let duration): advance(by: duration.seconds(fps: fps))
            case .tap(let position): session.tap(position - 1)
            case .select(let name):
                if let index = try? TabScript.index(ofTab: name, in: session.bar, step: step) { session.select(index) }
            case .left: session.move(by: -1)
            case .right: session.move(by: 1)
            case .save:
                lines.append(json ? TabTranscriptJSON.save(time: now, state: session.bar.state)
                                  : transcript.saveLine(time: now, json: Self.json(session.bar.state)))
            }
        }
        if session.hasWords { advance(to: frameTime(nextFrame)) }
        let highlight = highlight
        if !lastFrameHasArt, let pictures = art?.lines(for: session.statuses, highlight: highlight) { lines += pictures }
        return lines
    }

    /// The time of the clock now.
    var time: Double { now }

    /// `{"selectedID":"profile"}`.
    static func json(_ state: TabBarState) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(state), as: UTF8.self)) ?? "{}"
    }

    // MARK: Clock

    private func frameTime(_ frame: Int) -> Double { Double(frame) / Double(fps) }

    private mutating func advance(by seconds: Double) {
        advance(to: now + seconds)
    }

    /// Draws the frames in (now, end], ticking the icons to each, then moves the clock to `end`.
    private mutating func advance(to end: Double) {
        // Times within a nanosecond count as equal, so that sums of ticks land on frames.
        while frameTime(nextFrame) <= end + 1e-9 {
            let time = frameTime(nextFrame)
            if time > now { session.tick(seconds: time - now) }
            now = max(now, time)
            drawFrame()
        }
        if end > now {
            session.tick(seconds: end - now)
            now = end
        }
    }

    /// The highlight's position now.
    private var highlight: Double { session.bar.highlight.position }

    private mutating func drawFrame() {
        let words = session.takeWords()
        let time = frameTime(nextFrame)
        let highlight = highlight
        if json {
            lines.append(TabTranscriptJSON.frame(time: time, statuses: session.statuses, states: session.iconStates,
                                                 highlight: highlight, words: words))
        } else {
            lines.append(transcript.line(time: time, statuses: session.statuses, states: session.iconStates,
                                         highlight: highlight, words: words))
        }
        lastFrameHasArt = false
        if art != nil, nextFrame % Self.artInterval == 0 || !words.isEmpty,
           let pictures = art?.lines(for: session.statuses, highlight: highlight) {
            lines += pictures
            lastFrameHasArt = true
        }
        nextFrame += 1
    }
}
