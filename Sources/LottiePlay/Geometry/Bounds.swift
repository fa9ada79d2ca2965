import Foundation

// MARK: - Bounds

extension CubicSegment {
    /// The exact bounding box: the end points and the curve's extrema (roots of the derivative).
    public var bounds: Rect {
        var minimum = Vector2(x: min(p0.x, p3.x), y: min(p0.y, p3.y))
        var maximum = Vector2(x: max(p0.x, p3.x), y: max(p0.y, p3.y))
        for t in Self.extremaParameters(p0.x, c1.x, c2.x, p3.x) + Self.extremaParameters(p0.y, c1.y, c2.y, p3.y) {
            let point = self.point(at: t)
            minimum = Vector2(x: min(minimum.x, point.x), y: min(minimum.y, point.y))
            maximum = Vector2(x: max(maximum.x, point.x), y: max(maximum.y, point.y))
        }
        return Rect(x: minimum.x, y: minimum.y, width: maximum.x - minimum.x, height: maximum.y - minimum.y)
    }

    /// Parameters in (0, 1) where one coordinate of the cubic has a zero derivative.
    private static func extremaParameters(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> [Double] {
        // B'(t) / 3 = (b - a)(1-t)^2 + 2(c - b)(1-t)t + (d - c)t^2 = A t^2 + B t + C
        let quadratic = (b - a) - 2 * (c - b) + (d - c)
        let linear = 2 * ((c - b) - (b - a))
        let constant = b - a
        var roots: [Double] = []
        if abs(quadratic) < 1e-12 {
            if abs(linear) > 1e-12 { roots.append(-constant / linear) }
        } else {
            let discriminant = linear * linear - 4 * quadratic * constant
            if discriminant >= 0 {
                let root = discriminant.squareRoot()
                roots.append((-linear + root) / (2 * quadratic))
                roots.append((-linear - root) / (2 * quadratic))
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }
}

extension Rect {
    /// The smallest rectangle holding both.
    public func union(_ other: Rect) -> Rect {
        let minX = min(x, other.x), minY = min(y, other.y)
        let maxX = max(x + width, other.x + other.width), maxY = max(y + height, other.y + other.height)
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The bounding box of this rectangle mapped through a transform.
    public func applying(_ transform: AffineMatrix) -> Rect {
        let corners = [Vector2(x: x, y: y), Vector2(x: x + width, y: y),
                       Vector2(x: x, y: y + height), Vector2(x: x + width, y: y + height)].map(transform.apply(to:))
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let minX = xs.min() ?? 0, minY = ys.min() ?? 0
        return Rect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }
}

extension BezierContour {
    /// The exact bounding box of the contour, or nil when it has no vertex.
    public var bounds: Rect? {
        guard let first = vertices.first else { return nil }
        var box = Rect(x: first.x, y: first.y, width: 0, height: 0)
        for index in 0..<segmentCount { box = box.union(segment(index).bounds) }
        return box
    }

    /// The bounds after mapping through a transform (exact: the curve is mapped first).
    public func bounds(applying transform: AffineMatrix) -> Rect? {
        applying(transform).bounds
    }
}
