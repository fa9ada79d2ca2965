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

/// How a drawing is painted. A fill's rule is `.nonZero` or `.evenOdd` (renderers fill any
/// other by the non-zero rule).
public enum Paint: Sendable {
    case fill(RGBAColor, FillRule)
    case stroke(RGBAColor, StrokeStyleValues)
    // A gradient is one reference (`GradientPaint` keeps its values in one copy-on-write
    // allocation): a paint stays the size of a stroke, and an animated gradient is written over
    // the frame before's in place.
    case gradientFill(GradientPaint, FillRule)
    case gradientStroke(GradientPaint, StrokeStyleValues)
}

extension Paint {
    /// True for a gradient fill or stroke.
    var isGradient: Bool {
        switch self {
        case .gradientFill, .gradientStroke: true
        case .fill, .stroke: false
        }
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
