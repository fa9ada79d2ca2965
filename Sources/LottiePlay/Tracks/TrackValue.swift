import LottieModel

// MARK: - TrackValue

/// A value the evaluator interpolates: the time-independent form a model value is turned into
/// once, at load time, so that evaluating a frame is arithmetic on ready values.
protocol TrackValue: Sendable, ExpressionConvertible {
    associatedtype Source: KeyframeValue
    /// The evaluator's form of a model value.
    init(_ source: Source, context: ValueContext)
    /// The value between `from` and `to`; component `j` uses `progress[j]` (per-dimension easing).
    static func interpolate(_ from: Self, _ to: Self, progress: EasedProgress) -> Self
    /// Whether the value moves along a spatial curve between keyframes (positions do).
    static var isSpatial: Bool { get }
    /// How many dimensions have an easing curve of their own (`interpolate` reads `progress[j]`
    /// for `j` below it): handles listed for further dimensions are never solved. 4 by default.
    static var easedDimensions: Int { get }
    /// The value of a point on a spatial curve (only called when `isSpatial`).
    init(spatialPoint: Vector2, template: Self)
    /// The point a spatial curve starts or ends at (only called when `isSpatial`).
    var spatialPoint: Vector2 { get }
    /// False when a number of the value is NaN or infinite: such a value is not used.
    var isFinite: Bool { get }
    /// True when `interpolate(a, b, ...)` gives `a` whatever the progress: the segment from `a`
    /// to `b` holds still. False when unsure (the default).
    static func holdsStill(from a: Self, to b: Self) -> Bool
    /// How many results of an expression a property of this type keeps (`ExpressionResults`):
    /// many for values of a few numbers, a few for values whose size the file sets (paths,
    /// gradients, texts). 32 by default.
    static var keptExpressionResults: Int { get }
}

extension TrackValue {
    static var isSpatial: Bool { false }
    static var easedDimensions: Int { 4 }
    static var keptExpressionResults: Int { 32 }
    var isFinite: Bool { true }
    static func holdsStill(from a: Self, to b: Self) -> Bool { false }
    init(spatialPoint: Vector2, template: Self) { self = template }
    var spatialPoint: Vector2 { .zero }
}

/// What converting a model value needs to know about the file, and the limits that compiling
/// and evaluating it keep to.
struct ValueContext: Sendable {
    /// Files older than 4.1.9 write colours as 0...255 (FORMAT.md).
    var colorsAre255: Bool
    /// The caps on what one file may make the evaluator build (paths cut to `maxPathVertices`,
    /// dash lists to `maxDashEntries`...).
    var limits: LottieLimits
    /// Where tracks compiled for one timeline share their easings' step tables (`EasingSteps`);
    /// nil (tracks made on their own) solves every eased value.
    var easingSteps: EasingStepTables?
    /// Where the properties being compiled are (which layer of which composition), for their
    /// expressions; nil compiles no expression (the keyframed value is used).
    var expressionSite: ExpressionSite?

    init(colorsAre255: Bool = false, limits: LottieLimits = .default) {
        self.colorsAre255 = colorsAre255
        self.limits = limits
    }

    /// The context for an animation, from its version string.
    init(version: String?, limits: LottieLimits = .default) {
        self.colorsAre255 = ValueContext.isOlder(version, than: [4, 1, 9])
        self.limits = limits
    }

    static func isOlder(_ version: String?, than reference: [Int]) -> Bool {
        guard let version else { return false }
        let parts = version.split(separator: ".").map { Int($0) ?? 0 }
        for index in 0..<reference.count {
            let part = index < parts.count ? parts[index] : 0
            if part != reference[index] { return part < reference[index] }
        }
        return false
    }
}

// MARK: - EasedProgress

/// The eased progress of a segment for up to four dimensions, stored inline (no allocation).
/// Dimensions past the last one given use the last one (FORMAT.md: element 0 when the
/// handle list is shorter; a single handle serves every dimension).
struct EasedProgress: Sendable {
    var values: (Double, Double, Double, Double)
    var count: Int

    init(_ value: Double) {
        values = (value, value, value, value)
        count = 1
    }

    init(x: Double, y: Double) {
        values = (x, y, y, y)
        count = 2
    }

    /// `value` for each of `count` dimensions.
    init(repeating value: Double, count: Int) {
        values = (value, value, value, value)
        self.count = count
    }

    subscript(dimension: Int) -> Double {
        switch dimension {
        case 0: values.0
        case 1: values.1
        case 2: values.2
        default: values.3
        }
    }

    mutating func set(_ value: Double, for dimension: Int) {
        switch dimension {
        case 0: values.0 = value
        case 1: values.1 = value
        case 2: values.2 = value
        default: values.3 = value
        }
    }
}

// MARK: - Scalars and points

extension Double: TrackValue {
    init(_ source: Double, context: ValueContext) { self = source }

    /// `a + (b - a) * t` is `a` when `b == a` (up to the sign of a zero).
    static func holdsStill(from a: Double, to b: Double) -> Bool { a == b }

    static func interpolate(_ from: Double, _ to: Double, progress: EasedProgress) -> Double {
        from + (to - from) * progress[0]
    }

    static var easedDimensions: Int { 1 }
}

extension Vector2: TrackValue {
    init(_ source: Vector, context: ValueContext) {
        self.init(x: source.x, y: source.y)
    }

    static func interpolate(_ from: Vector2, _ to: Vector2, progress: EasedProgress) -> Vector2 {
        Vector2(x: from.x + (to.x - from.x) * progress[0], y: from.y + (to.y - from.y) * progress[1])
    }

    static func holdsStill(from a: Vector2, to b: Vector2) -> Bool { a == b }

    static var isSpatial: Bool { true }
    /// x and y; a third handle (After Effects writes one for z) is not solved.
    static var easedDimensions: Int { 2 }
    init(spatialPoint: Vector2, template: Vector2) { self = spatialPoint }
    var spatialPoint: Vector2 { self }
    var isFinite: Bool { x.isFinite && y.isFinite }
}

/// A scale or other vector that is not a position: interpolated per component, never along a curve.
struct PlainVector2: TrackValue, Equatable {
    var value: Vector2

    init(_ value: Vector2) { self.value = value }

    init(_ source: Vector, context: ValueContext) {
        value = Vector2(x: source.x, y: source.y)
    }

    static func interpolate(_ from: PlainVector2, _ to: PlainVector2, progress: EasedProgress) -> PlainVector2 {
        PlainVector2(Vector2.interpolate(from.value, to.value, progress: progress))
    }

    /// x and y; a scale's third handle (z) is not solved.
    static var easedDimensions: Int { 2 }

    static func holdsStill(from a: PlainVector2, to b: PlainVector2) -> Bool { a == b }

    var isFinite: Bool { value.isFinite }
}
