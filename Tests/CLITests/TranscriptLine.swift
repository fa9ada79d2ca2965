import Foundation

// MARK: - Reading transcripts in tests

/// A frame line of a `lottie-cli tabs` transcript, split into its columns, in any of its layouts:
///
///     0.033s | [Home]      3.3% f  2.0 playing  |  Profile    0.0% f  0.0 idle     |     0.000 | events...
///     0.033s | [Home]   3% p |  Prof    0% i |  Sett    0% i | ...
///
/// nil for the header, `save` lines and art.
struct TabsLine: Equatable {
    struct Cell: Equatable {
        var title: String
        var isSelected: Bool
        /// As printed: "3.3%".
        var progress: String
        /// As printed: "2.0" (empty in the layouts without frames).
        var frame: String
        /// As printed: "playing", or "p" in the compact layout.
        var state: String
    }

    var time: String
    var cells: [Cell]
    /// The highlight's position as printed: "0.757".
    var highlight: String
    var events: String

    init?(_ line: String) {
        let columns = line.components(separatedBy: " | ")
        guard columns.count >= 2, let time = columns.first?.trimmingCharacters(in: .whitespaces),
              time.hasSuffix("s"), Double(time.dropLast()) != nil
        else { return nil }
        var cells: [Cell] = []
        var highlight: String?
        var events = ""
        for (offset, column) in columns.enumerated().dropFirst() {
            let words = column.split(separator: " ").map(String.init)
            if highlight == nil, !cells.isEmpty, words.count == 1, Double(words[0]) != nil {
                highlight = words[0]
                continue
            }
            // A cell: its title (maybe of several words), its progress, maybe "f" and its frame, its state.
            guard highlight == nil, let progress = words.firstIndex(where: { $0.hasSuffix("%") }), progress > 0,
                  words.count == progress + 2 || (words.count == progress + 4 && words[progress + 1] == "f") else {
                // Not a cell: the events, which come last.
                guard offset == columns.count - 1 else { return nil }
                events = column
                continue
            }
            let titleText = words[..<progress].joined(separator: " ")
            let isSelected = titleText.hasPrefix("[")
            let title = isSelected ? String(titleText.dropFirst().dropLast()) : titleText
            cells.append(Cell(title: title, isSelected: isSelected, progress: words[progress],
                              frame: words.count == progress + 4 ? words[progress + 2] : "", state: words[words.count - 1]))
        }
        guard !cells.isEmpty, let highlight else { return nil }
        self.time = time
        self.cells = cells
        self.highlight = highlight
        self.events = events
    }

    /// The cell of the button with this title.
    func cell(_ title: String) -> Cell? {
        cells.first { $0.title == title }
    }

    /// The frame lines of a whole transcript.
    static func lines(of transcript: String) -> [TabsLine] {
        transcript.split(separator: "\n").compactMap { TabsLine(String($0)) }
    }
}

/// A line of a `lottie-cli play` transcript: `0.100s |    3.00 |    10.0% | playing  | events`.
struct PlayLine: Equatable {
    var time: String
    var frame: String
    var progress: String
    var state: String
    var events: String

    init?(_ line: String) {
        let columns = line.components(separatedBy: " | ").map { $0.trimmingCharacters(in: .whitespaces) }
        guard columns.count >= 4, columns[0].hasSuffix("s"), Double(columns[0].dropLast()) != nil else { return nil }
        time = columns[0]
        frame = columns[1]
        progress = columns[2]
        state = columns[3]
        events = columns.count > 4 ? columns[4] : ""
    }

    static func lines(of transcript: String) -> [PlayLine] {
        transcript.split(separator: "\n").compactMap { PlayLine(String($0)) }
    }
}
