// MARK: - CanvasCheckpoints
//
// Everything a sequence of frames keeps from one frame to the next (`RenderedFrame`): the
// checkpoints of its canvases (`CanvasCheckpoint`), the frame's own canvas, the coverage of the
// polygons it fills again (`CoverageCache`), and what its image shows.

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
    /// How many frames were drawn with these checkpoints (which of them last used a checkpoint).
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

    /// Calls `body` with the bytes of the frame's canvas (none when there is no canvas yet).
    func withFrameCanvas<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        guard let canvas else { return try body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        return try canvas.withBytes(body)
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
