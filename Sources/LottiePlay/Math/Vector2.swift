// A 2D point or direction in Lottie's coordinate space: x to the right, y DOWN (screen coordinates).
//
// Lottie positions may carry a third component (z); this project renders in 2D and drops it before values reach
// this type.

/// A two-dimensional vector of `Double`s: a point, an offset or a direction.
///
/// The coordinate system is Lottie's: x grows to the right and y grows downwards, so a positive angle measured
/// from the x axis turns clockwise on screen.
@frozen
public struct Vector2: Hashable, Sendable {
    /// The horizontal component (right is positive).
    public var x: Double
    /// The vertical component (down is positive).
    public var y: Double

    /// Creates a vector from its components.
    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// Creates a vector from its components, unlabelled: `Vector2(3, 4)`.
    @inlinable
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    /// The vector (0, 0).
    @inlinable
    public static var zero: Vector2 { Vector2(x: 0, y: 0) }
}

// MARK: - Arithmetic

extension Vector2 {
    /// Component-wise sum.
    @inlinable
    public static func + (lhs: Vector2, rhs: Vector2) -> Vector2 {
        Vector2(x: lhs.x + rhs.x, y: lhs.y + rhs.y)
    }

    /// Component-wise difference.
    @inlinable
    public static func - (lhs: Vector2, rhs: Vector2) -> Vector2 {
        Vector2(x: lhs.x - rhs.x, y: lhs.y - rhs.y)
    }

    /// The vector pointing the opposite way.
    @inlinable
    public static prefix func - (operand: Vector2) -> Vector2 {
        Vector2(x: -operand.x, y: -operand.y)
    }

    /// The vector scaled by `scalar`.
    @inlinable
    public static func * (lhs: Vector2, rhs: Double) -> Vector2 {
        Vector2(x: lhs.x * rhs, y: lhs.y * rhs)
    }

    /// The vector scaled by `scalar`.
    @inlinable
    public static func * (lhs: Double, rhs: Vector2) -> Vector2 {
        Vector2(x: lhs * rhs.x, y: lhs * rhs.y)
    }

    /// The vector divided by `scalar`.
    @inlinable
    public static func / (lhs: Vector2, rhs: Double) -> Vector2 {
        Vector2(x: lhs.x / rhs, y: lhs.y / rhs)
    }

    /// Adds `rhs` to `lhs` in place.
    @inlinable
    public static func += (lhs: inout Vector2, rhs: Vector2) {
        lhs = lhs + rhs
    }

    /// Subtracts `rhs` from `lhs` in place.
    @inlinable
    public static func -= (lhs: inout Vector2, rhs: Vector2) {
        lhs = lhs - rhs
    }

    /// Scales `lhs` by `rhs` in place.
    @inlinable
    public static func *= (lhs: inout Vector2, rhs: Double) {
        lhs = lhs * rhs
    }
}

// MARK: - Geometry

extension Vector2 {
    /// The dot product `x * other.x + y * other.y`.
    @inlinable
    public func dot(_ other: Vector2) -> Double {
        x * other.x + y * other.y
    }

    /// The z component of the 3D cross product, `x * other.y - y * other.x`.
    ///
    /// Twice the signed area of the triangle (0, self, other); zero when the vectors are parallel.
    @inlinable
    public func cross(_ other: Vector2) -> Double {
        x * other.y - y * other.x
    }

    /// The squared Euclidean length (no square root).
    @inlinable
    public var lengthSquared: Double { x * x + y * y }

    /// The Euclidean length.
    @inlinable
    public var length: Double { (x * x + y * y).squareRoot() }

    /// The distance between two points.
    @inlinable
    public func distance(to other: Vector2) -> Double {
        (other - self).length
    }

    /// Linear interpolation: `self` at `t == 0`, `other` at `t == 1`, extrapolating outside [0, 1].
    ///
    /// Written as `self + (other - self) * t`, the form Lottie players use for keyframe values, so `t == 0`
    /// returns `self` exactly.
    @inlinable
    public func lerp(to other: Vector2, _ t: Double) -> Vector2 {
        Vector2(x: x + (other.x - x) * t, y: y + (other.y - y) * t)
    }

    /// Linear interpolation between `a` and `b`; see ``lerp(to:_:)``.
    @inlinable
    public static func lerp(_ a: Vector2, _ b: Vector2, _ t: Double) -> Vector2 {
        a.lerp(to: b, t)
    }
}

// MARK: - CustomStringConvertible

extension Vector2: CustomStringConvertible {
    /// `(x, y)`.
    public var description: String { "(\(x), \(y))" }
}
