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
            if clearing { (pixels + y * width + rect.minX).update(repeating: .zero, count: rect.width) }
            Self.zero(target + rect.maxX, count: width - rect.maxX, initializing: initializing)
        }
    }

    @inline(__always)
    private static func zero(_ words: UnsafeMutablePointer<UInt32>, count: Int, initializing: Bool) {
        guard count > 0 else { return }
        if initializing { words.initialize(repeating: 0, count: count) } else { words.update(repeating: 0, count: count) }
    }

    // MARK: 8-bit conversion
    //
    // Un-premultiplying: colour * 255 / alpha (255 when opaque), alpha * 255, clamped to 0...255.
    // Adding 1.5 * 2^23 to a Float in 0...255 leaves the value, rounded to the nearest integer,
    // in the low byte of its bit pattern: a float-to-byte conversion without the range checks of
    // `UInt8(_:)`. Four pixels go at a time so that one vector division serves four alphas and
    // one narrowing store writes 16 bytes.

    /// Converts `count` premultiplied Float pixels to straight-alpha RGBA words.
    private static func convertRow(_ source: UnsafePointer<SIMD4<Float>>, to target: UnsafeMutablePointer<UInt32>,
                                   count: Int) {
        var x = 0
        while x + 4 <= count {
            let p0 = source[x], p1 = source[x + 1], p2 = source[x + 2], p3 = source[x + 3]
            let alpha = SIMD4(p0.w, p1.w, p2.w, p3.w)
            if all(alpha .>= 1) {
                // Opaque (the common case inside shapes): no division.
                let words = SIMD16<UInt32>(lowHalf: SIMD8(lowHalf: bits(p0, factor: 255), highHalf: bits(p1, factor: 255)),
                                           highHalf: SIMD8(lowHalf: bits(p2, factor: 255), highHalf: bits(p3, factor: 255)))
                let packed = unsafeBitCast(SIMD16<UInt8>(truncatingIfNeeded: words), to: SIMD4<UInt32>.self)
                UnsafeMutableRawPointer(target + x).storeBytes(of: packed, as: SIMD4<UInt32>.self)
                x += 4
                continue
            }
            let transparent = alpha .<= 0
            if all(transparent) {
                // Nothing there (the common case around shapes): no division either.
                UnsafeMutableRawPointer(target + x).storeBytes(of: .zero, as: SIMD4<UInt32>.self)
                x += 4
                continue
            }
            // Transparent pixels divide by 1 (their result is zeroed below), opaque ones use 255.
            var factor = SIMD4<Float>(repeating: 255) / alpha.replacing(with: 1, where: transparent)
            factor.replace(with: 255, where: alpha .>= 1)
            let b0 = bits(p0, factor: factor[0]), b1 = bits(p1, factor: factor[1])
            let b2 = bits(p2, factor: factor[2]), b3 = bits(p3, factor: factor[3])
            let words = SIMD16<UInt32>(lowHalf: SIMD8(lowHalf: b0, highHalf: b1), highHalf: SIMD8(lowHalf: b2, highHalf: b3))
            let packed = unsafeBitCast(SIMD16<UInt8>(truncatingIfNeeded: words), to: SIMD4<UInt32>.self)
            let visible = SIMD4<UInt32>(repeating: 0).replacing(with: .max, where: .!transparent)
            UnsafeMutableRawPointer(target + x).storeBytes(of: packed & visible, as: SIMD4<UInt32>.self)
            x += 4
        }
        while x < count {
            let pixel = source[x]
            let alpha = pixel.w
            if alpha <= 0 {
                target[x] = 0
            } else {
                let words = bits(pixel, factor: alpha >= 1 ? 255 : 255 / alpha)
                target[x] = unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: words), to: UInt32.self)
            }
            x += 1
        }
    }

    /// One pixel's four channels as Floats whose low bytes are the 8-bit values.
    @inline(__always)
    private static func bits(_ pixel: SIMD4<Float>, factor: Float) -> SIMD4<UInt32> {
        var scaled = pixel * factor
        scaled.w = pixel.w * 255
        // Comparisons and selects rather than `pointwiseMin`/`pointwiseMax`, which the compiler
        // leaves as calls here.
        scaled.replace(with: 0, where: scaled .< 0)
        scaled.replace(with: 255, where: scaled .> 255)
        return unsafeBitCast(scaled + SIMD4(repeating: 12_582_912), to: SIMD4<UInt32>.self)
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
