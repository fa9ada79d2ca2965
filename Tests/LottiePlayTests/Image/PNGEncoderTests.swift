import XCTest
import LottieModel
import LottiePlay

// MARK: - PNGEncoderTests

/// Encoding `RGBAImage`s and reading them back with `PNGDecoder`.
final class PNGEncoderTests: XCTestCase {

    @discardableResult
    private func roundTrip(_ image: RGBAImage, line: UInt = #line) throws -> [UInt8] {
        let file = try PNGEncoder().encode(image)
        let decoded = try PNGDecoder().decode(file)
        XCTAssertEqual(decoded.width, image.width, line: line)
        XCTAssertEqual(decoded.height, image.height, line: line)
        XCTAssertTrue(decoded.pixels == image.pixels, "pixels differ after the round trip", line: line)
        return file
    }

    func testGradientRoundTrip() throws {
        var image = RGBAImage(width: 200, height: 120)
        for y in 0..<image.height {
            for x in 0..<image.width {
                image[x, y] = RGBAImage.Pixel(red: UInt8(x * 255 / 199), green: UInt8(y * 255 / 119),
                                              blue: UInt8((x + y) % 256), alpha: 255)
            }
        }
        let file = try roundTrip(image)
        // Smooth gradients filter to near-constant rows: far below the 96,000 raw bytes.
        XCTAssertLessThan(file.count, 20_000)
        let header = try PNGDecoder().header(of: file)
        XCTAssertEqual(header.colorType, .truecolorAlpha)
        XCTAssertEqual(header.bitDepth, 8)
        XCTAssertFalse(header.isInterlaced)
    }

    func testTransparencyRoundTrip() throws {
        var image = RGBAImage(width: 64, height: 48)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let alpha = UInt8((x * 4 + y) % 256)
                // Straight alpha: colour is kept even where alpha is 0.
                image[x, y] = RGBAImage.Pixel(red: UInt8(x * 3), green: 200, blue: UInt8(y * 5), alpha: alpha)
            }
        }
        image[0, 0] = .clear
        try roundTrip(image)
    }

    func testNoiseAndTinyImages() throws {
        var state: UInt32 = 12345
        var noise = RGBAImage(width: 33, height: 17)
        for i in noise.pixels.indices {
            state = state &* 1_103_515_245 &+ 12345
            noise.pixels[i] = UInt8(truncatingIfNeeded: state >> 16)
        }
        try roundTrip(noise)
        try roundTrip(RGBAImage(width: 1, height: 1, filledWith: .white))
        try roundTrip(RGBAImage(width: 1000, height: 2, filledWith: RGBAImage.Pixel(red: 1, green: 2, blue: 3, alpha: 4)))
    }

    func testFlatImageCompressesWell() throws {
        let file = try roundTrip(RGBAImage(width: 256, height: 256))
        XCTAssertLessThan(file.count, 2_000, "262,144 bytes of transparent pixels")
        XCTAssertEqual(Array(file.prefix(8)), [137, 80, 78, 71, 13, 10, 26, 10])
        XCTAssertEqual(Array(file.suffix(12)), [0, 0, 0, 0, 73, 69, 78, 68, 174, 66, 96, 130], "IEND")
    }

    func testEmptyImageCannotBeEncoded() {
        XCTAssertThrowsError(try PNGEncoder().encode(RGBAImage(width: 0, height: 5))) { error in
            guard case .invalidHeader = (error as? PNGError)?.kind else { return XCTFail("\(error)") }
        }
    }

    func testDecodedFixtureReencodes() throws {
        // Any decoded image (here an interlaced palette-free fixture) survives encode → decode.
        let image = try PNGDecoder().decode(PNGFixtures.interlacedRGB)
        try roundTrip(image)
    }
}
