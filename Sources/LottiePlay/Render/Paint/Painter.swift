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
    /// `dst = src * coverage + dst * (1 - src.alpha * coverage)`, in premultiplied 8-bit words.
    /// The caller has already grown `dirty` to hold the span.
    @inline(__always)
    func paint(_ span: CoverageSpan, with shader: Shader) {
        let minX = Swift.max(span.minX, 0)
        let maxX = Swift.min(span.maxX, width)
        guard minX < maxX, span.y >= 0, span.y < height else { return }
        let coverage = span.values + (minX - span.minX)
        let row = pixels + span.y * width + minX
        let count = maxX - minX
        markPainted(row: span.y, from: minX, to: maxX)
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
        paintColors(row, coverage, count, fillingRunsWith: PremultipliedPixel.alpha(word) == 255 ? word : nil,
                    SameColors(words: SIMD4(repeating: word)))
    }

    private func paintGradient(_ row: UnsafeMutablePointer<UInt32>, _ coverage: UnsafePointer<Float>, _ count: Int,
                               x: Int, y: Int, gradient: GradientShader) {
        let inverse = gradient.inverse
        let step = SIMD2(inverse.a, inverse.b)
        let start = inverse.apply(to: Vector2(Double(x) + 0.5, Double(y) + 0.5))
        let first = SIMD2(start.x, start.y)
        gradient.words.withUnsafeBufferPointer { words in
            guard let words = words.baseAddress else { return }
            let table = GradientTable(words: words)
            // Each geometry gets its own loop, four pixels at a time: along a row a linear
            // gradient's t moves by a constant step.
            switch gradient.geometry {
            case .linear(let origin, let direction):
                let t0 = ((first - origin) * direction).sum()
                let dt = (step * direction).sum()
                paintColors(row, coverage, count, fillingRunsWith: nil, LinearColors(table: table, t0: t0, dt: dt))
            case .radial(let center, let focal, let radius, let a):
                guard radius > 0 else {
                    paintColors(row, coverage, count, fillingRunsWith: nil,
                                SameColors(words: table.colors(SIMD4(repeating: 1))))
                    return
                }
                // `GradientShader.radialParameter` with what does not change along the row worked
                // out once: d = p - center - focal moves by `step`, and b = d . (-focal) by a constant.
                let d0 = first - center - focal
                let colors = RadialColors(table: table, d0: d0, step: step, b0: (d0 * -focal).sum(),
                                          db: (step * -focal).sum(), a: a)
                paintColors(row, coverage, count, fillingRunsWith: nil, colors)
            case .constant:
                paintColors(row, coverage, count, fillingRunsWith: nil,
                            SameColors(words: table.colors(SIMD4(repeating: 1))))
            }
        }
    }

    /// Whether the `groups` x 4 coverage values at `values` are all 1. Coverage lies in 0...1,
    /// where a bit pattern holds every bit of 1's only if it is 1: the values are all 1 exactly
    /// when the AND of their patterns is, one comparison for all of them.
    @inline(__always)
    private static func isFull(_ values: UnsafePointer<Float>, _ groups: Int) -> Bool {
        var common = UnsafeRawPointer(values).loadUnaligned(as: SIMD4<UInt32>.self)
        for group in 1..<groups {
            common &= UnsafeRawPointer(values + 4 * group).loadUnaligned(as: SIMD4<UInt32>.self)
        }
        return all(common .== (1 as Float).bitPattern)
    }

    /// Paints `colors.colors(i)` (the colours of pixels `i ..< i + 4`) through the coverage with
    /// source-over, four pixels at a time; runs of full coverage are filled with `fill` when it is
    /// given (an opaque colour that `colors` always returns). Generic rather than taking a
    /// closure, so that each kind of colours gets this loop with its arithmetic inlined.
    @inline(__always)
    private func paintColors<Colors: RowColors>(_ row: UnsafeMutablePointer<UInt32>, _ coverage: UnsafePointer<Float>,
                                                _ count: Int, fillingRunsWith fill: UInt32?, _ colors: Colors) {
        var x = 0
        while x + 4 <= count {
            let values = UnsafeRawPointer(coverage + x).loadUnaligned(as: SIMD4<Float>.self)
            if let fill, all(values .>= 1) {
                // A run of full coverage, filled as it is found: sixteen pixels at a time, then
                // four.
                let words = SIMD4<UInt32>(repeating: fill)
                while x + 16 <= count, Self.isFull(coverage + x, 4) {
                    for offset in stride(from: 0, to: 16, by: 4) {
                        UnsafeMutableRawPointer(row + x + offset).storeBytes(of: words, as: SIMD4<UInt32>.self)
                    }
                    x += 16
                }
                while x + 4 <= count, Self.isFull(coverage + x, 1) {
                    UnsafeMutableRawPointer(row + x).storeBytes(of: words, as: SIMD4<UInt32>.self)
                    x += 4
                }
                continue
            }
            if any(values .> 0) {
                let four = colors.colors(x)
                let sources = all(values .>= 1) ? four : PremultipliedPixel.scaled(four, by: PremultipliedPixel.factors(values))
                let target = UnsafeMutableRawPointer(row + x)
                let blended = PremultipliedPixel.over(sources, target.loadUnaligned(as: SIMD4<UInt32>.self))
                target.storeBytes(of: blended, as: SIMD4<UInt32>.self)
            }
            x += 4
        }
        while x < count {
            let c = coverage[x]
            if c > 0 {
                let color = colors.colors(x)[0]
                let source = c >= 1 ? color : PremultipliedPixel.scaled(color, by: PremultipliedPixel.factor(c))
                row[x] = PremultipliedPixel.over(source, row[x])
            }
            x += 1
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
