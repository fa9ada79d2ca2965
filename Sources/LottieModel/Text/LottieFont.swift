// MARK: - Fonts

/// The animation's `fonts`: `{ "list": [LottieFont] }`.
public struct FontList: Equatable, Sendable, Codable {
    public var list: [LottieFont]

    public init(list: [LottieFont]) { self.list = list }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        list = try container.decodeIfPresent([LottieFont].self, forKey: "list") ?? []
    }
}

/// A font a text layer refers to by `fName`.
public struct LottieFont: Equatable, Sendable, Codable {
    /// `fName`: the name text documents use.
    public var name: String
    /// `fFamily`, `fStyle`: family and style.
    public var family: String?
    public var style: String?
    /// `ascent`: ascent in percent of the size.
    public var ascent: Double?
    /// `fPath`: URL of the font file; `origin`: how it is loaded.
    public var path: String?
    public var origin: Int?
    public var weight: String?
    public var className: String?

    public init(name: String, family: String? = nil, style: String? = nil) {
        self.name = name
        self.family = family
        self.style = style
    }

    enum CodingKeys: String, CodingKey {
        case name = "fName", family = "fFamily", style = "fStyle", ascent, path = "fPath", origin
        case weight = "fWeight", className = "fClass"
    }
}

// MARK: - Glyph

/// A character drawn as shapes (`chars`), used by text layers instead of a system font.
public struct Glyph: Equatable, Sendable, Codable {
    /// `ch`: the character.
    public var character: String
    /// `fFamily`, `style`: the font it belongs to.
    public var family: String?
    public var style: String?
    /// `size`: the font size the shapes are drawn at; `w`: the advance width.
    public var size: Double?
    public var width: Double?
    /// `data`: the glyph's shapes.
    public var data: GlyphData?

    public init(character: String, data: GlyphData?) {
        self.character = character
        self.data = data
    }

    enum CodingKeys: String, CodingKey {
        case character = "ch", family = "fFamily", style, size, width = "w", data
    }
}

/// The shapes of a glyph.
public struct GlyphData: Equatable, Sendable, Codable {
    public var shapes: [ShapeItem]?

    public init(shapes: [ShapeItem]?) { self.shapes = shapes }
}
