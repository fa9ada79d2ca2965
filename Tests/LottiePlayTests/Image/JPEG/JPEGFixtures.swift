import Foundation
import LottiePlay

/// The JPEG fixtures of `Fixtures/` (made by Scripts/make-jpeg-fixtures.py with Pillow and
/// libjpeg-turbo), read from the source tree.
enum JPEGFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The bytes of `Fixtures/<name>.jpg`.
    static func jpeg(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(name + ".jpg")))
    }

    /// libjpeg's decoding of `Fixtures/<name>.jpg`: `Fixtures/<name>.rgb` holds "WIDTH HEIGHT\n"
    /// then the RGB bytes.
    static func reference(_ name: String) throws -> (width: Int, height: Int, rgb: [UInt8]) {
        let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name + ".rgb")))
        guard let newline = bytes.firstIndex(of: 10) else { throw CocoaError(.fileReadCorruptFile) }
        let header = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ").compactMap { Int($0) }
        guard header.count == 2 else { throw CocoaError(.fileReadCorruptFile) }
        return (header[0], header[1], Array(bytes[(newline + 1)...]))
    }

    /// The offset of the first marker `marker` (FF xx) found by walking the segments, or nil.
    static func markerOffset(_ marker: UInt8, in file: [UInt8]) -> Int? {
        var offset = 2
        while offset + 3 < file.count, file[offset] == 0xFF {
            if file[offset + 1] == marker { return offset }
            if file[offset + 1] == 0xDA { return nil }  // entropy-coded data follows
            offset += 2 + (Int(file[offset + 2]) << 8 | Int(file[offset + 3]))
        }
        return nil
    }
}
