// MARK: - StillMemory

/// What evaluation made over a still stretch of time (`StillSpans`), kept for the frames that
/// follow in the same stretch: a shape layer's drawings, a layer's matrix and opacity. Most
/// layers of a real animation move for a few frames and then hold; their frames in between are
/// then made once, not once per frame.
///
/// Entries are found by the slot the compiler gave each layer and shape program, and hold the
/// stretch they were made for: a frame in another stretch (or a precomp instance at another
/// time) makes its own and replaces it. Kept with a frame's budget, so one thread at a time
/// uses it. The drawings kept hold at most `maxFrameVertices` vertices together: past that
/// they are all forgotten, so no file can make the memory grow beyond a frame's worth.
final class StillMemory {
    struct Drawings {
        var span: Int
        var drawings: [ShapeDrawing]
        /// The vertices they take from the frame's budget.
        var drawn: Int
        /// The budget they need to come out the same (`ShapeEvaluation.demand`).
        var demand: Int
    }

    struct Placement {
        var span: Int
        var matrix: AffineMatrix
        var opacity: Double
    }

    // Unchecked: one thread at a time uses the memory, and no access to it overlaps another;
    // the dynamic check costs more than reading the entry (about 80 reads a frame in bodymovin/data).
    @exclusivity(unchecked) private var drawings: [Drawings?] = []
    @exclusivity(unchecked) private var placements: [Placement?] = []
    @exclusivity(unchecked) private var heldVertices = 0

    // MARK: Drawings

    /// The drawings kept for `slot` in stretch `span`, when the budget left would make the same.
    func drawings(slot: Int, span: Int, vertexBudget: Int) -> Drawings? {
        guard slot < drawings.count, let kept = drawings[slot], kept.span == span,
              kept.demand <= vertexBudget else { return nil }
        return kept
    }

    /// Keeps drawings made in stretch `span`, within `vertexCap` vertices for all slots together.
    func keep(_ made: Drawings, slot: Int, vertexCap: Int) {
        guard made.drawn <= vertexCap else { return }
        grow(&drawings, toHold: slot)
        heldVertices -= drawings[slot]?.drawn ?? 0
        if heldVertices + made.drawn > vertexCap {
            for index in drawings.indices { drawings[index] = nil }
            heldVertices = 0
        }
        drawings[slot] = made
        heldVertices += made.drawn
    }

    // MARK: Placements

    /// The matrix and opacity kept for `slot` in stretch `span`.
    func placement(slot: Int, span: Int) -> Placement? {
        guard slot < placements.count, let kept = placements[slot], kept.span == span else { return nil }
        return kept
    }

    func keep(_ placement: Placement, slot: Int) {
        grow(&placements, toHold: slot)
        placements[slot] = placement
    }

    private func grow<Entry>(_ list: inout [Entry?], toHold slot: Int) {
        if slot >= list.count { list += repeatElement(nil, count: slot + 1 - list.count) }
    }
}
