import Foundation
import LottieModel
import XCTest
@testable import TestSupport

/// Which face a Lottie font gets (`FontStore.face(for:)`), and where faces come from: data URLs
/// a file embeds, folders, and files that are not fonts.
final class FontStoreTests: XCTestCase {
    /// The test fonts: TrueType "Test Family" / "Médium" (PostScript TestSans-Medium, full name
    /// "Test Sans Medium") and CFF "Test CFF" / "Bold" (TestCFF-Bold).
    private func store() throws -> FontStore {
        FontStore(faces: [try FontFace(data: TestFonts.trueType), try FontFace(data: TestFonts.openTypeCFF)])
    }

    private func match(_ name: String, family: String? = nil, style: String? = nil) throws -> String? {
        try store().face(for: LottieFont(name: name, family: family, style: style))?.postScriptName
    }

    func testFacesAreMatchedByPostScriptNameFullNameThenFamilyAndStyle() throws {
        XCTAssertEqual(try match("TestCFF-Bold"), "TestCFF-Bold")
        XCTAssertEqual(try match("testcff bold"), "TestCFF-Bold", "case, spaces and hyphens do not count")
        XCTAssertEqual(try match("Test Sans Medium"), "TestSans-Medium", "the full name")
        XCTAssertEqual(try match("Other", family: "Test CFF", style: "Bold"), "TestCFF-Bold")
        XCTAssertEqual(try match("Other", family: "Test CFF", style: "Light"), "TestCFF-Bold",
                       "no such style: the family's only face")
        XCTAssertNil(try match("Other", family: "Nowhere", style: "Bold"))
        XCTAssertNil(try match("Nowhere"))
    }

    func testEmbeddedDataURLsAreRead() throws {
        let encoded = Data(TestFonts.trueType).base64EncodedString()
        let json = """
        {"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 10, "h": 10, "layers": [],
         "fonts": {"list": [{"fName": "A", "fPath": "data:font/ttf;base64,\(encoded)"},
                            {"fName": "B", "fPath": "data:font/ttf,plain"},
                            {"fName": "C", "fPath": "https://fonts.example/c.css"}]}}
        """
        var store = FontStore()
        store.addEmbedded(in: try LottieDecoder().decode(json), baseDirectory: nil)
        XCTAssertEqual(store.faces.map(\.postScriptName), ["TestSans-Medium"])
        XCTAssertEqual(store.problems.map(\.message), ["font 'B': its fPath is a data URL that is not base64"])
    }

    func testAFolderIsReadInPathOrderAndItsBadFilesNamed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("font-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(TestFonts.openTypeCFF).write(to: folder.appendingPathComponent("sub/b.otf"))
        try Data(TestFonts.trueType).write(to: folder.appendingPathComponent("a.TTF"))
        try Data("no font".utf8).write(to: folder.appendingPathComponent("c.ttf"))
        try Data("ignored".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        var store = FontStore()
        try store.addFolder(folder)
        XCTAssertEqual(store.faces.map(\.postScriptName), ["TestSans-Medium", "TestCFF-Bold"])
        XCTAssertEqual(store.problems.count, 1)
        XCTAssertTrue(store.problems[0].message.hasPrefix("c.ttf: font: "), store.problems[0].message)
    }
}
