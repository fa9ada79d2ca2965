// MARK: - VP8BoolDecoder
//
// The boolean entropy decoder of VP8 (RFC 6386, section 7): each call decodes one bit whose
// probability of being 0 is `probability / 256`, narrowing an 8-bit `range` and comparing a window
// of the compressed bits with the split point.
//
// ## State
//
// `value` holds the loaded bits; the 8-bit window compared with the split starts `bits` bits above
// its least significant end (so `bits + 8` bits are loaded and not yet consumed). `range` is the
// current range minus one (127...254 between calls). Bytes are loaded big-endian, seven at a time
// while at least eight remain, then one at a time.
//
// ## Past the end
//
// Reading never traps. When a bit needs the window to extend past the last byte, zeros are read
// and `overrun` is set (libwebp's `eof_` at the same moment: the window starting at the current bit
// position reaches past the data). The decoder checks `overrun` after each macroblock row and
// turns it into `WebPError.truncated`, so a cut partition is an error, as in libwebp's
// `WebPDecode`.

/// A VP8 boolean decoder over one partition of the file.
struct VP8BoolDecoder {
    private let data: [UInt8]
    /// The next byte to load.
    private var position: Int
    /// One past the partition's last byte.
    let end: Int
    private var value: UInt64 = 0
    private var bits = -8
    private var range: UInt32 = 254
    /// Set once a bit was decoded from beyond the partition's end (the bits read there are zeros).
    private(set) var overrun = false

    /// A decoder over `data[range]` (clamped to the data).
    init(_ data: [UInt8], range: Range<Int>) {
        self.data = data
        end = min(range.upperBound, data.count)
        position = min(range.lowerBound, end)
        load()
    }

    /// Loads bytes so that the window is complete: 56 bits at once while at least eight bytes
    /// remain, else one byte (or, past the end, eight zero bits the first time). Rarely needed,
    /// so kept out of line to keep `bit` small.
    @inline(never)
    private mutating func load() {
        if end - position >= 8 {
            var chunk: UInt64 = 0
            for offset in 0..<7 { chunk = chunk << 8 | UInt64(data[position + offset]) }
            position += 7
            value = value << 56 | chunk
            bits += 56
        } else if position < end {
            value = value << 8 | UInt64(data[position])
            position += 1
            bits += 8
        } else if !overrun {
            value <<= 8
            bits += 8
            overrun = true
        } else {
            // Keep reading zeros; the shift stays defined.
            bits = 0
        }
    }

    /// Decodes one bit that is 0 with probability `probability / 256`.
    @inline(__always)
    mutating func bit(_ probability: Int) -> Bool {
        if bits < 0 { load() }
        let split = (range &* UInt32(truncatingIfNeeded: probability)) >> 8
        let window = UInt32(truncatingIfNeeded: value >> UInt64(bits))
        var newRange: UInt32
        let result: Bool
        if window > split {
            newRange = range &- split
            value &-= UInt64(split &+ 1) << UInt64(bits)
            result = true
        } else {
            newRange = split &+ 1
            result = false
        }
        // Renormalise: shift until the range is at least 128 again.
        let shift = newRange.leadingZeroBitCount - 24
        newRange <<= UInt32(shift)
        bits -= shift
        range = newRange &- 1
        return result
    }

    /// Decodes one bit of probability 1/2 as 0 or 1.
    @inline(__always)
    mutating func flag() -> Bool { bit(128) }

    /// An unsigned `count`-bit value, most significant bit first, each bit of probability 1/2.
    mutating func literal(_ count: Int) -> Int {
        var result = 0
        for _ in 0..<count { result = result << 1 | (bit(128) ? 1 : 0) }
        return result
    }

    /// A `count`-bit magnitude followed by a sign bit (1: negative).
    mutating func signedLiteral(_ count: Int) -> Int {
        let magnitude = literal(count)
        return bit(128) ? -magnitude : magnitude
    }

    /// `magnitude` with a sign read as one bit of probability 1/2.
    @inline(__always)
    mutating func signed(_ magnitude: Int) -> Int {
        bit(128) ? -magnitude : magnitude
    }
}
