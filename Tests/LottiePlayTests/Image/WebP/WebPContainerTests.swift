import XCTest
import LottieModel
@testable import LottiePlay

// MARK: - WebPContainerTests

/// Hand-made extended and animated files around a tiny VP8L image: the canvas, frame placement and
/// size checks of the container.
final class WebPContainerTests: XCTestCase {
    /// A `width × height` VP8L image of one colour coded with single-symbol codes (no pixel bits).
    private func solidVP8L(width: Int, height: Int) -> [UInt8] {
        var writer = VP8LBitWriter()
        writer.header(width: width, height: height)
        writer.write(0, 1)  // no transform
        writer.write(0, 1)  // no colour cache
        writer.write(0, 1)  // one group
        for symbol in [0x40, 0x80, 0x20, 0xff, 0] { writer.singleSymbolCode(symbol) }  // green, red, blue, alpha, distance
        return writer.bytes
    }

    private func chunk(_ code: String, _ payload: [UInt8]) -> [UInt8] {
        Array(code.utf8) + VP8LBitWriter.le32(payload.count) + payload + (payload.count % 2 == 1 ? [0] : [])
    }

    private func riff(_ chunks: [UInt8]) -> [UInt8] {
        Array("RIFF".utf8) + VP8LBitWriter.le32(4 + chunks.count) + Array("WEBP".utf8) + chunks
    }

    private func le24(_ value: Int) -> [UInt8] { Array(VP8LBitWriter.le32(value).prefix(3)) }

    private func vp8x(flags: UInt8, width: Int, height: Int) -> [UInt8] {
        chunk("VP8X", [flags, 0, 0, 0] + le24(width - 1) + le24(height - 1))
    }

    func testSimpleFileWithSingleSymbolCodes() throws {
        let image = try WebPDecoder().decode(VP8LBitWriter.file(vp8l: solidVP8L(width: 3, height: 2)))
        XCTAssertEqual(image, RGBAImage(width: 3, height: 2, filledWith: RGBAImage.Pixel(red: 0x80, green: 0x40, blue: 0x20, alpha: 0xff)))
    }

    func testExtendedStillImageAndCanvasMismatch() throws {
        let file = riff(vp8x(flags: 0x10, width: 3, height: 2) + chunk("ICCP", [1, 2, 3]) + chunk("VP8L", solidVP8L(width: 3, height: 2)))
        XCTAssertEqual(try WebPDecoder().decode(file).width, 3)
        let size = try WebPDecoder().size(of: file)
        XCTAssertEqual(size.width, 3)
        XCTAssertEqual(size.height, 2)
        let wrong = riff(vp8x(flags: 0, width: 4, height: 2) + chunk("VP8L", solidVP8L(width: 3, height: 2)))
        XCTAssertThrowsError(try WebPDecoder().decode(wrong)) { error in
            guard case .invalidChunk(chunk: "VP8L", _)? = (error as? WebPError)?.kind else { return XCTFail("\(error)") }
        }
    }

    func testAnimationFirstFramePlacedOnTransparentCanvas() throws {
        let frame = [UInt8]([1, 0, 0, 1, 0, 0]) + le24(1) + le24(1) + le24(100) + [0]  // at (2, 2), 2×2
        let file = riff(vp8x(flags: 0x02, width: 4, height: 4) + chunk("ANIM", [0, 0, 0, 0, 0, 0])
                        + chunk("ANMF", frame + chunk("VP8L", solidVP8L(width: 2, height: 2))))
        let image = try WebPDecoder().decode(file)
        XCTAssertEqual(image.width, 4)
        XCTAssertEqual(image.height, 4)
        for y in 0..<4 {
            for x in 0..<4 {
                let inside = x >= 2 && y >= 2
                XCTAssertEqual(image[x, y], inside ? RGBAImage.Pixel(red: 0x80, green: 0x40, blue: 0x20, alpha: 0xff) : .clear)
            }
        }
        // A frame reaching past the canvas is refused.
        let outside = riff(vp8x(flags: 0x02, width: 3, height: 3)
                           + chunk("ANMF", frame + chunk("VP8L", solidVP8L(width: 2, height: 2))))
        XCTAssertThrowsError(try WebPDecoder().decode(outside)) { error in
            guard case .invalidChunk(chunk: "ANMF", _)? = (error as? WebPError)?.kind else { return XCTFail("\(error)") }
        }
        // An animation without frames.
        XCTAssertThrowsError(try WebPDecoder().decode(riff(vp8x(flags: 0x02, width: 3, height: 3)))) { error in
            guard case .missingChunk? = (error as? WebPError)?.kind else { return XCTFail("\(error)") }
        }
    }
}
