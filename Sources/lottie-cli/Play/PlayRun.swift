import Foundation
import LottiePlay

// MARK: - PlayRun

/// A `lottie-cli play` session: one play on a display clock of `fps` frames per second, a line
/// per displayed frame until the play finishes or `limit` seconds have passed.
///
///       time |   frame | progress | state    | events
///     0.000s |    0.00 |     0.0% | playing  | started frames 0 to 30, play once
///     0.033s |    1.00 |     3.3% | playing
///
/// Frame k is displayed at k / fps; the player is ticked to each frame's time before its line.
/// With art, a picture of the animation follows the first line, each line with events, every
/// 10th line and the last.
struct PlayRun {
    var player: AnimationPlayer
    let fps: Int
    /// The time after which the run stops even if the play goes on.
    let limit: Double
    let timeline: Timeline
    let art: ArtOptions?
    /// The scene of the last picture, updated for the next (`Timeline.update`), as a player keeps one.
    private(set) var scene = LottieScene(frame: 0, width: 0, height: 0, layers: [])

    static let artInterval = 10
    static let separator = " | "

    /// Runs the play (already started; `startEvents` are its events) and returns the lines.
    mutating func run(startEvents: [PlaybackEvent]) -> (lines: [String], stoppedEarly: Bool) {
        var lines = [header]
        var events = startEvents
        var frame = 0
        var previousTime = 0.0
        while true {
            let time = Double(frame) / Double(fps)
            if time > previousTime {
                events += player.tick(seconds: time - previousTime)
                previousTime = time
            }
            let words = PlayEventWords.words(for: events, passesDone: player.completedLoops,
                                             currentFrame: player.currentFrame)
            events = []
            lines.append(line(time: time, words: words))
            let isLast = !player.isPlaying || Double(frame + 1) / Double(fps) > limit + 1e-9
            if let art, isLast || frame % Self.artInterval == 0 || !words.isEmpty {
                lines += picture(art)
            }
            if isLast { return (lines, player.isPlaying) }
            frame += 1
        }
    }

    // MARK: Lines

    private var header: String {
        [TabTranscript.pad("time", to: TabTranscript.timeWidth, right: true), "  frame", "progress",
         TabTranscript.pad("state", to: 8), "events"].joined(separator: Self.separator)
    }

    private func line(time: Double, words: [String]) -> String {
        ([TabTranscript.time(time), String(format: "%7.2f", player.currentFrame),
         String(format: "%7.1f%%", player.currentProgress * 100),
         TabTranscript.pad(TabTranscript.word(for: player.state), to: 8)]
            + (words.isEmpty ? [] : [words.joined(separator: "; ")])).joined(separator: Self.separator).trimmingTrailingSpaces
    }

    private mutating func picture(_ art: ArtOptions) -> [String] {
        timeline.update(&scene, toFrame: player.currentFrame)
        let image = IconPicture.image(scene: scene, width: art.width, height: art.height)
        return IconStrip.lines(pictures: [TerminalArt.lines(image, style: art.style)], width: art.columns, captions: [],
                               pitch: 0, indent: TabTranscript.timeWidth + Self.separator.count, trimmed: true)
    }
}
