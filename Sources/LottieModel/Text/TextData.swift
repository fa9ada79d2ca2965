// MARK: - TextData

/// A text layer's `t`: the animated document, and the options and animators that lay it out.
public struct TextData: Equatable, Sendable, Codable {
    /// `d`: the text document, keyframed (documents hold; they never interpolate).
    public var document: Animatable<TextDocument>
    /// `p`: text on a path (kept verbatim).
    public var pathOptions: JSONValue?
    /// `m`: more options: `a` grouping alignment, `g` anchor grouping (kept verbatim).
    public var moreOptions: JSONValue?
    /// `a`: text animators (range selectors with animated styles).
    public var animators: [TextAnimator]?

    public init(document: Animatable<TextDocument>) {
        self.document = document
    }

    enum CodingKeys: String, CodingKey {
        case document = "d", pathOptions = "p", moreOptions = "m", animators = "a"
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // Some exporters write an unanimated document as the object itself.
        if let keyed = try? container.nestedContainer(keyedBy: JSONKey.self, forKey: .document),
           !keyed.contains("k"), keyed.contains("t") {
            document = Animatable(try container.decode(TextDocument.self, forKey: .document))
        } else {
            document = try container.decode(Animatable<TextDocument>.self, forKey: .document)
        }
        pathOptions = try container.decodeIfPresent(JSONValue.self, forKey: .pathOptions)
        moreOptions = try container.decodeIfPresent(JSONValue.self, forKey: .moreOptions)
        animators = try container.decodeIfPresent([TextAnimator].self, forKey: .animators)
    }
}

/// One text animator: which characters (`s`, the selector) get which style (`a`).
public struct TextAnimator: Equatable, Sendable, Codable {
    public var name: String?
    /// `s`: the range selector (kept verbatim: its fields vary by selector type).
    public var selector: JSONValue?
    /// `a`: the animated style.
    public var style: TextStyle?

    enum CodingKeys: String, CodingKey {
        case name = "nm", selector = "s", style = "a"
    }
}

/// The properties a text animator can change for its selected characters.
public struct TextStyle: Equatable, Sendable, Codable {
    public var position: Animatable<Vector>?
    public var anchor: Animatable<Vector>?
    public var scale: Animatable<Vector>?
    public var rotation: Animatable<Double>?
    public var opacity: Animatable<Double>?
    public var skew: Animatable<Double>?
    public var skewAxis: Animatable<Double>?
    public var fillColor: Animatable<Color>?
    public var strokeColor: Animatable<Color>?
    public var strokeWidth: Animatable<Double>?
    public var tracking: Animatable<Double>?
    public var fillOpacity: Animatable<Double>?
    public var strokeOpacity: Animatable<Double>?

    enum CodingKeys: String, CodingKey {
        case position = "p", anchor = "a", scale = "s", rotation = "r", opacity = "o", skew = "sk"
        case skewAxis = "sa", fillColor = "fc", strokeColor = "sc", strokeWidth = "sw", tracking = "t"
        case fillOpacity = "fo", strokeOpacity = "so"
    }
}
