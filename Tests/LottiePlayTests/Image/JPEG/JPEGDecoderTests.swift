import XCTest
import LottiePlay

// MARK: - JPEGDecoderTests

/// Our decoding of the fixtures against libjpeg-turbo's (through Pillow) and against the colours
/// the fixtures were made from.
///
/// Every channel of every pixel must equal libjpeg's: the decoder uses libjpeg's integer IDCT,
/// fancy upsampling and colour conversion with the same arithmetic and rounding.
final class JPEGDecoderTests: XCTestCase {
    /// The largest channel difference between our decoding and libjpeg's.
    private func maxDifference(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        let image = try JPEGDecoder().decode(try JPEGFixtures.jpeg(name))
        let reference = try JPEGFixtures.reference(name)
        XCTAssertEqual(image.width, reference.width, name, file: file, line: line)
        XCTAssertEqual(image.height, reference.height, name, file: file, line: line)
        guard reference.rgb.count == image.width * image.height * 3 else {
            XCTFail("\(name): reference of the wrong size", file: file, line: line)
            return .max
        }
        var largest = 0
        for pixel in 0..<(image.width * image.height) {
            for channel in 0..<3 {
                largest = max(largest, abs(Int(image.pixels[pixel * 4 + channel]) - Int(reference.rgb[pixel * 3 + channel])))
            }
            XCTAssertEqual(image.pixels[pixel * 4 + 3], 255, file: file, line: line)
        }
        return largest
    }

    func testFullResolutionMatchesLibjpeg() throws {
        for name in ["quadrants-444", "gradient-444", "progressive-444", "gray", "gray-progressive", "cmyk",
                     "noisy-444-progressive"] {
            XCTAssertEqual(try maxDifference(name), 0, name)
        }
    }

    func testSubsampledMatchesLibjpeg() throws {
        for name in ["quadrants-422", "quadrants-420", "gradient-422", "gradient-420", "gradient-420-odd",
                     "progressive-420", "noisy-420"] {
            XCTAssertEqual(try maxDifference(name), 0, name)
        }
    }

    func testRestartMarkersMatchLibjpeg() throws {
        for name in ["restart-420", "restart-progressive"] {
            XCTAssertTrue(try JPEGFixtures.jpeg(name).contains(0xDD), "\(name) has a DRI segment")
            XCTAssertEqual(try maxDifference(name), 0, name)
        }
    }

    /// The middle of each 16×16 quadrant is within 3 of the colour it was made from (quality 100).
    func testSolidQuadrantsKeepTheirColours() throws {
        let colours: [(UInt8, UInt8, UInt8)] = [(220, 40, 40), (40, 180, 60), (30, 60, 200), (240, 220, 40)]
        for name in ["quadrants-444", "quadrants-422", "quadrants-420", "cmyk"] {
            let image = try JPEGDecoder().decode(try JPEGFixtures.jpeg(name))
            for (index, colour) in colours.enumerated() {
                let pixel = image[8 + 16 * (index % 2), 8 + 16 * (index / 2)]
                XCTAssertLessThanOrEqual(abs(Int(pixel.red) - Int(colour.0)), 3, "\(name) quadrant \(index)")
                XCTAssertLessThanOrEqual(abs(Int(pixel.green) - Int(colour.1)), 3, "\(name) quadrant \(index)")
                XCTAssertLessThanOrEqual(abs(Int(pixel.blue) - Int(colour.2)), 3, "\(name) quadrant \(index)")
            }
        }
    }

    func testSizeReadsTheFrameHeaderOnly() throws {
        let file = try JPEGFixtures.jpeg("gradient-420-odd")
        let size = try JPEGDecoder().size(of: file)
        XCTAssertEqual(size.width, 21)
        XCTAssertEqual(size.height, 13)
        // The scans are not needed.
        guard let sos = JPEGFixtures.markerOffset(0xDA, in: file) else { return XCTFail("no SOS") }
        let header = try JPEGDecoder().size(of: Array(file[..<sos]))
        XCTAssertEqual(header.width, 21)
        XCTAssertEqual(header.height, 13)
    }

    func testErrorDescriptionNamesTheByte() {
        let error = JPEGError(.missing("scan (SOS)"), offset: 1234)
        XCTAssertEqual(error.description, "byte 1,234: missing scan (SOS)")
    }
}
