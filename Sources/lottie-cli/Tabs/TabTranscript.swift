import Foundation
import LottiePlay

// MARK: - TabTranscript

/// The lines of a `lottie-cli tabs` transcript: one per displayed frame, in fixed-width columns
/// so that a column reads down the page.
///
///       time | tab 1                            | tab 2                            | highlight | events
///     1.033s |  Home       0.0% f  0.0 idle     | [Profile]   3.3% f  1.0 playing  |     0.174 | selected Profile; ...
///     1.067s |  Home       0.0% f  0.0 idle     | [Profile]   6.7% f  2.0 playing  |     0.486
///
/// Each button's cell is its title (in brackets when it is the selected tab), its icon's
/// progress and frame, and its player's state: `idle` (at rest, never played since its
/// last reset), `playing`, `finished` (resting on the final pose) or `paused`. The highlight
/// column is the centre of the selection highlight in button positions (0 = the first
/// button's centre), fractional while it slides.
struct TabTranscript: Sendable {
    /// The widest title, so that every cell of a column has the same width.
    let titleWidth: Int
    let count: Int

    init(titles: [String]) {
        titleWidth = titles.map(\.count).max() ?? 0
        count = titles.count
    }

    /// Width of the time column: ` 0.000s`.
    static let timeWidth = 7
    static let separator = " | "

    /// `   time | tab 1 ... | tab 2 ... | highlight | events`.
    var header: String {
        let cells = (0..<count).map { Self.pad("tab \($0 + 1)", to: cellWidth) }
        return ([Self.pad("time", to: Self.timeWidth, right: true)] + cells + [Self.highlightHeader, "events"])
            .joined(separator: Self.separator)
    }

    /// The line of one displayed frame.
    func line(time: Double, statuses: [TabItemStatus], states: [PlaybackState], highlight: Double,
              words: [String]) -> String {
        let cells = statuses.indices.map { cell(statuses[$0], state: states[$0]) }
        let events = words.isEmpty ? [] : [words.joined(separator: "; ")]
        return ([Self.time(time)] + cells + [Self.highlight(highlight)] + events).joined(separator: Self.separator)
            .trimmingTrailingSpaces
    }

    /// A line for `save`: the state an app would store, as JSON.
    func saveLine(time: Double, json: String) -> String {
        Self.time(time) + Self.separator + "save " + json
    }

    static let highlightHeader = "highlight"

    /// `    0.757`: the highlight's position with three decimals, right-aligned under its header.
    static func highlight(_ position: Double) -> String {
        // Adding 0 turns -0.0 into 0.0, which would print as "-0.000".
        pad(String(format: "%.3f", position + 0), to: highlightHeader.count, right: true)
    }

    /// ` 0.033s`: seconds with three decimals, right-aligned.
    static func time(_ seconds: Double) -> String {
        pad(String(format: "%.3fs", seconds), to: timeWidth, right: true)
    }

    // MARK: Cells

    /// `[Home]    3.3% f  2.0 playing ` or ` Profile  0.0% f  0.0 idle    `.
    func cell(_ status: TabItemStatus, state: PlaybackState) -> String {
        let title = status.isSelected ? "[\(status.title)]" : " \(status.title) "
        let progress = String(format: "%5.1f%%", status.progress * 100)
        let frame = "f" + String(format: "%5.1f", status.frame)
        return [Self.pad(title, to: titleWidth + 2), progress, frame, Self.pad(Self.word(for: state), to: 8)]
            .joined(separator: " ")
    }

    var cellWidth: Int { titleWidth + 2 + 1 + 6 + 1 + 6 + 1 + 8 }

    /// The player's state in one word.
    static func word(for state: PlaybackState) -> String {
        switch state {
        case .idle: "idle"
        case .playing: "playing"
        case .paused: "paused"
        case .finished: "finished"
        }
    }

    static func pad(_ text: String, to width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }
}

extension String {
    /// The text without spaces at its end.
    var trimmingTrailingSpaces: String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
