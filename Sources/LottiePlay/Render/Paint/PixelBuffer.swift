// MARK: - PixelBuffer
//
// The renderer's working canvas: premultiplied RGBA8 pixels, one 32-bit word each
// (`PremultipliedPixel`), row-major from the top-left. Four bytes a pixel keep clearing,
// painting, compositing and reading out at the memory traffic of the final image.
//
// `dirty` bounds everything that may be non-zero, so clearing and compositing a layer buffer
// only visit the region that was painted.

/// A canvas of premultiplied RGBA8 pixels.
final class PixelBuffer {
    let width: Int
    let height: Int
    let pixels: UnsafeMutablePointer<UInt32>
    /// Every pixel outside this rectangle is transparent (all zero).
    var dirty: PixelRect = .empty

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: Swift.max(1, width * height))
        pixels.initialize(repeating: 0, count: Swift.max(1, width * height))
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
                (pixels + y * width + rect.minX).update(repeating: 0, count: rect.width)
            }
        }
        dirty = .empty
    }

    /// Fills every pixel with one premultiplied colour.
    func fill(_ color: SIMD4<Float>) {
        let word = PremultipliedPixel.word(color)
        pixels.update(repeating: word, count: width * height)
        dirty = word == 0 ? .empty : bounds
    }

    /// The pixel at (x, y), premultiplied, in 0...1.
    subscript(x: Int, y: Int) -> SIMD4<Float> {
        get { PremultipliedPixel.color(pixels[y * width + x]) }
        set { pixels[y * width + x] = PremultipliedPixel.word(newValue) }
    }

    /// The pixels as 8-bit straight-alpha RGBA (only the dirty region is converted; the rest is
    /// transparent).
    func image() -> RGBAImage {
        image(clearing: false)
    }

    /// The pixels as `image()`, leaving the buffer transparent: each row is cleared right after
    /// it is converted, while it is still in cache, instead of in a second pass over the canvas.
    func takeImage() -> RGBAImage {
        let result = image(clearing: true)
        dirty = .empty
        return result
    }

    private func image(clearing: Bool) -> RGBAImage {
        let count = width * height * 4
        // Every byte is written below (zeros outside the dirty region), so the array starts
        // uninitialized rather than paying for a zero fill that would mostly be overwritten.
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { raw, initialized in
            guard let base = raw.baseAddress else {
                initialized = 0
                return
            }
            write(to: UnsafeMutableRawPointer(base).assumingMemoryBound(to: UInt32.self), clearing: clearing,
                  initializing: true)
            initialized = count
        }
        return RGBAImage(width: width, height: height, pixels: bytes)
    }

    /// Writes the pixels as `takeImage()` into `image`, whose storage is reused when it has this
    /// buffer's size (and is not shared): a player drawing frame after frame into one image
    /// allocates nothing.
    func takeImage(into image: inout RGBAImage) {
        guard image.width == width, image.height == height else {
            image = takeImage()
            return
        }
        image.pixels.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress else { return }
            write(to: base.assumingMemoryBound(to: UInt32.self), clearing: true, initializing: false)
        }
        dirty = .empty
    }

    /// Writes every pixel as an 8-bit straight-alpha word (zeros outside the dirty region),
    /// clearing each converted row when asked. `initializing`: the target memory is raw.
    private func write(to out: UnsafeMutablePointer<UInt32>, clearing: Bool, initializing: Bool) {
        let rect = dirty.intersection(bounds)
        for y in 0..<height {
            let target = out + y * width
            guard !rect.isEmpty, y >= rect.minY, y < rect.maxY else {
                Self.zero(target, count: width, initializing: initializing)
                continue
            }
            Self.zero(target, count: rect.minX, initializing: initializing)
            Self.convertRow(pixels + y * width + rect.minX, to: target + rect.minX, count: rect.width)
            if clearing { (pixels + y * width + rect.minX).update(repeating: 0, count: rect.width) }
            Self.zero(target + rect.maxX, count: width - rect.maxX, initializing: initializing)
        }
    }

    @inline(__always)
    private static func zero(_ words: UnsafeMutablePointer<UInt32>, count: Int, initializing: Bool) {
        guard count > 0 else { return }
        if initializing { words.initialize(repeating: 0, count: count) } else { words.update(repeating: 0, count: count) }
    }

    // MARK: Straight alpha
    //
    // An opaque or fully transparent pixel is the same word premultiplied or not (a transparent
    // one is all zero), so four such pixels are copied as they are. Others divide each colour
    // byte by alpha: colour * 255 / alpha, as colour times a 16.16 fixed-point reciprocal
    // (`reciprocals[alpha]`, 255 * 2^16 / alpha rounded), rounded.

    /// Converts `count` premultiplied pixels to straight-alpha RGBA words.
    private static func convertRow(_ source: UnsafePointer<UInt32>, to target: UnsafeMutablePointer<UInt32>,
                                   count: Int) {
        reciprocals.withUnsafeBufferPointer { reciprocals in
            var x = 0
            while x + 4 <= count {
                let words = UnsafeRawPointer(source + x).loadUnaligned(as: SIMD4<UInt32>.self)
                let alphas = (words &>> PremultipliedPixel.alphaShift) & 0xFF
                if all((alphas .== 255) .| (alphas .== 0)) {
                    UnsafeMutableRawPointer(target + x).storeBytes(of: words, as: SIMD4<UInt32>.self)
                } else {
                    for lane in 0..<4 { target[x + lane] = straight(words[lane], reciprocals) }
                }
                x += 4
            }
            while x < count {
                target[x] = straight(source[x], reciprocals)
                x += 1
            }
        }
    }

    /// One premultiplied word as straight alpha.
    @inline(__always)
    private static func straight(_ word: UInt32, _ reciprocals: UnsafeBufferPointer<UInt32>) -> UInt32 {
        let alphaShift = PremultipliedPixel.alphaShift
        let alpha = (word >> alphaShift) & 0xFF
        guard alpha > 0, alpha < 255 else { return word }
        let reciprocal = reciprocals[Int(alpha)]
        var result = alpha << alphaShift
        for shift: UInt32 in [0, 8, 16, 24] where shift != alphaShift {
            // Colour never exceeds alpha, so the quotient is at most 255.
            let channel = (word >> shift) & 0xFF
            result |= Swift.min((channel &* reciprocal &+ 0x8000) >> 16, 255) << shift
        }
        return result
    }

    /// 255 * 2^16 / alpha, rounded, for each alpha (0 for 0).
    private static let reciprocals: [UInt32] = (0..<256).map { (alpha: UInt32) -> UInt32 in
        alpha == 0 ? 0 : (255 << 16 + alpha / 2) / alpha
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
