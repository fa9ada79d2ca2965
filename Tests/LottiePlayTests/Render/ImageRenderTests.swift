import XCTest
import LottieModel
@testable import LottiePlay

/// Image layers: bilinear sampling through the image shader's fast paths (opaque or not, along
/// image rows or rotated) and its checked path, and halved copies for images drawn small. Expected values are worked out by hand.
final class ImageRenderTests: XCTestCase {
    private typealias Pixel = RGBAImage.Pixel

    // MARK: Fixtures

    /// A 4 x 3 image whose every pixel differs; `alpha` gives each pixel's alpha.
    private func testImage(alpha: (Int, Int) -> UInt8 = { _, _ in 255 }) -> RGBAImage {
        var image = RGBAImage(width: 4, height: 3)
        for y in 0..<3 {
            for x in 0..<4 {
                image[x, y] = Pixel(red: UInt8(x * 60), green: UInt8(y * 100), blue: UInt8(200 - x * 10 - y * 20),
                                    alpha: alpha(x, y))
            }
        }
        return image
    }

    /// Draws `image` (at its own size in layer units) through `transform` on a `width` x `height`
    /// canvas.
    private func render(_ image: RGBAImage, transform: AffineMatrix, width: Int, height: Int) -> RGBAImage {
        var images = ImageStore()
        images.set(image, forAssetID: "image")
        let layer = SceneLayer(name: "image", index: nil, type: .image, jsonPath: "layers[0]", localFrame: 0,
                               transform: transform, opacity: 1, blendMode: .normal, masks: [], matte: nil,
                               content: .image(assetID: "image", width: 0, height: 0))
        let scene = LottieScene(frame: 0, width: Double(width), height: Double(height), layers: [layer])
        return SceneRenderer(width: width, height: height).render(scene, images: images)
    }

    // MARK: Tests

    func testOpaqueImageAtItsSizeIsCopiedExactly() {
        let image = testImage()
        let result = render(image, transform: .translation(x: 2, y: 1), width: 8, height: 5)
        for y in 0..<3 {
            for x in 0..<4 { assertPixel(result, x + 2, y + 1, image[x, y], tolerance: 0) }
        }
        assertPixel(result, 1, 1, .clear, tolerance: 0)
        assertPixel(result, 6, 1, .clear, tolerance: 0)
    }

    func testTranslucentImageAtItsSizeKeepsItsColours() {
        // The canvas holds premultiplied 8-bit pixels: a colour comes back within half a
        // premultiplied step, 127.5 / alpha in straight terms (3 at alpha 40), plus rounding.
        let image = testImage { x, y in UInt8(40 + x * 50 + y * 20) }
        let result = render(image, transform: .identity, width: 4, height: 3)
        for y in 0..<3 {
            for x in 0..<4 {
                let alpha = Int(image[x, y].alpha)
                assertPixel(result, x, y, image[x, y], tolerance: 1 + 127 / alpha)
                XCTAssertEqual(Int(result[x, y].alpha), alpha)
            }
        }
    }

    func testScaledImageInterpolatesAndClampsItsEdges() {
        // At scale 2 the centre of device pixel 2 maps to image x = 1.25 - 0.5 = 0.75 (texel
        // centres at integers): a quarter of texel 0 and three quarters of texel 1. Device pixel
        // 0 maps to -0.25, clamped to texel 0; the last device pixel, to texel 3 alone.
        let image = testImage()
        let result = render(image, transform: .scale(x: 2, y: 2), width: 8, height: 6)
        assertPixel(result, 2, 0, Pixel(red: 45, green: 0, blue: 193))
        assertPixel(result, 0, 0, image[0, 0])
        assertPixel(result, 7, 5, image[3, 2])
        // Device row 3 maps to image y = 1.25: three quarters of row 1, a quarter of row 2.
        assertPixel(result, 0, 3, Pixel(red: 0, green: 125, blue: 175))
    }

    func testScaledTranslucentImageInterpolatesPremultiplied() {
        // Texel 0 transparent, texel 1 opaque: half way, alpha is half and the colour
        // is texel 1's (the transparent texel adds no colour).
        var image = RGBAImage(width: 2, height: 1)
        image[0, 0] = Pixel(red: 0, green: 0, blue: 0, alpha: 0)
        image[1, 0] = Pixel(red: 200, green: 100, blue: 50, alpha: 255)
        // Scale 4: device pixel 3 maps to image x = 3.5 / 4 - 0.5 = 0.375; pixel 4 to 0.625.
        let result = render(image, transform: .scale(x: 4, y: 1), width: 8, height: 1)
        assertPixel(result, 3, 0, Pixel(red: 200, green: 100, blue: 50, alpha: 96))
        assertPixel(result, 4, 0, Pixel(red: 200, green: 100, blue: 50, alpha: 159))
    }

    func testImageAtAQuarterOfItsSizeAveragesEveryTexel() {
        // An 8 x 8 image, red in columns 0 and 4 only, drawn 2 x 2: each pixel covers 4 x 4
        // texels, one column of which is red. Bilinear sampling of the full image would read
        // columns 1 and 2 (and 5 and 6) and show black; the copy halved twice averages all 16:
        // halved once, columns (0, 1) -> (255 + 0 + 255 + 0 + 2) / 4 = 128 and (2, 3) -> 0;
        // halved again, (128 + 0 + 128 + 0 + 2) / 4 = 64.
        var image = RGBAImage(width: 8, height: 8)
        for y in 0..<8 {
            for x in 0..<8 { image[x, y] = Pixel(red: x % 4 == 0 ? 255 : 0, green: 0, blue: 0, alpha: 255) }
        }
        let result = render(image, transform: .scale(x: 0.25, y: 0.25), width: 2, height: 2)
        for y in 0..<2 {
            for x in 0..<2 { assertPixel(result, x, y, Pixel(red: 64, green: 0, blue: 0, alpha: 255), tolerance: 0) }
        }
    }

    func testImageAtAThirdOfItsSizeInterpolatesTheHalvedCopy() {
        // A 6 x 6 image, red in column 0 only, drawn 2 x 2: 3 texels a pixel, so the copy halved
        // once (3 x 3; its column 0 is (255 + 0 + 255 + 0 + 2) / 4 = 128, the others 0). Pixel 0's
        // centre is at texel 1.5 of the full image, 0.75 of the halved copy: a quarter of the way
        // from its texel 0 to texel 1, red 128 * 192 / 256 = 96. Pixel 1 (texel 2.25) is black.
        var image = RGBAImage(width: 6, height: 6)
        for y in 0..<6 {
            for x in 0..<6 { image[x, y] = Pixel(red: x == 0 ? 255 : 0, green: 0, blue: 0, alpha: 255) }
        }
        let result = render(image, transform: .scale(x: 1.0 / 3, y: 1.0 / 3), width: 2, height: 2)
        assertPixel(result, 0, 0, Pixel(red: 96, green: 0, blue: 0, alpha: 255), tolerance: 0)
        assertPixel(result, 0, 1, Pixel(red: 96, green: 0, blue: 0, alpha: 255), tolerance: 0)
        assertPixel(result, 1, 0, Pixel(red: 0, green: 0, blue: 0, alpha: 255), tolerance: 0)
    }

    func testHalvingAnOddSizeAveragesTheLastColumnWithItself() {
        // A 5 x 5 image, red in column 4 only, drawn 2 x 2 (2.5 texels a pixel): the halved copy
        // is 3 x 3 and its column 2 is column 4 with itself, red 255; column 1 (texels 2 and 3)
        // is black. Pixel 1's centre is at texel 3.75, 1.875 in the halved copy: 0.375 of the way
        // from column 1 to column 2, red (255 * 96 + 128) / 256 = 96.
        var image = RGBAImage(width: 5, height: 5)
        for y in 0..<5 {
            for x in 0..<5 { image[x, y] = Pixel(red: x == 4 ? 255 : 0, green: 0, blue: 0, alpha: 255) }
        }
        let result = render(image, transform: .scale(x: 0.4, y: 0.4), width: 2, height: 2)
        assertPixel(result, 1, 1, Pixel(red: 96, green: 0, blue: 0, alpha: 255), tolerance: 0)
        assertPixel(result, 0, 1, Pixel(red: 0, green: 0, blue: 0, alpha: 255), tolerance: 0)
    }

    func testImageSqueezedInOneDirectionIsNotReducedInTheOther() {
        // Squeezed to a quarter of its width but full height, an image would be blurred up and
        // down by a copy halved twice; the less reduced direction (1 texel a pixel) decides, so
        // each row keeps its own colour: rows 0 and 1 of the 8 x 2 image are red and blue.
        var image = RGBAImage(width: 8, height: 2)
        for x in 0..<8 {
            image[x, 0] = Pixel(red: 255, green: 0, blue: 0, alpha: 255)
            image[x, 1] = Pixel(red: 0, green: 0, blue: 255, alpha: 255)
        }
        let result = render(image, transform: .scale(x: 0.25, y: 1), width: 2, height: 2)
        assertPixel(result, 0, 0, image[0, 0], tolerance: 0)
        assertPixel(result, 1, 1, image[0, 1], tolerance: 0)
    }

    func testTransparentTexelsAroundADrawingStillBlendIntoIt() {
        // The shader skips pixels whose four texels are transparent; the texels next to a
        // drawing are not skipped. A 3 x 2 image, transparent but for texel (1, 1), at scale 4:
        // device (x, y) samples image ((x + 0.5) / 4 - 0.5, (y + 0.5) / 4 - 0.5).
        var image = RGBAImage(width: 3, height: 2)
        image[1, 1] = Pixel(red: 200, green: 100, blue: 50, alpha: 255)
        let result = render(image, transform: .scale(x: 4, y: 4), width: 12, height: 8)
        // (3, 3) samples (0.375, 0.375): the drawing's texel comes from the row below and the
        // column right, 96/256 of the way each: alpha 255 * 96/256 = 96 rounded, then 96 * 96/256
        // = 36; red 200 -> 75 -> 28, or 198 straight.
        assertPixel(result, 3, 3, Pixel(red: 198, green: 99, blue: 50, alpha: 36))
        // (7, 3) samples (1.375, 0.375): the drawing's texel is on the left, 160/256 of it (green
        // 100 -> 63 -> 24 at alpha 60: 102 straight).
        assertPixel(result, 7, 3, Pixel(red: 200, green: 102, blue: 51, alpha: 60))
        // Pixels whose texels are all transparent stay clear.
        assertPixel(result, 11, 7, .clear, tolerance: 0)
        assertPixel(result, 0, 1, .clear, tolerance: 0)
    }

    func testRotatedImageSamplesAcrossRows() {
        // A quarter turn about the origin, then moved back into view: device (x, y) shows image
        // pixel (y, 2 - x), so each device row walks down an image column.
        let image = testImage()
        let transform = AffineMatrix.translation(x: 3, y: 0) * AffineMatrix(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)
        let result = render(image, transform: transform, width: 3, height: 4)
        for y in 0..<4 {
            for x in 0..<3 { assertPixel(result, x, y, image[y, 2 - x], tolerance: 0) }
        }
    }

    func testSpanMappedFarOutsideTheImageIsClampedToItsEdges() {
        // Squeezed to 4e-10 units wide at x = 4, the image's inverse sends device pixels billions
        // of texels away, past the fixed-point range: the span is sampled with checks, each pixel
        // clamped to the first or the last column.
        let image = testImage()
        let shader = ImageShader(image: PremultipliedImage(image), drawWidth: 4, drawHeight: 3,
                                 transform: AffineMatrix(a: 1e-10, b: 0, c: 0, d: 1, tx: 4, ty: 0), opacity: 1)
        let buffer = PixelBuffer(width: 8, height: 1)
        buffer.dirty = buffer.bounds
        buffer.markPainted(buffer.bounds)
        let coverage = [Float](repeating: 1, count: 8)
        coverage.withUnsafeBufferPointer { coverage in
            guard let values = coverage.baseAddress else { return XCTFail("no coverage") }
            shader.paint(buffer.pixels, coverage: values, count: 8, x: 0, y: 0)
        }
        let result = buffer.image()
        for x in 0..<4 { assertPixel(result, x, 0, image[0, 0], tolerance: 0) }
        for x in 4..<8 { assertPixel(result, x, 0, image[3, 0], tolerance: 0) }
    }
}
