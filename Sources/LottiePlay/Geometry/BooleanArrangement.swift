// MARK: - BooleanArrangement
//
// The flattened pieces of two paths cut into an arrangement (`PathBoolean`): no two pieces cross
// or overlap except where they lie exactly on each other, and those are bundled. Each bundle has
// a canonical direction (from its lesser end to its greater, by x then y) and, per operand, the
// number of times the operand's contours run along it that way (less those running back).
//
// Winding numbers come from a ray cast towards +x from a bundle's middle over the other bundles:
// a bundle crossing the ray upwards adds its counts, downwards subtracts them. A bundle with
// y0 <= y < y1 counts (half-open), so the ray behaves as if a hair above its height; a horizontal
// bundle never counts. Crossing a bundle from its right to its left adds its counts: on its left
// the winding is the ray's plus its own counts when it runs upwards, the ray's when it runs
// downwards or is horizontal (the ray then starts on its left), and the right is the left less
// its counts. The cast visits only the bundles of the horizontal band the middle lies in
// (`BooleanBands`).
//
// Where exactly two bundles meet (a vertex of degree two), the windings on either side go on from
// one to the other unchanged: one cast serves a whole chain of bundles between junctions.

struct BooleanArrangement {
    /// A straight piece of the arrangement, with what runs along it.
    struct Bundle {
        /// The lesser end (by x, then y) and the greater.
        var start: Vector2
        var end: Vector2
        /// Per operand, the contours running from `start` to `end`, less those running back
        /// (never both zero).
        var counts: SIMD2<Int>
        /// The number in `parts` of a piece lying along the bundle (the first operand's when both
        /// have one), for the source segment it comes from.
        var piece: Int
        /// The numbers of the vertices at `start` and at `end`.
        var startVertex = 0
        var endVertex = 0
    }

    /// A piece of a result's boundary, from vertex `from` to vertex `to`.
    struct BoundaryPiece {
        var edge: BooleanEdge
        var from: Int
        var to: Int
    }

    private(set) var bundles: [Bundle] = []
    /// The pieces of the flattened paths, split where they cross or touch.
    private var parts: [BooleanEdge] = []
    /// How many distinct points the parts end at: the vertices, numbered from 0.
    private(set) var vertexCount = 0
    /// Per vertex, the bundles meeting there: `incident[incidentStart[v] ..< incidentStart[v + 1]]`.
    private var incidentStart: [Int] = []
    private var incident: [Int] = []

    /// The arrangement of `edges`; nil when finding the crossings would take more than `maxWork`
    /// tests or splits.
    init?(_ edges: BooleanEdges, maxWork: Int) {
        let pieces = edges.edges
        guard var splits = Self.splits(of: pieces, edges: edges, maxWork: maxWork) else { return nil }
        splits.sort { $0.piece != $1.piece ? $0.piece < $1.piece : $0.t < $1.t }
        var parts: [BooleanEdge] = []
        parts.reserveCapacity(pieces.count + splits.count)
        var cursor = 0
        for (number, piece) in pieces.enumerated() {
            var start = piece.start
            var t0 = piece.t0
            while cursor < splits.count, splits[cursor].piece == number {
                let split = splits[cursor]
                cursor += 1
                guard split.point != start else { continue }
                let t1 = piece.t0 + (piece.t1 - piece.t0) * split.t
                parts.append(BooleanEdge(start: start, end: split.point, operand: piece.operand, source: piece.source,
                                         t0: t0, t1: t1))
                start = split.point
                t0 = t1
            }
            if piece.end != start {
                parts.append(BooleanEdge(start: start, end: piece.end, operand: piece.operand, source: piece.source,
                                         t0: t0, t1: piece.t1))
            }
        }
        self.parts = parts
        makeBundles()
    }

    // MARK: Crossings

    /// Where a piece is to be split: at parameter `t` along it, at `point` (on the grid).
    private struct Split {
        var piece: Int
        var t: Double
        var point: Vector2
    }

    /// Where pieces cross or touch each other: the pieces of sources that may meet others (see
    /// `BooleanEdges`) by a sweep along x; those of the other sources with their own source's and
    /// their neighbours' only.
    private static func splits(of pieces: [BooleanEdge], edges: BooleanEdges, maxWork: Int) -> [Split]? {
        let grid = edges.grid
        var splits: [Split] = []
        var work = 0
        func test(_ first: Int, _ second: Int) {
            work += 1
            let a = pieces[first], b = pieces[second]
            guard Swift.max(a.start.x, a.end.x) + grid >= Swift.min(b.start.x, b.end.x),
                  Swift.max(b.start.x, b.end.x) + grid >= Swift.min(a.start.x, a.end.x),
                  Swift.max(a.start.y, a.end.y) + grid >= Swift.min(b.start.y, b.end.y),
                  Swift.max(b.start.y, b.end.y) + grid >= Swift.min(a.start.y, a.end.y) else { return }
            crossings(first, second, pieces: pieces, edges: edges, into: &splits)
        }
        // The pieces swept, by the least x they reach; those the sweep has reached and not left,
        // with the greatest x they reach.
        var order: [(x: Double, piece: Int)] = []
        for (number, piece) in pieces.enumerated() where edges.meets(piece.source) {
            order.append((Swift.min(piece.start.x, piece.end.x), number))
        }
        order.sort { $0.x < $1.x }
        var active: [(x: Double, piece: Int)] = []
        for (x, current) in order {
            // Kept in place as the sweep leaves them.
            var kept = 0
            for index in active.indices {
                let other = active[index]
                guard other.x >= x - grid else { continue }
                active[kept] = other
                kept += 1
                test(current, other.piece)
            }
            guard work <= maxWork, splits.count <= maxWork else { return nil }
            active.removeLast(active.count - kept)
            active.append((Swift.max(pieces[current].start.x, pieces[current].end.x), current))
        }
        for source in edges.sources.indices where !edges.meets(source) {
            let own = edges.pieces(of: source)
            for first in own {
                for second in own where second > first { test(first, second) }
            }
            // Each pair of neighbours once: from the lesser source when neither meets others.
            func testNeighbour(_ neighbour: Int) {
                guard edges.meets(neighbour) || neighbour > source else { return }
                for first in own {
                    for second in edges.pieces(of: neighbour) { test(first, second) }
                }
            }
            let (previous, next) = edges.neighbours(of: source)
            testNeighbour(next)
            if previous != next { testNeighbour(previous) }
            guard work <= maxWork, splits.count <= maxWork else { return nil }
        }
        return splits
    }

    /// Where pieces `first` and `second` cross or touch, as splits of each (inside the pieces
    /// only): an end of one lying on the other (within the grid) splits the other there; a proper
    /// crossing splits both at the crossing of their source segments (`refined`), snapped to the
    /// grid.
    private static func crossings(_ first: Int, _ second: Int, pieces: [BooleanEdge], edges: BooleanEdges,
                                  into splits: inout [Split]) {
        let grid = edges.grid
        let a = pieces[first], b = pieces[second]
        let before = splits.count
        // Pieces sharing an end cross nowhere else, though one may fold back along the other:
        // only their other ends are tested.
        if a.start == b.start || a.start == b.end || a.end == b.start || a.end == b.end {
            let shared = a.start == b.start || a.start == b.end ? a.start : a.end
            let endOfA = shared == a.start ? a.end : a.start
            let endOfB = shared == b.start ? b.end : b.start
            // Folding back, the other ends lie on the same side of the shared one.
            guard (endOfA - shared).dot(endOfB - shared) > 0 else { return }
            if let t = inside(endOfA, b, grid: grid) { splits.append(Split(piece: second, t: t, point: endOfA)) }
            if let t = inside(endOfB, a, grid: grid) { splits.append(Split(piece: first, t: t, point: endOfB)) }
            return
        }
        func touch(_ point: Vector2, _ piece: BooleanEdge, _ number: Int) {
            if let t = inside(point, piece, grid: grid) { splits.append(Split(piece: number, t: t, point: point)) }
        }
        touch(b.start, a, first)
        touch(b.end, a, first)
        touch(a.start, b, second)
        touch(a.end, b, second)
        // Ends touching ends, or an end on the other piece: nothing else to find.
        let r = a.end - a.start
        let s = b.end - b.start
        let denominator = r.cross(s)
        let lengths = r.length * s.length
        guard abs(denominator) > 1e-12 * lengths, splits.count == before else { return }
        let offset = b.start - a.start
        var t = offset.cross(s) / denominator
        var u = offset.cross(r) / denominator
        let marginA = grid / r.length
        let marginB = grid / s.length
        guard t > marginA, t < 1 - marginA, u > marginB, u < 1 - marginB else { return }
        var point = a.start + r * t
        if !edges.straight[a.source] || !edges.straight[b.source],
           let exact = refined(a, t, b, u, edges: edges) {
            // Kept inside the pieces, so that the splits stay in order along them.
            t = Swift.min(Swift.max(exact.t, marginA), 1 - marginA)
            u = Swift.min(Swift.max(exact.u, marginB), 1 - marginB)
            point = exact.point
        }
        point = BooleanEdges.snap(point, grid: grid)
        splits.append(Split(piece: first, t: t, point: point))
        splits.append(Split(piece: second, t: u, point: point))
    }

    /// The crossing of the source segments of `a` and `b` near where the pieces cross (at `t`
    /// along `a`, `u` along `b`), by Newton's method on `A(ta) = B(tb)`: the point, and its
    /// parameters as fractions of the pieces. Nil when it does not settle within a piece's
    /// length of the start (the curves touching rather than crossing).
    private static func refined(_ a: BooleanEdge, _ t: Double, _ b: BooleanEdge, _ u: Double, edges: BooleanEdges)
        -> (point: Vector2, t: Double, u: Double)? {
        let first = edges.sources[a.source], second = edges.sources[b.source]
        let spanA = a.t1 - a.t0, spanB = b.t1 - b.t0
        guard spanA != 0, spanB != 0 else { return nil }
        var ta = a.t0 + spanA * t
        var tb = b.t0 + spanB * u
        for _ in 0..<8 {
            let gap = first.point(at: ta) - second.point(at: tb)
            if gap.lengthSquared < 1e-24 * Swift.max(1, first.p0.lengthSquared) { break }
            let da = first.derivative(at: ta), db = second.derivative(at: tb)
            // Solve da * dta - db * dtb = -gap.
            let determinant = db.cross(da)
            guard abs(determinant) > 1e-12 * da.length * db.length else { return nil }
            ta += gap.cross(db) / determinant
            tb += gap.cross(da) / determinant
            guard ta.isFinite, tb.isFinite else { return nil }
        }
        let point = first.point(at: ta)
        guard (point - second.point(at: tb)).lengthSquared <= edges.grid * edges.grid,
              abs(ta - (a.t0 + spanA * t)) <= abs(spanA), abs(tb - (b.t0 + spanB * u)) <= abs(spanB)
        else { return nil }
        return (point, (ta - a.t0) / spanA, (tb - b.t0) / spanB)
    }

    /// The parameter of `point` on `piece` when it lies on it, within the grid, away from its ends.
    private static func inside(_ point: Vector2, _ piece: BooleanEdge, grid: Double) -> Double? {
        let direction = piece.end - piece.start
        let lengthSquared = direction.lengthSquared
        guard lengthSquared > 0 else { return nil }
        let t = (point - piece.start).dot(direction) / lengthSquared
        let margin = grid / lengthSquared.squareRoot()
        guard t > margin, t < 1 - margin else { return nil }
        let foot = piece.start + direction * t
        guard (point - foot).lengthSquared <= grid * grid else { return nil }
        return t
    }

    // MARK: Bundles

    /// Numbers the parts' ends (equal points are one vertex), bundles the parts between the same
    /// two vertices and lists the bundles meeting at each vertex; bundles along which the
    /// contours cancel out are dropped.
    private mutating func makeBundles() {
        var points = PairIndex(capacity: parts.count * 2)
        var ends = PairIndex(capacity: parts.count)
        var all: [Bundle] = []
        all.reserveCapacity(parts.count)
        // Parts follow each other along their contours: a part's start is mostly the end of the
        // part before, already numbered.
        var previous = (end: Vector2(x: .nan, y: .nan), number: 0)
        for (partNumber, part) in parts.enumerated() {
            let forward = part.start.x != part.end.x ? part.start.x < part.end.x : part.start.y < part.end.y
            let from = part.start == previous.end ? previous.number : points.number(of: part.start)
            let to = points.number(of: part.end)
            previous = (part.end, to)
            let (low, high) = forward ? (from, to) : (to, from)
            let number = ends.number(UInt64(low), UInt64(high))
            if number == all.count {
                all.append(Bundle(start: forward ? part.start : part.end, end: forward ? part.end : part.start,
                                  counts: .zero, piece: partNumber, startVertex: low, endVertex: high))
            } else if part.operand < parts[all[number].piece].operand {
                all[number].piece = partNumber
            }
            all[number].counts[part.operand] += forward ? 1 : -1
        }
        // Kept in place: those along which the contours cancel out go.
        var kept = 0
        for number in all.indices where all[number].counts != .zero {
            all.swapAt(kept, number)
            kept += 1
        }
        all.removeLast(all.count - kept)
        bundles = all
        vertexCount = points.count
        incidentStart = [Int](repeating: 0, count: vertexCount + 1)
        for bundle in bundles {
            incidentStart[bundle.startVertex + 1] += 1
            incidentStart[bundle.endVertex + 1] += 1
        }
        for vertex in 0..<vertexCount { incidentStart[vertex + 1] += incidentStart[vertex] }
        incident = [Int](repeating: 0, count: bundles.count * 2)
        var filled = incidentStart
        for (number, bundle) in bundles.enumerated() {
            incident[filled[bundle.startVertex]] = number
            filled[bundle.startVertex] += 1
            incident[filled[bundle.endVertex]] = number
            filled[bundle.endVertex] += 1
        }
    }

    // MARK: Winding numbers

    /// The winding numbers of both operands at `point`, over every bundle of `bands` but `excluded`.
    private func winding(at point: Vector2, excluding excluded: Int, bands: BooleanBands) -> SIMD2<Int> {
        var total = SIMD2<Int>.zero
        for number in bands.members(at: point.y) where number != excluded {
            let bundle = bundles[number]
            let upwards = bundle.end.y > bundle.start.y
            let (low, high) = upwards ? (bundle.start, bundle.end) : (bundle.end, bundle.start)
            guard low.y <= point.y, point.y < high.y else { continue }
            let x = low.x + (point.y - low.y) * (high.x - low.x) / (high.y - low.y)
            guard x > point.x else { continue }
            total &+= upwards ? bundle.counts : SIMD2<Int>.zero &- bundle.counts
        }
        return total
    }

    /// The winding numbers on the left of every bundle (from its start to its end); the right is
    /// the left less its counts. The bundles are first gathered into chains, each bundle's left
    /// known relative to the ray cast from its chain's first bundle; then one ray is cast per
    /// chain (through `BooleanBands`).
    private func leftWindings() -> [SIMD2<Int>] {
        // Per bundle, the first bundle of its chain (-1 until it has one), and its left winding
        // less that bundle's ray.
        var chain = [Int](repeating: -1, count: bundles.count)
        var left = [SIMD2<Int>](repeating: .zero, count: bundles.count)
        var heads: [Int] = []
        for number in bundles.indices where chain[number] < 0 {
            let bundle = bundles[number]
            heads.append(number)
            chain[number] = number
            left[number] = bundle.end.y > bundle.start.y ? bundle.counts : .zero
            // Along the chain both ways, through vertices where only two bundles meet.
            for way in 0..<2 {
                var current = number
                var through = way == 0 ? bundle.startVertex : bundle.endVertex
                while incidentStart[through + 1] - incidentStart[through] == 2 {
                    let pair = incidentStart[through]
                    let next = incident[pair] == current ? incident[pair + 1] : incident[pair]
                    guard chain[next] < 0 else { break }
                    // The same direction when one arrives where the other leaves.
                    let (arriving, leaving) = (bundles[current], bundles[next])
                    let same = (arriving.endVertex == through) == (leaving.startVertex == through)
                    guard leaving.counts == (same ? arriving.counts : SIMD2<Int>.zero &- arriving.counts) else { break }
                    left[next] = same ? left[current] : left[current] &- arriving.counts
                    chain[next] = number
                    current = next
                    through = leaving.startVertex == through ? leaving.endVertex : leaving.startVertex
                }
            }
        }
        let bands = BooleanBands(bundles, rays: heads.count)
        var rays = [SIMD2<Int>](repeating: .zero, count: bundles.count)
        for head in heads {
            rays[head] = winding(at: (bundles[head].start + bundles[head].end) * 0.5, excluding: head, bands: bands)
        }
        for number in bundles.indices { left[number] &+= rays[chain[number]] }
        return left
    }

    /// The pieces of the result's boundary under `operation`, each directed with the result on
    /// its left (its source parameters following its direction).
    func boundary(_ operation: PathOperation) -> [BoundaryPiece] {
        var result: [BoundaryPiece] = []
        result.reserveCapacity(bundles.count)
        for (number, left) in leftWindings().enumerated() {
            let bundle = bundles[number]
            let right = left &- bundle.counts
            let insideLeft = operation.contains(left[0] != 0, left[1] != 0)
            guard insideLeft != operation.contains(right[0] != 0, right[1] != 0) else { continue }
            var piece = parts[bundle.piece]
            // The piece runs start to end or back; the boundary runs start to end when the result
            // is on the left, back otherwise.
            let pieceForward = piece.start == bundle.start
            if pieceForward != insideLeft {
                piece = BooleanEdge(start: piece.end, end: piece.start, operand: piece.operand, source: piece.source,
                                    t0: piece.t1, t1: piece.t0)
            }
            result.append(insideLeft ? BoundaryPiece(edge: piece, from: bundle.startVertex, to: bundle.endVertex)
                                     : BoundaryPiece(edge: piece, from: bundle.endVertex, to: bundle.startVertex))
        }
        return result
    }
}
