// MARK: - BooleanEdges
//
// The two operands of a Boolean operation (`PathBoolean`) as straight pieces, each remembering
// the segment it comes from and its parameter range there.
//
// Only where two segments may meet does the flattening need to be fine: there the crossings are
// found on the pieces. A segment whose control box (grown by the tolerance) overlaps no other
// segment's box, its neighbours along its contour aside, meets nothing: it is cut sixteen times
// more coarsely, which changes no winding number anywhere but between it and its pieces, where no
// other segment lies.

/// A straight piece of a flattened path: from `start` to `end`, part of source segment `source`
/// between its parameters `t0` (at `start`) and `t1` (at `end`), of operand 0 or 1.
struct BooleanEdge: Sendable {
    var start: Vector2
    var end: Vector2
    var operand: Int
    var source: Int
    var t0: Double
    var t1: Double
}

/// The flattened pieces of two operands, and the segments they come from.
struct BooleanEdges: Sendable {
    /// The grid points are snapped to.
    let grid: Double
    private(set) var edges: [BooleanEdge] = []
    /// The source segments, by `BooleanEdge.source`, and whether each is straight.
    private(set) var sources: [CubicSegment] = []
    private(set) var straight: [Bool] = []
    /// Per source: the sources before and after it along its contour (the same one when the
    /// contour has two), and whether its box meets another's (`meeting(boxes:previous:next:maxWork:)`).
    private var previous: [Int] = []
    private var next: [Int] = []
    private var meeting: [Bool] = []
    /// Per source, the number of its first piece in `edges`; then the number of pieces.
    private var firstPiece: [Int] = []

    /// How much coarser segments that meet no other are cut.
    static let coarseFactor = 16.0

    /// The pieces of `first` (operand 0) and `second` (operand 1), every contour closed, within
    /// `tolerance`; nil when there would be more than `maxSegments` pieces, finding which
    /// segments may meet would take more than `maxWork` tests, or a point is not finite.
    init?(_ first: [BezierContour], _ second: [BezierContour], tolerance: Double, maxSegments: Int,
          maxWork: Int) {
        grid = tolerance / 64
        // Built in local arrays, then kept.
        var sources: [CubicSegment] = [], straight: [Bool] = [], previous: [Int] = [], next: [Int] = []
        // Per source, its operand.
        var operands: [Int] = []
        // Per source, its control box grown by the tolerance.
        var boxes: [Box] = []
        let grow = Vector2(x: tolerance, y: tolerance)
        let expected = Swift.min(maxSegments, (first.reduce(0) { $0 + $1.vertices.count })
                                              + second.reduce(0) { $0 + $1.vertices.count })
        sources.reserveCapacity(expected)
        straight.reserveCapacity(expected)
        operands.reserveCapacity(expected)
        previous.reserveCapacity(expected)
        next.reserveCapacity(expected)
        boxes.reserveCapacity(expected)
        for (operand, path) in [first, second].enumerated() {
            for contour in path where contour.vertices.count >= 2 {
                let start = sources.count
                let count = contour.vertices.count
                guard start + count <= maxSegments else { return nil }
                for index in 0..<count {
                    let following = index + 1 == count ? 0 : index + 1
                    // The closing segment of an open contour is the straight line a fill draws.
                    let curved = contour.closed || following != 0
                    let out = curved && index < contour.outTangents.count ? contour.outTangents[index] : .zero
                    let inward = curved && following < contour.inTangents.count ? contour.inTangents[following] : .zero
                    let segment = CubicSegment(p0: contour.vertices[index], c1: contour.vertices[index] + out,
                                               c2: contour.vertices[following] + inward,
                                               p3: contour.vertices[following])
                    // A NaN or an infinity makes the sum one.
                    let box = segment.controlBox
                    guard (segment.p0.x + segment.p0.y + segment.c1.x + segment.c1.y + segment.c2.x + segment.c2.y
                           + segment.p3.x + segment.p3.y).isFinite,
                          box.min.x > -1e12, box.min.y > -1e12, box.max.x < 1e12, box.max.y < 1e12 else { return nil }
                    let isStraight = out == .zero && inward == .zero
                    // A straight source is kept at constant speed, so that its parameter is the
                    // fraction of its length, as along its one piece.
                    sources.append(isStraight ? .line(from: segment.p0, to: segment.p3) : segment)
                    straight.append(isStraight)
                    operands.append(operand)
                    previous.append(start + (index == 0 ? count - 1 : index - 1))
                    next.append(start + following)
                    // A straight source's box is its segment's: its control points lie on the chord.
                    boxes.append(Box(low: box.min - grow, high: box.max + grow))
                }
            }
        }
        guard let meeting = Self.meeting(boxes: boxes, previous: previous, next: next, maxWork: maxWork)
        else { return nil }
        var edges: [BooleanEdge] = [], firstPiece: [Int] = []
        edges.reserveCapacity(sources.count * 2)
        firstPiece.reserveCapacity(sources.count + 1)
        var points: [Vector2] = []
        var last = (end: Vector2(x: .nan, y: .nan), snapped: Vector2.zero)
        for source in sources.indices {
            firstPiece.append(edges.count)
            let fine = meeting[source] ? tolerance : tolerance * Self.coarseFactor
            guard Self.add(sources[source], straight: straight[source], number: source, operand: operands[source],
                           tolerance: fine, grid: grid, maxSegments: maxSegments, to: &edges, points: &points,
                           last: &last)
            else { return nil }
        }
        firstPiece.append(edges.count)
        self.sources = sources
        self.straight = straight
        self.previous = previous
        self.next = next
        self.meeting = meeting
        self.edges = edges
        self.firstPiece = firstPiece
    }

    /// `point` on a grid of step `grid`.
    static func snap(_ point: Vector2, grid: Double) -> Vector2 {
        Vector2(x: (point.x / grid).rounded() * grid, y: (point.y / grid).rounded() * grid)
    }

    /// A box: its least corner and its greatest.
    private struct Box {
        var low: Vector2
        var high: Vector2
    }

    /// Per source, whether its box (the control box grown by the tolerance) overlaps the box of a
    /// source that is not its neighbour along its contour (found by a sweep along x); nil past
    /// `maxWork` tests.
    private static func meeting(boxes: [Box], previous: [Int], next: [Int], maxWork: Int) -> [Bool]? {
        var meeting = [Bool](repeating: false, count: boxes.count)
        // The sources whose boxes reach the sweep's x, kept in place as the sweep leaves them.
        var active: [Int] = []
        var work = 0
        var order = boxes.indices.map { (x: boxes[$0].low.x, source: $0) }
        order.sort { $0.x < $1.x }
        for (x, current) in order {
            let box = boxes[current]
            var kept = 0
            for index in active.indices {
                let other = active[index]
                guard boxes[other].high.x >= x else { continue }
                active[kept] = other
                kept += 1
                if boxes[other].low.y <= box.high.y, box.low.y <= boxes[other].high.y,
                   other != previous[current], other != next[current] {
                    meeting[current] = true
                    meeting[other] = true
                }
            }
            work += active.count
            guard work <= maxWork else { return nil }
            active.removeLast(active.count - kept)
            active.append(current)
        }
        return meeting
    }

    /// Whether the box of source `source` meets the box of a source other than its neighbours.
    /// The pieces of one that does not can only meet its own (a cubic may loop) and its
    /// neighbours'.
    func meets(_ source: Int) -> Bool {
        meeting[source]
    }

    /// The sources before and after `source` along its contour (one source for both when the
    /// contour has two).
    func neighbours(of source: Int) -> (previous: Int, next: Int) {
        (previous[source], next[source])
    }

    /// The numbers of the pieces of source `source` in `edges`.
    func pieces(of source: Int) -> Range<Int> {
        firstPiece[source]..<firstPiece[source + 1]
    }

    /// Appends to `edges` the pieces of `segment` (source `number`, straight or not) within
    /// `tolerance`, its points on a grid of step `grid`; false past `maxSegments` pieces.
    /// `points` is working storage.
    /// `last` is the end of the source added before and that end on the grid, for the start of
    /// this one (the same vertex, when they follow each other along a contour).
    private static func add(_ segment: CubicSegment, straight: Bool, number: Int, operand: Int, tolerance: Double,
                            grid: Double, maxSegments: Int, to edges: inout [BooleanEdge], points: inout [Vector2],
                            last: inout (end: Vector2, snapped: Vector2)) -> Bool {
        points.removeAll(keepingCapacity: true)
        if straight {
            points.append(segment.p3)
        } else {
            Flattening.appendCubic(segment.p0, segment.c1, segment.c2, segment.p3, tolerance: tolerance, to: &points)
        }
        guard edges.count + points.count <= maxSegments else { return false }
        // Pieces are cut at equal parameter steps; one that the grid makes a point joins the
        // piece after it, so that the parameters of a source's pieces stay contiguous.
        var start = last.end == segment.p0 ? last.snapped : snap(segment.p0, grid: grid)
        var t0 = 0.0
        let step = 1 / Double(points.count)
        for (index, point) in points.enumerated() {
            let end = snap(point, grid: grid)
            let t1 = index + 1 == points.count ? 1 : Double(index + 1) * step
            if end == start { continue }
            edges.append(BooleanEdge(start: start, end: end, operand: operand, source: number, t0: t0, t1: t1))
            start = end
            t0 = t1
        }
        // The last point is the segment's end: `start` is it on the grid.
        last = (segment.p3, start)
        return true
    }
}
