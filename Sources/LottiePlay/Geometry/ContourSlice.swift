// Measuring a contour by arc length and cutting out the part between two distances along it: the primitive
// under trim paths (and anything else that walks a path by distance, such as dashes).
//
// Lengths are real arc lengths (CubicSegment's adaptive Gauss–Legendre quadrature). A segment whose two tangents
// are zero is a straight line and measures exactly its chord (no quadrature rounding), so the corners of a
// polygon sit at exactly the distances a trim test computes by hand.
//
// Cutting a segment at a distance uses the inverse of the arc length (ArcLengthTable: a binary search and a
// safeguarded Newton step on the exact length), never the bezier parameter scaled by the distance, which is
// visibly off on curves. A straight segment with zero tangents is cut by a plain lerp and stays a straight
// segment with zero tangents; a curved one is split with de Casteljau at the two parameters
// (`CubicSegment.subsegment`), so the piece is the very same curve. Segments wholly inside the range are copied
// untouched.
//
// Allocation: `segmentLengths()` allocates its one array; `slice` allocates the three arrays of the result and,
// per cut segment (at most two), the breakpoints of one ArcLengthTable.

extension BezierContour {
    /// The arc length of each drawable segment, in order (`segmentCount` values).
    ///
    /// A segment with zero tangents measures exactly its chord.
    func segmentLengths() -> [Double] {
        var lengths: [Double] = []
        appendSegmentLengths(to: &lengths)
        return lengths
    }

    /// Appends the arc length of each drawable segment to `lengths` (so that several contours can share one
    /// array) and returns their sum, the contour's length.
    @discardableResult
    func appendSegmentLengths(to lengths: inout [Double]) -> Double {
        lengths.reserveCapacity(lengths.count + segmentCount)
        var total = 0.0
        for index in 0..<segmentCount {
            let length = segmentLength(index)
            lengths.append(length)
            total += length
        }
        return total
    }

    /// The arc length of segment `index`; exactly the chord when both of its tangents are zero.
    func segmentLength(_ index: Int) -> Double {
        if isStraightSegment(index) {
            let next = index + 1 == vertices.count ? 0 : index + 1
            return vertices[index].distance(to: vertices[next])
        }
        return segment(index).length
    }

    /// Whether segment `index` is a straight line written with zero tangents (out tangent of its start, in
    /// tangent of its end).
    func isStraightSegment(_ index: Int) -> Bool {
        let next = index + 1 == vertices.count ? 0 : index + 1
        return outTangents[index] == .zero && inTangents[next] == .zero
    }

    /// The part of the contour between the distances `start` and `end` along it, as an open contour.
    ///
    /// Distances are measured from vertex 0 along the segments. `start` is clamped to 0 and `end` to the total
    /// length; on a closed contour `end` may go up to twice the length, the part then running through vertex 0
    /// (this is how a trim that wraps around the start of a closed path stays one piece). A range of zero length
    /// gives an empty contour.
    ///
    /// The first vertex has a zero in tangent and the last a zero out tangent; vertices strictly inside the range
    /// keep their tangents, and the cut segments are the same curves as the original ones.
    ///
    /// - Parameters:
    ///   - start: The distance where the part begins.
    ///   - end: The distance where it ends.
    ///   - segmentLengths: ``segmentLengths()`` of this contour, or the part of a longer list that holds them
    ///     (passed in so that a caller cutting several parts measures once).
    func slice<Lengths: RandomAccessCollection>(
        fromDistance start: Double, toDistance end: Double, segmentLengths lengths: Lengths
    ) -> BezierContour where Lengths.Element == Double, Lengths.Index == Int {
        var result = BezierContour(vertices: [], inTangents: [], outTangents: [], closed: false)
        var breakpoints: [Double] = []
        writeSlice(fromDistance: start, toDistance: end, segmentLengths: lengths, into: &result,
                   breakpoints: &breakpoints)
        return result
    }

    /// The part ``slice(fromDistance:toDistance:segmentLengths:)`` makes, written into `result`'s storage (emptied
    /// first, its capacity kept): a trim evaluated again at the next frame writes where it wrote before.
    /// `breakpoints`: room for the arc-length table of a curved segment cut (`ArcLengthTable(measuring:…)`).
    func writeSlice<Lengths: RandomAccessCollection>(
        fromDistance start: Double, toDistance end: Double, segmentLengths lengths: Lengths,
        into result: inout BezierContour, breakpoints: inout [Double]
    ) where Lengths.Element == Double, Lengths.Index == Int {
        result.vertices.removeAll(keepingCapacity: true)
        result.inTangents.removeAll(keepingCapacity: true)
        result.outTangents.removeAll(keepingCapacity: true)
        result.closed = false
        let count = segmentCount
        guard count > 0, lengths.count == count else { return }
        var total = 0.0
        for length in lengths { total += length }
        let lower = Swift.max(0, start)
        let upper = Swift.min(end, closed ? 2 * total : total)
        // Distances closer than this to a segment boundary count as on it (no sliver segments from rounding).
        let snap = 1e-12 * Swift.max(total, 1)
        guard upper - lower > snap else { return }

        let capacity = count + 2
        result.vertices.reserveCapacity(capacity)
        result.inTangents.reserveCapacity(capacity)
        result.outTangents.reserveCapacity(capacity)

        var segmentStart = 0.0
        // A closed contour is walked around twice at most; an open one once.
        for step in 0..<(closed ? 2 * count : count) {
            let index = step % count
            let length = lengths[lengths.startIndex + index]
            let segmentEnd = segmentStart + length
            defer { segmentStart = segmentEnd }
            if segmentEnd <= lower + snap { continue }
            if segmentStart >= upper - snap { break }
            let from = lower - segmentStart // distance into this segment where the part starts, if positive
            let to = upper - segmentStart   // ... and where it ends, if below `length`
            let cutsStart = from > snap
            let cutsEnd = to < length - snap
            result.appendPiece(of: self, segment: index, length: length,
                               from: cutsStart ? from : nil, to: cutsEnd ? to : nil, breakpoints: &breakpoints)
        }
        if let last = result.outTangents.indices.last {
            result.inTangents[0] = .zero
            result.outTangents[last] = .zero
        }
    }

    /// The part of the contour between the distances `start` and `end` along it; see
    /// ``slice(fromDistance:toDistance:segmentLengths:)``, which this calls after measuring the segments.
    func slice(fromDistance start: Double, toDistance end: Double) -> BezierContour {
        slice(fromDistance: start, toDistance: end, segmentLengths: segmentLengths())
    }

    /// Appends to this (open, under construction) contour the part of `source`'s segment `index` between the
    /// distances `from` and `to` into it (nil: the segment's own start or end).
    private mutating func appendPiece(of source: BezierContour, segment index: Int, length: Double,
                                      from: Double?, to: Double?, breakpoints: inout [Double]) {
        let whole = source.segment(index)
        let piece: CubicSegment
        if from == nil && to == nil {
            piece = whole
        } else if source.isStraightSegment(index) {
            let startPoint = from.map { whole.p0.lerp(to: whole.p3, $0 / length) } ?? whole.p0
            let endPoint = to.map { whole.p0.lerp(to: whole.p3, $0 / length) } ?? whole.p3
            piece = CubicSegment(p0: startPoint, c1: startPoint, c2: endPoint, p3: endPoint)
        } else {
            // The pieces `length` was measured over (CubicSegment.arcLength starts from 4), so the table
            // ends at exactly `length`; also half the quadratures of the default 8.
            let table = ArcLengthTable(measuring: whole, minimumPieces: 4, storage: &breakpoints)
            let startParameter = from.map { table.parameter(atDistance: $0) } ?? 0
            let endParameter = to.map { table.parameter(atDistance: $0) } ?? 1
            piece = whole.subsegment(from: startParameter, to: endParameter)
        }
        if let last = vertices.indices.last {
            // Consecutive pieces meet exactly: the previous piece ended at this segment's start vertex.
            outTangents[last] = piece.c1 - vertices[last]
        } else {
            vertices.append(piece.p0)
            inTangents.append(.zero)
            outTangents.append(piece.c1 - piece.p0)
        }
        vertices.append(piece.p3)
        inTangents.append(piece.c2 - piece.p3)
        outTangents.append(.zero)
    }
}
