// MARK: - ImageShader
//
// A bitmap drawn through an affine transform, sampled bilinearly with its edges clamped, from a
// reduced copy of it when it is drawn at less than half its size (`PremultipliedImage`).
//
// Painting a span is the hot loop of image layers: a photo behind the whole canvas is sampled at
// every pixel of every frame. So the span is painted in one go rather than pixel by pixel
// through a generic sampler:
//
// - Along a row, the image-space point moves by a constant step. It is stepped in 32.32 fixed
//   point: one exact integer addition a pixel, and clamping and splitting into texel index and
//   weight are integer operations too.
// - Whether that is safe is decided once a span: when both ends of the span map to finite points
//   within 2^29 texels, so does every pixel between, and no fixed-point value can overflow.
//   Other spans (a degenerate transform) are sampled point by point in Double, with checks.
// - When the span runs along an image row (no rotation or skew), the row and its weight are
//   found once for the span.
// - Texels are premultiplied canvas words (see `PremultipliedImage`), interpolated in integers
//   with weights in 256ths, two channels at a time: no texel is converted to Float.
// - A pixel that comes out opaque and fully covered replaces the destination, which is most of
//   the pixels of an opaque image; others are composited as canvas words (`PremultipliedPixel`).
// - A pixel whose four texels are transparent is skipped before any texel is read, by the
//   columns of its two image rows that are not transparent (`PremultipliedImage.opaqueColumns`).

/// A bitmap drawn through an affine transform, sampled bilinearly (edges clamped). The image
/// spans `(0, 0)`-`(drawWidth, drawHeight)` in layer space; its pixels are stretched to fit.
struct ImageShader {
    /// Device pixel to image pixel.
    let inverse: AffineMatrix
    let image: PremultipliedImage
    let opacity: Float

    init(image: PremultipliedImage, drawWidth: Double, drawHeight: Double, transform: AffineMatrix,
         opacity: Double) {
        self.opacity = Float(opacity)
        let toPixels = AffineMatrix.scale(
            x: drawWidth > 0 ? Double(image.width) / drawWidth : 1,
            y: drawHeight > 0 ? Double(image.height) / drawHeight : 1)
        let inverse = toPixels * (transform.inverse ?? .identity)
        // Drawn at less than half its size, the image is sampled from a reduced copy
        // (`PremultipliedImage.halvings`), whose texel space is the full one's halved each time.
        // Texels per pixel are taken along the canvas axis that crosses fewer of them, so that a
        // picture squeezed in one direction only is not blurred in the other.
        let alongX = (inverse.a * inverse.a + inverse.b * inverse.b).squareRoot()
        let alongY = (inverse.c * inverse.c + inverse.d * inverse.d).squareRoot()
        let level = image.level(forTexelsPerPixel: Swift.min(alongX, alongY))
        let reduction = 1 / Double(1 << level.halvings)
        self.image = level.image
        self.inverse = AffineMatrix.scale(x: reduction, y: reduction) * inverse
    }

    // MARK: Painting a span

    /// Paints the image with source-over through `count` coverage values into `pixels`, the first
    /// of which is device pixel (`x`, `y`).
    func paint(_ pixels: UnsafeMutablePointer<UInt32>, coverage: UnsafePointer<Float>, count: Int,
               x: Int, y: Int) {
        guard image.width > 0, image.height > 0, count > 0 else { return }
        let centre = inverse.apply(to: Vector2(Double(x) + 0.5, Double(y) + 0.5))
        // Texel space with the texel centres at integers.
        let first = SIMD2(centre.x - 0.5, centre.y - 0.5)
        let step = SIMD2(inverse.a, inverse.b)
        let last = first + step * Double(count - 1)
        image.texels.withUnsafeBufferPointer { texels in
            image.opaqueColumns.withUnsafeBufferPointer { columns in
                guard let texels = texels.baseAddress, let columns = columns.baseAddress else { return }
                let sampler = Sampler(texels: texels, columns: columns, width: image.width, height: image.height)
                guard Self.fitsFixedPoint(first) && Self.fitsFixedPoint(last) else {
                    paintChecked(pixels, coverage, count, from: first, step: step, sampler: sampler)
                    return
                }
                let start = SIMD2(Self.fixedPoint(first.x), Self.fixedPoint(first.y))
                // With one pixel the step is never taken (and may be anything); with more, both ends
                // fit, so the step is below 2^30 texels.
                let delta = count > 1 ? SIMD2(Self.fixedPoint(step.x), Self.fixedPoint(step.y)) : .zero
                // Each case gets its own inner loop, with its constants folded in.
                if delta.y == 0 {
                    paintFixedPoint(pixels, coverage, count, from: start, step: SIMD2(delta.x, 0), sampler: sampler)
                } else {
                    paintFixedPoint(pixels, coverage, count, from: start, step: delta, sampler: sampler)
                }
            }
        }
    }

    private static func fitsFixedPoint(_ point: SIMD2<Double>) -> Bool {
        // False for NaN too.
        abs(point.x) < 0x1p29 && abs(point.y) < 0x1p29
    }

    /// `value` in 32.32 fixed point; `value` is within the range `fitsFixedPoint` allows.
    private static func fixedPoint(_ value: Double) -> Int64 {
        Int64((value * 0x1p32).rounded())
    }

    /// The weight of the next texel for a 32.32 fixed-point coordinate: its fraction in 1/256.
    @inline(__always)
    private static func weight(_ fixed: Int64) -> UInt32 {
        UInt32(truncatingIfNeeded: fixed) >> 24
    }

    @inline(__always)
    private func paintFixedPoint(_ pixels: UnsafeMutablePointer<UInt32>, _ coverage: UnsafePointer<Float>,
                                 _ count: Int, from start: SIMD2<Int64>, step: SIMD2<Int64>, sampler: Sampler) {
        var fx = start.x
        var fy = start.y
        let maxX = Int64(sampler.width - 1) << 32
        let maxY = Int64(sampler.height - 1) << 32
        let opacity = opacity
        // The image row when the span runs along one; otherwise each pixel finds its own.
        let spanRow = sampler.row(Swift.min(Swift.max(fy, 0), maxY))
        for index in 0..<count {
            defer {
                fx &+= step.x
                fy &+= step.y
            }
            let cx = Swift.min(Swift.max(fx, 0), maxX)
            let column = Int(truncatingIfNeeded: cx >> 32)
            let row = step.y == 0 ? spanRow : sampler.row(Swift.min(Swift.max(fy, 0), maxY))
            guard column >= row.columns.lowerBound, column < row.columns.upperBound else { continue }
            let c = coverage[index]
            if c <= 0 { continue }
            let color = sampler.bilinear(x: column, row: row, weight: Self.weight(cx))
            Self.blend(color, weight: c * opacity, into: pixels + index)
        }
    }

    /// The loop above in Double, for points that may be huge or not finite.
    private func paintChecked(_ pixels: UnsafeMutablePointer<UInt32>, _ coverage: UnsafePointer<Float>,
                              _ count: Int, from first: SIMD2<Double>, step: SIMD2<Double>, sampler: Sampler) {
        var point = first
        for index in 0..<count {
            defer { point += step }
            let c = coverage[index]
            if c <= 0 || !point.x.isFinite || !point.y.isFinite { continue }
            let fx = Swift.min(Swift.max(point.x, 0), Double(sampler.width - 1))
            let fy = Swift.min(Swift.max(point.y, 0), Double(sampler.height - 1))
            let x0 = Int(fx)
            let y0 = Int(fy)
            let row = (offset: y0 * sampler.width, weight: UInt32((fy - Double(y0)) * 256), columns: 0..<sampler.width)
            let color = sampler.bilinear(x: x0, row: row, weight: UInt32((fx - Double(x0)) * 256))
            Self.blend(color, weight: c * opacity, into: pixels + index)
        }
    }

    /// Source-over of a sampled colour scaled by `weight` (coverage times opacity).
    @inline(__always)
    private static func blend(_ color: UInt32, weight: Float, into pixel: UnsafeMutablePointer<UInt32>) {
        let source = weight >= 1 ? color : PremultipliedPixel.scaled(color, by: PremultipliedPixel.factor(weight))
        pixel.pointee = PremultipliedPixel.over(source, pixel.pointee)
    }
}

// MARK: - Sampler

extension ImageShader {
    /// Bilinear reads of premultiplied texels (`PremultipliedImage.texels`, padding included);
    /// the caller keeps the texels alive and the coordinates in range.
    struct Sampler {
        let texels: UnsafePointer<UInt32>
        /// `PremultipliedImage.opaqueColumns`, padding row included.
        let columns: UnsafePointer<SIMD2<Int32>>
        let width: Int
        let height: Int

        /// Where fixed-point image row `y` starts in `texels`, the weight of the row below, and the
        /// texels x whose bilinear colour (with the next texel of this row and the row below) may
        /// not be transparent.
        @inline(__always)
        func row(_ y: Int64) -> (offset: Int, weight: UInt32, columns: Range<Int>) {
            let index = Int(truncatingIfNeeded: y >> 32)
            let upper = columns[index]
            let lower = columns[index + 1]
            let first = Int(Swift.min(upper.x, lower.x)) - 1
            let end = Int(Swift.max(upper.y, lower.y))
            return (index &* width, ImageShader.weight(y), first..<Swift.max(first, end))
        }

        /// The colour between texel `x` of `row` and the next one right and down, `weight` and
        /// `row.weight` 256ths of the way (both zero at the last column and row, whose neighbours
        /// are the padding).
        @inline(__always)
        func bilinear(x: Int, row: (offset: Int, weight: UInt32, columns: Range<Int>), weight: UInt32) -> UInt32 {
            let top = texels + (row.offset &+ x)
            let bottom = top + width
            let upper = Self.mix(top[0], top[1], weight)
            let lower = Self.mix(bottom[0], bottom[1], weight)
            return Self.mix(upper, lower, row.weight)
        }

        /// `a * (256 - w) + b * w`, over 256 and rounded, on every channel: two channels at a
        /// time, each in 16 bits of a 32-bit lane (at most 255 * 256 + 128, so no lane overflows).
        @inline(__always)
        static func mix(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
            let mask: UInt32 = 0x00FF_00FF
            let keep = 256 - w
            let even = ((a & mask) &* keep &+ (b & mask) &* w &+ 0x0080_0080) >> 8
            let odd = ((a >> 8) & mask) &* keep &+ ((b >> 8) & mask) &* w &+ 0x0080_0080
            return (even & mask) | (odd & ~mask)
        }
    }
}
