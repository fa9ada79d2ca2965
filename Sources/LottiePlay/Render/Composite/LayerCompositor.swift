import LottieModel

// MARK: - LayerCompositor
//
// Walks a scene's layers bottom first and draws them into a canvas of premultiplied RGBA8
// pixels (`PixelBuffer`).
//
// A layer is drawn straight into its target when nothing needs it as a whole: opacity 1, no
// masks, no matte, normal blending, no precomp clip (or one on whole pixels, which only narrows
// where drawing shows). Otherwise it is "isolated": drawn into a
// buffer of its own, which is then clipped, masked and matted, and composited into the target
// with the layer's opacity and blend mode. Isolation gives group opacity (two overlapping shapes
// of a half-transparent layer do not show through each other), as After Effects and ThorVG do.
//
// Buffers come from a pool and only their `dirty` region is touched, so a small layer costs
// little on a large canvas. A compositor renders one frame at a time and is not shared between
// threads; `SceneRenderer` keeps idle compositors (with their buffers) for the next frame, so a
// sequence of frames allocates its canvases once.
//
// A frame rendered into a `RenderedFrame` also has checkpoints (`CanvasCheckpoint`): the layers
// at the bottom of the canvas, and of an isolated precomp's buffer, that did not change since the
// frame before are copied from it instead of drawn again.

final class LayerCompositor {
    let width: Int
    let height: Int
    /// The images of the frame being rendered.
    var images = ImageStore()
    /// Flattening tolerance in device pixels. Chords sit inside convex curves, so a coarse
    /// tolerance shrinks shapes: 0.1 px keeps the edge error under ~0.07 px on average (measured
    /// against rlottie, the median PSNR of the reference frames rises from 47 dB at 0.25 px to
    /// 52 dB at 0.1 px; 0.05 px gains nothing more).
    let tolerance = 0.1
    var rasterizer = CoverageRasterizer()
    /// Where drawing can still show: the bounds, narrowed while drawing the content of a layer
    /// whose mask or clip will erase everything outside a smaller box (so that nothing is
    /// painted, cleared and composited only to be erased).
    private var contentClip: PixelRect
    private var freeBuffers: [PixelBuffer] = []
    /// The composition's rectangle in output pixels (the frame rendered through its fit): nothing
    /// is drawn past it, layer effects included.
    private(set) var compositionRect: PixelRect
    /// Where the effects that spread pixels work (`applyEffects`).
    let boxBlur = BoxBlur()
    private var freePlanes: [CoveragePlane] = []
    /// The last polygon `outline(of:transform:)` made, whose storage the next one reuses.
    private var lastOutline = Polygon()
    private(set) var issues: [LottieDiagnostic] = []
    private var issueSet: Set<LottieDiagnostic> = []
    /// The checkpoints the frame being rendered starts from and keeps up to date (nil: none),
    /// and the walks in progress over the units of its canvases, innermost last.
    private var checkpoints: CanvasCheckpoints?
    private var walks: [ActiveWalk] = []

    /// A canvas being drawn unit by unit against its checkpoint.
    private struct ActiveWalk {
        let target: PixelBuffer
        let key: UInt64
        var walk: CheckpointWalk
        /// The features noted by the unit being drawn (nil: none is).
        var notes: [LottieDiagnostic]?
    }

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        contentClip = PixelRect(width: width, height: height)
        compositionRect = contentClip
    }

    deinit {
        rasterizer.deallocate()
    }

    var bounds: PixelRect { PixelRect(width: width, height: height) }

    /// The pixels whose centres the rectangle `width` x `height` covers through `fit` (an upright
    /// fit), or an unbounded rectangle when it cannot be told.
    private static func outputRect(width: Double, height: Double, fit: AffineMatrix) -> PixelRect {
        let limit = Double(Int32.max)
        let corners = [Vector2(x: 0, y: 0), Vector2(x: width, y: height)].map { fit.apply(to: $0) }
        let edges = [Swift.min(corners[0].x, corners[1].x), Swift.min(corners[0].y, corners[1].y),
                     Swift.max(corners[0].x, corners[1].x), Swift.max(corners[0].y, corners[1].y)]
        guard fit.b == 0, fit.c == 0, edges.allSatisfy({ $0.isFinite && abs($0) < limit }) else {
            return PixelRect(minX: Int(Int32.min), minY: Int(Int32.min), maxX: Int(Int32.max), maxY: Int(Int32.max))
        }
        let rounded = edges.map { Int($0.rounded()) }
        return PixelRect(minX: rounded[0], minY: rounded[1], maxX: rounded[2], maxY: rounded[3])
    }

    /// Draws the scene's layers through `fit` (canvas to output pixels) into a buffer of the
    /// pool (give it back with `release` once read), with the frame's images; `issues` start empty.
    /// With `checkpoints`, the units at the bottom of each canvas that its checkpoint holds
    /// unchanged are copied from it rather than drawn (`CanvasCheckpoint`), and the checkpoints
    /// are kept up to date.
    func render(_ scene: LottieScene, images: ImageStore, fit: AffineMatrix,
                checkpoints: CanvasCheckpoints? = nil) -> PixelBuffer {
        self.images = images
        compositionRect = Self.outputRect(width: scene.width, height: scene.height, fit: fit).intersection(bounds)
        contentClip = compositionRect
        defer { contentClip = bounds }
        issues = []
        issueSet = []
        self.checkpoints = checkpoints
        defer {
            self.images = ImageStore()
            self.checkpoints = nil
        }
        checkpoints?.begin(.init(width: width, height: height, fit: fit, images: images.identity))
        let canvas = checkpoints?.frameCanvas(width: width, height: height) ?? acquireBuffer()
        drawUnits(into: canvas, key: CanvasCheckpoints.rootKey) {
            for layer in scene.layers { drawLayer(layer, fit: fit, into: canvas) }
        }
        checkpoints?.finish()
        return canvas
    }

    // MARK: Checkpoints

    /// Runs `body`, which draws into `target` (a clear canvas, or the frame's canvas as the last
    /// frame left it), unit by unit against the checkpoint of the canvas at `key` when the frame
    /// has checkpoints.
    private func drawUnits(into target: PixelBuffer, key: UInt64, _ body: () -> Void) {
        guard let checkpoints else {
            body()
            return
        }
        let checkpoint = checkpoints.checkpoint(key)
        let isFrameCanvas = checkpoints.isFrameCanvas(target)
        if isFrameCanvas && checkpoint.count == 0 {
            // Nothing to start from: the frame is drawn from nothing.
            checkpoints.clearFrameCanvas(target)
        }
        let noted = (issues: issues.count, units: walks.map { $0.notes?.count })
        for attempt in 0..<2 {
            if attempt == 1 {
                // The first attempt skipped units the checkpoint turned out not to hold: forget
                // what it drew and noted, and draw in full.
                if isFrameCanvas { checkpoints.clearFrameCanvas(target) } else { target.clear() }
                checkpoint.count = 0
                for issue in issues[noted.issues...] { issueSet.remove(issue) }
                issues.removeSubrange(noted.issues...)
                for (index, count) in noted.units.enumerated() {
                    if let count { walks[index].notes?.removeSubrange(count...) }
                }
            }
            walks.append(ActiveWalk(target: target, key: key,
                                    walk: CheckpointWalk(checkpoint: checkpoint, available: checkpoint.count)))
            body()
            var walk = walks.removeLast().walk
            if walk.finish(restore: { restore(checkpoint, into: target) }) { return }
        }
    }

    /// Starts drawing `layer` as the next unit of the innermost walk; false when it is not to be
    /// drawn (its canvas already holds it: its notes are noted again).
    private func beginUnit(_ layer: SceneLayer) -> Bool {
        guard let checkpoints, let active = walks.last else { return true }
        let checkpoint = active.walk.checkpoint
        let target = active.target
        let step = walks[walks.count - 1].walk.begin(
            revision: layer.revision, clip: contentClip,
            restore: { restore(checkpoint, into: target) },
            save: {
                guard checkpoints.mayKeepCanvas(checkpoint) else { return false }
                let saved = checkpoint.canvas ?? PixelBuffer(width: width, height: height)
                saved.copy(from: target)
                checkpoint.canvas = saved
                if checkpoints.isFrameCanvas(target) { checkpoints.savedFrameCanvas(target) }
                return true
            })
        switch step {
        case .skip(let notes):
            for issue in notes { note(issue) }
            return false
        case .draw:
            walks[walks.count - 1].notes = []
            return true
        }
    }

    /// Ends the unit of the innermost walk being drawn.
    private func endUnit() {
        guard !walks.isEmpty else { return }
        walks[walks.count - 1].walk.end(notes: walks[walks.count - 1].notes ?? [])
        walks[walks.count - 1].notes = nil
    }

    private func restore(_ checkpoint: CanvasCheckpoint, into canvas: PixelBuffer) {
        guard let saved = checkpoint.canvas else { return }
        if let checkpoints, checkpoints.isFrameCanvas(canvas) {
            checkpoints.restoreFrameCanvas(canvas, from: saved)
        } else {
            canvas.copy(from: saved)
        }
    }

    /// Puts `color` (premultiplied) under every pixel of `canvas`.
    func underlay(_ color: SIMD4<Float>, beneath canvas: PixelBuffer) {
        let background = PremultipliedPixel.word(color)
        guard background != 0 else { return }
        for index in 0..<(width * height) {
            canvas.pixels[index] = PremultipliedPixel.over(canvas.pixels[index], background)
        }
        canvas.dirty = bounds
        canvas.markPainted(bounds)
    }

    /// Runs `body` with drawing narrowed to `rect` as well.
    func drawing(within rect: PixelRect, _ body: () -> Void) {
        let outerClip = contentClip
        contentClip = contentClip.intersection(rect)
        defer { contentClip = outerClip }
        body()
    }

    func note(_ feature: String, at jsonPath: String) {
        note(LottieDiagnostic(.warning, .render, path: jsonPath, message: feature))
    }

    private func note(_ issue: LottieDiagnostic) {
        for index in walks.indices where walks[index].notes != nil { walks[index].notes?.append(issue) }
        if issueSet.insert(issue).inserted { issues.append(issue) }
    }

    // MARK: Buffers

    func acquireBuffer() -> PixelBuffer {
        freeBuffers.popLast() ?? PixelBuffer(width: width, height: height)
    }

    func release(_ buffer: PixelBuffer) {
        buffer.clear()
        freeBuffers.append(buffer)
    }

    func acquirePlane() -> CoveragePlane {
        freePlanes.popLast() ?? CoveragePlane(width: width, height: height)
    }

    func release(_ plane: CoveragePlane) {
        freePlanes.append(plane)
    }

    // MARK: Layers

    func drawLayer(_ layer: SceneLayer, fit: AffineMatrix, into target: PixelBuffer) {
        // A layer seen in perspective is drawn as the flat layer it makes on the canvas.
        if layer.projection != nil {
            drawLayer(layer.projectedOntoCanvas(), fit: fit, into: target)
            return
        }
        // Transform effects move everything the layer draws.
        let moved = layer.transformEffects
        let fit = moved.map { fit * $0.matrix } ?? fit
        let layerOpacity = layer.opacity * (moved?.opacity ?? 1)
        let opacity = layerOpacity.isFinite ? Swift.min(Swift.max(layerOpacity, 0), 1) : 0
        guard opacity > 0 else { return }
        let transform = fit * layer.transform
        let masks = activeMasks(of: layer)
        var clip = precompClip(of: layer, transform: transform)
        let blend = supportedBlendMode(layer.blendMode, at: layer.jsonPath)
        let outerClip = contentClip
        defer { contentClip = outerClip }
        var isolated = opacity < 1 || !masks.isEmpty || layer.matte != nil || blend != .normal
            || !layer.effects.isEmpty
        switch clip {
        case .pixels(let rect):
            contentClip = contentClip.intersection(rect)
        case .upright(let minX, let minY, let maxX, let maxY):
            // Edges inside pixels cut only what reaches the pixels along them: content that
            // stays within the pixels the clip covers whole is drawn as if there were no clip.
            let whole = PixelRect(inside: minX, minY, maxX, maxY)
            if case .precomp(let children, _) = layer.content,
               let painted = paintedBounds(of: children, fit: fit), whole.contains(painted) {
                clip = nil
            } else {
                isolated = true
            }
        case .polygon:
            isolated = true
        case nil:
            break
        }
        var passesThrough = false
        if !isolated, case .precomp = layer.content { passesThrough = true }
        // A unit of the canvas being walked (see `CanvasCheckpoint`).
        let isUnit = !passesThrough && walks.last?.target === target
        if isUnit {
            guard beginUnit(layer) else { return }
        }
        defer { if isUnit { endUnit() } }
        guard isolated else {
            drawContent(of: layer, transform: transform, fit: fit, into: target)
            return
        }
        let buffer = acquireBuffer()
        defer { release(buffer) }
        let polygons = maskPolygons(masks, transform: transform)
        contentClip = contentClip.intersection(erasingBounds(clip: clip, masks: masks, polygons: polygons))
        if isUnit, case .precomp = layer.content,
           let key = walks.last.map({ CanvasCheckpoints.nested(in: $0.key, at: $0.walk.index - 1) }) {
            // The layers of an isolated precomp are units of its buffer.
            drawUnits(into: buffer, key: key) { drawContent(of: layer, transform: transform, fit: fit, into: buffer) }
        } else {
            drawContent(of: layer, transform: transform, fit: fit, into: buffer)
        }
        contentClip = outerClip
        guard !buffer.dirty.isEmpty else { return }
        if let clip { applyClip(clip, to: buffer) }
        if !masks.isEmpty { applyMasks(masks, polygons: polygons, to: buffer) }
        if !layer.effects.isEmpty { applyEffects(layer.effects, masks: layer.masks, transform: transform, to: buffer) }
        if let matte = layer.matte { applyMatte(matte, fit: fit, to: buffer) }
        composite(buffer, into: target, opacity: Float(opacity), mode: blend)
    }

    private func drawContent(of layer: SceneLayer, transform: AffineMatrix, fit: AffineMatrix,
                             into target: PixelBuffer) {
        switch layer.content {
        case .shapes(let drawings):
            for drawing in drawings { drawShape(drawing, transform: transform, into: target) }
        case .text(let text):
            if text.glyphs.isEmpty {
                note("text without glyph outlines (not drawn)", at: layer.jsonPath)
            }
            for drawing in text.glyphs { drawShape(drawing, transform: transform, into: target) }
        case .solid(let color, let width, let height):
            guard width > 0, height > 0 else { return }
            var opaque = color
            opaque.alpha = 1
            let polygon = Polygon.rectangle(Rect(x: 0, y: 0, width: width, height: height), transform: transform)
            fill(polygon, rule: .nonZero, shader: .solid(opaque.premultiplied()), into: target)
        case .image(let assetID, let width, let height):
            drawImage(assetID, width: width, height: height, transform: transform, layer: layer, into: target)
        case .precomp(let children, _):
            for child in children { drawLayer(child, fit: fit, into: target) }
        case .empty:
            break
        }
    }

    private func drawImage(_ assetID: String, width: Double, height: Double, transform: AffineMatrix,
                           layer: SceneLayer, into target: PixelBuffer) {
        guard let image = images.images[assetID] else {
            note("image asset '\(assetID)' not available (not drawn)", at: layer.jsonPath)
            return
        }
        let drawWidth = width > 0 ? width : Double(image.width)
        let drawHeight = height > 0 ? height : Double(image.height)
        let shader = ImageShader(image: image, drawWidth: drawWidth, drawHeight: drawHeight,
                                 transform: transform, opacity: 1)
        let polygon = Polygon.rectangle(Rect(x: 0, y: 0, width: drawWidth, height: drawHeight), transform: transform)
        fill(polygon, rule: .nonZero, shader: .image(shader), into: target)
    }

    // MARK: Shapes

    func drawShape(_ drawing: ShapeDrawing, transform: AffineMatrix, into target: PixelBuffer) {
        let opacity = drawing.opacity.isFinite ? Swift.min(Swift.max(drawing.opacity, 0), 1) : 0
        guard opacity > 0 else { return }
        if drawing.blendMode != .normal {
            note("blend mode \(drawing.blendMode) on a shape style (drawn as normal)", at: drawing.jsonPath)
        }
        switch drawing.paint {
        case .fill(let color, let rule):
            let polygon = outline(of: drawing.paths, transform: transform)
            fill(polygon, rule: rule, shader: .solid(Self.opaque(color).premultiplied(opacity: opacity)), into: target)
        case .stroke(let color, let style):
            let polygon = Stroker(style: style, transform: transform, tolerance: tolerance).outline(of: drawing.paths)
            fill(polygon, rule: .nonZero, shader: .solid(Self.opaque(color).premultiplied(opacity: opacity)), into: target)
        case .gradientFill(let gradient, let rule):
            let polygon = outline(of: drawing.paths, transform: transform)
            let shader = GradientShader(gradient, transform: transform, opacity: opacity)
            fill(polygon, rule: rule, shader: .gradient(shader), into: target)
        case .gradientStroke(let gradient, let style):
            let polygon = Stroker(style: style, transform: transform, tolerance: tolerance).outline(of: drawing.paths)
            let shader = GradientShader(gradient, transform: transform, opacity: opacity)
            fill(polygon, rule: .nonZero, shader: .gradient(shader), into: target)
        }
    }

    /// Fill and stroke colours ignore a fourth (alpha) component, as the players do: opacity
    /// comes from the style's `o`.
    private static func opaque(_ color: RGBAColor) -> RGBAColor {
        var result = color
        result.alpha = 1
        return result
    }

    /// The contours mapped to device pixels and flattened, each closed. The polygon reuses the
    /// storage of the last one made (a frame fills hundreds of shapes), unless something kept it.
    func outline(of paths: [BezierContour], transform: AffineMatrix) -> Polygon {
        var polygon = Polygon()
        swap(&polygon, &lastOutline)
        polygon.removeAll()
        Flattening.append(paths, transform: transform, tolerance: tolerance, to: &polygon)
        lastOutline = polygon
        return polygon
    }

    func fill(_ polygon: Polygon, rule: FillRule, shader: Shader, into target: PixelBuffer) {
        let clip = target.bounds.intersection(contentClip)
        let box = polygon.pixelBounds.intersection(clip)
        guard !box.isEmpty else { return }
        target.dirty = target.dirty.union(box)
        coverage(of: polygon, rule: rule, clip: clip, box: box) { span in target.paint(span, with: shader) }
    }

    /// Hands over the coverage of `polygon` within `clip` (which leaves it `box`) row by row:
    /// rasterized, or from the frames' coverage cache (`CoverageCache`) when the polygon was
    /// filled before.
    private func coverage(of polygon: Polygon, rule: FillRule, clip: PixelRect, box: PixelRect,
                          _ body: (CoverageSpan) -> Void) {
        guard let cache = checkpoints?.coverage else {
            rasterizer.rasterize(polygon, rule: rule, clip: clip, body)
            return
        }
        let cached = cache.lookup(polygon, rule: rule, box: box)
        if let kept = cached.kept {
            cache.replay(kept, body)
        } else if let record = cached.record {
            rasterizer.rasterize(polygon, rule: rule, clip: clip) { span in
                record.record(span)
                body(span)
            }
        } else {
            rasterizer.rasterize(polygon, rule: rule, clip: clip, body)
        }
    }
}
