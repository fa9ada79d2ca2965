// MARK: - Boolean operations on paths
//
// Union, difference, intersection and exclusive-or of filled paths (FORMAT.md "Merge paths"),
// in three steps:
//
// 1. Flattening (`BooleanEdges`): every segment of both paths is cut into straight pieces within
//    `tolerance` of the curve where it may meet another segment (sixteen times that elsewhere),
//    each piece remembering the segment it comes from and its parameter range; points are
//    snapped to a grid of `tolerance / 64` so that equal points are equal.
// 2. The arrangement (`BooleanArrangement`): pieces are split where they cross or touch, pieces
//    lying on each other are bundled, and each bundle learns the winding numbers of both paths
//    on its two sides (a ray cast from its middle, once per chain of bundles between junctions).
//    A bundle is part of the result's boundary when the operation holds on one side and not on
//    the other; it is directed with the result on its left.
// 3. Contours (`BooleanContours`): the directed pieces are linked into closed contours, and runs
//    of pieces from one source segment become that segment's part again, a cubic where the
//    source was one. Curves stay curves; only the crossing points are found on the flattened
//    pieces, within `tolerance`.
//
// Each input is filled by the non-zero rule; an open contour is closed by a straight line, as a
// fill closes it. The result is made of closed contours that do not cross, with holes turning
// the other way round: it fills the same under both rules. Work is bounded: a path flattened to
// more than `maxSegments` pieces, or needing more than `maxSegments` x 64 tests or splits to
// find where segments and pieces meet, gives no result (nil), and the caller draws the paths
// unmerged.

/// A Boolean operation on two filled paths.
enum PathOperation: Sendable {
    /// Inside either.
    case union
    /// Inside the first and not the second.
    case difference
    /// Inside both.
    case intersection
    /// Inside exactly one.
    case exclusion

    /// Whether a point inside the first path or not (`first`) and the second (`second`) is inside
    /// the result.
    func contains(_ first: Bool, _ second: Bool) -> Bool {
        switch self {
        case .union: first || second
        case .difference: first && !second
        case .intersection: first && second
        case .exclusion: first != second
        }
    }
}

/// Boolean operations on paths (lists of contours), with the flattening tolerance and the work
/// limit of one operation.
struct PathBoolean: Sendable {
    /// How far the straight pieces on which crossings are found may stray from the curves.
    var tolerance: Double
    /// The most straight pieces one operation works on (`LottieLimits.maxMergeSegments`).
    var maxSegments: Int

    /// `operands` combined in order, each with the result so far: `((p0 op p1) op p2) ...`; nil
    /// when an operation passes the work limit.
    func fold(_ operands: [[BezierContour]], _ operation: PathOperation) -> [BezierContour]? {
        guard var result = operands.first else { return [] }
        for operand in operands.dropFirst() {
            guard let next = combine(result, operand, operation) else { return nil }
            result = next
        }
        return result
    }

    /// `first` combined with `second` by `operation`; nil past the work limit.
    func combine(_ first: [BezierContour], _ second: [BezierContour], _ operation: PathOperation)
        -> [BezierContour]? {
        guard tolerance > 0, tolerance.isFinite else { return nil }
        let maxWork = maxSegments * 64
        guard let edges = BooleanEdges(first, second, tolerance: tolerance, maxSegments: maxSegments,
                                       maxWork: maxWork),
              let arrangement = BooleanArrangement(edges, maxWork: maxWork) else { return nil }
        return BooleanContours.link(arrangement.boundary(operation), vertexCount: arrangement.vertexCount,
                                    edges: edges)
    }
}
