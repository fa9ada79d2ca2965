import XCTest
@testable import LottieModel

// MARK: - DeflateTests

/// The compressor: round trips through `Inflate`, compression ratios and the length-limited codes.
///
/// Interoperability with zlib itself was checked by hand while developing (Python's `zlib.decompress`
/// on this compressor's output of a 2 MB Lottie JSON file at levels 0, 1, 6 and 9); tests cannot call
/// Python, so here the output is only checked against this package's own decoder.
final class DeflateTests: XCTestCase {

    // MARK: Helpers

    /// A deterministic pseudo-random generator (xorshift64*), so failures are reproducible.
    private struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return state &* 0x2545_F491_4F6C_DD1D
        }
        mutating func bytes(_ count: Int) -> [UInt8] {
            (0..<count).map { _ in UInt8(truncatingIfNeeded: next() >> 56) }
        }
    }

    private func assertRoundTrip(_ data: [UInt8], levels: [Int] = [0, 1, 6, 9], file: StaticString = #filePath,
                                 line: UInt = #line) throws {
        for level in levels {
            let compressed = Deflate.compress(data, level: Deflate.Level(level))
            let restored = try Inflate.decompress(compressed, limits: DecompressionLimits(maxRatio: Int.max))
            XCTAssertEqual(restored.count, data.count, "level \(level)", file: file, line: line)
            XCTAssertTrue(restored == data, "level \(level): round trip differs", file: file, line: line)
        }
    }

    // MARK: Round trips

    func testEmptyInput() throws {
        XCTAssertEqual(Deflate.compress([]), [0x03, 0x00], "a final fixed block with only end-of-block, as zlib writes")
        try assertRoundTrip([], levels: Array(0...9))
    }

    func testTinyInputs() throws {
        for text in ["a", "ab", "abc", "aaaa", "abcabcabc"] { try assertRoundTrip(Array(text.utf8), levels: Array(0...9)) }
    }

    func testRandomBytesFallBackToStoredBlocks() throws {
        var random = Random(state: 0x1234_5678_9ABC_DEF1)
        let data = random.bytes(200_000)
        try assertRoundTrip(data)
        let compressed = Deflate.compress(data)
        // Incompressible: stored blocks cost 5 bytes per 64 KiB piece at most, plus block headers.
        XCTAssertLessThan(compressed.count, data.count + 64)
    }

    func testRepetitiveText() throws {
        let sentence = "Lottie animations are JSON files describing layers, shapes and keyframes. "
        let text = Array(String(repeating: sentence, count: 1400).utf8)  // ~100 KB
        XCTAssertGreaterThan(text.count, 100_000)
        try assertRoundTrip(text, levels: Array(0...9))
        for level in 1...9 {
            let size = Deflate.compress(text, level: Deflate.Level(level)).count
            XCTAssertLessThan(Double(size) / Double(text.count), 0.10, "level \(level): \(size) bytes")
        }
        XCTAssertLessThan(Deflate.compress(text, level: .best).count, 1000)
    }

    func testOneMegabyteOfMixedData() throws {
        var random = Random(state: 42)
        var data: [UInt8] = []
        data.reserveCapacity(1 << 20)
        let words = ["shape", "layer", "\"ks\":{", "keyframe", "0.5,", "ellipse", "fill", "\n", "{\"a\":0,\"k\":["]
        while data.count < 1 << 20 {
            switch random.next() % 4 {
            case 0: data += random.bytes(Int(random.next() % 64))  // noise
            case 1: data += [UInt8](repeating: UInt8(random.next() % 256), count: Int(random.next() % 600))  // runs
            case 2:  // copies from up to 40 KB back (some beyond the 32 KiB window)
                let distance = Int(random.next() % 40_000) + 1
                let length = Int(random.next() % 300)
                if distance <= data.count {
                    for _ in 0..<length { data.append(data[data.count - distance]) }
                }
            default: for _ in 0..<10 { data += Array(words[Int(random.next() % UInt64(words.count))].utf8) }
            }
        }
        try assertRoundTrip(Array(data.prefix(1 << 20)), levels: [1, 6])
    }

    func testLongMatchesAndBlockBoundaries() throws {
        // Long runs make maximal (258) matches; > 32768 tokens forces several blocks.
        var data = [UInt8](repeating: 7, count: 100_000)
        var random = Random(state: 9)
        data += random.bytes(70_000)
        data += data.prefix(50_000)
        try assertRoundTrip(data, levels: [1, 4, 9])
    }

    // MARK: Huffman code lengths

    func testCodeLengthsAreLimitedAndComplete() {
        // Fibonacci frequencies give an optimal tree 30 levels deep, far past the 15-bit limit.
        var frequencies: [UInt32] = [1, 1]
        while frequencies.count < 30 { frequencies.append(frequencies[frequencies.count - 1] + frequencies[frequencies.count - 2]) }
        for limit in [7, 15] {
            let lengths = HuffmanCode.lengths(frequencies: frequencies, maxLength: limit, minimumSymbols: 2)
            XCTAssertEqual(lengths.max(), UInt8(limit))
            XCTAssertFalse(lengths.contains(0))
            let kraft = lengths.reduce(0.0) { $0 + pow(2.0, -Double($1)) }
            XCTAssertEqual(kraft, 1.0, accuracy: 1e-12, "limit \(limit): the code must be complete")
            // More frequent symbols never get longer codes.
            for i in 1..<lengths.count { XCTAssertLessThanOrEqual(lengths[i], lengths[i - 1]) }
        }
    }

    func testSingleSymbolStillGetsTwoCodes() {
        let lengths = HuffmanCode.lengths(frequencies: [0, 0, 5, 0], maxLength: 7, minimumSymbols: 2)
        XCTAssertEqual(lengths.filter { $0 > 0 }.count, 2)
        XCTAssertEqual(lengths[2], 1)
    }

    func testLevelsAreOrderedBySize() {
        let text = Array(String(repeating: "the quick brown fox jumps over the lazy dog; ", count: 300).utf8)
            + Array((0..<20_000).map { UInt8(truncatingIfNeeded: ($0 * $0) >> 3) })
        let stored = Deflate.compress(text, level: .none).count
        let fastest = Deflate.compress(text, level: .fastest).count
        let best = Deflate.compress(text, level: .best).count
        XCTAssertGreaterThan(stored, text.count)
        XCTAssertLessThan(fastest, stored)
        XCTAssertLessThanOrEqual(best, fastest)
        XCTAssertEqual(Deflate.Level(42), .best)
        XCTAssertEqual(Deflate.Level(-1), .none)
    }
}
