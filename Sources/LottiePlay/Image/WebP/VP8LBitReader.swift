// MARK: - VP8LBitReader
//
// Reads the VP8L bitstream: bits are taken from the least significant end of each byte, bytes in
// order, and values of several bits are little-endian (RFC 9649, section 3).
//
// Reading past the end does not throw at each call (the pixel loop reads several codes per pixel):
// it returns zero bits and sets `overrun`, which the decoder checks after each header field group
// and on every pixel, and turns into `WebPError.truncated`.

/// An LSB-first bit reader over a byte range of the file.
struct VP8LBitReader {
    private let data: [UInt8]
    private let end: Int
    /// The next byte to load into `buffer`.
    private var position: Int
    /// Loaded bits not yet consumed, the next one in bit 0.
    private var buffer: UInt64 = 0
    /// How many bits of `buffer` are loaded.
    private var count = 0
    /// Set once a read needed bits beyond the end; the values read are then zeros.
    private(set) var overrun = false

    /// A reader over `data[start..<end]`.
    init(_ data: [UInt8], start: Int, end: Int) {
        self.data = data
        self.position = start
        self.end = min(end, data.count)
    }

    /// The file offset of the byte holding the next unread bit (for error messages).
    var byteOffset: Int { position - count / 8 }

    /// Loads whole bytes until at least 57 bits are buffered or the data ends.
    @inline(__always)
    private mutating func fill() {
        while count <= 56 && position < end {
            buffer |= UInt64(data[position]) << UInt64(count)
            position += 1
            count += 8
        }
    }

    /// Reads `bits` (0...32) bits as an unsigned value.
    @inline(__always)
    mutating func read(_ bits: Int) -> UInt32 {
        if count < bits {
            fill()
            if count < bits {
                overrun = true
                let value = UInt32(truncatingIfNeeded: buffer & ((1 << UInt64(bits)) - 1))
                buffer = 0
                count = 0
                return value
            }
        }
        let value = UInt32(truncatingIfNeeded: buffer & ((1 << UInt64(bits)) - 1))
        buffer >>= UInt64(bits)
        count -= bits
        return value
    }

    /// Reads `bits` bits as an `Int`.
    @inline(__always)
    mutating func readInt(_ bits: Int) -> Int { Int(read(bits)) }

    /// The next 15 bits without consuming them (zeros past the end).
    @inline(__always)
    mutating func peek15() -> Int {
        if count < 15 { fill() }
        return Int(truncatingIfNeeded: buffer & 0x7fff)
    }

    /// Consumes `bits` bits already looked at with `peek15`.
    @inline(__always)
    mutating func skip(_ bits: Int) {
        if bits > count {
            overrun = true
            buffer = 0
            count = 0
            return
        }
        buffer >>= UInt64(bits)
        count -= bits
    }
}
