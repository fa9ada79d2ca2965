// Distance along a cubic segment -> parameter t, for moving a layer along its motion path by arc length
// (FORMAT.md "Position along a path").
//
// Layout: one array, built once, of (t, s) pairs interleaved: [t0, s0, t1, s1, ...] with t0 = 0, s0 = 0 and the
// last pair (1, length). The breakpoints are the pieces accepted by the adaptive quadrature of
// `CubicSegment.forEachArcLengthPiece`, so over each piece the 8-point Gauss–Legendre rule is accurate, and so is
// it over any part of a piece. A lookup:
//   1. binary search for the piece [t_i, t_{i+1}] with s_i <= s <= s_{i+1};
//   2. first guess by linear interpolation inside the piece;
//   3. Newton on f(t) = s_i + length(t_i ... t) - s, with f'(t) = |B'(t)|, kept inside the piece and falling back
//      to bisection where the speed is near 0, until t moves by less than 1e-14 or f is below 1e-12 of the
//      length (for a 1000-unit path that is a nanometre of a unit: point-at-distance is good to well under 1e-6).
// No allocation after `init`.
//
// Straight segments (`CubicSegment.isStraightLine`) skip all of this: the point at distance s is the lerp from
// p0 to p3 by s / |p3 - p0|, exactly as FORMAT.md asks.

import Foundation

/// A precomputed map from distance along a ``CubicSegment`` to its parameter and point.
///
/// Build one per spatial keyframe segment when the timeline is loaded; lookups are O(log n) plus a few Newton
/// steps and do not allocate.
struct ArcLengthTable: Sendable, Equatable {
    /// The segment this table measures.
    let segment: CubicSegment
    /// The segment's total arc length.
    let length: Double
    /// Whether the segment is a straight line travelled one way (see ``CubicSegment/isStraightLine(tolerance:)``);
    /// lookups are then plain lerps and `length` is the chord length.
    let isStraightLine: Bool
    /// Interleaved (t, cumulative length) breakpoints; see the file header.
    @usableFromInline let breakpoints: [Double]

    /// Measures `segment`.
    ///
    /// - Parameters:
    ///   - segment: The segment to measure.
    ///   - straightLineTolerance: Passed to ``CubicSegment/isStraightLine(tolerance:)``; use a negative value to
    ///     always measure the curve.
    ///   - minimumPieces: The number of equal parameter intervals the adaptive quadrature starts from; more pieces
    ///     give better first guesses to the lookups.
    init(_ segment: CubicSegment, straightLineTolerance: Double = 1e-6, minimumPieces: Int = 8) {
        self.segment = segment
        if straightLineTolerance >= 0 && segment.isStraightLine(tolerance: straightLineTolerance) {
            isStraightLine = true
            length = segment.p0.distance(to: segment.p3)
            breakpoints = [0, 0, 1, length]
            return
        }
        isStraightLine = false
        var table: [Double] = []
        length = Self.measure(segment, minimumPieces: minimumPieces, into: &table)
        breakpoints = table
    }

    /// The table of a curve measured as ``init(_:straightLineTolerance:minimumPieces:)`` measures it
    /// with a negative tolerance, its breakpoints written in `storage`'s room (emptied first) and
    /// shared with it: a caller measuring a curve at every frame (a trim's cut) keeps `storage`, and
    /// once the table is gone, writes the next one where this one was.
    init(measuring segment: CubicSegment, minimumPieces: Int, storage: inout [Double]) {
        self.segment = segment
        isStraightLine = false
        length = Self.measure(segment, minimumPieces: minimumPieces, into: &storage)
        breakpoints = storage
    }

    /// Writes the breakpoints of `segment` over `table` and returns its length.
    private static func measure(_ segment: CubicSegment, minimumPieces: Int, into table: inout [Double]) -> Double {
        table.removeAll(keepingCapacity: true)
        table.reserveCapacity(4 * Swift.max(1, minimumPieces) + 2)
        table.append(0)
        table.append(0)
        var total = 0.0
        segment.forEachArcLengthPiece(from: 0, to: 1, initialPieces: minimumPieces) { pieceEnd, pieceLength in
            total += pieceLength
            table.append(pieceEnd)
            table.append(total)
        }
        table[table.count - 2] = 1 // the last piece ends at exactly 1
        return total
    }

    /// The number of (t, distance) breakpoints, including (0, 0) and (1, length).
    var breakpointCount: Int { breakpoints.count / 2 }
}

// MARK: - Lookups

extension ArcLengthTable {
    /// The parameter t of the point at arc length `distance` from `p0`; `distance` is clamped to [0, length].
    func parameter(atDistance distance: Double) -> Double {
        guard length > 0, distance > 0 else { return 0 }
        guard distance < length else { return 1 }
        // A straight segment needs no special case here: its speed is |p3 - p0| times a quadratic that is never
        // negative, so the 8-point rule over its single piece is exact.
        // 1. The piece holding the distance: the last breakpoint i with s_i <= distance.
        var low = 0
        var high = breakpointCount - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if breakpoints[2 * middle + 1] <= distance { low = middle } else { high = middle }
        }
        let pieceStart = breakpoints[2 * low]
        let pieceStartLength = breakpoints[2 * low + 1]
        let pieceEnd = breakpoints[2 * high]
        let pieceEndLength = breakpoints[2 * high + 1]
        // 2. Linear first guess inside the piece.
        var lower = pieceStart
        var upper = pieceEnd
        let pieceLength = pieceEndLength - pieceStartLength
        var t = pieceLength > 0
            ? pieceStart + (pieceEnd - pieceStart) * ((distance - pieceStartLength) / pieceLength)
            : pieceStart
        // 3. Safeguarded Newton on the exact arc length.
        let tolerance = 1e-12 * length
        for _ in 0..<64 {
            let error = pieceStartLength + segment.gaussLegendreLength(from: pieceStart, to: t) - distance
            if abs(error) <= tolerance { break }
            if error < 0 { lower = t } else { upper = t }
            let speed = segment.speed(at: t)
            var next = 0.5 * (lower + upper)
            if speed > 0 {
                let newton = t - error / speed
                if newton > lower && newton < upper { next = newton }
            }
            let step = next - t
            t = next
            if abs(step) <= 1e-14 || upper - lower <= 1e-14 { break }
        }
        return t
    }

    /// The point at arc length `distance` from `p0`, with `distance` clamped to [0, length].
    ///
    /// On a straight segment this is `p0 + (p3 - p0) * (distance / length)`.
    func point(atDistance distance: Double) -> Vector2 {
        if isStraightLine {
            guard length > 0 else { return segment.p0 }
            let clamped = Swift.min(Swift.max(distance, 0), length)
            return segment.p0.lerp(to: segment.p3, clamped / length)
        }
        return segment.point(at: parameter(atDistance: distance))
    }

    /// The position for an eased keyframe `progress` (FORMAT.md: distance = progress * length).
    ///
    /// A straight segment is a plain lerp by `progress`, which extrapolates past the ends when the easing
    /// overshoots, like every other lerped value. A curved segment clamps to its ends: the curve has no
    /// continuation to follow, and past the end lottie-web, too, stops at the last point of its sampled path.
    func point(atProgress progress: Double) -> Vector2 {
        if isStraightLine {
            return segment.p0.lerp(to: segment.p3, progress)
        }
        return segment.point(at: parameter(atDistance: progress * length))
    }

    /// The direction of motion, in degrees clockwise from +x (y down), at arc length `distance` (clamped);
    /// the auto-orient rotation. A straight segment's direction is that of its chord.
    func tangentAngle(atDistance distance: Double) -> Double {
        if isStraightLine && length > 0 {
            let chord = segment.p3 - segment.p0
            return atan2(chord.y, chord.x) * (180 / Double.pi)
        }
        return segment.tangentAngle(at: parameter(atDistance: distance))
    }
}
