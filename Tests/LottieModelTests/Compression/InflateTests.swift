import XCTest
import LottieModel

// MARK: - InflateTests

/// Raw deflate decoding: hand-made stored and fixed-Huffman streams, a zlib-made dynamic stream,
/// malformed input and decompression bombs.
final class InflateTests: XCTestCase {

    // MARK: Helpers

    private func inflateError(_ data: [UInt8], limits: DecompressionLimits = .default) -> CompressionError? {
        do {
            _ = try Inflate.decompress(data, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Stored blocks

    func testStoredBlockWrittenByHand() throws {
        let stream: [UInt8] = [
            0b0000_0001,  // BFINAL = 1, BTYPE = 00 (stored), 5 bits of padding to the byte boundary
            0x05, 0x00,  // LEN = 5, little-endian
            0xFA, 0xFF,  // NLEN = ~5
            0x68, 0x65, 0x6C, 0x6C, 0x6F,  // "hello"
        ]
        XCTAssertEqual(try Inflate.decompress(stream), Array("hello".utf8))
    }

    func testTwoStoredBlocksAndAnEmptyOne() throws {
        let stream: [UInt8] = [
            0x00, 0x02, 0x00, 0xFD, 0xFF, 0x41, 0x42,  // BFINAL 0, stored "AB"
            0x00, 0x00, 0x00, 0xFF, 0xFF,  // BFINAL 0, stored, empty
            0x01, 0x01, 0x00, 0xFE, 0xFF, 0x43,  // BFINAL 1, stored "C"
        ]
        XCTAssertEqual(try Inflate.decompress(stream), Array("ABC".utf8))
    }

    func testStoredLengthComplementMismatch() {
        let error = inflateError([0x01, 0x05, 0x00, 0xFA, 0xFE, 0x68, 0x65, 0x6C, 0x6C, 0x6F])
        XCTAssertEqual(error?.kind, .storedLengthMismatch(length: 5, complement: 0xFEFA))
        XCTAssertEqual(error?.offset, 1)
    }

    // MARK: Fixed Huffman

    func testFixedHuffmanSingleLiteral() throws {
        // "a" with the fixed code (RFC 1951 §3.2.6), bits in stream order:
        //   1        BFINAL
        //   1 0      BTYPE = 01 (LSB first)
        //   10010001 literal 97: codes 0–143 are 00110000 + value → 0x30 + 0x61 = 0x91
        //   0000000  end of block (256): codes 256–279 are 7 bits, 0000000 + (value − 256)
        // Packed LSB first: 0x4B 0x04 0x00 — the same bytes as Python's zlib.compress(b"a") body.
        XCTAssertEqual(try Inflate.decompress([0x4B, 0x04, 0x00]), Array("a".utf8))
    }

    func testFixedHuffmanWithOverlappingBackReference() throws {
        // "abcabcabc" = literals a, b, c, then a match of length 6 at distance 3 that overlaps itself:
        //   1 1 0                header: BFINAL, BTYPE = 01
        //   10010001 10010010 10010011   literals 0x61 0x62 0x63 (0x30 + value, 8 bits)
        //   0000100              length 6 → symbol 260 (base 6, no extra bits), 7-bit code 0000000 + 4
        //   00010                distance 3 → distance code 2 (base 3, no extra bits), 5 bits
        //   0000000              end of block
        // 46 bits, packed LSB first. (Checked once with Python's zlib.decompress(..., -15).)
        let stream: [UInt8] = [0x4B, 0x4C, 0x4A, 0x86, 0x20, 0x00]
        XCTAssertEqual(try Inflate.decompress(stream), Array("abcabcabc".utf8))
    }

    func testFixedHuffmanBuiltWithPacker() throws {
        // Length 258 (symbol 285, 8-bit code 11000101) at distance 1 after one literal: 259 × "z".
        var packer = DeflateBitPacker()
        packer.bits(1, 1)
        packer.bits(1, 2)
        packer.code("10101010")  // 'z' = 0x7A → 0x30 + 0x7A = 0xAA
        packer.code("11000101")  // symbol 285: codes 280–287 are 11000000 + (value − 280)
        packer.code("00000")  // distance code 0 = distance 1
        packer.code("0000000")  // end of block
        XCTAssertEqual(try Inflate.decompress(packer.bytes), [UInt8](repeating: 0x7A, count: 259))
    }

    // MARK: Dynamic Huffman

    /// `zlib.compress(s, 9)` in Python 3.11 (zlib 1.2.13) of
    /// `s = b"The quick brown fox jumps over the lazy dog. " * 3 + b"Pack my box with five dozen liquor jugs! 0123456789 " + bytes(range(40, 120))`
    /// (267 bytes). The first deflate byte 0xB5 has BTYPE = 10: one dynamic block.
    static let pythonDynamicZlib: [UInt8] = [
        120, 218, 181, 203, 197, 2, 130, 64, 20, 133, 225, 87, 185, 238, 236, 238, 238, 14, 84, 236, 36, 6, 24,
        5, 70, 90, 124, 122, 103, 231, 19, 184, 61, 255, 119, 88, 5, 129, 225, 96, 225, 9, 188, 73, 60, 29, 36,
        242, 134, 135, 163, 189, 44, 32, 46, 50, 193, 166, 89, 229, 62, 62, 136, 68, 142, 3, 251, 55, 204, 112,
        212, 105, 62, 240, 20, 121, 216, 86, 64, 194, 46, 162, 233, 131, 116, 80, 177, 225, 16, 147, 126, 101,
        43, 0, 201, 84, 58, 147, 205, 229, 11, 197, 18, 4, 67, 225, 72, 52, 22, 79, 252, 166, 114, 165, 90, 171,
        55, 154, 173, 118, 167, 219, 235, 15, 134, 163, 241, 100, 58, 155, 47, 152, 229, 106, 205, 110, 182,
        187, 253, 225, 120, 58, 95, 174, 183, 59, 199, 11, 34, 146, 100, 5, 63, 158, 170, 166, 147, 151, 97, 90,
        182, 227, 122, 95, 102, 189, 90, 37,
    ]

    static let pythonDynamicText: [UInt8] = {
        var text = [UInt8]()
        for _ in 0..<3 { text += Array("The quick brown fox jumps over the lazy dog. ".utf8) }
        text += Array("Pack my box with five dozen liquor jugs! 0123456789 ".utf8)
        text += (40..<120).map { UInt8($0) }
        return text
    }()

    func testDynamicHuffmanStreamFromPythonZlib() throws {
        let stream = InflateTests.pythonDynamicZlib
        XCTAssertEqual(stream[2] & 0b111, 0b101, "BFINAL = 1, BTYPE = 10 (dynamic)")
        let raw = Array(stream[2..<(stream.count - 4)])
        XCTAssertEqual(try Inflate.decompress(raw), InflateTests.pythonDynamicText)
    }

    // MARK: Malformed streams

    func testInvalidBlockType3() {
        // BFINAL = 1, BTYPE = 11.
        let error = inflateError([0b0000_0111, 0, 0, 0])
        XCTAssertEqual(error?.kind, .invalidBlockType(3))
        XCTAssertEqual(error?.offset, 0)
        XCTAssertTrue(error!.description.contains("invalid deflate block type 3"), error!.description)
    }

    func testTruncatedStreams() {
        let raw = Array(InflateTests.pythonDynamicZlib[2..<(InflateTests.pythonDynamicZlib.count - 4)])
        for length in [0, 1, 5, 40, raw.count / 2, raw.count - 1] {
            let error = inflateError(Array(raw[0..<length]))
            guard case .truncated = error?.kind else {
                XCTFail("prefix of \(length) bytes: expected truncation, got \(String(describing: error))")
                continue
            }
            XCTAssertTrue(error!.description.contains("ends too early"), error!.description)
        }
        // A stored block announcing more bytes than present.
        XCTAssertEqual(inflateError([0x01, 0x05, 0x00, 0xFA, 0xFF, 0x68])?.kind,
                       .truncated(needed: "a stored block of 5 bytes"))
    }

    func testDistanceTooFarBack() {
        // One literal, then a match at distance 3 (code 2) when only 1 byte exists.
        var packer = DeflateBitPacker()
        packer.bits(1, 1)
        packer.bits(1, 2)
        packer.code("10010001")  // 'a'
        packer.code("0000001")  // length 3 (symbol 257)
        packer.code("00010")  // distance 3
        packer.code("0000000")
        let error = inflateError(packer.bytes)
        XCTAssertEqual(error?.kind, .distanceTooFarBack(distance: 3, available: 1))
        XCTAssertTrue(error!.description.contains("distance 3 reaches before the start"), error!.description)
    }

    func testInvalidDistanceSymbol30() {
        var packer = DeflateBitPacker()
        packer.bits(1, 1)
        packer.bits(1, 2)
        packer.code("10010001")
        packer.code("0000001")
        packer.code("11110")  // distance symbol 30 exists in the fixed code but is never valid
        packer.code("0000000")
        guard case .invalidSymbol(let reason) = inflateError(packer.bytes)?.kind else {
            return XCTFail("expected an invalid symbol")
        }
        XCTAssertTrue(reason.contains("30"), reason)
    }

    func testOverSubscribedCodeLengths() {
        // Dynamic block whose code-length code gives four symbols 1-bit codes.
        var packer = DeflateBitPacker()
        packer.bits(1, 1)
        packer.bits(2, 2)
        packer.bits(0, 5)  // HLIT 257
        packer.bits(0, 5)  // HDIST 1
        packer.bits(0, 4)  // HCLEN 4: lengths of symbols 16, 17, 18, 0
        for _ in 0..<4 { packer.bits(1, 3) }
        packer.bits(0, 16)
        XCTAssertEqual(inflateError(packer.bytes)?.kind, .invalidCodeLengths("over-subscribed code-length code"))
    }

    func testTrailingBytesAfterFinalBlock() {
        XCTAssertEqual(inflateError([0x4B, 0x04, 0x00, 0x99])?.kind, .trailingBytes(count: 1))
    }

    // MARK: Bombs

    /// A hand-built dynamic block in which a length-258 match at distance 1 costs 2 bits:
    /// literal/length code {285: "0", 0: "10", 256: "11"}, distance code {0: "0"}. `matches` of them
    /// expand to 1 + 258 × matches zero bytes, a ratio of about 1032:1 — the most deflate allows.
    static func zeroBomb(matches: Int) -> [UInt8] {
        var packer = DeflateBitPacker()
        packer.bits(1, 1)  // BFINAL
        packer.bits(2, 2)  // BTYPE = 10, dynamic
        packer.bits(286 - 257, 5)  // HLIT: 286 literal/length lengths
        packer.bits(0, 5)  // HDIST: 1 distance length
        packer.bits(18 - 4, 4)  // HCLEN: 18 code-length-code lengths (up to symbol 1 in the order)
        // Code-length code: 18 → "0", 1 → "10", 2 → "11". Order: 16 17 18 0 8 7 9 6 10 5 11 4 12 3 13 2 14 1.
        let codeLengthLengths: [Int: Int] = [18: 1, 1: 2, 2: 2]
        for symbol in [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1] {
            packer.bits(codeLengthLengths[symbol] ?? 0, 3)
        }
        // Literal/length lengths: 0 → 2, 1...255 → 0, 256 → 2, 257...284 → 0, 285 → 1; distance 0 → 1.
        packer.code("11")  // length 2 for symbol 0
        packer.code("0"); packer.bits(138 - 11, 7)  // 138 zeros (symbols 1...138)
        packer.code("0"); packer.bits(117 - 11, 7)  // 117 zeros (139...255)
        packer.code("11")  // length 2 for 256
        packer.code("0"); packer.bits(28 - 11, 7)  // 28 zeros (257...284)
        packer.code("10")  // length 1 for 285
        packer.code("10")  // distance symbol 0: length 1
        // Data: literal 0, then the matches, then end of block.
        packer.code("10")
        for _ in 0..<matches { packer.code("0"); packer.code("0") }
        packer.code("11")
        return packer.bytes
    }

    func testHandBuiltBombDecodesWithinLimits() throws {
        let output = try Inflate.decompress(InflateTests.zeroBomb(matches: 100))
        XCTAssertEqual(output, [UInt8](repeating: 0, count: 1 + 258 * 100))
    }

    func testBombStopsAtRatioLimitWithDefaultLimits() {
        // 20,000 matches: ~5 KB of input for 5.16 MB of output, over 1000:1 past the first MiB.
        let bomb = InflateTests.zeroBomb(matches: 20_000)
        let error = inflateError(bomb)
        XCTAssertEqual(error?.kind, .ratioLimitExceeded(maxRatio: 1000, inputBytes: bomb.count))
        XCTAssertTrue(error!.description.contains("possible decompression bomb"), error!.description)
    }

    func testBombStopsAtOutputLimit() {
        let limits = DecompressionLimits(maxOutputBytes: 100_000, maxRatio: Int.max)
        let error = inflateError(InflateTests.zeroBomb(matches: 20_000), limits: limits)
        XCTAssertEqual(error?.kind, .outputLimitExceeded(limit: 100_000))
    }

    func testOutputLimitOnStoredData() {
        let stream: [UInt8] = [0x01, 0x05, 0x00, 0xFA, 0xFF, 0x68, 0x65, 0x6C, 0x6C, 0x6F]
        XCTAssertEqual(inflateError(stream, limits: DecompressionLimits(maxOutputBytes: 4))?.kind,
                       .outputLimitExceeded(limit: 4))
        XCTAssertEqual(try Inflate.decompress(stream, limits: DecompressionLimits(maxOutputBytes: 5)).count, 5)
    }

    func testExactLimitIsAccepted() throws {
        let output = try Inflate.decompress(InflateTests.zeroBomb(matches: 1000), limits: .exactly(258_001))
        XCTAssertEqual(output.count, 258_001)
        XCTAssertNotNil(inflateError(InflateTests.zeroBomb(matches: 1000), limits: .exactly(258_000)))
    }
}
