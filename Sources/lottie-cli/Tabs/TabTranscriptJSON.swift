import Foundation
import LottiePlay

// MARK: - TabTranscriptJSON

/// The `lottie-cli tabs --json` transcript: the text transcript's content for programs, as a JSON
/// array with one object a line (keys sorted), numbers unrounded:
///
///     [
///     {"events":["launched with Home selected","Home icon started"],"highlight":0,"tabs":[{"frame":0,"id":"home",
///      "progress":0,"selected":true,"state":"playing","title":"Home"},...],"time":0},
///     ...
///     {"save":{"selectedID":"home"},"time":2.7}
///     ]
///
/// A displayed frame has `time` (seconds), `tabs` (every button in bar order, the action button
/// included), `highlight` (its centre in button positions) and `events` (what happened since the
/// previous frame, the words of the text transcript). A `save` command, and the state written to
/// `--state FILE` at the end, are objects with `time`, `save` (the state) and, for the file, `file`.
enum TabTranscriptJSON {
    struct Frame: Encodable {
        var time: Double
        var tabs: [Tab]
        var highlight: Double
        var events: [String]
    }

    struct Tab: Encodable {
        var id: String
        var title: String
        var selected: Bool
        /// The icon's progress in [0, 1].
        var progress: Double
        var frame: Double
        /// As in the text transcript: idle, playing, paused or finished.
        var state: String
        /// The icon's colour `#rrggbb` when the bar tints its icons.
        var tint: String?
    }

    struct Save: Encodable {
        var time: Double
        var save: TabBarState
        var file: String?
    }

    /// The object of one displayed frame, on one line.
    static func frame(time: Double, statuses: [TabItemStatus], states: [PlaybackState], highlight: Double,
                      words: [String]) -> String {
        let tabs = statuses.indices.map { index in
            let status = statuses[index]
            return Tab(id: status.id, title: status.title, selected: status.isSelected, progress: status.progress,
                       frame: status.frame, state: TabTranscript.word(for: states[index]), tint: status.tint?.hexString)
        }
        // Adding 0 turns -0.0 into 0.0.
        return line(Frame(time: time, tabs: tabs, highlight: highlight + 0, events: words))
    }

    /// The object of a saved state, on one line.
    static func save(time: Double, state: TabBarState, file: String? = nil) -> String {
        line(Save(time: time, save: state, file: file))
    }

    /// The whole transcript: the objects as the elements of an array, ending with a newline.
    static func document(_ objects: [String]) -> String {
        "[\n" + objects.joined(separator: ",\n") + "\n]\n"
    }

    private static func line(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Numbers that are not finite (none are expected) are written as strings rather than failing.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf",
                                                                      nan: "nan")
        return (try? String(decoding: encoder.encode(value), as: UTF8.self)) ?? "{}"
    }
}
