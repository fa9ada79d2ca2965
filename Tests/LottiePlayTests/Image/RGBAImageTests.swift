import XCTest
import LottiePlay

// MARK: - RGBAImageTests

final class RGBAImageTests: XCTestCase {
    func testNewImageIsTransparent() {
        let image = RGBAImage(width: 3, height: 2)
        XCTAssertEqual(image.pixels.count, 24)
        XCTAssertTrue(image.pixels.allSatisfy { $0 == 0 })
        XCTAssertEqual(image[2, 1], .clear)
    }

    func testPixelAccessIsRowMajor() {
        var image = RGBAImage(width: 3, height: 2)
        image[2, 1] = RGBAImage.Pixel(red: 1, green: 2, blue: 3, alpha: 4)
        XCTAssertEqual(image.offset(x: 2, y: 1), 20)
        XCTAssertEqual(Array(image.pixels[20..<24]), [1, 2, 3, 4])
        XCTAssertEqual(image.pixel(x: 2, y: 1), RGBAImage.Pixel(red: 1, green: 2, blue: 3, alpha: 4))
        XCTAssertNil(image.pixel(x: 3, y: 0))
        XCTAssertNil(image.pixel(x: 0, y: -1))
    }

    func testFilledImage() {
        let image = RGBAImage(width: 2, height: 2, filledWith: RGBAImage.Pixel(red: 9, green: 8, blue: 7))
        XCTAssertEqual(image.pixels, [9, 8, 7, 255, 9, 8, 7, 255, 9, 8, 7, 255, 9, 8, 7, 255])
        XCTAssertEqual(image, RGBAImage(width: 2, height: 2, pixels: image.pixels))
        XCTAssertEqual(image[1, 1].description, "rgba(9, 8, 7, 255)")
    }
}
