import Foundation

// MARK: - BooleanContours
//
// The boundary of a Boolean operation's result (`BooleanArrangement.boundary`) as closed Bézier
// contours. Every piece has the result on its left, so at every point as many pieces leave as
// arrive, and any way of linking them gives contours that fill the result; where several leave
// one point (two parts of the result touching at a corner), the one turning most to the left is
// taken, which keeps each part a contour of its own. Runs of pieces cut from one source segment,
// one after the other along it, become one segment again: that part of the source, a cubic when
// the source is one, from the first piece's start to the last one's end.

enum BooleanContours {
    /// The contours `pieces` make (between vertices numbered below `vertexCount`), their
    /// parameters referring to the source segments of `edges`. Loops enclosing no area (less than
    /// a cell of the grid) are dropped.
    static func link(_ pieces: [BooleanArrangement.BoundaryPiece], vertexCount: Int, edges: BooleanEdges)
        -> [BezierContour] {
        let grid = edges.grid
        // The pieces leaving each vertex: `leaving[leavingStart[v] ..< leavingStart[v + 1]]`.
        var leavingStart = [Int](repeating: 0, count: vertexCount + 1)
        for piece in pieces { leavingStart[piece.from + 1] += 1 }
        for vertex in 0..<vertexCount { leavingStart[vertex + 1] += leavingStart[vertex] }
        var leaving = [Int](repeating: 0, count: pieces.count)
        var filled = leavingStart
        for (number, piece) in pieces.enumerated() {
            leaving[filled[piece.from]] = number
            filled[piece.from] += 1
        }
        var used = [Bool](repeating: false, count: pieces.count)
        var contours: [BezierContour] = []
        for first in pieces.indices where !used[first] {
            var loop: [BooleanEdge] = []
            var current = first
            while true {
                used[current] = true
                loop.append(pieces[current].edge)
                let end = pieces[current].to
                if end == pieces[first].from { break }
                let candidates = leaving[leavingStart[end]..<leavingStart[end + 1]]
                guard let next = next(after: pieces[current].edge, from: candidates, pieces: pieces, used: used)
                else { break }
                current = next
            }
            guard abs(area(of: loop)) > grid * grid else { continue }
            contours.append(contour(loop, edges: edges))
        }
        return contours
    }

    /// Of the unused pieces in `candidates`, the one turning most to the left after `piece`.
    private static func next(after piece: BooleanEdge, from candidates: ArraySlice<Int>,
                             pieces: [BooleanArrangement.BoundaryPiece], used: [Bool]) -> Int? {
        let arriving = piece.end - piece.start
        var best: (number: Int, turn: Double)?
        for number in candidates where !used[number] {
            if candidates.count == 1 { return number }
            let leaving = pieces[number].edge.end - pieces[number].edge.start
            let turn = atan2(arriving.cross(leaving), arriving.dot(leaving))
            if best.map({ turn > $0.turn }) ?? true { best = (number, turn) }
        }
        return best?.number
    }

    /// The signed area of the polygon through the pieces' starts.
    private static func area(of loop: [BooleanEdge]) -> Double {
        loop.reduce(0) { $0 + $1.start.cross($1.end) } / 2
    }

    /// One closed contour through `loop`, its runs along one source made one segment each.
    private static func contour(_ loop: [BooleanEdge], edges: BooleanEdges) -> BezierContour {
        func continues(_ before: BooleanEdge, _ after: BooleanEdge) -> Bool {
            before.source == after.source && before.t1 == after.t0
        }
        // Start where a run starts, so that no run wraps around the end of the loop.
        let count = loop.count
        let first = (0..<count).first { !continues(loop[($0 + count - 1) % count], loop[$0]) } ?? 0
        // Each run: where it starts, its out tangent there, and the in tangent at its end.
        var runs: [(start: Vector2, out: Vector2, in: Vector2)] = []
        var index = 0
        while index < count {
            let head = loop[(first + index) % count]
            var last = head
            index += 1
            while index < count, continues(last, loop[(first + index) % count]) {
                last = loop[(first + index) % count]
                index += 1
            }
            guard !edges.straight[head.source] else {
                runs.append((head.start, .zero, .zero))
                continue
            }
            let source = edges.sources[head.source]
            let part = head.t0 < last.t1 ? source.subsegment(from: head.t0, to: last.t1)
                : reversed(source.subsegment(from: last.t1, to: head.t0))
            runs.append((head.start, part.c1 - part.p0, part.c2 - part.p3))
        }
        let vertices = runs.map(\.start)
        let outTangents = runs.map(\.out)
        let inTangents = runs.indices.map { runs[($0 + runs.count - 1) % runs.count].in }
        return BezierContour(vertices: vertices, inTangents: inTangents, outTangents: outTangents, closed: true)
    }

    private static func reversed(_ segment: CubicSegment) -> CubicSegment {
        CubicSegment(p0: segment.p3, c1: segment.c2, c2: segment.c1, p3: segment.p0)
    }
}
