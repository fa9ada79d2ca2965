import Foundation
import XCTest
import LottieModel

/// `AnimationFolder`: which files of a folder tree are Lottie files (by content, not by name),
/// in what order, and loading any of them.
final class AnimationFolderTests: XCTestCase {
    static let animation = #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 10, "w": 100, "h": 100, "layers": []}"#

    func testFilesAreTakenByContentAndSortedByPath() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("animation-folder-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        for folder in ["b", "a/deeper", ".hidden"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let json = Data(Self.animation.utf8)
        try json.write(to: root.appendingPathComponent("b/icon.json"))
        // A BOM and spaces before the object, and a name that does not say JSON.
        try (Data([0xEF, 0xBB, 0xBF, 0x20, 0x0A]) + json).write(to: root.appendingPathComponent("a/deeper/named.anim"))
        try Data(try TelegramSticker.pack(json: [UInt8](json))).write(to: root.appendingPathComponent("a/sticker.bin"))
        try json.write(to: root.appendingPathComponent(".hidden/secret.json"))
        try json.write(to: root.appendingPathComponent(".dotfile.json"))
        try Data(#"{"name": "package"}"#.utf8).write(to: root.appendingPathComponent("package.json"))
        try Data("text".utf8).write(to: root.appendingPathComponent("notes.txt"))
        try Data().write(to: root.appendingPathComponent("empty.json"))

        let folder = try AnimationFolder(root)
        XCTAssertEqual(folder.files.map(\.relativePath), ["a/deeper/named.anim", "a/sticker.bin", "b/icon.json"])
        XCTAssertEqual(folder.skipped.map(\.url.lastPathComponent).sorted(), ["empty.json", "notes.txt", "package.json"])
        let sticker = try AnimationFolder.animation(at: root.appendingPathComponent("a/sticker.bin"))
        XCTAssertEqual(sticker.frameRate, 30)
        XCTAssertEqual(sticker.outPoint, 10)
    }

    func testAFolderThatDoesNotExistThrows() {
        XCTAssertThrowsError(try AnimationFolder(URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)")))
    }
}
