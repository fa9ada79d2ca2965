import LottieModel

// MARK: - ShapeDrawing

/// One paint operation of a shape layer: paths (after modifiers, in layer space) and how
/// they are painted.
public struct ShapeDrawing: Sendable {
    /// The contours painted together (one fill rule applies across all of them).
    public var paths: [BezierContour]
    public var paint: Paint
    /// The style's opacity times the opacity of every enclosing group, 0...1.
    public var opacity: Double
    public var blendMode: BlendMode
    /// Where the style item is in the file, e.g. `layers[0].shapes[1].it[2]`.
    public var jsonPath: String

    public init(paths: [BezierContour], paint: Paint, opacity: Double, blendMode: BlendMode = .normal, jsonPath: String) {
        self.paths = paths
        self.paint = paint
        self.opacity = opacity
        self.blendMode = blendMode
        self.jsonPath = jsonPath
    }
}

/// How a drawing is painted.
public enum Paint: Sendable {
    case fill(RGBAColor, FillRule)
    case stroke(RGBAColor, StrokeStyleValues)
    // Gradients are boxed: three times the size of a flat colour, and every drawing's paint is
    // copied as a frame is built.
    indirect case gradientFill(GradientPaint, FillRule)
    indirect case gradientStroke(GradientPaint, StrokeStyleValues)
}

/// `r` of a fill: 1 non-zero, 2 even-odd.
public enum FillRule: Sendable, Equatable {
    case nonZero
    case evenOdd

    init(_ code: Int?) {
        self = code == 2 ? .evenOdd : .nonZero
    }
}

/// The geometry of a stroke, in layer units.
public struct StrokeStyleValues: Sendable, Equatable {
    public enum Cap: Sendable, Equatable { case butt, round, square }
    public enum Join: Sendable, Equatable { case miter, round, bevel }

    public var width: Double
    public var cap: Cap
    public var join: Join
    public var miterLimit: Double
    /// Alternating dash and gap lengths (empty: solid).
    public var dashes: [Double]
    public var dashOffset: Double

    public init(width: Double, cap: Cap = .butt, join: Join = .miter, miterLimit: Double = 4,
                dashes: [Double] = [], dashOffset: Double = 0) {
        self.width = width
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
        self.dashes = dashes
        self.dashOffset = dashOffset
    }
}

/// A gradient at a moment, its points in layer space.
public struct GradientPaint: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case linear, radial }

    public struct ColorStop: Sendable, Equatable {
        public var offset: Double
        public var color: RGBAColor
    }

    public struct OpacityStop: Sendable, Equatable {
        public var offset: Double
        public var opacity: Double
    }

    public var kind: Kind
    public var start: Vector2
    public var end: Vector2
    /// Radial only: highlight length in percent (-100...100) and angle in degrees.
    public var highlightLength: Double
    public var highlightAngle: Double
    public var colorStops: [ColorStop]
    /// Opacity stops; empty means opaque.
    public var opacityStops: [OpacityStop]

    public init(kind: Kind, start: Vector2, end: Vector2, highlightLength: Double = 0, highlightAngle: Double = 0,
                colorStops: [ColorStop], opacityStops: [OpacityStop]) {
        self.kind = kind
        self.start = start
        self.end = end
        self.highlightLength = highlightLength
        self.highlightAngle = highlightAngle
        self.colorStops = colorStops
        self.opacityStops = opacityStops
    }

    /// Splits a gradient's number list into colour stops (`colorStopCount` of
    /// `[offset, r, g, b]`) and opacity stops (the `[offset, alpha]` pairs after them).
    public static func stops(from values: [Double], colorStopCount: Int) -> ([ColorStop], [OpacityStop]) {
        let colorCount = max(0, min(colorStopCount, values.count / 4))
        var colors: [ColorStop] = []
        colors.reserveCapacity(colorCount)
        for stop in 0..<colorCount {
            let base = stop * 4
            colors.append(ColorStop(offset: values[base], color: RGBAColor(
                red: values[base + 1], green: values[base + 2], blue: values[base + 3])))
        }
        var opacities: [OpacityStop] = []
        var index = colorCount * 4
        while index + 1 < values.count {
            opacities.append(OpacityStop(offset: values[index], opacity: values[index + 1]))
            index += 2
        }
        return (colors, opacities)
    }
}

// MARK: - Text

/// A text layer at a moment: its document, and glyph outlines when the file carries them.
public struct SceneText: Sendable {
    public var document: TextDocument
    /// Glyph outlines laid out in layer space, with their fill; empty without `chars`.
    public var glyphs: [ShapeDrawing]

    public init(document: TextDocument, glyphs: [ShapeDrawing]) {
        self.document = document
        self.glyphs = glyphs
    }
}
