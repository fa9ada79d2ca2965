// MARK: - PixelBuffer
//
// The renderer's working canvas: RGBA as four Floats per pixel, PREMULTIPLIED (each colour
// component already multiplied by alpha), row-major from the top-left. Premultiplied pixels
// make source-over a single multiply-add (`dst = src + dst * (1 - src.alpha)`) and let layers be
// composited and scaled by opacity without dividing.
//
// `dirty` bounds everything that may be non-zero, so clearing and compositing a layer buffer
// only visit the region that was painted.

/// A canvas of premultiplied RGBA Float pixels.
final class PixelBuffer {
    let width: Int
    let height: Int
    let pixels: UnsafeMutablePointer<SIMD4<Float>>
    /// Every pixel outside this rectangle is transparent (all zero).
    var dirty: PixelRect = .empty

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: Swift.max(1, width * height))
        pixels.initialize(repeating: .zero, count: Swift.max(1, width * height))
    }

    deinit {
        pixels.deallocate()
    }

    var bounds: PixelRect { PixelRect(width: width, height: height) }

    /// Makes every pixel transparent.
    func clear() {
        let rect = dirty.intersection(bounds)
        if !rect.isEmpty {
            for y in rect.minY..<rect.maxY {
                (pixels + y * width + rect.minX).update(repeating: .zero, count: rect.width)
            }
        }
        dirty = .empty
    }

    /// Fills every pixel with one premultiplied colour.
    func fill(_ color: SIMD4<Float>) {
        pixels.update(repeating: color, count: width * height)
        dirty = color == .zero ? .empty : bounds
    }

    /// The pixel at (x, y), premultiplied.
    subscript(x: Int, y: Int) -> SIMD4<Float> {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// The pixels as 8-bit straight-alpha RGBA (only the dirty region is visited; the rest is
    /// transparent).
    func image() -> RGBAImage {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        let rect = dirty.intersection(bounds)
        guard !rect.isEmpty else { return RGBAImage(width: width, height: height, pixels: bytes) }
        bytes.withUnsafeMutableBytes { raw in
            let out = raw.baseAddress!.assumingMemoryBound(to: UInt32.self)
            // Adding 1.5 * 2^23 to a Float in 0...255 leaves the value, rounded to the nearest
            // integer, in the low bits of its bit pattern: a float-to-byte conversion without
            // the range checks of `UInt8(_:)`.
            let magic = SIMD4<Float>(repeating: 12_582_912)
            let low = SIMD4<UInt32>(repeating: 0xFF)
            for y in rect.minY..<rect.maxY {
                let source = pixels + y * width
                let target = out + y * width
                for x in rect.minX..<rect.maxX {
                    let pixel = source[x]
                    let alpha = pixel.w
                    if alpha <= 0 { continue }
                    var scaled = pixel * (alpha >= 1 ? 255 : 255 / alpha)
                    scaled.w = alpha * 255
                    scaled = pointwiseMin(pointwiseMax(scaled, .zero), SIMD4(repeating: 255))
                    let bits = unsafeBitCast(scaled + magic, to: SIMD4<UInt32>.self) & low
                    target[x] = (bits.x | bits.y << 8 | bits.z << 16 | bits.w << 24).littleEndian
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: bytes)
    }

    @inline(__always)
    static func byte(_ value: Float) -> UInt8 {
        UInt8(Swift.min(Swift.max(value, 0), 1) * 255 + 0.5)
    }
}

// MARK: - Colour conversion

extension RGBAColor {
    /// The colour as premultiplied Floats, its alpha multiplied by `opacity`.
    func premultiplied(opacity: Double = 1) -> SIMD4<Float> {
        let alpha = Float(Swift.min(Swift.max(alpha * opacity, 0), 1))
        return SIMD4(Float(clamp(red)) * alpha, Float(clamp(green)) * alpha, Float(clamp(blue)) * alpha, alpha)
    }

    private func clamp(_ value: Double) -> Double {
        value.isFinite ? Swift.min(Swift.max(value, 0), 1) : 0
    }
}
