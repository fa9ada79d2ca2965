import LottieModel

// MARK: - Shape item kinds

/// A kind of shape item (`ty` of a shape layer's item): how the model's item becomes a node of
/// the layer's program. Every kind is a type in `Kinds/` conforming to this protocol, and one line
/// in `ShapeKinds.all`: a new shape, style or modifier touches nothing else. The node it makes is
/// a path (`PathGeometry`), a style (`PaintSource`), a modifier (`PathModifier`) or a group.
protocol ShapeItemKind: Sendable {
    /// The item's `ty`: `"tm"` for a trim path.
    static var typeCode: String { get }
    /// The node for `item` (of this kind), nil when it draws nothing (hidden).
    static func node(for item: ShapeItem, jsonPath: String, context: ValueContext) -> ShapeNode?
}

/// The registry of shape item kinds.
enum ShapeKinds {
    /// Every kind this toolkit draws. Items of other kinds (unknown ones) are passed over, and
    /// `inspect` lists them as not supported.
    static let all: [any ShapeItemKind.Type] = [
        GroupItem.self,
        PathItem.self, RectangleItem.self, EllipseItem.self, PolystarItem.self,
        FillItem.self, StrokeItem.self, GradientFillItem.self, GradientStrokeItem.self,
        TrimPathItem.self, RoundedCornersItem.self, RepeaterItem.self, PuckerBloatItem.self, ZigZagItem.self,
        OffsetPathItem.self, MergePathsItem.self,
    ]

    /// The kinds by `ty`.
    private static let byTypeCode: [String: any ShapeItemKind.Type] = Dictionary(
        all.map { ($0.typeCode, $0) }, uniquingKeysWith: { first, _ in first })

    /// The node for `item`, nil when no kind draws it (or it is hidden).
    static func node(for item: ShapeItem, jsonPath: String, context: ValueContext) -> ShapeNode? {
        byTypeCode[item.typeCode]?.node(for: item, jsonPath: jsonPath, context: context)
    }
}

// MARK: - Nodes

/// A path item's geometry over time: the one contour it adds to its group at each frame.
protocol PathGeometry: Sendable {
    /// Whether any of its properties changes over time.
    var isAnimated: Bool { get }
    /// Adds where its properties move (`StillSpans`).
    func addMotion(to motion: inout MotionCollector)
    /// The contour at a frame, written into `contour`'s storage.
    func contour(at frame: Double, into contour: inout BezierContour)
    /// Whether limits can change the contour (a polystar's points are capped).
    var dependsOnLimits: Bool { get }
    /// Whether `limits` change the contour at `frame`: a contour made once, without them, is then
    /// not used.
    func isCapped(at frame: Double, limits: LottieLimits) -> Bool
    /// The contour at a frame within `limits`, written into `contour`'s storage.
    func contour(at frame: Double, limits: LottieLimits, into contour: inout BezierContour)
}

extension PathGeometry {
    var dependsOnLimits: Bool { false }

    func isCapped(at frame: Double, limits: LottieLimits) -> Bool { false }

    func contour(at frame: Double, limits: LottieLimits, into contour: inout BezierContour) {
        self.contour(at: frame, into: &contour)
    }

    /// The contour at a frame.
    func contour(at frame: Double) -> BezierContour {
        var contour = BezierContour(vertices: [], inTangents: [], outTangents: [], closed: false)
        self.contour(at: frame, into: &contour)
        return contour
    }
}

/// A style item's paint over time, in its group's space.
protocol PaintSource: Sendable {
    var isAnimated: Bool { get }
    /// True for gradients, which `writeGradient` writes over the gradient a drawing had.
    var isGradient: Bool { get }
    func addMotion(to motion: inout MotionCollector)
    /// The paint at a frame.
    func paint(at frame: Double, fillRule: FillRule) -> Paint
    /// Writes the paint at a frame (a gradient's), carried into layer space by `transform` and
    /// checked against `paths` for `maxDashes`, over `paint`: the same paint as
    /// `paint(at:fillRule:)`, `ShapeEvaluation.dashesWithinLimit`, then `carried(by:)`, with the
    /// gradient's stops written into the storage of the one `paint` had.
    func writeGradient(at frame: Double, fillRule: FillRule, carriedBy transform: AffineMatrix,
                       paths: [BezierContour], maxDashes: Int, over paint: inout Paint)
}

extension PaintSource {
    var isGradient: Bool { false }

    func writeGradient(at frame: Double, fillRule: FillRule, carriedBy transform: AffineMatrix,
                       paths: [BezierContour], maxDashes: Int, over paint: inout Paint) {
        paint = ShapeEvaluation.dashesWithinLimit(self.paint(at: frame, fillRule: fillRule), paths: paths,
                                                  maxDashes: maxDashes).carried(by: transform)
    }
}

/// A modifier item: it changes what its group holds so far (FORMAT.md "Shapes": the paths
/// added before it, and for a repeater the drawings too). A class, so that a shape node holding
/// one is copied as one reference as the program is walked.
protocol PathModifier: AnyObject, Sendable {
    func addMotion(to motion: inout MotionCollector)
    /// Applies the modifier at `evaluation.frame` to what `group` holds so far.
    func apply(to evaluation: inout ShapeEvaluation, group: ShapeEvaluation.GroupSoFar)
}
