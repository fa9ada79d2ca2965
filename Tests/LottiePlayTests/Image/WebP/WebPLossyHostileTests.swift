import XCTest
import LottieModel
@testable import LottiePlay

// MARK: - WebPLossyHostileTests

/// Truncated, lying and corrupt lossy WebP files (VP8 data and ALPH chunks) must give a
/// `WebPError`, never a crash, a hang or a huge allocation.
final class WebPLossyHostileTests: XCTestCase {
    private func expectError(_ data: [UInt8], limits: WebPDecoder.Limits = .default,
                             file: StaticString = #filePath, line: UInt = #line,
                             _ check: (WebPError) -> Bool) {
        do {
            let image = try WebPDecoder(limits: limits).decode(data)
            XCTFail("decoded \(image.width)×\(image.height), expected an error", file: file, line: line)
        } catch {
            XCTAssertTrue(check(error), "unexpected error: \(error)", file: file, line: line)
        }
    }

    private func isTruncated(_ error: WebPError) -> Bool {
        if case .truncated = error.kind { return true }
        return false
    }

    private func chunk(_ code: String, _ payload: [UInt8]) -> [UInt8] {
        Array(code.utf8) + VP8LBitWriter.le32(payload.count) + payload + (payload.count % 2 == 1 ? [0] : [])
    }

    private func riff(_ chunks: [UInt8]) -> [UInt8] {
        Array("RIFF".utf8) + VP8LBitWriter.le32(4 + chunks.count) + Array("WEBP".utf8) + chunks
    }

    /// The chunks of a fixture: code and payload.
    private func chunks(_ name: String) throws -> [(code: String, payload: [UInt8])] {
        let data = try WebPFixtures.webp(name)
        return try WebPContainer.chunks(data, in: 12..<data.count).map { ($0.code, Array(data[$0.payload])) }
    }

    /// A VP8 payload: frame tag (key frame, version 0, shown, first partition of `firstSize`),
    /// start code, size, then `rest`.
    private func vp8(width: Int, height: Int, firstSize: Int, rest: [UInt8] = []) -> [UInt8] {
        let tag = 0x10 | firstSize << 5
        return [UInt8(tag & 0xff), UInt8((tag >> 8) & 0xff), UInt8(tag >> 16), 0x9d, 0x01, 0x2a,
                UInt8(width & 0xff), UInt8(width >> 8), UInt8(height & 0xff), UInt8(height >> 8)] + rest
    }

    // MARK: Truncation

    func testTruncatedVP8DataWithConsistentSizes() throws {
        // The RIFF and chunk sizes are rewritten to the cut, so the VP8 decoder itself runs out of
        // data: inside the frame header, the first partition, the partition sizes or a token
        // partition. Every cut is an error saying so, except in the last bytes, which the decoder
        // may not need. (Decoded with Pillow, each of these cuts fails or succeeds as here, with the
        // same pixels.)
        for name in ["lossy-noisy-33x47-q90-m6", "lossy-photo-8x136-partitions8", "lossy-flat-48x32-q90-m0"] {
            let parts = try chunks(name)
            XCTAssertEqual(parts.map(\.code), ["VP8 "], name)
            let payload = parts[0].payload
            for length in 0..<payload.count {
                do {
                    _ = try WebPDecoder().decode(riff(chunk("VP8 ", Array(payload.prefix(length)))))
                    XCTAssertGreaterThanOrEqual(length, payload.count - 8, "\(name) cut to \(length) bytes decoded")
                } catch {
                    // The offset: the VP8 data's start or the end of the partition that ran out
                    // (which may be the padding byte after an odd-sized chunk).
                    XCTAssertTrue(isTruncated(error) && error.offset >= 20 && error.offset <= 21 + length,
                                  "\(name) cut to \(length) bytes: \(error)")
                }
            }
            XCTAssertNoThrow(try WebPDecoder().decode(riff(chunk("VP8 ", payload))), name)
        }
    }

    func testTruncatedAlphaChunkWithConsistentSizes() throws {
        for name in ["lossy-alpha-shapes-20x20", "lossy-alpha-shapes-20x20-raw", "lossy-alpha-shapes-20x20-aq10-m4"] {
            let parts = try chunks(name)
            XCTAssertEqual(parts.map(\.code), ["VP8X", "ALPH", "VP8 "], name)
            let alpha = parts[1].payload
            for length in 0..<alpha.count {
                let file = riff(chunk("VP8X", parts[0].payload) + chunk("ALPH", Array(alpha.prefix(length)))
                                + chunk("VP8 ", parts[2].payload))
                do {
                    _ = try WebPDecoder().decode(file)
                    // Only spare bits at the very end of a compressed stream may be missing.
                    XCTAssertGreaterThanOrEqual(length, alpha.count - 1, "\(name) with \(length) ALPH bytes decoded")
                } catch {
                    // Raw data is short; a VP8L stream runs out of bits (or, read as zeros, makes an
                    // invalid code first).
                    if alpha[0] & 3 == 0 { XCTAssertTrue(isTruncated(error), "\(name) with \(length) ALPH bytes: \(error)") }
                }
            }
        }
    }

    func testCutAtEveryLengthNeverCrashes() throws {
        // Plain cuts (the RIFF size then lies) of lossy files, with and without ALPH, extended and
        // animated: always an error, found by the container.
        for name in ["lossy-noisy-33x47-q10-m0", "lossy-alpha-columns-20x20", "animated-lossy-16x16"] {
            let data = try WebPFixtures.webp(name)
            for length in 0..<data.count {
                XCTAssertThrowsError(try WebPDecoder().decode(Array(data.prefix(length))), "\(name) cut at \(length)")
            }
        }
    }

    // MARK: Sizes and headers

    func testHugeDeclaredSizeRefusedBeforeAllocation() {
        // 16383×16383 with one byte of data: the limit trips before anything is read or allocated.
        expectError(riff(chunk("VP8 ", vp8(width: 16383, height: 16383, firstSize: 1, rest: [0, 0])))) {
            $0.kind == .tooLarge(width: 16383, height: 16383, maxPixelCount: 1 << 26)
        }
        expectError(riff(chunk("VP8 ", vp8(width: 300, height: 200, firstSize: 1, rest: [0, 0]))),
                    limits: .init(maxPixelCount: 50_000)) {
            $0.kind == .tooLarge(width: 300, height: 200, maxPixelCount: 50_000)
        }
        // The 2 scaling bits above each dimension do not count.
        XCTAssertEqual(try WebPDecoder().size(of: riff(chunk("VP8 ", vp8(width: 0xc000 | 40, height: 0x4000 | 30,
                                                                         firstSize: 1, rest: [0, 0])))).width, 40)
    }

    func testBadFrameHeaders() throws {
        let payload = try chunks("lossy-gradient-20x12-q50-m6")[0].payload
        func damaged(_ change: (inout [UInt8]) -> Void) -> [UInt8] {
            var copy = payload
            change(&copy)
            return riff(chunk("VP8 ", copy))
        }
        func headerError(_ text: String, at offset: Int) -> (WebPError) -> Bool {
            { error in
                guard case .invalidHeader(let reason) = error.kind else { return false }
                return reason.contains(text) && error.offset == offset
            }
        }
        expectError(damaged { $0[3] = 0x9c }, headerError("start code", at: 23))
        expectError(damaged { $0[5] = 0x2b }, headerError("start code", at: 23))
        expectError(damaged { $0[0] |= 1 }, headerError("key frame", at: 20))
        expectError(damaged { $0[0] |= 0x0e }, headerError("version 7", at: 20))
        expectError(damaged { $0[0] &= ~0x10 }, headerError("not shown", at: 20))
        expectError(damaged { $0[6] = 0; $0[7] = 0 }, headerError("0×12", at: 26))
        // A first partition longer than the chunk.
        expectError(damaged { $0[2] = 0xff }) { self.isTruncated($0) && $0.description.contains("first partition") }
    }

    func testBadAlphaHeaders() throws {
        let parts = try chunks("lossy-alpha-shapes-20x20")
        func file(alpha: [UInt8]) -> [UInt8] {
            riff(chunk("VP8X", parts[0].payload) + chunk("ALPH", alpha) + chunk("VP8 ", parts[2].payload))
        }
        let alpha = parts[1].payload
        func alphaError(_ text: String) -> (WebPError) -> Bool {
            { error in
                guard case .invalidChunk(chunk: "ALPH", let reason) = error.kind else { return false }
                return reason.contains(text) && error.offset == 38
            }
        }
        for method: UInt8 in [2, 3] {
            expectError(file(alpha: [(alpha[0] & ~3) | method] + alpha.dropFirst()), alphaError("compression method \(method)"))
        }
        expectError(file(alpha: [alpha[0] | 0x40] + alpha.dropFirst()), alphaError("reserved bits"))
        expectError(file(alpha: [alpha[0] | 0x20] + alpha.dropFirst()), alphaError("pre-processing 2"))
        expectError(file(alpha: [alpha[0]]), isTruncated)
        expectError(file(alpha: [])) { self.isTruncated($0) }
        // A raw alpha plane one byte short.
        let raw = try chunks("lossy-alpha-shapes-20x20-raw")
        XCTAssertEqual(raw[1].payload.count, 1 + 20 * 20)
        expectError(riff(chunk("VP8X", raw[0].payload) + chunk("ALPH", Array(raw[1].payload.prefix(400)))
                         + chunk("VP8 ", raw[2].payload))) { self.isTruncated($0) && $0.description.contains("400 raw ALPH bytes") }
    }

    func testFrameOfAnotherSizeThanTheCanvas() throws {
        var parts = try chunks("lossy-alpha-shapes-20x20")
        parts[0].payload[4] = 20  // canvas width 21
        let file = riff(parts.map { chunk($0.code, $0.payload) }.reduce([], +))
        expectError(file) { error in
            guard case .invalidChunk(chunk: "VP8", let reason) = error.kind else { return false }
            return reason.contains("20×20 in a frame of 21×20")
        }
    }

    func testCorruptedLossyFixturesNeverCrash() throws {
        // Deterministic byte flips after the container header of every lossy fixture: each decode
        // must end in an image or an error.
        var state: UInt64 = 0x2545_f491_4f6c_dd1d
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var errors = 0, images = 0
        for name in WebPFixtures.names("lossy-") {
            let data = try WebPFixtures.webp(name)
            for _ in 0..<12 {
                var damaged = data
                for _ in 0..<(1 + next() % 3) {
                    let index = 20 + next() % (damaged.count - 20)
                    damaged[index] ^= UInt8(truncatingIfNeeded: 1 << (next() % 8))
                }
                do {
                    _ = try WebPDecoder(limits: .init(maxPixelCount: 1 << 20)).decode(damaged)
                    images += 1
                } catch {
                    errors += 1
                }
            }
        }
        XCTAssertGreaterThan(errors, 0)
        XCTAssertGreaterThan(images, 0)
    }
}
