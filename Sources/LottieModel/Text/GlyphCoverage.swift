// MARK: - GlyphCoverage

/// Which fonts a file carries glyph outlines for (`chars`): text is drawn from them, so a text
/// whose font has none draws nothing. A font is found by its `fonts.list` name, then by its
/// family and style, as the player looks glyphs up.
public struct GlyphCoverage: Sendable {
    private var covered: Set<String> = []
    private var faces: [String: String] = [:]

    public init(_ animation: Animation) {
        for glyph in animation.glyphs ?? [] { covered.insert(Self.face(glyph.family ?? "", glyph.style ?? "")) }
        for font in animation.fonts?.list ?? [] { faces[font.name] = Self.face(font.family ?? font.name, font.style ?? "") }
    }

    private static func face(_ family: String, _ style: String) -> String { family + "\u{1}" + style }

    /// The font names the text's documents use (with some text to draw) that have no glyph
    /// outlines in the file, each once, in the order the documents use them.
    public func missingFonts(in data: TextData) -> [String] {
        var documents = data.document.keyframes.compactMap(\.value)
        if case .fixed(let document) = data.document.content { documents.append(document) }
        var missing: [String] = []
        for document in documents where !document.text.isEmpty {
            let name = document.fontName ?? ""
            if !covered.contains(faces[name] ?? Self.face(name, "")), !missing.contains(name) { missing.append(name) }
        }
        return missing
    }
}
