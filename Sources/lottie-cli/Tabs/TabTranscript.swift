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
///
/// A line fits `maxWidth` columns before its events (100, for five tabs and more): cells drop
/// the frame when they must (`[Home]   3.3% playing`), then shrink the progress to whole
/// percents and the state to its first letter (`[Home]   3% p`), then cut the titles short.
struct TabTranscript: Sendable {
    /// How much a cell shows.
    enum Layout: Int, Sendable, CaseIterable {
        /// Title, progress, frame and state: `[Home]    3.3% f  2.0 playing `.
        case full
        /// Without the frame: `[Home]    3.3% playing `.
        case withoutFrame
        /// Whole percents and the state's first letter: `[Home]   3% p`.
        case compact

        /// The cell's width besides the title and its brackets.
        var fixedWidth: Int {
            switch self {
            case .full: 1 + 6 + 1 + 6 + 1 + 8
            case .withoutFrame: 1 + 6 + 1 + 8
            case .compact: 1 + 4 + 1 + 1
            }
        }
    }

    /// The widest line before the events when the caller does not say otherwise.
    static let defaultMaxWidth = 100

    /// The widest title as printed (cut short to fit), so that every cell of a column has the same width.
    let titleWidth: Int
    let count: Int
    let layout: Layout

    /// Cells for `titles`, the most detailed layout whose line fits `maxWidth` before the events
    /// (nil: always full); titles are cut short only when the compact layout does not fit either.
    init(titles: [String], maxWidth: Int? = defaultMaxWidth) {
        let widest = titles.map(\.count).max() ?? 0
        count = titles.count
        guard let maxWidth, count > 0 else {
            (titleWidth, layout) = (widest, .full)
            return
        }
        // time | cell | ... | highlight
        let room = (maxWidth - Self.timeWidth - Self.separator.count - Self.highlightHeader.count) / count
            - Self.separator.count
        let fitting = Layout.allCases.first { $0.fixedWidth + widest + 2 <= room }
        layout = fitting ?? .compact
        titleWidth = fitting == nil ? max(1, room - Layout.compact.fixedWidth - 2) : widest
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

    /// `[Home]    3.3% f  2.0 playing ` or ` Profile  0.0% f  0.0 idle    `, as the layout allows.
    func cell(_ status: TabItemStatus, state: PlaybackState) -> String {
        let shown = String(status.title.prefix(titleWidth))
        let title = Self.pad(status.isSelected ? "[\(shown)]" : " \(shown) ", to: titleWidth + 2)
        let word = Self.word(for: state)
        switch layout {
        case .full:
            return [title, String(format: "%5.1f%%", status.progress * 100), "f" + String(format: "%5.1f", status.frame),
                    Self.pad(word, to: 8)].joined(separator: " ")
        case .withoutFrame:
            return [title, String(format: "%5.1f%%", status.progress * 100), Self.pad(word, to: 8)].joined(separator: " ")
        case .compact:
            return [title, String(format: "%3.0f%%", status.progress * 100), String(word.prefix(1))].joined(separator: " ")
        }
    }

    var cellWidth: Int { titleWidth + 2 + layout.fixedWidth }

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
