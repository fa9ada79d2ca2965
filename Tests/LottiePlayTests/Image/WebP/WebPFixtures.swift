import Foundation
import LottieModel
import TestSupport
@testable import LottiePlay

// MARK: - WebPFixtures

/// The WebP files of `Fixtures/` (written by Scripts/make-webp-fixtures.py with Pillow's libwebp),
/// read from the source tree, each with the pixels libwebp decodes it to (`NAME.rgba`: width and
/// height as little-endian 32-bit integers, then straight RGBA rows).
enum WebPFixtures {
    static let folder = Corpus.repositoryRoot.appendingPathComponent("Tests/LottiePlayTests/Image/WebP/Fixtures")

    /// The names (without `.webp`) of the fixtures whose name starts with `prefix`, sorted.
    static func names(_ prefix: String) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".webp") }
            .map { String($0.dropLast(5)) }.sorted()
    }

    /// The bytes of `NAME.webp`.
    static func webp(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(name + ".webp")))
    }

    /// libwebp's decoding of `NAME.webp`.
    static func reference(_ name: String) throws -> RGBAImage {
        let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name + ".rgba")))
        let width = Int(bytes[0]) | Int(bytes[1]) << 8 | Int(bytes[2]) << 16 | Int(bytes[3]) << 24
        let height = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
        return RGBAImage(width: width, height: height, pixels: Array(bytes[8...]))
    }
}

// MARK: - VP8LBitWriter

/// Writes VP8L bits (LSB first) for hand-made hostile bitstreams.
struct VP8LBitWriter {
    private(set) var bytes: [UInt8] = []
    private var bitCount = 0

    /// Appends the low `count` bits of `value`.
    mutating func write(_ value: Int, _ count: Int) {
        for bit in 0..<count {
            if bitCount % 8 == 0 { bytes.append(0) }
            if (value >> bit) & 1 == 1 { bytes[bytes.count - 1] |= UInt8(1 << (bitCount % 8)) }
            bitCount += 1
        }
    }

    /// A VP8L header for a `width × height` image.
    mutating func header(width: Int, height: Int) {
        write(0x2f, 8)
        write(width - 1, 14)
        write(height - 1, 14)
        write(0, 1)
        write(0, 3)
    }

    /// A simple prefix code with the one symbol `symbol` (< 256).
    mutating func singleSymbolCode(_ symbol: Int) {
        write(1, 1)  // simple
        write(0, 1)  // one symbol
        write(symbol < 2 ? 0 : 1, 1)
        write(symbol, symbol < 2 ? 1 : 8)
    }

    /// `bytes` in a simple RIFF/WEBP file as a VP8L chunk (padded to an even size).
    static func file(vp8l payload: [UInt8]) -> [UInt8] {
        var chunk = Array("VP8L".utf8) + le32(payload.count) + payload
        if payload.count % 2 == 1 { chunk.append(0) }
        return Array("RIFF".utf8) + le32(4 + chunk.count) + Array("WEBP".utf8) + chunk
    }

    static func le32(_ value: Int) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
