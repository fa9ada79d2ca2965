// MARK: - Fill

/// `fl`: fills the paths listed before it with a solid colour.
public struct Fill: Equatable, Sendable, Codable {
    public var name: String?
    public var matchName: String?
    public var hidden: Bool?
    public var blendMode: BlendMode?
    /// `c`: colour.
    public var color: Animatable<LottieColor>
    /// `o`: opacity 0...100.
    public var opacity: Animatable<Double>?
    /// `r`: fill rule.
    public var fillRule: FillRule?

    public init(color: Animatable<LottieColor>, opacity: Animatable<Double>? = nil) {
        self.color = color
        self.opacity = opacity
    }

    enum CodingKeys: String, CodingKey {
        case name = "nm", matchName = "mn", hidden = "hd", blendMode = "bm"
        case color = "c", opacity = "o", fillRule = "r"
    }
}

// MARK: - Stroke

/// `st`: strokes the paths listed before it.
public struct Stroke: Equatable, Sendable, Codable {
    public var name: String?
    public var matchName: String?
    public var hidden: Bool?
    public var blendMode: BlendMode?
    public var color: Animatable<LottieColor>
    public var opacity: Animatable<Double>?
    /// `w`: width.
    public var width: Animatable<Double>?
    /// `lc`: cap.
    public var lineCap: LineCap?
    /// `lj`: join.
    public var lineJoin: LineJoin?
    /// `ml`: miter limit; `ml2` is its animated form in newer files.
    public var miterLimit: Double?
    public var animatedMiterLimit: Animatable<Double>?
    /// `d`: dash pattern.
    public var dashes: [StrokeDash]?

    public init(color: Animatable<LottieColor>, width: Animatable<Double>?) {
        self.color = color
        self.width = width
    }

    enum CodingKeys: String, CodingKey {
        case name = "nm", matchName = "mn", hidden = "hd", blendMode = "bm"
        case color = "c", opacity = "o", width = "w", lineCap = "lc", lineJoin = "lj"
        case miterLimit = "ml", animatedMiterLimit = "ml2", dashes = "d"
    }
}

/// One element of a stroke's dash pattern: `n` is `d` (dash), `g` (gap) or `o` (offset).
public struct StrokeDash: Equatable, Sendable, Codable {
    public var name: String?
    /// `n`: `d` dash, `g` gap, `o` offset.
    public var kind: String
    /// `v`: the length.
    public var length: Animatable<Double>

    public init(kind: String, length: Animatable<Double>) {
        self.kind = kind
        self.length = length
    }

    enum CodingKeys: String, CodingKey {
        case name = "nm", kind = "n", length = "v"
    }
}

// MARK: - Gradients

/// `g` of a gradient: the count of colour stops and the animated stop list.
public struct GradientColors: Equatable, Sendable, Codable {
    /// `p`: how many colour stops the list starts with.
    public var colorStopCount: Int
    /// `k`: the stops.
    public var stops: Animatable<GradientStops>
    /// `sid`: the slot that may replace `p` and `k` together (`LottieAnimation.resolvingSlots`).
    public var slotID: String?

    public init(colorStopCount: Int, stops: Animatable<GradientStops>, slotID: String? = nil) {
        self.colorStopCount = colorStopCount
        self.stops = stops
        self.slotID = slotID
    }

    enum CodingKeys: String, CodingKey {
        case colorStopCount = "p", stops = "k", slotID = "sid"
    }
}

/// The fields shared by gradient fills and gradient strokes.
public struct LottieGradient: Equatable, Sendable, Codable {
    /// `t`: linear or radial.
    public var type: GradientType?
    /// `s`, `e`: start and end points (centre and a point on the radius for radial).
    public var startPoint: Animatable<Vector>
    public var endPoint: Animatable<Vector>
    /// `h`: highlight length in percent; `a`: highlight angle in degrees (radial).
    public var highlightLength: Animatable<Double>?
    public var highlightAngle: Animatable<Double>?
    /// `g`: the colour and opacity stops.
    public var colors: GradientColors

    public init(type: GradientType, startPoint: Animatable<Vector>, endPoint: Animatable<Vector>, colors: GradientColors) {
        self.type = type
        self.startPoint = startPoint
        self.endPoint = endPoint
        self.colors = colors
    }

    enum CodingKeys: String, CodingKey {
        case type = "t", startPoint = "s", endPoint = "e", highlightLength = "h", highlightAngle = "a"
        case colors = "g"
    }
}

/// `gf`: fills the paths listed before it with a gradient.
public struct GradientFill: Equatable, Sendable, Codable {
    public var name: String?
    public var matchName: String?
    public var hidden: Bool?
    public var blendMode: BlendMode?
    public var opacity: Animatable<Double>?
    /// `r`: fill rule.
    public var fillRule: FillRule?
    public var gradient: LottieGradient

    public init(gradient: LottieGradient) {
        self.gradient = gradient
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        name = try container.decodeIfPresent(String.self, forKey: "nm")
        matchName = try container.decodeIfPresent(String.self, forKey: "mn")
        hidden = try container.decodeIfPresent(Bool.self, forKey: "hd")
        blendMode = try container.decodeIfPresent(BlendMode.self, forKey: "bm")
        opacity = try container.decodeIfPresent(Animatable<Double>.self, forKey: "o")
        fillRule = try container.decodeIfPresent(FillRule.self, forKey: "r")
        gradient = try LottieGradient(from: decoder)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encodeIfPresent(name, forKey: "nm")
        try container.encodeIfPresent(matchName, forKey: "mn")
        try container.encodeIfPresent(hidden, forKey: "hd")
        try container.encodeIfPresent(blendMode, forKey: "bm")
        try container.encodeIfPresent(opacity, forKey: "o")
        try container.encodeIfPresent(fillRule, forKey: "r")
        try gradient.encode(to: encoder)
    }
}

/// `gs`: strokes the paths listed before it with a gradient.
public struct GradientStroke: Equatable, Sendable, Codable {
    public var stroke: LottieStrokeStyle
    public var gradient: LottieGradient

    public init(stroke: LottieStrokeStyle, gradient: LottieGradient) {
        self.stroke = stroke
        self.gradient = gradient
    }

    public init(from decoder: Decoder) throws {
        stroke = try LottieStrokeStyle(from: decoder)
        gradient = try LottieGradient(from: decoder)
    }

    public func encode(to encoder: Encoder) throws {
        try stroke.encode(to: encoder)
        try gradient.encode(to: encoder)
    }

    public var name: String? { stroke.name }
}

/// The stroke fields of a gradient stroke (a `Stroke` without its colour).
public struct LottieStrokeStyle: Equatable, Sendable, Codable {
    public var name: String?
    public var matchName: String?
    public var hidden: Bool?
    public var blendMode: BlendMode?
    public var opacity: Animatable<Double>?
    public var width: Animatable<Double>?
    public var lineCap: LineCap?
    public var lineJoin: LineJoin?
    public var miterLimit: Double?
    public var animatedMiterLimit: Animatable<Double>?
    public var dashes: [StrokeDash]?

    public init(width: Animatable<Double>?) {
        self.width = width
    }

    enum CodingKeys: String, CodingKey {
        case name = "nm", matchName = "mn", hidden = "hd", blendMode = "bm"
        case opacity = "o", width = "w", lineCap = "lc", lineJoin = "lj"
        case miterLimit = "ml", animatedMiterLimit = "ml2", dashes = "d"
    }
}
