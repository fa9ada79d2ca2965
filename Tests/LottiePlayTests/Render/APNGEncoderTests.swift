import XCTest
import TestSupport
@testable import LottiePlay

// MARK: - APNGEncoderTests

/// The APNG encoder read back chunk by chunk (TestSupport's `PNGChunkList`, with its own CRC) and
/// through `PNGDecoder`.
final class APNGEncoderTests: XCTestCase {
    private typealias Pixel = RGBAImage.Pixel

    /// Three 4x4 frames: red, then a blue pixel at (1, 2), then also a green 2x2 at (2, 0).
    private var frames: [RGBAImage] {
        let red = RGBAImage(width: 4, height: 4, filledWith: Pixel(red: 255, green: 0, blue: 0))
        var second = red
        second[1, 2] = Pixel(red: 0, green: 0, blue: 255)
        var third = second
        for y in 0..<2 { for x in 2..<4 { third[x, y] = Pixel(red: 0, green: 255, blue: 0, alpha: 100) } }
        return [red, second, third]
    }

    func testTheFileIsTheSameWhateverTheJobs() throws {
        let one = try APNGEncoder().encode(frames, framesPerSecond: 60)
        XCTAssertEqual(try APNGEncoder(jobs: 2).encode(frames, framesPerSecond: 60), one)
        XCTAssertEqual(try APNGEncoder(jobs: 8).encode(frames, framesPerSecond: 60), one)
    }

    func testChunkOrderSequenceNumbersAndCRCs() throws {
        let bytes = try APNGEncoder().encode(frames, framesPerSecond: 60)
        let chunks = try XCTUnwrap(PNGChunkList.chunks(of: bytes))

        XCTAssertEqual(chunks.map(\.type), ["IHDR", "acTL", "fcTL", "IDAT", "fcTL", "fdAT", "fcTL", "fdAT", "IEND"])
        XCTAssertTrue(chunks.allSatisfy(\.hasValidCRC))
        let numbered = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }
        XCTAssertEqual(numbered.map { $0.uint32(at: 0) }, [0, 1, 2, 3, 4])
        let animationControl = chunks[1]
        XCTAssertEqual(animationControl.data, [0, 0, 0, 3, 0, 0, 0, 0])  // 3 frames, play forever
    }

    func testFrameControlsGiveTheChangedRectangleAndOneSixtiethOfASecond() throws {
        let chunks = try XCTUnwrap(PNGChunkList.chunks(of: APNGEncoder().encode(frames, framesPerSecond: 60)))
        let controls = chunks.filter { $0.type == "fcTL" }
        // width, height, x, y
        XCTAssertEqual(controls.map { [4, 8, 12, 16].map($0.uint32(at:)) }, [[4, 4, 0, 0], [1, 1, 1, 2], [2, 2, 2, 0]])
        XCTAssertEqual(controls.map { [$0.uint16(at: 20), $0.uint16(at: 22)] }, [[1, 60], [1, 60], [1, 60]])
        XCTAssertEqual(controls.map { Array($0.data[24...]) }, [[0, 0], [0, 0], [0, 0]])  // dispose none, blend source
    }

    func testFirstFrameIsWhatAPlainPNGDecoderShows() throws {
        let bytes = try APNGEncoder().encode(frames, framesPerSecond: 30)
        XCTAssertEqual(try PNGDecoder().decode(bytes), frames[0])
    }

    func testLaterFrameDataIsThePNGDataOfItsRectangle() throws {
        let chunks = try XCTUnwrap(PNGChunkList.chunks(of: APNGEncoder().encode(frames, framesPerSecond: 30)))
        let lastData = try XCTUnwrap(chunks.last { $0.type == "fdAT" })
        // The third frame's rectangle as a PNG of its own: IHDR 2x2, 8-bit RGBA, then fdAT's data.
        let header: [UInt8] = [0, 0, 0, 2, 0, 0, 0, 2, 8, 6, 0, 0, 0]
        let png = PNGChunkList.file([("IHDR", header), ("IDAT", Array(lastData.data.dropFirst(4))), ("IEND", [])])
        let green = Pixel(red: 0, green: 255, blue: 0, alpha: 100)
        XCTAssertEqual(try PNGDecoder().decode(png), RGBAImage(width: 2, height: 2, filledWith: green))
    }

    func testDelaysAreExactFractions() {
        XCTAssertEqual(APNGFrameDelay(framesPerSecond: 60), APNGFrameDelay(numerator: 1, denominator: 60))
        XCTAssertEqual(APNGFrameDelay(framesPerSecond: 29.97), APNGFrameDelay(numerator: 100, denominator: 2997))
        XCTAssertEqual(APNGFrameDelay(framesPerSecond: 0.5), APNGFrameDelay(numerator: 2, denominator: 1))
        XCTAssertEqual(APNGFrameDelay(framesPerSecond: 12.5), APNGFrameDelay(numerator: 2, denominator: 25))
    }

    func testAnUnchangedFrameStoresOnePixel() throws {
        let still = RGBAImage(width: 3, height: 3, filledWith: .white)
        let chunks = try XCTUnwrap(PNGChunkList.chunks(of: APNGEncoder().encode([still, still], framesPerSecond: 1)))
        let second = try XCTUnwrap(chunks.last { $0.type == "fcTL" })
        XCTAssertEqual([4, 8, 12, 16].map(second.uint32(at:)), [1, 1, 0, 0])
    }
}
