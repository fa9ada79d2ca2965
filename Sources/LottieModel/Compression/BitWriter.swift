// MARK: - BitWriter
//
// Writes a deflate bit stream: fields least-significant bit first, packed from the low bit of each
// byte (RFC 1951 §3.1.1). Huffman codes must be passed already bit-reversed (see `HuffmanCode`).
//
// ## Invariants
//
// - `buffer` holds `count` pending bits (`count < 32` between calls) in its low bits; bits above are
//   zero. `write` accepts up to 32 bits, so the buffer never holds more than 63.
// - Whenever `count` reaches 32, the low 32 bits go to `bytes` as four bytes.

struct BitWriter {
    private(set) var bytes: [UInt8]
    private var buffer: UInt64 = 0
    private var count = 0

    init(reservingCapacity capacity: Int = 0) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Appends the low `n` bits of `bits` (n ≤ 32; higher bits of `bits` must be zero).
    @inline(__always)
    mutating func write(_ bits: UInt32, _ n: Int) {
        buffer |= UInt64(bits) &<< UInt64(count)
        count += n
        if count >= 32 {
            let word = UInt32(truncatingIfNeeded: buffer).littleEndian
            withUnsafeBytes(of: word) { bytes.append(contentsOf: $0) }
            buffer &>>= 32
            count -= 32
        }
    }

    /// Pads with zero bits to the next byte boundary and moves the pending whole bytes to `bytes`.
    mutating func alignToByte() {
        while count > 0 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer &>>= 8
            count = max(0, count - 8)
        }
        buffer = 0
    }

    /// Appends raw bytes; the writer must be byte-aligned (`alignToByte()`).
    mutating func appendAligned(_ raw: UnsafeBufferPointer<UInt8>) {
        precondition(count == 0, "BitWriter.appendAligned needs a byte boundary")
        bytes.append(contentsOf: raw)
    }

    /// The written bytes, padded to a byte boundary.
    mutating func finish() -> [UInt8] {
        alignToByte()
        return bytes
    }
}
