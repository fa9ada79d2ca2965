// MARK: - GlyphCoverage

/// Which fonts a file carries glyph outlines for (`chars`), and which of the others a font file
/// of `fonts` stands in for: text is drawn from one or the other, so a text whose font has
/// neither draws nothing. A font name stands for the family and style of its `fonts.list` entry
/// (`face(of:)`), the one rule the player looks glyphs up by.
public struct GlyphCoverage: Sendable {
    private var covered: Set<String> = []
    private var faces: [String: (family: String, style: String)] = [:]
    private let animation: LottieAnimation?
    private let fonts: FontStore

    public init(_ animation: LottieAnimation, fonts: FontStore = FontStore()) {
        for glyph in animation.glyphs ?? [] { covered.insert(Self.key(glyph.family ?? "", glyph.style ?? "")) }
        for font in animation.fonts?.list ?? [] { faces[font.name] = (font.family ?? font.name, font.style ?? "") }
        self.fonts = fonts
        // Kept only to look fonts up by their entries.
        self.animation = fonts.isEmpty ? nil : animation
    }

    /// Whether the file has glyph outlines for the font `fontName` names.
    public func hasGlyphOutlines(for fontName: String?) -> Bool {
        let face = face(of: fontName)
        return covered.contains(Self.key(face.family, face.style))
    }

    /// The font file face text in `fontName` is drawn with: nil when the file has glyph outlines
    /// for it, or no face of `fonts` matches it.
    public func fontFace(for fontName: String?) -> FontFace? {
        guard let animation, !hasGlyphOutlines(for: fontName) else { return nil }
        return fonts.face(for: fontName ?? "", in: animation)
    }

    private static func key(_ family: String, _ style: String) -> String { family + "\u{1}" + style }

    /// The family and style `fontName` stands for: its `fonts.list` entry's (the family defaults
    /// to the name), else the name itself with no style.
    public func face(of fontName: String?) -> (family: String, style: String) {
        fontName.flatMap { faces[$0] } ?? (fontName ?? "", "")
    }

    /// The font names the text's documents use (with some text to draw) that have no glyph
    /// outlines in the file and no font file, each once, in the order the documents use them.
    public func missingFonts(in data: TextData) -> [String] {
        var documents = data.document.keyframes.compactMap(\.value)
        if case .fixed(let document) = data.document.content { documents.append(document) }
        var missing: [String] = []
        for document in documents where !document.text.isEmpty {
            let name = document.fontName ?? ""
            let face = face(of: name)
            if !covered.contains(Self.key(face.family, face.style)), !missing.contains(name), fontFace(for: name) == nil {
                missing.append(name)
            }
        }
        return missing
    }
}
