import XCTest
import LottieModel
import LottiePlay

// MARK: - PNGDecoderTests

/// Decoding of every colour type, bit depth, filter and interlacing, against pixels read with Pillow,
/// and the errors for malformed files.
final class PNGDecoderTests: XCTestCase {

    // MARK: Helpers

    private func decodeError(_ data: [UInt8], limits: PNGDecoder.Limits = .default) -> PNGError? {
        do {
            _ = try PNGDecoder(limits: limits).decode(data)
            return nil
        } catch {
            return error
        }
    }

    /// One chunk with a correct CRC.
    private func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let length = UInt32(data.count)
        let body = Array(type.utf8) + data
        let crc = CRC32.checksum(body)
        return [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: length >> $0) } + body
            + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> $0) }
    }

    private let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    private func ihdr(width: UInt32, height: UInt32, depth: UInt8, colorType: UInt8, interlace: UInt8 = 0) -> [UInt8] {
        let size = [width, height].flatMap { value in [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        return chunk("IHDR", size + [depth, colorType, 0, 0, interlace])
    }

    /// A 2×1 RGBA 8-bit file whose scanline bytes (filter byte included) are `scanline`.
    private func rgbaFile(scanline: [UInt8]) -> [UInt8] {
        signature + ihdr(width: 2, height: 1, depth: 8, colorType: 6)
            + chunk("IDAT", Zlib.compress(scanline)) + chunk("IEND", [])
    }

    private func assertDecodes(_ file: [UInt8], width: Int, height: Int, to expected: [UInt8],
                               line: UInt = #line) throws {
        let image = try PNGDecoder().decode(file)
        XCTAssertEqual(image.width, width, line: line)
        XCTAssertEqual(image.height, height, line: line)
        XCTAssertEqual(image.pixels, expected, line: line)
    }

    // MARK: Formats (fixtures read with Pillow)

    func testPaletteWithTransparency() throws {
        try assertDecodes(PNGFixtures.palette2BitWithTransparency, width: 4, height: 4,
                          to: PNGFixtures.palette2BitWithTransparencyExpected)
    }

    func testGreyAlpha() throws {
        try assertDecodes(PNGFixtures.greyAlpha8Bit, width: 4, height: 4, to: PNGFixtures.greyAlpha8BitExpected)
    }

    func testSixteenBitRGBA() throws {
        try assertDecodes(PNGFixtures.rgba16Bit, width: 3, height: 3, to: PNGFixtures.rgba16BitExpected)
    }

    func testSixteenBitGreyTransparencyComparesFullSamples() throws {
        try assertDecodes(PNGFixtures.grey16BitWithTransparency, width: 4, height: 2,
                          to: PNGFixtures.grey16BitWithTransparencyExpected)
        let image = try PNGDecoder().decode(PNGFixtures.grey16BitWithTransparency)
        XCTAssertEqual(image[0, 0], RGBAImage.Pixel(red: 0x12, green: 0x12, blue: 0x12, alpha: 0))
        XCTAssertEqual(image[1, 0].alpha, 255, "0x1299 shares the high byte with the key 0x1234 but is opaque")
    }

    func testInterlacedTruecolorWithTransparency() throws {
        try assertDecodes(PNGFixtures.interlacedRGB, width: 9, height: 5, to: PNGFixtures.interlacedRGBExpected)
        let image = try PNGDecoder().decode(PNGFixtures.interlacedRGB)
        XCTAssertEqual(image[1, 1], RGBAImage.Pixel(red: 28, green: 50, blue: 7, alpha: 0), "the tRNS colour")
    }

    func testInterlacedOneBitGrey() throws {
        try assertDecodes(PNGFixtures.interlacedGrey1Bit, width: 10, height: 3,
                          to: PNGFixtures.interlacedGrey1BitExpected)
    }

    func testFourBitGrey() throws {
        try assertDecodes(PNGFixtures.grey4Bit, width: 5, height: 2, to: PNGFixtures.grey4BitExpected)
    }

    func testHeaderOnly() throws {
        let header = try PNGDecoder().header(of: PNGFixtures.interlacedRGB)
        XCTAssertEqual(header.width, 9)
        XCTAssertEqual(header.height, 5)
        XCTAssertEqual(header.colorType, .truecolor)
        XCTAssertEqual(header.bitDepth, 8)
        XCTAssertTrue(header.isInterlaced)
    }

    // MARK: Errors

    func testNotAPNG() {
        XCTAssertEqual(decodeError(Array("GIF89a....".utf8))?.kind, .notPNG)
        XCTAssertEqual(decodeError([])?.kind, .notPNG)
    }

    func testChunkCRCMismatchNamesTheChunk() {
        var file = PNGFixtures.greyAlpha8Bit
        file[45] ^= 0x01  // inside the IDAT data (the IDAT chunk starts at byte 33)
        let error = decodeError(file)
        guard case .chunkCRCMismatch(let chunk, _, _)? = error?.kind else {
            return XCTFail("expected a CRC mismatch, got \(String(describing: error))")
        }
        XCTAssertEqual(chunk, "IDAT")
        XCTAssertTrue(error!.description.contains("CRC mismatch in chunk IDAT"), error!.description)
    }

    func testTruncatedFile() {
        let file = PNGFixtures.greyAlpha8Bit
        guard case .truncated? = decodeError(Array(file.prefix(file.count - 20)))?.kind else {
            return XCTFail("expected truncation")
        }
        XCTAssertEqual(decodeError(Array(file.prefix(file.count - 12)))?.kind, .missingChunk("IEND"))
    }

    func testTooLargeIsRejectedBeforeDecoding() {
        // 100000 × 100000 pixels: only the header exists, nothing is allocated.
        let file = signature + ihdr(width: 100_000, height: 100_000, depth: 8, colorType: 6) + chunk("IEND", [])
        let error = decodeError(file)
        XCTAssertEqual(error?.kind, .tooLarge(width: 100_000, height: 100_000, maxPixelCount: 1 << 26))
        XCTAssertEqual(decodeError(PNGFixtures.greyAlpha8Bit, limits: .init(maxPixelCount: 15))?.kind,
                       .tooLarge(width: 4, height: 4, maxPixelCount: 15))
    }

    func testInvalidHeaderCombination() {
        let file = signature + ihdr(width: 1, height: 1, depth: 4, colorType: 2) + chunk("IEND", [])
        XCTAssertEqual(decodeError(file)?.kind, .invalidHeader("bit depth 4 is not allowed for colour type 2"))
        let zeroWidth = signature + ihdr(width: 0, height: 1, depth: 8, colorType: 6) + chunk("IEND", [])
        guard case .invalidHeader(let reason)? = decodeError(zeroWidth)?.kind else { return XCTFail("width 0") }
        XCTAssertTrue(reason.contains("width 0"), reason)
    }

    func testMissingPaletteAndUnknownCriticalChunk() {
        let indexed = signature + ihdr(width: 1, height: 1, depth: 8, colorType: 3)
            + chunk("IDAT", Zlib.compress([0, 0])) + chunk("IEND", [])
        XCTAssertEqual(decodeError(indexed)?.kind, .missingChunk("PLTE"))
        let unknown = signature + ihdr(width: 1, height: 1, depth: 8, colorType: 0) + chunk("ABCD", [1])
            + chunk("IDAT", Zlib.compress([0, 0])) + chunk("IEND", [])
        XCTAssertEqual(decodeError(unknown)?.kind, .unknownCriticalChunk("ABCD"))
        // An unknown ancillary chunk is skipped.
        let ancillary = signature + ihdr(width: 1, height: 1, depth: 8, colorType: 0) + chunk("abCD", [1])
            + chunk("IDAT", Zlib.compress([0, 77])) + chunk("IEND", [])
        XCTAssertEqual(try PNGDecoder().decode(ancillary).pixels, [77, 77, 77, 255])
    }

    func testSplitAndNonConsecutiveImageData() throws {
        let stream = Zlib.compress([0, 1, 2, 3, 4, 5, 6, 7, 8])
        let head = signature + ihdr(width: 2, height: 1, depth: 8, colorType: 6)
        let split = head + chunk("IDAT", Array(stream[0..<5])) + chunk("IDAT", Array(stream[5...])) + chunk("IEND", [])
        XCTAssertEqual(try PNGDecoder().decode(split).pixels, [1, 2, 3, 4, 5, 6, 7, 8])
        let gap = head + chunk("IDAT", Array(stream[0..<5])) + chunk("tEXt", Array("a\0b".utf8))
            + chunk("IDAT", Array(stream[5...])) + chunk("IEND", [])
        XCTAssertEqual(decodeError(gap)?.kind, .misplacedChunk("IDAT chunks are not consecutive"))
    }

    func testInvalidFilterType() {
        let error = decodeError(rgbaFile(scanline: [5, 1, 2, 3, 4, 5, 6, 7, 8]))
        XCTAssertEqual(error?.kind, .invalidFilterType(filter: 5, row: 0, pass: 0))
        XCTAssertTrue(error!.description.contains("invalid filter type 5 on row 0"), error!.description)
    }

    func testImageDataSizeMismatch() {
        XCTAssertEqual(decodeError(rgbaFile(scanline: [0, 1, 2, 3]))?.kind, .imageDataTooShort(expected: 9, actual: 4))
        XCTAssertEqual(decodeError(rgbaFile(scanline: [UInt8](repeating: 0, count: 10)))?.kind,
                       .imageDataTooLong(expected: 9))
    }

    func testBrokenZlibStreamIsWrapped() {
        var stream = Zlib.compress([0, 1, 2, 3, 4, 5, 6, 7, 8])
        stream[stream.count - 1] ^= 0xFF
        let file = signature + ihdr(width: 2, height: 1, depth: 8, colorType: 6) + chunk("IDAT", stream)
            + chunk("IEND", [])
        guard case .compression(let inner)? = decodeError(file)?.kind,
              case .checksumMismatch(.adler32, _, _) = inner.kind else {
            return XCTFail("expected the Adler-32 mismatch inside a compression error")
        }
    }
}
