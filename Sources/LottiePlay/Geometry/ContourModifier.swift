// MARK: - ContourModifier

/// A path modifier that changes each contour on its own (offset path, pucker/bloat, rounded
/// corners, zig-zag). Trim paths measure contours together and are not one of these.
protocol ContourModifier: Sendable {
    /// The contour after the modifier.
    func apply(to contour: BezierContour) -> BezierContour
    /// Whether the modifier leaves every contour as it is (then nothing is computed).
    var isIdentity: Bool { get }
}

extension ContourModifier {
    /// Every contour after the modifier, each on its own.
    func apply(to contours: [BezierContour]) -> [BezierContour] {
        isIdentity ? contours : contours.map { apply(to: $0) }
    }
}
