import Foundation
import XCTest
import LottiePlay

// MARK: - JPEGBenchmarkTests

/// Decoding speed, skipped unless `JPEG_BENCH` names a JPEG file (for example the 1024×1024 one
/// `Scripts/make-jpeg-fixtures.py --bench FILE` writes). Prints the best of 5 decodes in
/// megapixels per second; meaningful in a release build (`swift test -c release --filter
/// JPEGBenchmarkTests`).
final class JPEGBenchmarkTests: XCTestCase {
    func testDecodeSpeed() throws {
        guard let path = ProcessInfo.processInfo.environment["JPEG_BENCH"] else {
            throw XCTSkip("set JPEG_BENCH to a JPEG file to measure decoding speed")
        }
        let file = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var best = Double.infinity
        var pixels = 0
        for _ in 0..<5 {
            let start = Date()
            let image = try JPEGDecoder().decode(file)
            best = min(best, Date().timeIntervalSince(start))
            pixels = image.width * image.height
        }
        print("JPEG decode: \(pixels) px in \(Int(best * 1000)) ms = \(Double(pixels) / best / 1e6) Mpx/s")
    }
}
