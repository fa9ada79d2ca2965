import Foundation
import LottieModel
import XCTest
@testable import TestSupport

/// The reader on a real font when the system has it, and the fuzz seeds.
final class FontRealFileTests: XCTestCase {
    /// The standard Debian/Ubuntu place of DejaVu Sans (package fonts-dejavu-core).
    static let dejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    func testDejaVuSans() throws {
        guard let data = FileManager.default.contents(atPath: Self.dejaVuSans) else {
            throw XCTSkip("\(Self.dejaVuSans) is not installed")
        }
        let face = try FontFace(data: [UInt8](data))
        // unitsPerEm, ascender, descender and the glyph count from the head, hhea and maxp tables
        // (read by a small script); names, advances (at 2,048 px, one pixel per unit) and kerning
        // from Pillow 13 (FreeType, and libraqm/HarfBuzz for the GPOS kerning).
        XCTAssertEqual(face.unitsPerEm, 2048)
        XCTAssertEqual(face.ascender, 1901)
        XCTAssertEqual(face.descender, -483)
        XCTAssertEqual(face.glyphCount, 6253)
        XCTAssertEqual(face.familyName, "DejaVu Sans")
        XCTAssertEqual(face.styleName, "Book")
        XCTAssertEqual(face.postScriptName, "DejaVuSans")
        let glyphs = try ["A", "V", "g", "O", " ", "T", "o"].map { (text: Unicode.Scalar) in
            try XCTUnwrap(face.glyphIndex(for: text), "\(text)")
        }
        XCTAssertEqual(glyphs[0...4].map { face.advance(ofGlyph: $0) }, [1401, 1401, 1300, 1612, 651])
        XCTAssertEqual(face.kerning(left: glyphs[0], right: glyphs[1]), -131)
        XCTAssertEqual(face.kerning(left: glyphs[5], right: glyphs[6]), -348)
        var contours = 0
        for glyph in 0..<face.glyphCount { contours += try face.outline(ofGlyph: glyph).count }
        XCTAssertGreaterThan(contours, face.glyphCount)
        let letterO = try face.outline(ofGlyph: glyphs[3])
        XCTAssertEqual(letterO.count, 2)
        XCTAssertNil(face.glyphIndex(for: "\u{10FFFF}"))
    }

    /// Writes the fuzz target's seed fonts into the folder named by WRITE_FONT_SEEDS (Fuzz/Font/seeds).
    func testWriteFuzzSeeds() throws {
        guard let folder = ProcessInfo.processInfo.environment["WRITE_FONT_SEEDS"] else {
            throw XCTSkip("set WRITE_FONT_SEEDS=DIR to write the font fuzz seeds")
        }
        var cid = TestFonts.cffSpec()
        cid.cffTable = TestFontWriter.cidCFF(glyphs: cid.glyphs, subrs: cid.subrs, globalSubrs: cid.globalSubrs)
        let seeds: [(String, [UInt8])] = [
            ("truetype.ttf", TestFonts.trueType),
            ("cff.otf", TestFonts.openTypeCFF),
            ("collection.ttc", FontFaceTests.collection([TestFonts.openTypeCFF, TestFonts.trueType])),
            ("cid.otf", TestFontWriter.openTypeCFF(cid)),
        ]
        for (name, bytes) in seeds {
            try Data(bytes).write(to: URL(fileURLWithPath: folder).appendingPathComponent(name))
        }
    }
}
