// MARK: - TextData

/// A text layer's `t`: the animated document, and the options and animators that lay it out.
public struct TextData: Equatable, Sendable, Codable {
    /// `d`: the text document, keyframed (documents hold; they never interpolate).
    public var document: Animatable<TextDocument>
    /// `p`: text on a path: which mask the text follows, and how.
    public var pathOptions: TextPathOptions?
    /// `m`: how characters are grouped and anchored when animators move, scale or rotate them.
    public var moreOptions: TextMoreOptions?
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
        pathOptions = try container.decodeIfPresent(TextPathOptions.self, forKey: .pathOptions)
        moreOptions = try container.decodeIfPresent(TextMoreOptions.self, forKey: .moreOptions)
        animators = try container.decodeIfPresent([TextAnimator].self, forKey: .animators)
    }
}

/// One text animator: which characters (`s`, the selector) get which style (`a`).
public struct TextAnimator: Equatable, Sendable, Codable {
    public var name: String?
    /// `s`: the range selector: which characters the style applies to, and how much.
    public var selector: TextRangeSelector?
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
    public var fillColor: Animatable<LottieColor>?
    public var strokeColor: Animatable<LottieColor>?
    public var strokeWidth: Animatable<Double>?
    public var tracking: Animatable<Double>?
    public var fillOpacity: Animatable<Double>?
    public var strokeOpacity: Animatable<Double>?
    /// `fh`, `fs`, `fb`: fill hue (degrees), saturation and brightness (percent) added.
    public var fillHue: Animatable<Double>?
    public var fillSaturation: Animatable<Double>?
    public var fillBrightness: Animatable<Double>?

    public init() {}

    enum CodingKeys: String, CodingKey {
        case position = "p", anchor = "a", scale = "s", rotation = "r", opacity = "o", skew = "sk"
        case skewAxis = "sa", fillColor = "fc", strokeColor = "sc", strokeWidth = "sw", tracking = "t"
        case fillOpacity = "fo", strokeOpacity = "so", fillHue = "fh", fillSaturation = "fs", fillBrightness = "fb"
    }
}

/// A range selector (`t.a[].s`): a stretch of the text, in percent of it or in units (characters,
/// characters without spaces, words or lines), and the shape of the selection's amount over it.
public struct TextRangeSelector: Equatable, Sendable, Codable {
    /// `s`, `e`, `o`: start, end and offset, in percent (`units` 1) or in units (`units` 2).
    public var start: Animatable<Double>?
    public var end: Animatable<Double>?
    public var offset: Animatable<Double>?
    /// `a`: amount in percent (default 100; negative amounts push the other way).
    public var amount: Animatable<Double>?
    /// `xe`, `ne`: ease high and ease low, in percent (-100 to 100).
    public var maxEase: Animatable<Double>?
    public var minEase: Animatable<Double>?
    /// `sm`: smoothness of the square shape, in percent (default 100).
    public var smoothness: Animatable<Double>?
    /// `b`: what the units count: 1 characters, 2 characters excluding spaces, 3 words, 4 lines.
    public var basedOn: Int?
    /// `sh`: 1 square, 2 ramp up, 3 ramp down, 4 triangle, 5 round, 6 smooth.
    public var shape: Int?
    /// `r`: 1 percent, 2 index.
    public var units: Int?
    /// `rn`: randomize the order of the units.
    public var randomize: Bool?

    public init() {}

    enum CodingKeys: String, CodingKey {
        case start = "s", end = "e", offset = "o", amount = "a", maxEase = "xe", minEase = "ne"
        case smoothness = "sm", basedOn = "b", shape = "sh", units = "r", randomize = "rn"
    }
}

/// A text layer's more options (`t.m`): how characters are grouped for animators' transforms
/// and where, relative to each group, they scale and rotate.
public struct TextMoreOptions: Equatable, Sendable, Codable {
    /// `g`: 1 characters, 2 words, 3 lines, 4 all.
    public var grouping: Int?
    /// `a`: the anchor point grouping alignment, in percent of half a group's width and of the
    /// font's height.
    public var anchor: Animatable<Vector>?

    public init() {}

    enum CodingKeys: String, CodingKey {
        case grouping = "g", anchor = "a"
    }
}

/// A text layer's path options (`t.p`): the text runs along one of the layer's masks.
public struct TextPathOptions: Equatable, Sendable, Codable {
    /// `m`: the index of the mask in the layer's `masksProperties`; no path without it.
    public var mask: Int?
    /// `f`, `l`: first and last margin, along the path.
    public var firstMargin: Animatable<Double>?
    public var lastMargin: Animatable<Double>?
    /// `a`: force alignment (1 spreads the characters from the first margin to the last).
    public var forceAlignment: Animatable<Double>?
    /// `p`: perpendicular to path (1 turns each character with the path; the default).
    public var perpendicular: Animatable<Double>?
    /// `r`: reverse path (1 runs the text from the path's end).
    public var reversed: Animatable<Double>?

    public init() {}

    enum CodingKeys: String, CodingKey {
        case mask = "m", firstMargin = "f", lastMargin = "l", forceAlignment = "a", perpendicular = "p"
        case reversed = "r"
    }
}
