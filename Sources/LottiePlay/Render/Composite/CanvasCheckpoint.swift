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
// Skipping a unit also skips the features it would have noted (`RenderIssue`), so each unit's
// notes are kept with it and noted again when it is skipped: the issues of a frame are the same,
// in the same order, as when it is drawn in full.

/// The canvas of a frame as it stood after its first `count` units, and every unit of that frame,
/// for one canvas of the frame: the frame's own, or the buffer of an isolated layer.
final class CanvasCheckpoint {
    /// One unit drawn into the canvas: what it drew, and the features it noted.
    struct Unit {
        var revision: UInt64
        var clip: PixelRect
        var notes: [RenderIssue]

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

// MARK: - CanvasCheckpoints

/// The checkpoints of one sequence of frames (a `RenderedFrame`): the frame's canvas, and the
/// buffers of isolated layers, each found by where it is in the frame. Changed only through its
/// frame while uniquely referenced.
final class CanvasCheckpoints: @unchecked Sendable {
    /// What every unit is drawn with besides its layer: output size, fit and images.
    struct Setting: Equatable {
        var width: Int
        var height: Int
        var fit: AffineMatrix
        var images: UInt64
    }

    /// The key of the frame's own canvas.
    static let rootKey: UInt64 = 0

    /// The setting of the last frame drawn (nil: none).
    private(set) var setting: Setting?
    /// The coverage of the polygons the frames fill again and again.
    let coverage = CoverageCache()
    /// The frame's own canvas, kept from frame to frame (`frameCanvas`), whether it is its root
    /// checkpoint's canvas but for the columns written since (`PixelBuffer.restoreChanges`), and
    /// whether what the frame's image shows is the canvas but for those columns.
    private var canvas: PixelBuffer?
    private var canvasTracksCheckpoint = false
    private var imageTracksCanvas = false
    /// The columns of each row written in the canvas in the frame before.
    private var lastChanges: [Range<Int>] = []
    /// Per row of the frame's image, the columns that may not be transparent
    /// (`PixelBuffer.takeImage(into:shown:)`; empty: unknown).
    var shownColumns: [SIMD2<Int32>] = []
    private var checkpoints: [UInt64: CanvasCheckpoint] = [:]
    /// The frames drawn since the setting changed.
    private(set) var frame = 0
    /// The canvases kept, and how many may be (so that their memory stays within a few output
    /// images whatever the output size).
    private var canvasCount = 0
    private var canvasLimit = 0

    init() {}

    /// Starts a frame drawn with `setting`: everything is forgotten when it differs from the last.
    func begin(_ setting: Setting) {
        if setting != self.setting { forget() }
        self.setting = setting
        canvasLimit = Swift.max(1, Swift.min(8, (1 << 23) / Swift.max(1, setting.width * setting.height)))
        frame += 1
        coverage.begin(width: setting.width, height: setting.height)
    }

    /// Forgets every frame drawn: the next one is drawn in full.
    func forget() {
        setting = nil
        shownColumns = []
        coverage.forget()
        canvasTracksCheckpoint = false
        imageTracksCanvas = false
        checkpoints = [:]
        canvasCount = 0
    }

    /// The checkpoint of the canvas at `key` (`nested(in:at:)`), made when there is none.
    func checkpoint(_ key: UInt64) -> CanvasCheckpoint {
        let checkpoint = checkpoints[key] ?? CanvasCheckpoint()
        if checkpoint.frame == 0 { checkpoints[key] = checkpoint }
        checkpoint.frame = frame
        return checkpoint
    }

    /// The key of the buffer of the isolated layer that is unit `index` of the canvas at `key`.
    static func nested(in key: UInt64, at index: Int) -> UInt64 {
        (key ^ UInt64(index + 1)) &* 0x0000_0100_0000_01B3
    }

    /// Whether `checkpoint` may keep a canvas (one more when it has none yet).
    func mayKeepCanvas(_ checkpoint: CanvasCheckpoint) -> Bool {
        if checkpoint.canvas != nil { return true }
        guard canvasCount < canvasLimit else { return false }
        canvasCount += 1
        return true
    }

    // MARK: The frame's canvas
    //
    // The frame's own canvas is kept too, rather than cleared and drawn from its checkpoint every
    // frame: a frame that starts from the checkpoint copies back only the columns the frame
    // before wrote over it, and the image is written only where this frame or the one before
    // wrote. A frame drawn from nothing, or that moves the checkpoint, is written in full.

    /// The frame's canvas (`width` x `height`): as the last frame left it, or new and clear.
    func frameCanvas(width: Int, height: Int) -> PixelBuffer {
        if let canvas, canvas.width == width, canvas.height == height { return canvas }
        let made = PixelBuffer(width: width, height: height)
        canvas = made
        canvasTracksCheckpoint = false
        imageTracksCanvas = false
        return made
    }

    /// Whether `buffer` is the frame's canvas (not to be given back to a pool).
    func isFrameCanvas(_ buffer: PixelBuffer) -> Bool {
        buffer === canvas
    }

    /// Clears the frame's canvas, to draw the frame from nothing.
    func clearFrameCanvas(_ buffer: PixelBuffer) {
        buffer.clear()
        canvasTracksCheckpoint = false
        imageTracksCanvas = false
    }

    /// Makes the frame's canvas its checkpoint's `saved` canvas.
    func restoreFrameCanvas(_ buffer: PixelBuffer, from saved: PixelBuffer) {
        if canvasTracksCheckpoint {
            buffer.restoreChanges(from: saved)
        } else {
            buffer.copy(from: saved)
            canvasTracksCheckpoint = true
            imageTracksCanvas = false
        }
    }

    /// The frame's canvas was copied into its checkpoint: what it wrote before is no longer
    /// told apart.
    func savedFrameCanvas(_ buffer: PixelBuffer) {
        buffer.forgetChanges()
        canvasTracksCheckpoint = true
        imageTracksCanvas = false
    }

    /// Writes the frame's canvas into `image`: only where this frame or the one before wrote
    /// when the image shows the canvas as it was, in full otherwise. The canvas is kept.
    func write(_ buffer: PixelBuffer, into image: inout RGBAImage) {
        if imageTracksCanvas, image.width == buffer.width, image.height == buffer.height,
           lastChanges.count == buffer.height, shownColumns.count == buffer.height {
            let last = lastChanges
            buffer.updateImage(&image, shown: &shownColumns) { y in
                let now = buffer.changedColumns(row: y)
                if last[y].isEmpty { return now }
                if now.isEmpty { return last[y] }
                return Swift.min(now.lowerBound, last[y].lowerBound)..<Swift.max(now.upperBound, last[y].upperBound)
            }
        } else {
            buffer.writeImage(into: &image, shown: &shownColumns, clearing: false)
        }
        lastChanges = (0..<buffer.height).map { buffer.changedColumns(row: $0) }
        imageTracksCanvas = true
    }

    /// How many units the checkpoint of the canvas at `key` holds (0 when there is none).
    func heldUnits(_ key: UInt64) -> Int {
        checkpoints[key]?.count ?? 0
    }

    /// Lets go of the checkpoints of canvases the frame did not draw into.
    func finish() {
        coverage.finish()
        for (key, checkpoint) in checkpoints where checkpoint.frame != frame {
            if checkpoint.canvas != nil { canvasCount -= 1 }
            checkpoints[key] = nil
        }
    }
}

// MARK: - Walking the units of a frame

/// Where the canvas of a frame being drawn stands against the last frame's units
/// (`CanvasCheckpoint`).
struct CheckpointWalk {
    let checkpoint: CanvasCheckpoint
    /// Units that may be skipped: what the checkpoint's canvas holds (0 when it cannot be used).
    let available: Int
    /// The index of the next unit.
    private(set) var index = 0
    /// Whether every unit so far drew like the last frame's unit at its place.
    private(set) var matching = true
    /// Whether the checkpoint's canvas was copied into the frame's canvas.
    private(set) var restored = false
    /// Whether units were skipped that the checkpoint does not hold: the frame must be drawn again
    /// in full.
    private(set) var failed = false
    /// This frame's units so far.
    private(set) var units: [CanvasCheckpoint.Unit] = []

    /// What to do with a unit.
    enum Step {
        /// Draw it (recording its notes).
        case draw
        /// Draw nothing: the checkpoint holds it (note `notes` again), or the walk failed.
        case skip(notes: [RenderIssue])
    }

    init(checkpoint: CanvasCheckpoint, available: Int) {
        self.checkpoint = checkpoint
        self.available = available
        units.reserveCapacity(checkpoint.units.count)
    }

    /// Decides about the next unit. `restore` copies the checkpoint's canvas into the frame's;
    /// `save` copies the frame's canvas into the checkpoint's (before the frame's first changed
    /// unit) and returns whether it did.
    mutating func begin(revision: UInt64, clip: PixelRect, restore: () -> Void, save: () -> Bool) -> Step {
        guard !failed else { return .skip(notes: []) }
        let position = index
        index += 1
        let unit = CanvasCheckpoint.Unit(revision: revision, clip: clip, notes: [])
        if matching && position == available && available > 0 && !restored {
            restore()
            restored = true
        }
        let last = checkpoint.units
        if matching, position < last.count, last[position].drawsLike(unit) {
            if position < available {
                units.append(last[position])
                return .skip(notes: last[position].notes)
            }
            units.append(unit)
            return .draw
        }
        if matching {
            matching = false
            if position < available {
                // Skipped units below this one that the checkpoint holds only with this one.
                failed = true
                return .skip(notes: [])
            }
            // The checkpoint moves here when it can; otherwise it still holds its units, which
            // drew like this frame's.
            if position != available && position > 0 && save() { checkpoint.count = position }
        }
        units.append(unit)
        return .draw
    }

    /// Records the notes of the unit just drawn.
    mutating func end(notes: [RenderIssue]) {
        guard !failed, !units.isEmpty else { return }
        units[units.count - 1].notes = notes
    }

    /// Ends the frame's walk: copies the checkpoint's canvas in when every unit was skipped, and
    /// keeps this frame's units for the next. Returns false when the frame must be drawn again in
    /// full (`failed`).
    mutating func finish(restore: () -> Void) -> Bool {
        if !failed && matching && available > 0 && !restored {
            if index == available {
                restore()
                restored = true
            } else {
                failed = true
            }
        }
        guard !failed else { return false }
        checkpoint.units = units
        return true
    }
}
