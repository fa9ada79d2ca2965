// MARK: - BitReader
//
// Reads a deflate bit stream: bits are taken least-significant first from each byte (RFC 1951 §3.1.1).
//
// ## Structure
//
// A 64-bit `buffer` holds the next `count` unread bits in its low bits. `refill()` tops it up to at
// least 56 bits while input remains: with 8 or more bytes left it does one unaligned 8-byte load,
// otherwise it loads byte by byte. Near the end of the input the buffer simply holds fewer bits;
// the bits above `count` are always zero, so peeking past the end reads zeros and the caller
// compares the length it wants to consume with `count` to detect truncation.
//
// ## Invariants
//
// - `position` is the index of the next input byte not yet loaded into `buffer`.
// - `buffer >> count == 0` (unloaded bits are zero).
// - After `alignToByte()`, `count` is a multiple of 8 and the buffered bits are exactly the bytes
//   `position - count / 8 ..< position`; `rewindToByte()` gives them back to the input so bytes
//   can be read directly (stored blocks, trailers).
// - `bytes` is borrowed: a `BitReader` never outlives the `withUnsafeBufferPointer` call that made it.

struct BitReader {
    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var position: Int
    private(set) var buffer: UInt64 = 0
    private(set) var count: Int = 0

    init(bytes: UnsafeBufferPointer<UInt8>, position: Int) {
        self.bytes = bytes
        self.position = position
    }

    /// The offset of the byte holding the next unread bit (for error messages).
    var byteOffset: Int { position - count / 8 }

    // MARK: Bits

    /// Loads input bytes until at least 56 bits are buffered or the input is exhausted.
    @inline(__always)
    mutating func refill() {
        if position + 8 <= bytes.count {
            let word = UnsafeRawPointer(bytes.baseAddress! + position).loadUnaligned(as: UInt64.self)
            buffer |= UInt64(littleEndian: word) << UInt64(count)
            position += (63 - count) >> 3
            count |= 56
            // Bits loaded beyond `count` must be cleared to keep the invariant.
            buffer &= (UInt64(1) << UInt64(count)) &- 1
        } else {
            while count <= 56 && position < bytes.count {
                buffer |= UInt64(bytes[position]) << UInt64(count)
                position += 1
                count += 8
            }
        }
    }

    /// The next `n` bits (n ≤ 32) without consuming them; bits past the end of the input read as zero.
    @inline(__always)
    func peek(_ n: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: buffer & ((UInt64(1) << UInt64(n)) &- 1))
    }

    /// Drops `n` bits that the caller has checked are buffered (`n <= count`).
    @inline(__always)
    mutating func consume(_ n: Int) {
        buffer >>= UInt64(n)
        count -= n
    }

    /// Reads `n` bits (n ≤ 32), throwing a truncation error naming `what` when the input ends first.
    @inline(__always)
    mutating func read(_ n: Int, _ what: @autoclosure () -> String) throws(CompressionError) -> UInt32 {
        if count < n {
            refill()
            if count < n { throw CompressionError(.truncated(needed: what()), offset: bytes.count) }
        }
        let value = peek(n)
        consume(n)
        return value
    }

    // MARK: Bytes

    /// Drops the bits up to the next byte boundary.
    mutating func alignToByte() {
        consume(count & 7)
    }

    /// Gives whole buffered bytes back to the input, so `position` is the next unread byte.
    mutating func rewindToByte() {
        alignToByte()
        position -= count / 8
        buffer = 0
        count = 0
    }

    /// Moves past `n` bytes read directly from `bytes` (after `rewindToByte()`).
    mutating func skipBytes(_ n: Int) {
        position += n
    }
}
