import Foundation
import XCTest
import LottiePlay
import TestSupport

// MARK: - PNGReferenceRenderTests

/// Decoding the reference renders in `../shared/reference/renders` (skipped when `../shared` is absent).
final class PNGReferenceRenderTests: XCTestCase {
    private func requireRenders() throws -> URL {
        guard let root = Corpus.shared("reference/renders") else {
            throw XCTSkip(Corpus.missingMessage("reference/renders"))
        }
        return root
    }

    func testEllipseFirstFrame() throws {
        let url = try requireRenders().appendingPathComponent("lottie-spec/ellipse/f0.rlottie.png")
        let image = try PNGDecoder().decode([UInt8](try Data(contentsOf: url)))
        XCTAssertEqual(image.width, 256)
        XCTAssertEqual(image.height, 256)
        // Read once with Pillow 13: Image.open(path).load()[x, y].
        XCTAssertEqual(image[0, 0], RGBAImage.Pixel(red: 0, green: 0, blue: 0, alpha: 0))
        XCTAssertEqual(image[128, 128], RGBAImage.Pixel(red: 0, green: 0, blue: 0, alpha: 0))
        XCTAssertEqual(image[64, 128], RGBAImage.Pixel(red: 255, green: 250, blue: 72, alpha: 255))
        XCTAssertEqual(image[192, 128], RGBAImage.Pixel(red: 255, green: 250, blue: 72, alpha: 255))
        XCTAssertEqual(image[128, 64], RGBAImage.Pixel(red: 255, green: 250, blue: 72, alpha: 255))
        XCTAssertEqual(image[120, 56], RGBAImage.Pixel(red: 255, green: 255, blue: 68, alpha: 15))
        XCTAssertEqual(image[122, 56], RGBAImage.Pixel(red: 255, green: 249, blue: 71, alpha: 50))
    }

    func testEveryReferenceRenderDecodes() throws {
        let root = try requireRenders()
        let paths = (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? [])
            .filter { $0.lowercased().hasSuffix(".png") }.sorted()
        XCTAssertFalse(paths.isEmpty)
        var failures: [String] = []
        var pixelBytes = 0
        for relative in paths {
            let bytes = [UInt8](try Data(contentsOf: root.appendingPathComponent(relative)))
            do {
                let decoder = PNGDecoder()
                let header = try decoder.header(of: bytes)
                let image = try decoder.decode(bytes)
                XCTAssertEqual(image.width, header.width)
                XCTAssertEqual(image.height, header.height)
                pixelBytes += image.pixels.count
            } catch {
                failures.append("\(relative): \(error)")
            }
        }
        XCTAssertEqual(failures, [], "\(failures.count) of \(paths.count) renders failed")
        print("decoded \(paths.count) reference renders (\(pixelBytes / 1_048_576) MiB of RGBA)")
    }
}
