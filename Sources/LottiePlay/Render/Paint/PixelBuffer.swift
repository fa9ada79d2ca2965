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

    /// The pixels as 8-bit straight-alpha RGBA.
    func image() -> RGBAImage {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeMutableBufferPointer { out in
            for index in 0..<(width * height) {
                let pixel = pixels[index]
                let alpha = Swift.min(Swift.max(pixel.w, 0), 1)
                guard alpha > 0 else { continue }
                let straight = SIMD3<Float>(pixel.x, pixel.y, pixel.z) / alpha
                let base = index * 4
                out[base] = Self.byte(straight.x)
                out[base + 1] = Self.byte(straight.y)
                out[base + 2] = Self.byte(straight.z)
                out[base + 3] = Self.byte(alpha)
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
