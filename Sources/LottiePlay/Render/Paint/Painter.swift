// MARK: - Shader

/// What a fill puts at each pixel it covers: premultiplied colours, opacity included.
enum Shader {
    case solid(SIMD4<Float>)
    case gradient(GradientShader)
    case image(ImageShader)
}

// MARK: - Painting

extension PixelBuffer {
    /// Paints `shader` through one row of coverage with source-over:
    /// `dst = src * coverage + dst * (1 - src.alpha * coverage)`. The caller has already grown
    /// `dirty` to hold the span.
    @inline(__always)
    func paint(_ span: CoverageSpan, with shader: Shader) {
        let minX = Swift.max(span.minX, 0)
        let maxX = Swift.min(span.maxX, width)
        guard minX < maxX, span.y >= 0, span.y < height else { return }
        let coverage = span.values + (minX - span.minX)
        let row = pixels + span.y * width + minX
        let count = maxX - minX
        switch shader {
        case .solid(let color):
            paintSolid(row, coverage, count, color: color)
        case .gradient(let gradient):
            paintGradient(row, coverage, count, x: minX, y: span.y, gradient: gradient)
        case .image(let image):
            image.paint(row, coverage: coverage, count: count, x: minX, y: span.y)
        }
    }

    private func paintSolid(_ row: UnsafeMutablePointer<SIMD4<Float>>, _ coverage: UnsafePointer<Float>, _ count: Int,
                            color: SIMD4<Float>) {
        guard color.w > 0 else { return }
        if color.w >= 1 {
            // Opaque: runs of full coverage are a plain fill.
            var x = 0
            while x < count {
                let c = coverage[x]
                if c >= 1 {
                    var end = x + 1
                    // The run's end, four coverages at a time through the interior.
                    while end + 4 <= count,
                          all(UnsafeRawPointer(coverage + end).loadUnaligned(as: SIMD4<Float>.self) .>= 1) {
                        end += 4
                    }
                    while end < count && coverage[end] >= 1 { end += 1 }
                    (row + x).update(repeating: color, count: end - x)
                    x = end
                    continue
                }
                if c > 0 {
                    let source = color * c
                    row[x] = source + row[x] * (1 - source.w)
                }
                x += 1
            }
        } else {
            for x in 0..<count {
                let c = coverage[x]
                if c <= 0 { continue }
                let source = color * c
                row[x] = source + row[x] * (1 - source.w)
            }
        }
    }

    private func paintGradient(_ row: UnsafeMutablePointer<SIMD4<Float>>, _ coverage: UnsafePointer<Float>, _ count: Int,
                               x: Int, y: Int, gradient: GradientShader) {
        let inverse = gradient.inverse
        let step = SIMD2(inverse.a, inverse.b)
        let scale = Double(GradientShader.tableSize - 1)
        let start = inverse.apply(to: Vector2(Double(x) + 0.5, Double(y) + 0.5))
        var point = SIMD2(start.x, start.y)
        gradient.table.withUnsafeBufferPointer { table in
            for index in 0..<count {
                defer { point += step }
                let c = coverage[index]
                if c <= 0 { continue }
                var t = gradient.parameter(point)
                t = t.isNaN ? 0 : Swift.min(Swift.max(t, 0), 1)
                let source = table[Int(t * scale + 0.5)] * c
                row[index] = source + row[index] * (1 - source.w)
            }
        }
    }
}

// MARK: - Coverage planes

/// A canvas-sized plane of coverage values 0...1 (a layer's masks, a clip).
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

    /// Sets every value of `region` to zero.
    func clear(_ region: PixelRect) {
        guard !region.isEmpty else { return }
        for y in region.minY..<region.maxY {
            (values + y * width + region.minX).update(repeating: 0, count: region.width)
        }
    }

    /// Copies one row of coverage into the plane (the rest of the row is left as it is).
    func copy(_ span: CoverageSpan) {
        let minX = Swift.max(span.minX, 0)
        let maxX = Swift.min(span.maxX, width)
        guard minX < maxX, span.y >= 0, span.y < height else { return }
        (values + span.y * width + minX).update(from: span.values + (minX - span.minX), count: maxX - minX)
    }
}
