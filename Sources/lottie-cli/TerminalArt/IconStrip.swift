// MARK: - IconStrip

/// Pictures side by side with a caption under each (when captions are given), as text lines:
///
///       ▄▀▀▄          ▄▄
///      █    █        ████
///       [Home]      Profile
///
/// Pictures are lines of `TerminalArt` (all of the same visible width); each sits at the
/// start of a column `pitch` characters wide, so that it can line up with a transcript column.
enum IconStrip {
    /// - Parameters:
    ///   - pictures: each picture's lines, all `width` characters wide (colour codes aside).
    ///   - pitch: characters from the start of one column to the next; at least `width + 2`.
    ///   - indent: spaces before the first column.
    ///   - trimmed: leave out the rows at the top and bottom that are blank in every picture
    ///     (the strip's height then varies with what is drawn).
    static func lines(pictures: [[String]], width: Int, captions: [String], pitch: Int, indent: Int,
                      trimmed: Bool = false) -> [String] {
        let pitch = max(pitch, width + 2)
        let gap = String(repeating: " ", count: pitch - width)
        let margin = String(repeating: " ", count: indent)
        let rowCount = pictures.map(\.count).max() ?? 0
        var rows = 0..<rowCount
        if trimmed {
            let isBlank = { (row: Int) in pictures.allSatisfy { row >= $0.count || $0[row].allSatisfy { $0 == " " } } }
            let first = rows.first { !isBlank($0) } ?? rowCount
            let last = rows.last { !isBlank($0) } ?? (rowCount - 1)
            rows = first <= last ? first..<(last + 1) : 0..<0
        }
        var lines: [String] = []
        for row in rows {
            let cells = pictures.map { row < $0.count ? $0[row] : String(repeating: " ", count: width) }
            lines.append((margin + cells.joined(separator: gap)).trimmingTrailingSpaces)
        }
        if !captions.isEmpty {
            let labels = captions.map { caption(String($0.prefix(width)), width: width) }
            lines.append((margin + labels.joined(separator: gap)).trimmingTrailingSpaces)
        }
        return lines
    }

    /// `text` centred in `width` characters.
    private static func caption(_ text: String, width: Int) -> String {
        let left = max(0, (width - text.count) / 2)
        let right = max(0, width - text.count - left)
        return String(repeating: " ", count: left) + text + String(repeating: " ", count: right)
    }
}
