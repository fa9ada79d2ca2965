import LottieModel

// MARK: - StillMemory

/// What evaluation made over a still stretch of time (`StillSpans`), kept for the frames that
/// follow in the same stretch: a shape layer's drawings, a layer's matrix and opacity; and a
/// text layer's glyphs, kept for as long as its document stays the same. Most
/// layers of a real animation move for a few frames and then hold; their frames in between are
/// then made once, not once per frame.
///
/// Entries are found by the slot the compiler gave each layer and shape program, and hold the
/// stretch they were made for: a frame in another stretch (or a precomp instance at another
/// time) makes its own and replaces it. Kept with a frame's budget, so one thread at a time
/// uses it. The drawings kept hold at most `maxFrameVertices` vertices together: past that
/// they are all forgotten, so no file can make the memory grow beyond a frame's worth.
final class StillMemory {
    struct Drawings: HoldsVertices {
        var span: Int
        var drawings: [ShapeDrawing]
        /// The vertices they take from the frame's budget.
        var drawn: Int
        /// The budget they need to come out the same (`ShapeEvaluation.demand`).
        var demand: Int
    }

    /// A text layer's glyphs, laid out in full (no glyph left out for the budget) for `document`.
    struct Text: HoldsVertices {
        var document: TextDocument
        var glyphs: [ShapeDrawing]
        /// The vertices they take from the frame's budget.
        var drawn: Int
    }

    struct Placement {
        var span: Int
        var matrix: AffineMatrix
        var opacity: Double
    }

    // Unchecked: one thread at a time uses the memory, and no access to it overlaps another;
    // the dynamic check costs more than reading the entry (about 80 reads a frame in bodymovin/data).
    @exclusivity(unchecked) private var drawings: [Drawings?] = []
    /// The storage address of each slot's kept drawings (0: none), so that `letGo` compares
    /// addresses without copying an entry out (which retained and released its list).
    @exclusivity(unchecked) private var drawingAddresses: [UInt] = []
    @exclusivity(unchecked) private var placements: [Placement?] = []
    @exclusivity(unchecked) private var heldVertices = 0
    @exclusivity(unchecked) private var texts: [Text?] = []
    @exclusivity(unchecked) private var heldTextVertices = 0

    // MARK: Drawings

    /// The drawings kept for `slot` in stretch `span`, when the budget left would make the same.
    func drawings(slot: Int, span: Int, vertexBudget: Int) -> Drawings? {
        guard slot < drawings.count, let kept = drawings[slot], kept.span == span,
              kept.demand <= vertexBudget else { return nil }
        return kept
    }

    /// Keeps drawings made in stretch `span`, within `vertexCap` vertices for all slots together.
    func keep(_ made: Drawings, slot: Int, vertexCap: Int) {
        guard let forgotAll = Self.keep(made, slot: slot, in: &drawings, held: &heldVertices, vertexCap: vertexCap)
        else { return }
        Self.grow(&drawingAddresses, toHold: slot, with: 0)
        if forgotAll {
            for index in drawingAddresses.indices { drawingAddresses[index] = 0 }
        }
        drawingAddresses[slot] = RecycledShapes.storage(of: made.drawings) ?? 0
    }

    /// Lets go of the drawings kept for `slot` when their list is the one at `address` (the
    /// drawings a frame is about to be written over): kept, they would make that list shared,
    /// and writing over it would copy it, its paths and their points, once each time a still
    /// stretch ends. Drawings of another stretch are made again when it comes back.
    @inline(__always)
    func letGo(slot: Int, holding address: UInt) {
        guard slot < drawingAddresses.count, drawingAddresses[slot] == address else { return }
        heldVertices -= drawings[slot]?.drawn ?? 0
        drawings[slot] = nil
        drawingAddresses[slot] = 0
    }

    // MARK: Texts

    /// The glyphs kept for `slot` when they were laid out for `document`, and the budget left
    /// would place them all again.
    func text(slot: Int, document: TextDocument, vertexBudget: Int) -> Text? {
        guard slot < texts.count, let kept = texts[slot], kept.drawn <= vertexBudget,
              kept.document == document else { return nil }
        return kept
    }

    /// Keeps a text layer's glyphs, within `vertexCap` vertices for all texts together.
    func keep(_ text: Text, slot: Int, vertexCap: Int) {
        Self.keep(text, slot: slot, in: &texts, held: &heldTextVertices, vertexCap: vertexCap)
    }

    /// Puts `entry` in `slot` of `list`, whose entries hold `held` vertices together: all of them
    /// are forgotten when it would take that past `vertexCap`, so no file makes the memory grow
    /// beyond a frame's worth. Whether all of them were forgotten to make room; nil when `entry`
    /// alone is past the cap and is not kept.
    @discardableResult
    private static func keep<Entry: HoldsVertices>(_ entry: Entry, slot: Int, in list: inout [Entry?],
                                                   held: inout Int, vertexCap: Int) -> Bool? {
        guard entry.drawn <= vertexCap else { return nil }
        grow(&list, toHold: slot, with: nil)
        held -= list[slot]?.drawn ?? 0
        let forgetAll = held + entry.drawn > vertexCap
        if forgetAll {
            for index in list.indices { list[index] = nil }
            held = 0
        }
        list[slot] = entry
        held += entry.drawn
        return forgetAll
    }

    // MARK: Placements

    /// The matrix and opacity kept for `slot` in stretch `span`.
    func placement(slot: Int, span: Int) -> Placement? {
        guard slot < placements.count, let kept = placements[slot], kept.span == span else { return nil }
        return kept
    }

    func keep(_ placement: Placement, slot: Int) {
        Self.grow(&placements, toHold: slot, with: nil)
        placements[slot] = placement
    }

    private static func grow<Entry>(_ list: inout [Entry], toHold slot: Int, with blank: Entry) {
        if slot >= list.count { list += repeatElement(blank, count: slot + 1 - list.count) }
    }
}

/// What the still memory keeps that takes vertices from a frame's budget.
protocol HoldsVertices {
    /// The vertices it takes.
    var drawn: Int { get }
}
