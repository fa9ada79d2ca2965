// MARK: - Polygon
//
// Outlines made of straight edges, in device pixels: what the rasterizer fills. Curves become
// polygons here, by flattening (`Flattening`). Each contour is closed implicitly: its last
// point joins its first (fills always close their paths).
//
// Layout: `points` holds every contour's points one after another; `contourEnds[i]` is the index
// one past the last point of contour i. A contour of fewer than two points has no edges.

/// Closed outlines of straight edges in device pixels.
struct Polygon {
    var points: [Vector2] = []
    var contourEnds: [Int] = []

    init() {}

    var isEmpty: Bool { points.isEmpty }

    /// Removes every contour, keeping the storage.
    mutating func removeAll() {
        points.removeAll(keepingCapacity: true)
        contourEnds.removeAll(keepingCapacity: true)
    }

    /// Starts a new contour at `point`.
    mutating func move(to point: Vector2) {
        closeContour()
        points.append(point)
    }

    /// Adds an edge from the last point to `point`.
    mutating func line(to point: Vector2) {
        points.append(point)
    }

    /// Ends the contour under construction (if any).
    mutating func closeContour() {
        let start = contourEnds.last ?? 0
        if points.count > start { contourEnds.append(points.count) }
    }

    /// Appends `other`'s contours.
    mutating func append(_ other: Polygon) {
        closeContour()
        let base = points.count
        points.append(contentsOf: other.points)
        for end in other.contourEnds { contourEnds.append(base + end) }
    }

    /// Ends the contour under construction and maps every point through `transform`, in place.
    mutating func transform(by transform: AffineMatrix) {
        closeContour()
        for index in points.indices { points[index] = transform.apply(to: points[index]) }
    }

    /// The pixels touched by the polygon's bounding box.
    var pixelBounds: PixelRect {
        guard var minX = points.first?.x, var minY = points.first?.y else { return .empty }
        var maxX = minX
        var maxY = minY
        for point in points {
            minX = Swift.min(minX, point.x)
            maxX = Swift.max(maxX, point.x)
            minY = Swift.min(minY, point.y)
            maxY = Swift.max(maxY, point.y)
        }
        return PixelRect(covering: minX, minY, maxX, maxY)
    }

    /// A rectangle `[x, x + width] x [y, y + height]` in some space, mapped by `transform`.
    static func rectangle(_ rect: Rect, transform: AffineMatrix) -> Polygon {
        var polygon = Polygon()
        polygon.move(to: transform.apply(to: Vector2(rect.x, rect.y)))
        polygon.line(to: transform.apply(to: Vector2(rect.x + rect.width, rect.y)))
        polygon.line(to: transform.apply(to: Vector2(rect.x + rect.width, rect.y + rect.height)))
        polygon.line(to: transform.apply(to: Vector2(rect.x, rect.y + rect.height)))
        polygon.closeContour()
        return polygon
    }
}

// MARK: - Flattening

/// Turning bezier contours into points: each cubic is cut into `n` pieces of equal parameter
/// step, with `n` chosen so that the chords stay within `tolerance` of the curve.
///
/// For a cubic with control points p0, c1, c2, p3 split uniformly into n pieces, the distance between
/// a piece and its chord is at most `|B''|max / (8 n^2)`, and `|B''| <= 6 max(|p0 - 2 c1 + c2|,
/// |c1 - 2 c2 + p3|)`; so `n = ceil(sqrt(0.75 * dd / tolerance))` keeps the error under the
/// tolerance. A segment whose tangents are zero is a straight edge and stays one.
enum Flattening {
    /// The most pieces one cubic is cut into (a runaway control point must not cost millions).
    static let maxPieces = 256

    /// Appends the points of `contour` mapped by `transform` to `points`: its first vertex, then
    /// the end of every piece. Returns the number of points appended.
    @discardableResult
    static func append(_ contour: BezierContour, transform: AffineMatrix, tolerance: Double,
                       to points: inout [Vector2]) -> Int {
        let count = contour.vertices.count
        guard count > 0 else { return 0 }
        let before = points.count
        let vertices = contour.vertices
        let ins = contour.inTangents
        let outs = contour.outTangents
        var previous = transform.apply(to: vertices[0])
        points.append(previous)
        let segments = contour.closed ? count : count - 1
        for index in 0..<segments {
            let next = index + 1 == count ? 0 : index + 1
            let end = transform.apply(to: vertices[next])
            let out = index < outs.count ? outs[index] : .zero
            let inT = next < ins.count ? ins[next] : .zero
            if out == .zero && inT == .zero {
                points.append(end)
            } else {
                let c1 = transform.apply(to: vertices[index] + out)
                let c2 = transform.apply(to: vertices[next] + inT)
                appendCubic(previous, c1, c2, end, tolerance: tolerance, to: &points)
            }
            previous = end
        }
        return points.count - before
    }

    /// Appends the pieces' end points of one cubic (not its start point).
    static func appendCubic(_ p0: Vector2, _ c1: Vector2, _ c2: Vector2, _ p3: Vector2, tolerance: Double,
                            to points: inout [Vector2]) {
        let dd1 = (p0 - c1 * 2 + c2).length
        let dd2 = (c1 - c2 * 2 + p3).length
        let dd = Swift.max(dd1, dd2)
        let raw = (0.75 * dd / Swift.max(tolerance, 1e-9)).squareRoot().rounded(.up)
        guard raw.isFinite else { points.append(p3); return }
        // Clamped as a Double first: a huge coordinate must not overflow Int.
        let pieces = Swift.max(Int(Swift.min(raw, Double(maxPieces))), 1)
        if pieces == 1 { points.append(p3); return }
        // Polynomial form B(t) = p0 + t (a1 + t (a2 + t a3)), evaluated by Horner's rule.
        let a1 = (c1 - p0) * 3
        let a2 = (p0 - c1 * 2 + c2) * 3
        let a3 = p3 - p0 + (c1 - c2) * 3
        let step = 1 / Double(pieces)
        for piece in 1..<pieces {
            let t = Double(piece) * step
            points.append(p0 + (a1 + (a2 + a3 * t) * t) * t)
        }
        points.append(p3)
    }

    /// Appends every contour of `paths` to `polygon` as a closed contour, mapped by `transform`.
    static func append(_ paths: [BezierContour], transform: AffineMatrix, tolerance: Double,
                       to polygon: inout Polygon) {
        for contour in paths where !contour.vertices.isEmpty {
            polygon.closeContour()
            append(contour, transform: transform, tolerance: tolerance, to: &polygon.points)
            polygon.closeContour()
        }
    }
}

// MARK: - Transform scale

extension AffineMatrix {
    /// The largest factor by which the transform stretches a length (its largest singular value).
    var maxScale: Double {
        let sum = (a * a + b * b + c * c + d * d) / 2
        let det = a * d - b * c
        let root = Swift.max(0, sum * sum - det * det).squareRoot()
        return (sum + root).squareRoot()
    }
}
