import LottieModel

// MARK: - Masks, mattes and clips
//
// All three multiply an isolated layer's buffer by a coverage in 0...1, only over the buffer's
// dirty region (outside it the buffer is already transparent).
//
// Masks (FORMAT.md "Layers": `masksProperties`) are combined in file order into one plane M.
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
// lighten and darken as their names say. Mask expansion (`x`) is not applied; it is reported.
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
                if mask.expansion != 0 {
                    note("mask expansion (not applied)", at: "\(layer.jsonPath).masksProperties[\(index)]")
                }
                result.append(mask)
            default:
                note("\(mask.mode) (ignored)", at: "\(layer.jsonPath).masksProperties[\(index)]")
            }
        }
        return result
    }

    func applyMasks(_ masks: [SceneMask], transform: AffineTransform, to buffer: PixelBuffer) {
        let region = buffer.dirty.intersection(bounds)
        guard !region.isEmpty else { return }
        let combined = acquirePlane()
        let current = acquirePlane()
        defer {
            release(combined)
            release(current)
        }
        var started = false
        for mask in masks {
            let opacity = Float(mask.opacity.isFinite ? Swift.min(Swift.max(mask.opacity, 0), 1) : 0)
            current.clear(region)
            let polygon = outline(of: [mask.path], transform: transform)
            rasterizer.rasterize(polygon, rule: .nonZero, clip: region) { coverage in
                current.copy(coverage)
            }
            let mode = mask.mode
            let inverted = mask.inverted
            let first = !started
            started = true
            for y in region.minY..<region.maxY {
                let m = combined.values + y * width
                let c = current.values + y * width
                for x in region.minX..<region.maxX {
                    let cur = inverted ? opacity * (1 - c[x]) : opacity * c[x]
                    switch mode {
                    case .add: m[x] = first ? cur : m[x] + cur - m[x] * cur
                    case .subtract: m[x] = (first ? 1 : m[x]) * (1 - cur)
                    case .intersect: m[x] = (first ? 1 : m[x]) * cur
                    case .difference: m[x] = first ? cur : Swift.abs(m[x] - cur)
                    case .lighten: m[x] = first ? cur : Swift.max(m[x], cur)
                    case .darken: m[x] = first ? cur : Swift.min(m[x], cur)
                    default: break
                    }
                }
            }
        }
        guard started else { return }
        for y in region.minY..<region.maxY {
            let m = combined.values + y * width
            let row = buffer.pixels + y * width
            for x in region.minX..<region.maxX { row[x] *= m[x] }
        }
    }

    func applyMatte(_ matte: SceneMatte, fit: AffineTransform, to buffer: PixelBuffer) {
        let region = buffer.dirty.intersection(bounds)
        guard !region.isEmpty else { return }
        let source = acquireBuffer()
        defer { release(source) }
        drawLayer(matte.source, fit: fit, into: source)
        let mode = matte.mode
        switch mode {
        case .alpha, .alphaInverted, .luma, .lumaInverted:
            break
        default:
            note("\(mode) (drawn without the matte)", at: matte.source.jsonPath)
            return
        }
        let weights = SIMD4<Float>(0.299, 0.587, 0.114, 0)
        for y in region.minY..<region.maxY {
            let row = buffer.pixels + y * width
            let matteRow = source.pixels + y * width
            for x in region.minX..<region.maxX {
                let m = matteRow[x]
                let factor: Float
                switch mode {
                case .alpha: factor = m.w
                case .alphaInverted: factor = 1 - m.w
                case .luma: factor = Swift.min(1, (m * weights).sum())
                default: factor = 1 - Swift.min(1, (m * weights).sum())
                }
                row[x] *= factor
            }
        }
    }

    /// The clip of a precomp layer in device pixels, or nil when it has none or it covers the output.
    func clipPolygon(of layer: SceneLayer, transform: AffineTransform) -> Polygon? {
        guard case .precomp(_, let clip?) = layer.content else { return nil }
        let polygon = Polygon.rectangle(clip, transform: transform)
        if transform.b == 0 && transform.c == 0 {
            let xs = polygon.points.map(\.x)
            let ys = polygon.points.map(\.y)
            if let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max(),
               minX <= 0, minY <= 0, maxX >= Double(width), maxY >= Double(height) {
                return nil
            }
        }
        return polygon
    }

    func applyClip(_ clip: Polygon, to buffer: PixelBuffer) {
        let region = buffer.dirty.intersection(bounds)
        guard !region.isEmpty else { return }
        let plane = acquirePlane()
        defer { release(plane) }
        plane.clear(region)
        rasterizer.rasterize(clip, rule: .nonZero, clip: region) { coverage in
            plane.copy(coverage)
        }
        for y in region.minY..<region.maxY {
            let m = plane.values + y * width
            let row = buffer.pixels + y * width
            for x in region.minX..<region.maxX { row[x] *= m[x] }
        }
    }
}

extension CoveragePlane {
    /// Sets every value of `region` to zero.
    func clear(_ region: PixelRect) {
        guard !region.isEmpty else { return }
        for y in region.minY..<region.maxY {
            (values + y * width + region.minX).update(repeating: 0, count: region.width)
        }
    }

    /// Copies the coverage into its rectangle of the plane.
    func copy(_ mask: CoverageMask) {
        let rect = mask.rect.intersection(PixelRect(width: width, height: height))
        guard !rect.isEmpty else { return }
        for y in rect.minY..<rect.maxY {
            let source = mask.row(y) + (rect.minX - mask.rect.minX)
            (values + y * width + rect.minX).update(from: source, count: rect.width)
        }
    }
}
