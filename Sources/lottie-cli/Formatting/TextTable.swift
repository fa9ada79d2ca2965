// MARK: - TextTable

/// Rows of text in aligned columns, two spaces apart, without trailing spaces:
///
///     ind  type   name        parent
///     1    shape  Door        4
///     4    null   House Root  -
///
/// Widths are counted in characters (grapheme clusters), which is what a terminal shows for
/// the text this tool prints (no wide CJK glyphs are assumed).
struct TextTable {
    enum Alignment { case left, right }

    var rows: [[String]]
    /// Per column; columns without an entry are left-aligned.
    var alignments: [Alignment] = []
    var separator = "  "

    init(rows: [[String]], alignments: [Alignment] = []) {
        self.rows = rows
        self.alignments = alignments
    }

    /// The table, one line per row, each ending in a newline.
    func rendered() -> String {
        let columnCount = rows.map(\.count).max() ?? 0
        var widths = Array(repeating: 0, count: columnCount)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
        }
        var text = ""
        for row in rows {
            var line = ""
            for (column, cell) in row.enumerated() {
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                let isLast = column == row.count - 1
                if column > 0 { line += separator }
                if column < alignments.count, alignments[column] == .right {
                    line += padding + cell
                } else {
                    line += isLast ? cell : cell + padding
                }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            text += line + "\n"
        }
        return text
    }
}
