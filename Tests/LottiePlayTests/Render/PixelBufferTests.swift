import XCTest
@testable import LottiePlay

/// The canvas keeps, per row, the columns painted since it was last cleared: reading out and
/// clearing visit only those, and what they skip must be transparent.
final class PixelBufferTests: XCTestCase {
    private func span(_ buffer: PixelBuffer, y: Int, from minX: Int, count: Int, color: SIMD4<Float>) {
        var values = [Float](repeating: 1, count: count)
        values.withUnsafeMutableBufferPointer { values in
            guard let base = values.baseAddress else { return XCTFail("no coverage") }
            buffer.dirty = buffer.dirty.union(PixelRect(minX: minX, minY: y, maxX: minX + count, maxY: y + 1))
            buffer.paint(CoverageSpan(y: y, minX: minX, count: count, values: base), with: .solid(color))
        }
    }

    func testRowsRememberThePaintedColumns() {
        let buffer = PixelBuffer(width: 64, height: 4)
        span(buffer, y: 1, from: 2, count: 3, color: SIMD4(1, 0, 0, 1))
        span(buffer, y: 1, from: 40, count: 5, color: SIMD4(0, 0, 0.5, 0.5))
        span(buffer, y: 3, from: 10, count: 1, color: SIMD4(0, 1, 0, 1))
        XCTAssertEqual(buffer.paintedColumns(row: 0), 0..<0)
        XCTAssertEqual(buffer.paintedColumns(row: 1), 2..<45)
        XCTAssertEqual(buffer.paintedColumns(row: 3), 10..<11)

        var image = RGBAImage(width: 0, height: 0)
        buffer.takeImage(into: &image)
        XCTAssertEqual(image[3, 1], RGBAImage.Pixel(red: 255, green: 0, blue: 0, alpha: 255))
        XCTAssertEqual(image[42, 1], RGBAImage.Pixel(red: 0, green: 0, blue: 255, alpha: 128))
        XCTAssertEqual(image[10, 3], RGBAImage.Pixel(red: 0, green: 255, blue: 0, alpha: 255))
        XCTAssertEqual(image[20, 1], RGBAImage.Pixel(red: 0, green: 0, blue: 0, alpha: 0))

        // Taken, the buffer is transparent and remembers nothing; drawn again into the same
        // image, the old pixels are gone.
        XCTAssertEqual(buffer.paintedColumns(row: 1), 0..<0)
        XCTAssertTrue((0..<(64 * 4)).allSatisfy { buffer.pixels[$0] == 0 })
        span(buffer, y: 2, from: 60, count: 4, color: SIMD4(1, 1, 1, 1))
        buffer.takeImage(into: &image)
        XCTAssertEqual(image[3, 1], RGBAImage.Pixel(red: 0, green: 0, blue: 0, alpha: 0))
        XCTAssertEqual(image[63, 2], RGBAImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255))
    }

    func testCompositingCarriesTheSourceColumns() {
        // An isolated layer composited into the canvas marks only what it painted.
        let compositor = LayerCompositor(width: 32, height: 2)
        let source = PixelBuffer(width: 32, height: 2)
        let target = PixelBuffer(width: 32, height: 2)
        span(source, y: 0, from: 4, count: 2, color: SIMD4(0, 0, 1, 1))
        span(source, y: 1, from: 20, count: 3, color: SIMD4(0, 0, 1, 1))
        compositor.composite(source, into: target, opacity: 0.5, mode: .normal)
        XCTAssertEqual(target.paintedColumns(row: 0), 4..<6)
        XCTAssertEqual(target.paintedColumns(row: 1), 20..<23)
        XCTAssertEqual(target.image()[5, 0], RGBAImage.Pixel(red: 0, green: 0, blue: 255, alpha: 128))
    }

    func testRunsOfFullCoverageStopAtTheFirstPartialPixel() {
        // Opaque red through 64 pixels of full coverage but for a half-covered pixel and an
        // uncovered one inside blocks of sixteen: runs are filled and read out in such blocks,
        // and neither pixel may be taken for a full one.
        let buffer = PixelBuffer(width: 64, height: 1)
        var values = [Float](repeating: 1, count: 64)
        values[21] = 0.5
        values[50] = 0
        values.withUnsafeMutableBufferPointer { values in
            guard let base = values.baseAddress else { return XCTFail("no coverage") }
            buffer.dirty = PixelRect(minX: 0, minY: 0, maxX: 64, maxY: 1)
            buffer.paint(CoverageSpan(y: 0, minX: 0, count: 64, values: base), with: .solid(SIMD4(1, 0, 0, 1)))
        }
        let red = RGBAImage.Pixel(red: 255, green: 0, blue: 0, alpha: 255)
        let image = buffer.image()
        for x in 0..<64 where x != 21 && x != 50 {
            XCTAssertEqual(image[x, 0], red, "pixel \(x)")
        }
        // Half of 255 is 127.5, rounded up; read out with straight alpha, the colour is whole.
        XCTAssertEqual(buffer.pixels[21], PremultipliedPixel.word(SIMD4(0.5, 0, 0, 0.5)))
        XCTAssertEqual(image[21, 0], RGBAImage.Pixel(red: 255, green: 0, blue: 0, alpha: 128))
        XCTAssertEqual(image[50, 0], RGBAImage.Pixel(red: 0, green: 0, blue: 0, alpha: 0))
    }
}
