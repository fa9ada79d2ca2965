import XCTest
import LottiePlay

// MARK: - JPEGRobustnessTests

/// Hostile and damaged files: each must give a `JPEGError` (or, for random damage, possibly an
/// image), never a crash, a hang or a huge allocation.
final class JPEGRobustnessTests: XCTestCase {
    private func decodeError(_ file: [UInt8], limits: JPEGDecoder.Limits = .default,
                             file source: StaticString = #filePath, line: UInt = #line) -> JPEGError? {
        do {
            _ = try JPEGDecoder(limits: limits).decode(file)
            XCTFail("decoded a hostile file", file: source, line: line)
            return nil
        } catch {
            return error
        }
    }

    /// A fixture with the frame header's byte `index` (after the marker) replaced.
    private func withFrameByte(_ name: String, _ index: Int, _ value: UInt8) throws -> [UInt8] {
        var file = try JPEGFixtures.jpeg(name)
        let sof = try XCTUnwrap(JPEGFixtures.markerOffset(0xC0, in: file) ?? JPEGFixtures.markerOffset(0xC2, in: file))
        file[sof + index] = value
        return file
    }

    func testTruncatedAtEveryLengthIsAnError() throws {
        for name in ["quadrants-420", "progressive-420", "restart-420", "cmyk"] {
            let file = try JPEGFixtures.jpeg(name)
            for length in 0..<file.count {
                XCTAssertNotNil(decodeError(Array(file[..<length])), "\(name) cut at \(length)")
            }
        }
    }

    func testHugeFrameIsRefusedBeforeAllocation() throws {
        // 65535 × 65535: 4 Gpx, far over the default 64 Mpx.
        var file = try withFrameByte("quadrants-420", 5, 0xFF)
        for index in 6...8 { file[(JPEGFixtures.markerOffset(0xC0, in: file) ?? 0) + index] = 0xFF }
        let error = decodeError(file)
        XCTAssertEqual(error?.kind, .tooLarge(width: 65535, height: 65535, maxPixelCount: 1 << 26))
        // And a small limit applies to a small image.
        let small = decodeError(try JPEGFixtures.jpeg("quadrants-444"), limits: .init(maxPixelCount: 1000))
        XCTAssertEqual(small?.kind, .tooLarge(width: 32, height: 32, maxPixelCount: 1000))
    }

    func testOverflowingHuffmanTableIsRejected() throws {
        // A DC table with three 1-bit codes, inserted after SOI.
        var segment: [UInt8] = [0xFF, 0xC4, 0x00, 22, 0x00, 3]
        segment += [UInt8](repeating: 0, count: 15) + [0, 1, 2]
        var file = try JPEGFixtures.jpeg("gray")
        file.insert(contentsOf: segment, at: 2)
        let error = decodeError(file)
        XCTAssertEqual(error?.offset, 2)
        guard case .invalidSegment(marker: "DHT", _)? = error?.kind else { return XCTFail("\(String(describing: error))") }
    }

    func testTwelveBitIsUnsupported() throws {
        let error = decodeError(try withFrameByte("gray", 4, 12))
        XCTAssertEqual(error?.kind, .unsupported("12-bit samples (only 8-bit)"))
    }

    func testArithmeticCodingAndLosslessAreUnsupported() throws {
        for (marker, words) in [(UInt8(0xC9), "arithmetic coding (SOF9)"), (0xC3, "lossless JPEG (SOF3)")] {
            let error = decodeError(try withFrameByte("gray", 1, marker))
            XCTAssertEqual(error?.kind, .unsupported(words))
            XCTAssertThrowsError(try JPEGDecoder().size(of: try withFrameByte("gray", 1, marker)))
        }
    }

    func testMissingScanIsAnError() throws {
        let file = try JPEGFixtures.jpeg("gray")
        let sos = try XCTUnwrap(JPEGFixtures.markerOffset(0xDA, in: file))
        let error = decodeError(Array(file[..<sos]) + [0xFF, 0xD9])
        XCTAssertEqual(error?.kind, .missing("scan (SOS)"))
    }

    func testZeroSizeIsAnError() throws {
        // Height 0 (only allowed with a DNL marker) and width 0.
        let noHeight = try withFrameByte("gray", 5, 0)
        var file = noHeight
        file[(JPEGFixtures.markerOffset(0xC0, in: file) ?? 0) + 6] = 0
        XCTAssertEqual(decodeError(file)?.kind, .unsupported("height 0 (the height given by a DNL marker)"))
        var noWidth = try withFrameByte("gray", 7, 0)
        noWidth[(JPEGFixtures.markerOffset(0xC0, in: noWidth) ?? 0) + 8] = 0
        XCTAssertEqual(decodeError(noWidth)?.kind, .invalidSegment(marker: "SOF0", reason: "width 0"))
    }

    func testCorruptEntropyDataStopsTheScan() throws {
        // Scan data of stuffed FF bytes only: all-ones codes, which no table has.
        var file = try JPEGFixtures.jpeg("gray")
        let sos = try XCTUnwrap(JPEGFixtures.markerOffset(0xDA, in: file))
        let start = sos + 2 + (Int(file[sos + 2]) << 8 | Int(file[sos + 3]))
        for index in stride(from: start, to: file.count - 3, by: 2) {
            file[index] = 0xFF
            file[index + 1] = 0
        }
        guard case .corruptData? = decodeError(file)?.kind else { return XCTFail("not reported as corrupt data") }
    }

    /// Many cheap scans: the first (DC) scan of a progressive file repeated 1,000 times.
    func testScanCountIsBounded() throws {
        let file = try JPEGFixtures.jpeg("progressive-444")
        let sos = try XCTUnwrap(JPEGFixtures.markerOffset(0xDA, in: file))
        var end = sos + 2 + (Int(file[sos + 2]) << 8 | Int(file[sos + 3]))
        while end + 1 < file.count && !(file[end] == 0xFF && file[end + 1] != 0) { end += 1 }
        let scan = Array(file[sos..<end])
        var repeated = Array(file[..<sos])
        for _ in 0..<1001 { repeated += scan }
        repeated += [0xFF, 0xD9]
        XCTAssertEqual(decodeError(repeated)?.kind, .unsupported("more than 1000 scans"))
        XCTAssertNoThrow(try JPEGDecoder().decode(Array(file[..<sos]) + scan + scan + [0xFF, 0xD9]))
    }

    func testNotAJPEG() {
        XCTAssertEqual(decodeError([0x89, 0x50, 0x4E, 0x47])?.kind, .notJPEG)
        XCTAssertEqual(decodeError([])?.kind, .notJPEG)
    }

    func testAbsurdSamplingFactorsAndComponentCountsAreRejected() throws {
        // Component 1's sampling byte (SOF + 11): 5×1 is out of range.
        XCTAssertNotNil(decodeError(try withFrameByte("quadrants-444", 11, 0x51)))
        // Quantization table 7.
        XCTAssertNotNil(decodeError(try withFrameByte("quadrants-444", 12, 7)))
        // Two components (and a shorter frame than the count needs).
        XCTAssertNotNil(decodeError(try withFrameByte("quadrants-444", 9, 2)))
        XCTAssertNotNil(decodeError(try withFrameByte("quadrants-444", 9, 200)))
    }

    /// Random byte damage anywhere (headers, tables, entropy data): an image or an error.
    func testDamagedFilesNeverCrash() throws {
        var state: UInt64 = 1969
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var decoded = 0, rejected = 0
        for name in ["quadrants-420", "progressive-420", "restart-progressive", "cmyk", "gray-progressive"] {
            let file = try JPEGFixtures.jpeg(name)
            for _ in 0..<150 {
                var damaged = file
                for _ in 0...next(3) { damaged[2 + next(damaged.count - 2)] ^= UInt8(1 + next(255)) }
                do {
                    let image = try JPEGDecoder(limits: .init(maxPixelCount: 1 << 20)).decode(damaged)
                    XCTAssertEqual(image.pixels.count, image.width * image.height * 4)
                    decoded += 1
                } catch {
                    rejected += 1
                }
            }
        }
        XCTAssertGreaterThan(decoded, 0)
        XCTAssertGreaterThan(rejected, 0)
    }
}
