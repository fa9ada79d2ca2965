// MARK: - DeflateBitPacker
//
// A deliberately naive bit writer for building deflate streams by hand in tests: one bit at a time,
// least-significant bit of each byte first (RFC 1951 §3.1.1). Independent from the library's
// `BitWriter`, so hand-made streams do not share its bugs.

struct DeflateBitPacker {
    private(set) var bytes: [UInt8] = []
    private var bitCount = 0

    /// Appends `count` bits of `value`, least-significant first (header fields, extra bits).
    mutating func bits(_ value: Int, _ count: Int) {
        for i in 0..<count { bit((value >> i) & 1) }
    }

    /// Appends a Huffman code given as written in RFC 1951 (most-significant bit first), e.g. "00110000".
    mutating func code(_ text: String) {
        for character in text { bit(character == "1" ? 1 : 0) }
    }

    private mutating func bit(_ value: Int) {
        if bitCount % 8 == 0 { bytes.append(0) }
        bytes[bytes.count - 1] |= UInt8(value) << UInt8(bitCount % 8)
        bitCount += 1
    }
}
