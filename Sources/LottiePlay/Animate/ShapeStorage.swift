// MARK: - ShapeStorage

/// A shape layer's storage, kept by its state from frame to frame: the slot lists its last
/// evaluation made (with their contours), in the order it made them, and the lists it merged
/// slots into. The next evaluation of the layer writes each path into the list and contour that
/// held it the frame before (`ShapeEvaluation`), so that steady playback allocates nothing.
///
/// The drawings share these lists. An evaluation first lets go of the layer's old drawings and
/// empties the merged lists (`ShapeEvaluation.take(_:drawings:shared:)`): the slot lists and their
/// contours are then held here only, and are written in place. Lists compiled with the program
/// (`ShapeProgram.sharedStorage`) are never kept here: they are shared, not written. (The drawings
/// themselves, their paints included, are written over in place: `ShapeEvaluation.finish()`.)
struct ShapeStorage {
    /// The slot lists the layer made, other than those compiled with its program.
    var slots: [[BezierContour]] = []
    /// The lists its drawings held that merge several slots.
    var merged: [MergedList] = []

    /// A list merging several slots for a drawing. `moved`: its contours were moved out of the
    /// slots (no other drawing paints them), and go back to the slots at the next evaluation;
    /// else they are copies, let go of.
    struct MergedList {
        var paths: [BezierContour]
        var moved: Bool
    }
}
