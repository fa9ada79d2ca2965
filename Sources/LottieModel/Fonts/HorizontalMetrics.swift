// MARK: - HorizontalMetrics

/// Advance widths from `hmtx`: one long metric (advance, left side bearing) per glyph up to
/// `numberOfHMetrics` (from `hhea`), then side bearings only; later glyphs keep the last advance.
struct HorizontalMetrics: Sendable {
    private let table: FontBytes?
    private let metricCount: Int
    private let glyphCount: Int

    /// `metricCount` long metrics must fit in the table; a face without glyphs may have none.
    init(table: FontBytes?, metricCount: Int, glyphCount: Int) throws(FontError) {
        if glyphCount > 0 {
            guard let table else { throw FontError(.malformed, table: nil, "the font has no 'hmtx' table") }
            guard metricCount > 0 else {
                throw FontError(.malformed, table: "hhea", "numberOfHMetrics is 0 for \(digitsGrouped(glyphCount)) glyphs")
            }
            try table.checkArray(0, count: metricCount, size: 4, what: "long metrics")
        }
        self.table = table
        self.metricCount = metricCount
        self.glyphCount = glyphCount
    }

    /// The advance of `glyph` in font units; 0 for a glyph the face does not have.
    func advance(of glyph: Int) -> Double {
        guard glyph >= 0, glyph < glyphCount, metricCount > 0, let table else { return 0 }
        return Double((try? table.u16(4 * min(glyph, metricCount - 1))) ?? 0)
    }
}
