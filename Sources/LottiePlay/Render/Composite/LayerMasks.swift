import LottieModel

// MARK: - Masks, mattes and clips
//
// All three multiply an isolated layer's buffer by a coverage in 0...1, only over the buffer's
// dirty region (outside it the buffer is already transparent).
//
// Masks (FORMAT.md "Layers and transforms": `masksProperties`) are combined in file order into one plane M.
// Each mask's own value is its coverage times its opacity, or for an inverted mask its opacity
// times the uncovered fraction (lottie-web's reading). Starting with "nothing yet":
//   add        M = cur (first) or M + cur - M * cur (union)
//   subtract   M = (M, or everything for a first mask) * (1 - cur)
//   intersect  M = (M, or everything for a first mask) * cur
//   difference M = cur (first) or |M - cur|
//   lighten    M = cur (first) or max(M, cur)
//   darken     M = cur (first) or min(M, cur)
//   none       ignored (a layer whose masks are all "none" is not masked)
// This is rlottie's scheme (which starts subtract and intersect from the full clip), with
// lighten and darken as their names say. Mask expansion (`x`) grows (or, negative, shrinks) the
// path by that distance with the offset-path geometry (miter joins, limit 4), whichever way the
// path runs, as After Effects and ThorVG do; rlottie ignores it.
//
// Track mattes: the matte source layer is drawn into a buffer of its own (with its own
// transform, opacity, masks), and the layer is multiplied by its alpha, 1 - alpha, its luma
// (Rec. 601 weights on premultiplied colour, so transparent counts as black) or 1 - luma.
//
// Precomp clips: a precomp layer with a size shows its children only inside (0, 0, w, h) of its
// own space; the clip is skipped when it covers the whole output.

extension LayerCompositor {
    /// The masks that do something, reporting the ones that are not fully supported.
    func activeMasks(of layer: SceneLayer) -> [SceneMask] {
        var result: [SceneMask] = []
        for (index, mask) in layer.masks.enumerated() {
            switch mask.mode {
            case .none:
                continue
            case .add, .subtract, .intersect, .difference, .lighten, .darken:
                result.append(mask)
            default:
                note("\(mask.mode) (ignored)", at: "\(layer.jsonPath).masksProperties[\(index)]")
            }
        }
        return result
    }

    /// Each mask's (expanded) path in device pixels, flattened once for both `maskedBounds` and
    /// `applyMasks`.
    func maskPolygons(_ masks: [SceneMask], transform: AffineMatrix) -> [Polygon] {
        masks.map { outline(of: [$0.expandedPath], transform: transform) }
    }

    /// A box outside which the combined masks are zero (so the layer is erased there), or the
    /// whole output when there is none: the first mask's box, grown by the boxes of masks that
    /// add to the combination. Masks that only take away (subtract, intersect, darken, after the
    /// first) cannot grow it; an inverted or first subtracting mask leaves the outside visible.
    func maskedBounds(_ masks: [SceneMask], polygons: [Polygon]) -> PixelRect {
        var result: PixelRect?
        for (mask, polygon) in zip(masks, polygons) {
            let operation = MaskOperation(mask.mode)
            guard let box = result else {
                if mask.inverted || operation == .subtract { return bounds }
                result = polygon.pixelBounds
                continue
            }
            switch operation {
            case .add, .lighten, .difference:
                if mask.inverted { return bounds }
                result = box.union(polygon.pixelBounds)
            case .subtract, .intersect, .darken, .none:
                continue
            }
        }
        return (result ?? bounds).intersection(bounds)
    }

    /// The box outside which a precomp clip or the masks erase the layer, or the whole output.
    func erasingBounds(clip: PrecompClip?, masks: [SceneMask], polygons: [Polygon]) -> PixelRect {
        var result = bounds
        if let clip { result = result.intersection(clip.pixelBounds) }
        if !masks.isEmpty { result = result.intersection(maskedBounds(masks, polygons: polygons)) }
        return result
    }

    /// Multiplies the buffer by the combined masks; `polygons` are `maskPolygons(masks, ...)`.
    func applyMasks(_ masks: [SceneMask], polygons: [Polygon], to buffer: PixelBuffer) {
        let region = buffer.dirty.intersection(bounds)
        guard !region.isEmpty, masks.count == polygons.count else { return }
        if masks.count == 1, !masks[0].inverted {
            let mask = masks[0]
            let opacity = Float(mask.opacity.isFinite ? Swift.min(Swift.max(mask.opacity, 0), 1) : 0)
            multiply(buffer, by: polygons[0], opacity: opacity, subtracting: MaskOperation(mask.mode) == .subtract,
                     in: region)
            return
        }
        let combined = acquirePlane()
        let current = acquirePlane()
        defer {
            release(combined)
            release(current)
        }
        var started = false
        for (mask, polygon) in zip(masks, polygons) {
            let opacity = Float(mask.opacity.isFinite ? Swift.min(Swift.max(mask.opacity, 0), 1) : 0)
            let operation = MaskOperation(mask.mode)
            if !mask.inverted && (!started || operation.keepsUncovered) {
                // Only the covered spans change the combination: skip the full-region passes.
                // A first mask starts from everything (subtract) or from nothing; from nothing,
                // adding its value (0 + c - 0 * c) sets M = c exactly, whatever its mode.
                if !started { combined.fill(region, with: operation == .subtract ? 1 : 0) }
                let spanOperation = started || operation == .subtract ? operation : .add
                rasterizer.rasterize(polygon, rule: .nonZero, clip: region) { span in
                    combined.combine(span, opacity: opacity, spanOperation)
                }
                started = true
                continue
            }
            current.clear(region)
            rasterizer.rasterize(polygon, rule: .nonZero, clip: region) { span in
                current.copy(span)
            }
            // The mask's own value, in place: opacity times coverage (or the uncovered part).
            let inverted = mask.inverted
            combine(current, into: current, over: region) { _, c in inverted ? opacity * (1 - c) : opacity * c }
            if !started {
                if operation == .subtract {
                    combine(current, into: combined, over: region) { _, c in 1 - c }
                } else {
                    combine(current, into: combined, over: region) { _, c in c }
                }
                started = true
                continue
            }
            switch operation {
            case .add: combine(current, into: combined, over: region) { m, c in m + c - m * c }
            case .subtract: combine(current, into: combined, over: region) { m, c in m * (1 - c) }
            case .intersect: combine(current, into: combined, over: region) { m, c in m * c }
            case .difference: combine(current, into: combined, over: region) { m, c in Swift.abs(m - c) }
            case .lighten: combine(current, into: combined, over: region) { m, c in Swift.max(m, c) }
            case .darken: combine(current, into: combined, over: region) { m, c in Swift.min(m, c) }
            case .none: break
            }
        }
        guard started else { return }
        for y in region.minY..<region.maxY {
            let m = combined.values + y * width
            let row = buffer.pixels + y * width
            for x in region.minX..<region.maxX {
                row[x] = PremultipliedPixel.scaled(row[x], by: PremultipliedPixel.factor(m[x]))
            }
        }
    }

    /// `target = operation(target, source)` for every value of `region`.
    @inline(__always)
    private func combine(_ source: CoveragePlane, into target: CoveragePlane, over region: PixelRect,
                         _ operation: (Float, Float) -> Float) {
        for y in region.minY..<region.maxY {
            let t = target.values + y * width
            let c = source.values + y * width
            for x in region.minX..<region.maxX { t[x] = operation(t[x], c[x]) }
        }
    }

    /// Multiplies the buffer by the polygon's coverage times `opacity` (or, when `subtracting`,
    /// by one minus that). Without subtraction everything outside the polygon is cleared, which
    /// also shrinks the dirty region to the polygon's box.
    private func multiply(_ buffer: PixelBuffer, by polygon: Polygon, opacity: Float, subtracting: Bool,
                          in region: PixelRect) {
        // Inside the polygon's box each row is multiplied by the coverage (and, unless
        // subtracting, cleared outside its spans); outside the box nothing of the layer remains.
        // Only the columns the buffer painted are visited: the others are transparent already.
        // A row's spans come left to right: `row` is the one being multiplied, done up to `done`.
        var row = (y: Int.min, minX: 0, maxX: 0, done: 0)
        func finishRow() {
            guard !subtracting, row.done < row.maxX else { return }
            (buffer.pixels + row.y * width + row.done).update(repeating: 0, count: row.maxX - row.done)
        }
        let box = rasterizer.rasterize(polygon, rule: .nonZero, clip: region) { span in
            if span.y != row.y {
                finishRow()
                let painted = buffer.paintedColumns(row: span.y)
                let minX = Swift.max(painted.lowerBound, region.minX)
                let maxX = Swift.max(Swift.min(painted.upperBound, region.maxX), minX)
                row = (span.y, minX, maxX, minX)
            }
            let pixels = buffer.pixels + span.y * width
            let spanMin = Swift.min(Swift.max(span.minX, row.done), row.maxX)
            let spanMax = Swift.max(Swift.min(span.maxX, row.maxX), spanMin)
            if !subtracting { (pixels + row.done).update(repeating: 0, count: spanMin - row.done) }
            Self.scale(pixels + spanMin, by: span.values + (spanMin - span.minX), count: spanMax - spanMin,
                       opacity: opacity, subtracting: subtracting)
            row.done = spanMax
        } ?? .empty
        finishRow()
        guard !subtracting else { return }
        for y in region.minY..<region.maxY where box.isEmpty || y < box.minY || y >= box.maxY {
            let painted = buffer.paintedColumns(row: y)
            let minX = Swift.max(painted.lowerBound, region.minX)
            let maxX = Swift.min(painted.upperBound, region.maxX)
            if minX < maxX { (buffer.pixels + y * width + minX).update(repeating: 0, count: maxX - minX) }
        }
        buffer.dirty = box.intersection(region)
    }

    /// Scales `count` pixels by their coverage times `opacity` (one minus that when
    /// `subtracting`), four at a time; transparent pixels and factors of 255 are left alone.
    @inline(__always)
    private static func scale(_ pixels: UnsafeMutablePointer<UInt32>, by coverage: UnsafePointer<Float>, count: Int,
                              opacity: Float, subtracting: Bool) {
        var x = 0
        while x + 4 <= count {
            let words = UnsafeRawPointer(pixels + x).loadUnaligned(as: SIMD4<UInt32>.self)
            if words != .zero {
                let values = UnsafeRawPointer(coverage + x).loadUnaligned(as: SIMD4<Float>.self) * opacity
                let factors = PremultipliedPixel.factors(subtracting ? 1 - values : values)
                if any(factors .!= 255) {
                    UnsafeMutableRawPointer(pixels + x).storeBytes(of: PremultipliedPixel.scaled(words, by: factors),
                                                                   as: SIMD4<UInt32>.self)
                }
            }
            x += 4
        }
        while x < count {
            let value = opacity * coverage[x]
            let factor = PremultipliedPixel.factor(subtracting ? 1 - value : value)
            if factor < 255 { pixels[x] = PremultipliedPixel.scaled(pixels[x], by: factor) }
            x += 1
        }
    }

    func applyMatte(_ matte: SceneMatte, fit: AffineMatrix, to buffer: PixelBuffer) {
        let region = buffer.dirty.intersection(bounds)
        guard !region.isEmpty else { return }
        let source = acquireBuffer()
        defer { release(source) }
        // Only where the layer has pixels does the matte matter: a matte the size of the
        // composition over a small layer is drawn only over that layer.
        drawing(within: region) { drawLayer(matte.source, fit: fit, into: source) }
        switch matte.mode {
        case .alpha:
            multiply(buffer, in: region, byMatte: source) { PremultipliedPixel.alphas($0) }
        case .alphaInverted:
            multiply(buffer, in: region, byMatte: source) { 255 &- PremultipliedPixel.alphas($0) }
        case .luma:
            multiply(buffer, in: region, byMatte: source) { Self.lumas($0) }
        case .lumaInverted:
            multiply(buffer, in: region, byMatte: source) { 255 &- Self.lumas($0) }
        default:
            note("\(matte.mode) (drawn without the matte)", at: matte.source.jsonPath)
        }
    }

    /// Scales the pixels of `buffer` in `region` by `factors` (0...255) of the pixels of `matte`
    /// at the same places, four at a time. Only the columns the buffer painted are visited;
    /// transparent pixels, and pixels whose factor is 255, are left as they are.
    @inline(__always)
    func multiply(_ buffer: PixelBuffer, in region: PixelRect, byMatte matte: PixelBuffer,
                          factors: (SIMD4<UInt32>) -> SIMD4<UInt32>) {
        for y in region.minY..<region.maxY {
            let painted = buffer.paintedColumns(row: y)
            let minX = Swift.max(painted.lowerBound, region.minX)
            let maxX = Swift.min(painted.upperBound, region.maxX)
            guard minX < maxX else { continue }
            let row = buffer.pixels + y * width
            let matteRow = matte.pixels + y * width
            var x = minX
            while x + 4 <= maxX {
                let words = UnsafeRawPointer(row + x).loadUnaligned(as: SIMD4<UInt32>.self)
                if words != .zero {
                    let scale = factors(UnsafeRawPointer(matteRow + x).loadUnaligned(as: SIMD4<UInt32>.self))
                    if any(scale .!= 255) {
                        UnsafeMutableRawPointer(row + x).storeBytes(of: PremultipliedPixel.scaled(words, by: scale),
                                                                    as: SIMD4<UInt32>.self)
                    }
                }
                x += 4
            }
            while x < maxX {
                let factor = factors(SIMD4(repeating: matteRow[x]))[0]
                if factor < 255 { row[x] = PremultipliedPixel.scaled(row[x], by: factor) }
                x += 1
            }
        }
    }

    /// The luma of four premultiplied words (Rec. 601 weights) as factors in 0...255, rounded.
    @inline(__always)
    private static func lumas(_ words: SIMD4<UInt32>) -> SIMD4<UInt32> {
        let red = PremultipliedPixel.values(words, byte: 0)
        let green = PremultipliedPixel.values(words, byte: 1)
        let blue = PremultipliedPixel.values(words, byte: 2)
        return PremultipliedPixel.factors((red * 0.299 + green * 0.587 + blue * 0.114) * (1 / 255))
    }

    /// The clip of a precomp layer in device pixels, or nil when it has none or it covers the output.
    func precompClip(of layer: SceneLayer, transform: AffineMatrix) -> PrecompClip? {
        guard case .precomp(_, let clip?) = layer.content else { return nil }
        let polygon = Polygon.rectangle(clip, transform: transform)
        guard transform.b == 0 && transform.c == 0 else { return .polygon(polygon) }
        let xs = polygon.points.map(\.x)
        let ys = polygon.points.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max(),
              [minX, minY, maxX, maxY].allSatisfy(\.isFinite) else {
            return .polygon(polygon)
        }
        if minX <= 0, minY <= 0, maxX >= Double(width), maxY >= Double(height) { return nil }
        // A rectangle on whole pixels covers each pixel fully or not at all: drawing only inside
        // it is the clip, with no buffer of its own (a canvas scaled to the output usually lands
        // there, e.g. 1920 x 1080 into 512 x 512).
        if let rect = PixelRect(onWholePixels: minX, minY, maxX, maxY) { return .pixels(rect) }
        return .upright(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
    }

    func applyClip(_ clip: PrecompClip, to buffer: PixelBuffer) {
        let region = buffer.dirty.intersection(bounds)
        guard !region.isEmpty else { return }
        switch clip {
        case .pixels:
            break  // nothing outside was drawn
        case .upright(let minX, let minY, let maxX, let maxY):
            scaleEdges(of: buffer, in: region, byOverlapWith: (minX, minY, maxX, maxY))
        case .polygon(let polygon):
            multiply(buffer, by: polygon, opacity: 1, subtracting: false, in: region)
        }
    }

    /// Multiplies each pixel of `region` by the area an upright rectangle covers of it, the
    /// product of its row's and its column's overlap: only rows and columns that are not
    /// covered whole are visited (the rectangle's edges, and anything outside it).
    private func scaleEdges(of buffer: PixelBuffer, in region: PixelRect,
                            byOverlapWith box: (minX: Double, minY: Double, maxX: Double, maxY: Double)) {
        func scale(_ pixel: UnsafeMutablePointer<UInt32>, by factor: Float) {
            pixel.pointee = PremultipliedPixel.scaled(pixel.pointee, by: PremultipliedPixel.factor(factor))
        }
        func overlap(_ pixel: Int, _ low: Double, _ high: Double) -> Float {
            Float(Swift.min(Swift.max(Swift.min(Double(pixel + 1), high) - Swift.max(Double(pixel), low), 0), 1))
        }
        // Columns outside [firstWhole, endWhole) are the ones only partly covered (or not at all).
        let firstWhole = Int(Swift.min(Swift.max(box.minX.rounded(.up), Double(region.minX)), Double(region.maxX)))
        let endWhole = Int(Swift.min(Swift.max(box.maxX.rounded(.down), Double(firstWhole)), Double(region.maxX)))
        for y in region.minY..<region.maxY {
            let row = buffer.pixels + y * buffer.width
            let rowCover = overlap(y, box.minY, box.maxY)
            if rowCover < 1 {
                for x in region.minX..<region.maxX { scale(row + x, by: rowCover * overlap(x, box.minX, box.maxX)) }
                continue
            }
            for x in region.minX..<firstWhole { scale(row + x, by: overlap(x, box.minX, box.maxX)) }
            for x in endWhole..<region.maxX { scale(row + x, by: overlap(x, box.minX, box.maxX)) }
        }
    }
}

extension SceneMask {
    /// The path grown by the expansion (shrunk when negative), whichever way it runs.
    var expandedPath: BezierContour {
        guard expansion != 0, expansion.isFinite, path.vertices.count >= 2 else { return path }
        // The offset moves a clockwise (on screen, y down) contour outwards for a positive amount.
        var twiceArea = 0.0
        let vertices = path.vertices
        for index in vertices.indices {
            let next = vertices[(index + 1) % vertices.count]
            twiceArea += vertices[index].x * next.y - next.x * vertices[index].y
        }
        let amount = twiceArea >= 0 ? expansion : -expansion
        var closed = path
        closed.closed = true
        return ShapeOperations.offset(closed, amount: amount, join: .miter, miterLimit: 4)
    }
}

/// A mask mode as a plain enum, so that the per-pixel loop does not compare strings.
enum MaskOperation {
    case add, subtract, intersect, difference, lighten, darken, none

    /// Whether a mask value of 0 leaves the combination as it is (so only covered pixels matter).
    var keepsUncovered: Bool {
        switch self {
        case .add, .subtract, .difference, .lighten, .none: true
        case .intersect, .darken: false
        }
    }

    init(_ mode: MaskMode) {
        switch mode {
        case .add: self = .add
        case .subtract: self = .subtract
        case .intersect: self = .intersect
        case .difference: self = .difference
        case .lighten: self = .lighten
        case .darken: self = .darken
        default: self = .none
        }
    }
}

// MARK: - Combining spans

extension CoveragePlane {
    /// Sets every value of `region` to `value`.
    func fill(_ region: PixelRect, with value: Float) {
        guard !region.isEmpty else { return }
        for y in region.minY..<region.maxY {
            (values + y * width + region.minX).update(repeating: value, count: region.width)
        }
    }

    /// `M = operation(M, opacity * coverage)` over one span of a mask (the formulas of the file
    /// comment, for operations that leave uncovered pixels unchanged).
    func combine(_ span: CoverageSpan, opacity: Float, _ operation: MaskOperation) {
        let minX = Swift.max(span.minX, 0)
        let maxX = Swift.min(span.maxX, width)
        guard minX < maxX, span.y >= 0, span.y < height else { return }
        let m = values + span.y * width + minX
        let coverage = span.values + (minX - span.minX)
        let count = maxX - minX
        switch operation {
        case .add: for x in 0..<count { let c = opacity * coverage[x]; m[x] = m[x] + c - m[x] * c }
        case .subtract: for x in 0..<count { m[x] *= 1 - opacity * coverage[x] }
        case .difference: for x in 0..<count { m[x] = Swift.abs(m[x] - opacity * coverage[x]) }
        case .lighten: for x in 0..<count { m[x] = Swift.max(m[x], opacity * coverage[x]) }
        case .intersect, .darken, .none: break
        }
    }
}
