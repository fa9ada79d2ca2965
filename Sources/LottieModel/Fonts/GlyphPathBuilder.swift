// MARK: - GlyphPathBuilder

/// Collects a glyph's contours as Lottie paths: a vertex per on-curve point, with the cubic's
/// control points stored as tangents relative to their vertex. Every contour is closed; an explicit
/// last segment back onto the first point is merged into the implied closing one.
struct GlyphPathBuilder {
    private(set) var paths: [BezierPath] = []
    private var vertices: [Vector] = []
    private var inTangents: [Vector] = []
    private var outTangents: [Vector] = []
    private var last = Point(0, 0)
    /// Segments and vertices so far, checked against `limit`.
    private var points = 0
    private let limit: Int
    private let table: String

    /// A point in font units.
    struct Point: Equatable {
        var x: Double
        var y: Double
        init(_ x: Double, _ y: Double) {
            self.x = x
            self.y = y
        }
        static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
        static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
        static func * (s: Double, a: Point) -> Point { Point(s * a.x, s * a.y) }
        var vector: Vector { Vector([x, y]) }
    }

    /// A builder that refuses more than `limit` points (an error about `table`).
    init(limit: Int, table: String) {
        self.limit = limit
        self.table = table
    }

    /// How many more points the builder takes before its limit.
    var remaining: Int { limit - points }

    /// True while a contour is open.
    var isOpen: Bool { !vertices.isEmpty }

    private mutating func count() throws(FontError) {
        points += 1
        guard points <= limit else {
            throw FontError(.limit, table: table, "a glyph has more than \(digitsGrouped(limit)) points")
        }
    }

    /// Closes the open contour, if any, and starts one at `point`.
    mutating func move(to point: Point) throws(FontError) {
        close()
        try count()
        vertices.append(point.vector)
        inTangents.append(Vector([0, 0]))
        outTangents.append(Vector([0, 0]))
        last = point
    }

    /// A straight segment to `point` (starting a contour at `from` when none is open).
    mutating func line(to point: Point, from start: Point) throws(FontError) {
        if !isOpen { try move(to: start) }
        try count()
        vertices.append(point.vector)
        inTangents.append(Vector([0, 0]))
        outTangents.append(Vector([0, 0]))
        last = point
    }

    /// A cubic segment through controls `c1`, `c2` to `point`.
    mutating func curve(_ c1: Point, _ c2: Point, to point: Point, from start: Point) throws(FontError) {
        if !isOpen { try move(to: start) }
        try count()
        outTangents[outTangents.count - 1] = (c1 - last).vector
        vertices.append(point.vector)
        inTangents.append((c2 - point).vector)
        outTangents.append(Vector([0, 0]))
        last = point
    }

    /// A quadratic segment through control `q` to `point`, as the exact cubic:
    /// c1 = p0 + 2/3 (q - p0), c2 = p1 + 2/3 (q - p1).
    mutating func quadratic(_ q: Point, to point: Point, from start: Point) throws(FontError) {
        if !isOpen { try move(to: start) }
        let p0 = last
        try curve(p0 + (2.0 / 3.0) * (q - p0), point + (2.0 / 3.0) * (q - point), to: point, from: start)
    }

    /// Closes the open contour: a last vertex on the first one is folded into it.
    mutating func close() {
        guard !vertices.isEmpty else { return }
        if vertices.count > 1, vertices[vertices.count - 1] == vertices[0] {
            inTangents[0] = inTangents[inTangents.count - 1]
            vertices.removeLast()
            inTangents.removeLast()
            outTangents.removeLast()
        }
        paths.append(BezierPath(closed: true, vertices: vertices, inTangents: inTangents, outTangents: outTangents))
        vertices = []
        inTangents = []
        outTangents = []
    }

    /// The closed contours.
    mutating func finish() -> [BezierPath] {
        close()
        return paths
    }
}
