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
    /// `dst = src * coverage + dst * (1 - src.alpha * coverage)`, in 8-bit premultiplied words. The caller has already grown
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

    private func paintSolid(_ row: UnsafeMutablePointer<UInt32>, _ coverage: UnsafePointer<Float>, _ count: Int,
                            color: SIMD4<Float>) {
        let word = PremultipliedPixel.word(color)
        guard word != 0 else { return }
        // The colour scaled by each pixel's coverage, over the pixel; an opaque colour fills
        // runs of full coverage with its word.
        let opaque = PremultipliedPixel.alpha(word) == 255
        let words = SIMD4<UInt32>(repeating: word)
        var x = 0
        while x + 4 <= count {
            let values = UnsafeRawPointer(coverage + x).loadUnaligned(as: SIMD4<Float>.self)
            if opaque && all(values .>= 1) {
                var end = x + 4
                while end + 4 <= count,
                      all(UnsafeRawPointer(coverage + end).loadUnaligned(as: SIMD4<Float>.self) .>= 1) {
                    end += 4
                }
                (row + x).update(repeating: word, count: end - x)
                x = end
                continue
            }
            if any(values .> 0) {
                let target = UnsafeMutableRawPointer(row + x)
                let sources = PremultipliedPixel.scaled(words, by: PremultipliedPixel.factors(values))
                let blended = PremultipliedPixel.over(sources, target.loadUnaligned(as: SIMD4<UInt32>.self))
                target.storeBytes(of: blended, as: SIMD4<UInt32>.self)
            }
            x += 4
        }
        while x < count {
            let c = coverage[x]
            if c > 0 {
                let source = PremultipliedPixel.scaled(word, by: PremultipliedPixel.factor(c))
                row[x] = PremultipliedPixel.over(source, row[x])
            }
            x += 1
        }
    }

    private func paintGradient(_ row: UnsafeMutablePointer<UInt32>, _ coverage: UnsafePointer<Float>, _ count: Int,
                               x: Int, y: Int, gradient: GradientShader) {
        let inverse = gradient.inverse
        let step = SIMD2(inverse.a, inverse.b)
        let scale = Double(GradientShader.tableSize - 1)
        let start = inverse.apply(to: Vector2(Double(x) + 0.5, Double(y) + 0.5))
        var point = SIMD2(start.x, start.y)
        gradient.words.withUnsafeBufferPointer { words in
            for index in 0..<count {
                defer { point += step }
                let c = coverage[index]
                if c <= 0 { continue }
                var t = gradient.parameter(point)
                t = t.isNaN ? 0 : Swift.min(Swift.max(t, 0), 1)
                let color = words[Int(t * scale + 0.5)]
                let source = c >= 1 ? color : PremultipliedPixel.scaled(color, by: PremultipliedPixel.factor(c))
                row[index] = PremultipliedPixel.over(source, row[index])
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
