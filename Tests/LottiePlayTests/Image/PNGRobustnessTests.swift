import XCTest
import LottieModel
import LottiePlay

// MARK: - PNGRobustnessTests

/// Damaged PNG files (with their chunk CRCs recomputed, so the damage reaches the header, palette,
/// filters and pixel expansion) must produce a `PNGError` or an image, never a crash.
final class PNGRobustnessTests: XCTestCase {
    /// Recomputes the CRC of every complete chunk after the signature.
    private func fixCRCs(_ file: inout [UInt8]) {
        var offset = 8
        while offset + 12 <= file.count {
            let length = Int(file[offset]) << 24 | Int(file[offset + 1]) << 16 | Int(file[offset + 2]) << 8
                | Int(file[offset + 3])
            guard length >= 0, offset + 12 + length <= file.count else { return }
            let crc = CRC32.checksum(file[(offset + 4)..<(offset + 8 + length)])
            for i in 0..<4 { file[offset + 8 + length + i] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * i)) }
            offset += 12 + length
        }
    }

    func testDamagedFixturesNeverCrash() throws {
        var state: UInt64 = 2024
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        // Uncompressed image data (level 0), so byte damage lands in filter bytes and samples.
        let stored = try PNGEncoder(compressionLevel: .none).encode(
            RGBAImage(width: 7, height: 5, filledWith: RGBAImage.Pixel(red: 10, green: 20, blue: 30, alpha: 40)))
        let files = [PNGFixtures.palette2BitWithTransparency, PNGFixtures.interlacedRGB, PNGFixtures.rgba16Bit,
                     PNGFixtures.interlacedGrey1Bit, PNGFixtures.grey16BitWithTransparency, stored]
        var decoded = 0
        var rejected = 0
        for file in files {
            for _ in 0..<200 {
                var damaged = file
                damaged[8 + next(damaged.count - 8)] ^= UInt8(1 + next(255))
                fixCRCs(&damaged)
                do {
                    let image = try PNGDecoder(limits: .init(maxPixelCount: 1 << 20)).decode(damaged)
                    XCTAssertEqual(image.pixels.count, image.width * image.height * 4)
                    decoded += 1
                } catch {
                    XCTAssertFalse(error.description.isEmpty)
                    rejected += 1
                }
            }
        }
        XCTAssertEqual(decoded + rejected, 1200)
        XCTAssertGreaterThan(decoded, 0)
        XCTAssertGreaterThan(rejected, 0)
    }
}
