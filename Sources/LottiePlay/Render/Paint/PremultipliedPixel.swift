// MARK: - PremultipliedPixel
//
// One pixel of the renderer's canvases: premultiplied RGBA, 8 bits a channel, in one 32-bit
// word whose bytes are R, G, B, A in memory order (the layout of `RGBAImage`). Premultiplied
// (each colour channel already multiplied by alpha) makes source-over a multiply-add,
// `dst = src + dst * (1 - src.alpha)`, and lets layers be scaled by opacity without dividing.
// A fully transparent pixel is the word 0, and colour never exceeds alpha.
//
// Painting computes a source colour in Float (a gradient's colour, an image's bilinear sample,
// times coverage) and converts it to a word once; compositing words over words is done in
// integers, with exact rounding of the division by 255.

/// Premultiplied RGBA8 pixels packed in 32-bit words, and the arithmetic on them.
enum PremultipliedPixel {
    /// The word of a premultiplied Float colour in 0...1 (clamped; colour never above alpha).
    @inline(__always)
    static func word(_ color: SIMD4<Float>) -> UInt32 {
        var scaled = color * 255
        // Comparisons and selects rather than `pointwiseMin`/`pointwiseMax`, which the compiler
        // leaves as calls here.
        scaled.replace(with: 0, where: .!(scaled .> 0))
        scaled.replace(with: 255, where: scaled .> 255)
        let alpha = scaled.w
        scaled.replace(with: alpha, where: scaled .> alpha)
        return pack(scaled)
    }

    /// The words of four premultiplied colours whose channels are in 0...255 (clamped there;
    /// colour never above alpha), in one pass over their sixteen channels.
    @inline(__always)
    static func words(scaled first: SIMD4<Float>, _ second: SIMD4<Float>, _ third: SIMD4<Float>,
                      _ fourth: SIMD4<Float>) -> SIMD4<UInt32> {
        let channels = SIMD16(lowHalf: SIMD8(lowHalf: clamped(first), highHalf: clamped(second)),
                              highHalf: SIMD8(lowHalf: clamped(third), highHalf: clamped(fourth)))
        let bits = bitPatterns(channels + SIMD16(repeating: 12_582_912))
        return words(bytes: SIMD16<UInt8>(truncatingIfNeeded: bits))
    }

    /// A premultiplied colour's channels clamped to 0...255, colour to alpha. The colour's
    /// excess over alpha is taken away rather than alpha selected (`replace(with:where:)` with a
    /// vector, which the compiler turns into branches and shuffles).
    @inline(__always)
    private static func clamped(_ color: SIMD4<Float>) -> SIMD4<Float> {
        var channels = color
        channels.replace(with: 0, where: .!(channels .> 0))
        channels.replace(with: 255, where: channels .> 255)
        var excess = channels - SIMD4(repeating: channels.w)
        excess.replace(with: 0, where: .!(excess .> 0))
        return channels - excess
    }

    /// Four channel values in 0...255 (Floats) rounded to the nearest integer and packed.
    ///
    /// Adding 1.5 * 2^23 to a Float in 0...255 leaves the value, rounded, in the low byte of its
    /// bit pattern: a conversion without the range checks of `UInt8(_:)`.
    @inline(__always)
    private static func pack(_ channels: SIMD4<Float>) -> UInt32 {
        let bits = bitPatterns(channels + SIMD4(repeating: 12_582_912))
        return word(bytes: SIMD4<UInt8>(truncatingIfNeeded: bits))
    }

    /// The alpha byte of a word.
    @inline(__always)
    static func alpha(_ word: UInt32) -> UInt32 {
        (word >> alphaShift) & 0xFF
    }

    /// Where byte `index` in memory (0 red, 1 green, 2 blue, 3 alpha) sits in a word: bits
    /// `8 * index` and up on little-endian machines.
    @inline(__always)
    static func shift(ofByte index: UInt32) -> UInt32 {
        UInt32(UInt32(littleEndian: 0xFF << (8 * index)).trailingZeroBitCount)
    }

    /// Where the alpha byte (the fourth in memory) sits in a word.
    @inline(__always)
    static var alphaShift: UInt32 { shift(ofByte: 3) }

    /// `source` over `destination`: `s + d * (255 - s.alpha) / 255`, rounded. Never overflows a
    /// byte, as colour never exceeds alpha.
    @inline(__always)
    static func over(_ source: UInt32, _ destination: UInt32) -> UInt32 {
        let remaining = 255 - alpha(source)
        if remaining == 0 { return source }
        return source &+ scaled(destination, by: remaining)
    }

    /// Every channel of `word` times `factor` / 255 (`factor` in 0...255), rounded.
    ///
    /// Two channels at a time, each in 16 bits of a 32-bit lane (the channels are treated alike,
    /// so the byte order does not matter): `(x + 128 + ((x + 128) >> 8)) >> 8` is x / 255 rounded
    /// for x up to 255 * 255, and stays below 2^16.
    @inline(__always)
    static func scaled(_ word: UInt32, by factor: UInt32) -> UInt32 {
        let mask: UInt32 = 0x00FF_00FF
        var even = (word & mask) &* factor &+ 0x0080_0080
        even = ((even &+ ((even >> 8) & mask)) >> 8) & mask
        var odd = ((word >> 8) & mask) &* factor &+ 0x0080_0080
        odd = (odd &+ ((odd >> 8) & mask)) & ~mask
        return even | odd
    }

    // MARK: Four pixels at a time
    //
    // The same arithmetic on a vector of words, one pixel a lane.

    /// `over` for each lane (four opaque sources are returned as they are).
    @inline(__always)
    static func over(_ source: SIMD4<UInt32>, _ destination: SIMD4<UInt32>) -> SIMD4<UInt32> {
        let alphas = (source &>> alphaShift) & 0xFF
        if all(alphas .== 255) { return source }
        return source &+ scaled(destination, by: SIMD4(repeating: 255) &- alphas)
    }

    /// The alpha bytes of four words.
    @inline(__always)
    static func alphas(_ words: SIMD4<UInt32>) -> SIMD4<UInt32> {
        (words &>> alphaShift) & 0xFF
    }

    /// Byte `index` of four words (0 red, 1 green, 2 blue, 3 alpha: their order in memory) as
    /// Floats 0...255: the byte as the low mantissa bits of 2^23, minus 2^23.
    @inline(__always)
    static func values(_ words: SIMD4<UInt32>, byte index: UInt32) -> SIMD4<Float> {
        let shift = shift(ofByte: index)
        return floats(bitPatterns: ((words &>> shift) & 0xFF) | 0x4B00_0000) - SIMD4(repeating: 8_388_608)
    }

    /// Four words from their channels as Floats in 0...255 (the inverse of `values(_:byte:)`),
    /// each rounded to the nearest integer as `word(_:)` does.
    @inline(__always)
    static func words(red: SIMD4<Float>, green: SIMD4<Float>, blue: SIMD4<Float>,
                      alpha: SIMD4<Float>) -> SIMD4<UInt32> {
        @inline(__always)
        func byte(_ values: SIMD4<Float>, _ index: UInt32) -> SIMD4<UInt32> {
            (bitPatterns(values + SIMD4(repeating: 12_582_912)) & 0xFF) &<< shift(ofByte: index)
        }
        return byte(red, 0) | byte(green, 1) | byte(blue, 2) | byte(alpha, 3)
    }

    /// `scaled(_:by:)` for each lane. The two channels of a 32-bit lane are two 16-bit lanes
    /// here, whose multiplications and shifts the processor does eight at a time.
    @inline(__always)
    static func scaled(_ words: SIMD4<UInt32>, by factors: SIMD4<UInt32>) -> SIMD4<UInt32> {
        let mask = SIMD4<UInt32>(repeating: 0x00FF_00FF)
        let wideFactors = halves(factors | (factors &<< 16))
        @inline(__always)
        func divided(_ channels: SIMD4<UInt32>) -> SIMD4<UInt32> {
            let product = halves(channels) &* wideFactors &+ 128
            return Self.words(halves: (product &+ (product &>> 8)) &>> 8)
        }
        return divided(words & mask) | (divided((words &>> 8) & mask) &<< 8)
    }

    /// Four coverages in 0...1 as factors in 0...255, rounded.
    @inline(__always)
    static func factors(_ values: SIMD4<Float>) -> SIMD4<UInt32> {
        var scaled = values * 255
        scaled.replace(with: 0, where: .!(scaled .> 0))
        scaled.replace(with: 255, where: scaled .> 255)
        return bitPatterns(scaled + SIMD4(repeating: 12_582_912)) & 0xFF
    }

    /// A factor in 0...1 as the 0...255 of `scaled(_:by:)` (NaN counts as 0).
    @inline(__always)
    static func factor(_ value: Float) -> UInt32 {
        value >= 1 ? 255 : value > 0 ? UInt32(value * 255 + 0.5) : 0
    }

    // MARK: Bit patterns
    //
    // The renderer's only reinterpretations of memory: between a word and its bytes, Floats and
    // their bit patterns, and words and their 16-bit halves. Each is between types of the same size
    // (`unsafeBitCast` checks that), and reaches what the standard library's vector types have no
    // safe accessor for without a per-lane conversion. (Written lane by lane instead, each compiles
    // to nothing on its own, but inside the painting loops the compiler no longer folds them:
    // docs/PERFORMANCE.md has the figures.)

    /// The bytes of a word, in memory order.
    @inline(__always)
    static func bytes(_ word: UInt32) -> SIMD4<UInt8> { unsafeBitCast(word, to: SIMD4<UInt8>.self) }

    /// The word of four bytes in memory order.
    @inline(__always)
    static func word(bytes: SIMD4<UInt8>) -> UInt32 { unsafeBitCast(bytes, to: UInt32.self) }

    /// The bit patterns of four Floats.
    @inline(__always)
    static func bitPatterns(_ values: SIMD4<Float>) -> SIMD4<UInt32> { unsafeBitCast(values, to: SIMD4<UInt32>.self) }

    /// The bit patterns of sixteen Floats.
    @inline(__always)
    static func bitPatterns(_ values: SIMD16<Float>) -> SIMD16<UInt32> { unsafeBitCast(values, to: SIMD16<UInt32>.self) }

    /// Four words of sixteen bytes in memory order.
    @inline(__always)
    static func words(bytes: SIMD16<UInt8>) -> SIMD4<UInt32> { unsafeBitCast(bytes, to: SIMD4<UInt32>.self) }

    /// The Floats of four bit patterns.
    @inline(__always)
    static func floats(bitPatterns: SIMD4<UInt32>) -> SIMD4<Float> { unsafeBitCast(bitPatterns, to: SIMD4<Float>.self) }

    /// Four words as eight 16-bit halves.
    @inline(__always)
    static func halves(_ words: SIMD4<UInt32>) -> SIMD8<UInt16> { unsafeBitCast(words, to: SIMD8<UInt16>.self) }

    /// Eight 16-bit halves as four words.
    @inline(__always)
    static func words(halves: SIMD8<UInt16>) -> SIMD4<UInt32> { unsafeBitCast(halves, to: SIMD4<UInt32>.self) }
}
