import LottieModel

// MARK: - CanvasCheckpoint
//
// Keeps the bottom of a frame for the next one. A frame is drawn into its canvas as a sequence
// of "units", bottom first: each layer drawn straight into the canvas (its shapes, text, image
// or solid), or composited into it (an isolated layer); a precomp drawn straight into the canvas
// is not a unit itself, its layers are. What the canvas holds after a unit depends only on what
// it held before and on the unit: the layer as its revision names it (`SceneLayer.revision`),
// and where drawing may show (the clip its precomps leave). So when the first `n` units of a
// frame are those of the frame before, the canvas after them is the same too, to the bit.
//
// The checkpoint keeps the canvas as it stood just before the first unit that changed from the
// frame before (where a static background ends and the animated part begins), and the list of
// that frame's units. The next frame skips the units the checkpoint already holds when they are
// unchanged, copies the checkpoint's pixels into its canvas and draws the rest. When a unit
// below the checkpoint changed, the frame is drawn in full and the checkpoint moves down to it;
// when the first change moved up, the checkpoint moves up once the units between are drawn.
//
// Skipping a unit also skips the features it would have noted (`LottieDiagnostic`s), so each unit's
// notes are kept with it and noted again when it is skipped: the issues of a frame are the same,
// in the same order, as when it is drawn in full.

/// The canvas of a frame as it stood after its first `count` units, and every unit of that frame,
/// for one canvas of the frame: the frame's own, or the buffer of an isolated layer.
final class CanvasCheckpoint {
    /// One unit drawn into the canvas: what it drew, and the features it noted.
    struct Unit {
        var revision: UInt64
        var clip: PixelRect
        var notes: [LottieDiagnostic]

        /// Whether drawing `other` leaves the canvas as this unit did (a layer made by hand,
        /// revision 0, never does).
        func drawsLike(_ other: Unit) -> Bool {
            revision != 0 && revision == other.revision && clip == other.clip
        }
    }

    /// The units of the last frame drawn into this canvas, bottom first.
    var units: [Unit] = []
    /// How many of those units `canvas` holds (0: none, whatever `canvas` is).
    var count = 0
    /// The canvas after the first `count` units, kept from frame to frame once there is one.
    var canvas: PixelBuffer?
    /// The last frame (`CanvasCheckpoints.frame`) that drew into this canvas.
    var frame = 0
}
