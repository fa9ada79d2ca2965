import XCTest
import LottieModel
@testable import LottiePlay

// MARK: - WebPHostileTests

/// Truncated, lying and corrupt WebP files must give a `WebPError`, never a crash, a hang or a huge
/// allocation.
final class WebPHostileTests: XCTestCase {
    private func expectError(_ data: [UInt8], limits: WebPDecoder.Limits = .default,
                             file: StaticString = #filePath, line: UInt = #line,
                             _ check: (WebPError.Kind) -> Bool) {
        do {
            let image = try WebPDecoder(limits: limits).decode(data)
            XCTFail("decoded \(image.width)×\(image.height), expected an error", file: file, line: line)
        } catch {
            XCTAssertTrue(check(error.kind), "unexpected error: \(error)", file: file, line: line)
        }
    }

    func testTruncatedAtEveryLength() throws {
        for name in ["lossless-noisy-32x24-m6-q100", "lossless-palette11-20x12-m4-q75", "lossless-repeated-40x12-m0-q0",
                     "animated-lossless-16x16", "lossy-alpha-shapes-20x20"] {
            let data = try WebPFixtures.webp(name)
            for length in 0..<data.count {
                XCTAssertThrowsError(try WebPDecoder().decode(Array(data.prefix(length))), "\(name) cut at \(length)")
            }
        }
    }

    func testTruncatedBitstreamWithConsistentSizes() throws {
        // The RIFF and chunk sizes are rewritten to the cut, so the VP8L decoder itself runs out of bits.
        let data = try WebPFixtures.webp("lossless-palette11-20x12-m6-q100")
        XCTAssertEqual(Array(data[12..<16]), Array("VP8L".utf8))
        let payload = Array(data[20...])
        var errors = 0
        for length in 0..<payload.count {
            do {
                _ = try WebPDecoder().decode(VP8LBitWriter.file(vp8l: Array(payload.prefix(length))))
            } catch {
                errors += 1
            }
        }
        // Only the last bytes may be spare bits; everything shorter must fail.
        XCTAssertGreaterThanOrEqual(errors, payload.count - 2)
    }

    func testRIFFSizeLying() throws {
        var data = try WebPFixtures.webp("lossless-solid-16x16-m4-q75")
        let real = data.count - 8
        data.replaceSubrange(4..<8, with: VP8LBitWriter.le32(real + 100))
        expectError(data) { if case .truncated = $0 { return true }; return false }
        data.replaceSubrange(4..<8, with: VP8LBitWriter.le32(10))
        expectError(data) { if case .truncated = $0 { return true }; return false }
        data.replaceSubrange(4..<8, with: VP8LBitWriter.le32(0xffff_ffff))
        expectError(data) { if case .truncated = $0 { return true }; return false }
    }

    func testNotWebP() {
        expectError(Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ".utf8)) { $0 == .notWebP }
        expectError(Array(repeating: 0, count: 40)) { $0 == .notWebP }
        expectError(Array("RIFF".utf8)) { if case .truncated = $0 { return true }; return false }
    }

    func testHugeHeaderRefusedByLimitBeforeDecoding() {
        var writer = VP8LBitWriter()
        writer.header(width: 16384, height: 16384)
        // No pixel data at all: the limit must trip before anything is read or allocated.
        let data = VP8LBitWriter.file(vp8l: writer.bytes)
        expectError(data) { $0 == .tooLarge(width: 16384, height: 16384, maxPixelCount: 1 << 26) }
        var small = VP8LBitWriter()
        small.header(width: 300, height: 200)
        expectError(VP8LBitWriter.file(vp8l: small.bytes), limits: .init(maxPixelCount: 50_000)) {
            $0 == .tooLarge(width: 300, height: 200, maxPixelCount: 50_000)
        }
        // A VP8X canvas over the limit is refused too.
        var vp8x = Array("VP8X".utf8) + VP8LBitWriter.le32(10) + [0x02, 0, 0, 0]
        vp8x += [0xff, 0xff, 0xff, 0xff, 0xff, 0xff]
        let file = Array("RIFF".utf8) + VP8LBitWriter.le32(4 + vp8x.count) + Array("WEBP".utf8) + vp8x
        expectError(file) { if case .tooLarge(16_777_216, 16_777_216, _) = $0 { return true }; return false }
    }

    func testColorCacheOfTwelveBits() {
        var writer = VP8LBitWriter()
        writer.header(width: 2, height: 2)
        writer.write(0, 1)   // no transform
        writer.write(1, 1)   // colour cache…
        writer.write(12, 4)  // …of 12 bits
        writer.write(0, 16)
        expectError(VP8LBitWriter.file(vp8l: writer.bytes)) { $0 == .invalidColorCache(bits: 12) }
    }

    func testTransformRepeated() {
        var writer = VP8LBitWriter()
        writer.header(width: 2, height: 2)
        writer.write(1, 1); writer.write(2, 2)  // subtract green
        writer.write(1, 1); writer.write(2, 2)  // subtract green again
        writer.write(0, 16)
        expectError(VP8LBitWriter.file(vp8l: writer.bytes)) {
            if case .invalidTransform(let reason) = $0 { return reason.contains("twice") }
            return false
        }
    }

    /// A 2×2 image whose green code's code-length code has lengths 17: `l17`, 18: `l18`, 0: `l0`, 1: `l1`.
    private func codeLengthCode(_ l17: Int, _ l18: Int, _ l0: Int, _ l1: Int) -> [UInt8] {
        var writer = VP8LBitWriter()
        writer.header(width: 2, height: 2)
        writer.write(0, 1)  // no transform
        writer.write(0, 1)  // no colour cache
        writer.write(0, 1)  // one group
        writer.write(0, 1)  // green code: normal form
        writer.write(0, 4)  // 4 code-length code lengths
        for length in [l17, l18, l0, l1] { writer.write(length, 3) }
        writer.write(0, 64)
        return VP8LBitWriter.file(vp8l: writer.bytes)
    }

    func testBadHuffmanCodes() {
        // Three codes of one bit: over-subscribed.
        expectError(codeLengthCode(1, 1, 1, 0)) {
            if case .invalidHuffmanCode(let reason) = $0 { return reason.contains("over-subscribed") }
            return false
        }
        // One code of 1 bit and one of 2 bits: incomplete.
        expectError(codeLengthCode(0, 0, 1, 2)) {
            if case .invalidHuffmanCode(let reason) = $0 { return reason.contains("incomplete") }
            return false
        }
        // No code at all.
        expectError(codeLengthCode(0, 0, 0, 0)) {
            if case .invalidHuffmanCode(let reason) = $0 { return reason.contains("no symbol") }
            return false
        }
    }

    func testBackReferenceBeforeTheStart() {
        var writer = VP8LBitWriter()
        writer.header(width: 4, height: 1)
        writer.write(0, 1)  // no transform
        writer.write(0, 1)  // no colour cache
        writer.write(0, 1)  // one group
        // Green: symbols 0 and 256 (a back reference of length 1), one bit each. Their lengths are
        // coded with a code-length code of symbols 1 (code 0) and 18 (code 1).
        writer.write(0, 1)
        writer.write(0, 4)
        for length in [0, 1, 0, 1] { writer.write(length, 3) }  // 17, 18, 0, 1
        writer.write(1, 1); writer.write(0, 3); writer.write(2, 2)  // four length tokens
        writer.write(0, 1)                                        // symbol 0: length 1
        writer.write(1, 1); writer.write(127, 7)                  // 138 zeros
        writer.write(1, 1); writer.write(106, 7)                  // 117 zeros
        writer.write(0, 1)                                        // symbol 256: length 1
        for _ in 0..<3 { writer.singleSymbolCode(0) }            // red, blue, alpha
        writer.singleSymbolCode(0)                                // distance code 1: one row up
        writer.write(1, 1)                                        // first pixel: a back reference
        writer.write(0, 16)
        expectError(VP8LBitWriter.file(vp8l: writer.bytes)) {
            if case .invalidBackReference(let reason) = $0 { return reason.contains("at pixel 0") }
            return false
        }
    }

    func testCorruptedFixturesNeverCrash() throws {
        // Deterministic byte flips over every lossless fixture: each decode must end in an image or an error.
        var state: UInt64 = 0x9e37_79b9_7f4a_7c15
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var errors = 0
        for name in WebPFixtures.names("lossless-") {
            let data = try WebPFixtures.webp(name)
            for _ in 0..<20 {
                var damaged = data
                for _ in 0..<(1 + next() % 3) {
                    let index = 20 + next() % (damaged.count - 20)
                    damaged[index] ^= UInt8(truncatingIfNeeded: 1 << (next() % 8))
                }
                do { _ = try WebPDecoder(limits: .init(maxPixelCount: 1 << 20)).decode(damaged) } catch { errors += 1 }
            }
        }
        XCTAssertGreaterThan(errors, 0)
    }
}
