// MARK: - Shader

/// What a fill puts at each pixel it covers: premultiplied colours, opacity included.
enum Shader {
    case solid(SIMD4<Float>)
    case gradient(GradientShader)
    case image(ImageShader)
}

// MARK: - Painting

extension PixelBuffer {
    /// Paints `shader` through `mask` with source-over: `dst = src * coverage + dst * (1 - src.alpha * coverage)`.
    func paint(_ mask: CoverageMask, with shader: Shader) {
        let rect = mask.rect.intersection(bounds)
        guard !rect.isEmpty else { return }
        dirty = dirty.union(rect)
        switch shader {
        case .solid(let color):
            paintSolid(mask, rect: rect, color: color)
        case .gradient(let gradient):
            paintGradient(mask, rect: rect, gradient: gradient)
        case .image(let image):
            paintImage(mask, rect: rect, image: image)
        }
    }

    private func paintSolid(_ mask: CoverageMask, rect: PixelRect, color: SIMD4<Float>) {
        guard color.w > 0 else { return }
        let opaque = color.w >= 1
        for y in rect.minY..<rect.maxY {
            let coverage = mask.row(y) + (rect.minX - mask.rect.minX)
            let row = pixels + y * width + rect.minX
            for x in 0..<rect.width {
                let c = coverage[x]
                if c <= 0 { continue }
                if opaque && c >= 1 {
                    row[x] = color
                } else {
                    let source = color * c
                    row[x] = source + row[x] * (1 - source.w)
                }
            }
        }
    }

    private func paintGradient(_ mask: CoverageMask, rect: PixelRect, gradient: GradientShader) {
        let inverse = gradient.inverse
        let step = SIMD2(inverse.a, inverse.b)
        let scale = Double(GradientShader.tableSize - 1)
        gradient.table.withUnsafeBufferPointer { table in
            for y in rect.minY..<rect.maxY {
                let coverage = mask.row(y) + (rect.minX - mask.rect.minX)
                let row = pixels + y * width + rect.minX
                let start = inverse.apply(to: Vector2(Double(rect.minX) + 0.5, Double(y) + 0.5))
                var point = SIMD2(start.x, start.y)
                for x in 0..<rect.width {
                    defer { point += step }
                    let c = coverage[x]
                    if c <= 0 { continue }
                    var t = gradient.parameter(point)
                    t = t.isNaN ? 0 : Swift.min(Swift.max(t, 0), 1)
                    let source = table[Int(t * scale + 0.5)] * c
                    row[x] = source + row[x] * (1 - source.w)
                }
            }
        }
    }

    private func paintImage(_ mask: CoverageMask, rect: PixelRect, image: ImageShader) {
        let inverse = image.inverse
        let step = SIMD2(inverse.a, inverse.b)
        for y in rect.minY..<rect.maxY {
            let coverage = mask.row(y) + (rect.minX - mask.rect.minX)
            let row = pixels + y * width + rect.minX
            let start = inverse.apply(to: Vector2(Double(rect.minX) + 0.5, Double(y) + 0.5))
            var point = SIMD2(start.x, start.y)
            for x in 0..<rect.width {
                defer { point += step }
                let c = coverage[x]
                if c <= 0 { continue }
                let source = image.sample(point) * (c * image.opacity)
                row[x] = source + row[x] * (1 - source.w)
            }
        }
    }
}

// MARK: - Coverage buffers

/// A canvas-sized plane of coverage values 0...1 (a layer's combined masks, a clip).
final class CoveragePlane {
    let width: Int
    let height: Int
    let values: UnsafeMutablePointer<Float>

    init(width: Int, height: Int, value: Float = 0) {
        self.width = width
        self.height = height
        values = UnsafeMutablePointer<Float>.allocate(capacity: Swift.max(1, width * height))
        values.initialize(repeating: value, count: Swift.max(1, width * height))
    }

    deinit {
        values.deallocate()
    }

    func fill(_ value: Float) {
        values.update(repeating: value, count: width * height)
    }

    /// Writes `mask` scaled by `scale` into this plane (zero outside the mask's rectangle).
    func set(_ mask: CoverageMask?, scale: Float) {
        fill(0)
        guard let mask else { return }
        let rect = mask.rect.intersection(PixelRect(width: width, height: height))
        guard !rect.isEmpty else { return }
        for y in rect.minY..<rect.maxY {
            let source = mask.row(y) + (rect.minX - mask.rect.minX)
            let row = values + y * width + rect.minX
            for x in 0..<rect.width { row[x] = source[x] * scale }
        }
    }
}
