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
        let words = SIMD4<UInt32>(repeating: word)
        paintColors(row, coverage, count, fillingRunsWith: PremultipliedPixel.alpha(word) == 255 ? word : nil) { _ in words }
    }

    private func paintGradient(_ row: UnsafeMutablePointer<UInt32>, _ coverage: UnsafePointer<Float>, _ count: Int,
                               x: Int, y: Int, gradient: GradientShader) {
        let inverse = gradient.inverse
        let step = SIMD2(inverse.a, inverse.b)
        let start = inverse.apply(to: Vector2(Double(x) + 0.5, Double(y) + 0.5))
        let first = SIMD2(start.x, start.y)
        let scale = Double(GradientShader.tableSize - 1)
        gradient.words.withUnsafeBufferPointer { words in
            guard let words = words.baseAddress else { return }
            // The table colours at four values of t, clamped to 0...1 (NaN counts as 0).
            @inline(__always)
            func colors(_ t: SIMD4<Double>) -> SIMD4<UInt32> {
                var clamped = t.replacing(with: 0, where: .!(t .> 0))
                clamped.replace(with: 1, where: clamped .> 1)
                let entries = clamped * scale + 0.5
                return SIMD4(words[Int(entries[0])], words[Int(entries[1])], words[Int(entries[2])],
                             words[Int(entries[3])])
            }
            // Each geometry gets its own loop, four pixels at a time: along a row a linear
            // gradient's t moves by a constant step.
            let lanes = SIMD4<Double>(0, 1, 2, 3)
            switch gradient.geometry {
            case .linear(let origin, let direction):
                let t0 = ((first - origin) * direction).sum()
                let dt = (step * direction).sum()
                paintColors(row, coverage, count, fillingRunsWith: nil) { colors(t0 + (lanes + Double($0)) * dt) }
            case .radial(let center, let focal, let radius, let a):
                // `GradientShader.radialParameter` with what does not change along the row worked
                // out once: d = p - center - focal moves by `step`, and b = d . (-focal) by a constant.
                guard radius > 0 else {
                    let end = colors(SIMD4(repeating: 1))
                    paintColors(row, coverage, count, fillingRunsWith: nil) { _ in end }
                    return
                }
                let d0 = first - center - focal
                let b0 = (d0 * -focal).sum()
                let db = (step * -focal).sum()
                let inverseA = 1 / a
                paintColors(row, coverage, count, fillingRunsWith: nil) { index in
                    let i = lanes + Double(index)
                    return colors(GradientShader.radialParameter(dx: d0.x + step.x * i, dy: d0.y + step.y * i,
                                                                 b: b0 + db * i, a: a, inverseA: inverseA))
                }
            case .constant:
                let end = colors(SIMD4(repeating: 1))
                paintColors(row, coverage, count, fillingRunsWith: nil) { _ in end }
            }
        }
    }

    /// Paints `colors(i)` (the colours of pixels `i ..< i + 4`) through the coverage with
    /// source-over, four pixels at a time; runs of full coverage are filled with `fill` when it is
    /// given (an opaque colour that `colors` always returns).
    @inline(__always)
    private func paintColors(_ row: UnsafeMutablePointer<UInt32>, _ coverage: UnsafePointer<Float>, _ count: Int,
                             fillingRunsWith fill: UInt32?, _ colors: (Int) -> SIMD4<UInt32>) {
        var x = 0
        while x + 4 <= count {
            let values = UnsafeRawPointer(coverage + x).loadUnaligned(as: SIMD4<Float>.self)
            if let fill, all(values .>= 1) {
                var end = x + 4
                while end + 4 <= count,
                      all(UnsafeRawPointer(coverage + end).loadUnaligned(as: SIMD4<Float>.self) .>= 1) {
                    end += 4
                }
                (row + x).update(repeating: fill, count: end - x)
                x = end
                continue
            }
            if any(values .> 0) {
                let four = colors(x)
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
                let color = colors(x)[0]
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
