import Foundation
import XCTest
import LottieModel
@testable import LottiePlay

/// `ImageStore` decodes image assets by their content, whatever their data URL says: PNG, JPEG
/// and WebP with our own decoders, and names the formats it does not decode.
final class ImageStoreFormatsTests: XCTestCase {
    /// An animation whose image asset `image_0` is `bytes` as a data URL of type `mime`.
    private func animation(_ bytes: [UInt8], mime: String, width: Int, height: Int) throws -> LottieAnimation {
        let url = "data:\(mime);base64," + Data(bytes).base64EncodedString()
        return try LottieDecoder().decode("""
        {"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": \(width), "h": \(height),
         "assets": [{"id": "image_0", "w": \(width), "h": \(height), "u": "", "p": "\(url)", "e": 1}],
         "layers": [{"ty": 2, "ind": 1, "refId": "image_0", "ip": 0, "op": 30, "st": 0, "ks": {}}]}
        """)
    }

    func testJPEGAndWebPAssetsAreDecodedAsTheirDecodersDecodeThem() throws {
        // Lossless and lossy WebP alike; the lossy one is compared with libwebp's own pixels.
        let jpeg = try JPEGFixtures.jpeg("quadrants-444")
        let webp = try WebPFixtures.webp("lossless-gradient-20x12-m4-q75")
        let lossyWebP = try WebPFixtures.webp("lossy-photo-100x75-q80-m4")
        // The MIME types are wrong on purpose: the content decides.
        for (bytes, expected) in [(jpeg, try JPEGDecoder().decode(jpeg)), (webp, try WebPDecoder().decode(webp)),
                                  (lossyWebP, try WebPFixtures.reference("lossy-photo-100x75-q80-m4"))] {
            let animation = try animation(bytes, mime: "image/png", width: expected.width, height: expected.height)
            let store = ImageStore(animation: animation)
            XCTAssertTrue(store.problems.isEmpty, "\(store.problems)")
            let image = try XCTUnwrap(store.images["image_0"])
            XCTAssertEqual(image.width, expected.width)
            // Drawn at its own size: the canvas shows the decoded pixels (opaque images).
            let frame = SceneRenderer(width: expected.width, height: expected.height)
                .render(Timeline(animation).scene(atFrame: 0), images: store)
            for (x, y) in [(1, 1), (expected.width - 2, expected.height - 2), (expected.width / 2, expected.height / 2)] {
                XCTAssertEqual(frame[x, y], expected[x, y], "(\(x), \(y))")
            }
            // SVG embeds it again as PNG.
            XCTAssertNotNil(store.pngData["image_0"])
        }
    }

    func testFormatsNotDecodedAreNamed() throws {
        let gif = Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 20)
        let store = ImageStore(animation: try animation(gif, mime: "image/gif", width: 4, height: 4))
        XCTAssertEqual(store.problems.map(\.description), ["assets[0]: image 'image_0': GIF images are not supported (PNG, JPEG and WebP are)"])
    }

    func testTheBudgetIsCheckedBeforeDecoding() throws {
        let jpeg = try JPEGFixtures.jpeg("quadrants-444")
        let size = try JPEGDecoder().size(of: jpeg)
        var limits = LottieLimits.default
        limits.maxImagePixels = size.width * size.height - 1
        let store = ImageStore(animation: try animation(jpeg, mime: "image/jpeg", width: size.width, height: size.height),
                               limits: limits)
        XCTAssertEqual(store.problems.map(\.description), [
            "assets[0]: image 'image_0': a JPEG of \(size.width) x \(size.height) pixels takes the images past the limit maxImagePixels "
                + "(\(limits.maxImagePixels)); not drawn",
        ])
    }
}
