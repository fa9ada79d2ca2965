// MARK: - GlyphCoverage

/// Which fonts a file carries glyph outlines for (`chars`): text is drawn from them, so a text
/// whose font has none draws nothing. A font name stands for the family and style of its
/// `fonts.list` entry (`face(of:)`), the one rule the player looks glyphs up by.
public struct GlyphCoverage: Sendable {
    private var covered: Set<String> = []
    private var faces: [String: (family: String, style: String)] = [:]

    public init(_ animation: Animation) {
        for glyph in animation.glyphs ?? [] { covered.insert(Self.key(glyph.family ?? "", glyph.style ?? "")) }
        for font in animation.fonts?.list ?? [] { faces[font.name] = (font.family ?? font.name, font.style ?? "") }
    }

    private static func key(_ family: String, _ style: String) -> String { family + "\u{1}" + style }

    /// The family and style `fontName` stands for: its `fonts.list` entry's (the family defaults
    /// to the name), else the name itself with no style.
    public func face(of fontName: String?) -> (family: String, style: String) {
        fontName.flatMap { faces[$0] } ?? (fontName ?? "", "")
    }

    /// The font names the text's documents use (with some text to draw) that have no glyph
    /// outlines in the file, each once, in the order the documents use them.
    public func missingFonts(in data: TextData) -> [String] {
        var documents = data.document.keyframes.compactMap(\.value)
        if case .fixed(let document) = data.document.content { documents.append(document) }
        var missing: [String] = []
        for document in documents where !document.text.isEmpty {
            let name = document.fontName ?? ""
            let face = face(of: name)
            if !covered.contains(Self.key(face.family, face.style)), !missing.contains(name) { missing.append(name) }
        }
        return missing
    }
}
