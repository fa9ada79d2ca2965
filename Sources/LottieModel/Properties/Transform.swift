// MARK: - Transform

/// A transform: a layer's `ks`, a group's `tr`, or a repeater's `tr`.
///
/// Order (FORMAT.md): translate by -anchor, scale, skew, rotate, translate by position.
/// Every field is optional because files omit what is at its default.
public struct Transform: Equatable, Sendable, Codable {
    /// `a`: anchor point.
    public var anchor: Animatable<Vector>?
    /// `p`: position, possibly split into x/y.
    public var position: PositionProperty?
    /// `s`: scale in percent.
    public var scale: Animatable<Vector>?
    /// `r`: rotation in degrees, clockwise on screen.
    public var rotation: Animatable<Double>?
    /// `rx`, `ry`, `rz`: 3D rotations (`rz` acts as `r` on 3D layers).
    public var rotationX: Animatable<Double>?
    public var rotationY: Animatable<Double>?
    public var rotationZ: Animatable<Double>?
    /// `or`: 3D orientation.
    public var orientation: Animatable<Vector>?
    /// `o`: opacity 0...100.
    public var opacity: Animatable<Double>?
    /// `sk`: skew in degrees; `sa`: the axis it acts along, in degrees.
    public var skew: Animatable<Double>?
    public var skewAxis: Animatable<Double>?
    /// `so`, `eo`: a repeater's start and end opacity, 0...100.
    public var startOpacity: Animatable<Double>?
    public var endOpacity: Animatable<Double>?

    public init() {}

    enum CodingKeys: String, CodingKey {
        case anchor = "a", position = "p", scale = "s", rotation = "r"
        case rotationX = "rx", rotationY = "ry", rotationZ = "rz", orientation = "or"
        case opacity = "o", skew = "sk", skewAxis = "sa"
        case startOpacity = "so", endOpacity = "eo"
    }
}
