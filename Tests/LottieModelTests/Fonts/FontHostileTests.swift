import Foundation
import LottieModel
import XCTest
@testable import TestSupport

/// Damaged and hostile font files: each gives a `FontError` (or, for a damaged part the reader
/// does not need, a consistent result), never a crash, a hang or a huge allocation.
final class FontHostileTests: XCTestCase {
    /// Reads everything the fuzz target reads; returns the error, if any.
    @discardableResult
    static func exercise(_ data: [UInt8]) -> FontError? {
        let faces: [FontFace]
        do {
            faces = try FontFace.faces(in: data)
        } catch {
            return error
        }
        for face in faces {
            for glyph in 0..<min(face.glyphCount, 512) { _ = try? face.outline(ofGlyph: glyph) }
            for scalar in 0..<0x80 { _ = Unicode.Scalar(scalar).flatMap(face.glyphIndex) }
            _ = face.kerning(left: 1, right: 2)
            _ = face.advance(ofGlyph: 1)
        }
        return nil
    }

    func testTruncatedAtEveryLength() throws {
        for (name, font) in [("TrueType", TestFonts.trueType), ("CFF", TestFonts.openTypeCFF)] {
            let full = try FontFace(data: font)
            var failures = 0
            for length in 0..<font.count {
                let prefix = Array(font.prefix(length))
                if Self.exercise(prefix) != nil {
                    failures += 1
                    continue
                }
                // A prefix that reads (only unused tables cut) reads the same as the whole font.
                let face = try FontFace(data: prefix)
                XCTAssertEqual(face.glyphCount, full.glyphCount, "\(name) at \(length)")
                XCTAssertEqual(face.familyName, full.familyName, "\(name) at \(length)")
                for glyph in 0..<face.glyphCount {
                    XCTAssertEqual(try? face.outline(ofGlyph: glyph), try full.outline(ofGlyph: glyph), "\(name) at \(length)")
                }
            }
            XCTAssertGreaterThan(failures, font.count / 2, name)
        }
        XCTAssertEqual(Self.exercise([]), FontError(.truncated, table: nil, "needs 4 bytes at byte 0, past the file's 0 bytes"))
    }

    /// The byte offset of table `tag`'s record in a single font's directory.
    static func record(_ tag: String, in font: [UInt8]) -> Int? {
        let count = Int(font[4]) << 8 | Int(font[5])
        return (0..<count).map { 12 + 16 * $0 }.first { Array(font[$0..<($0 + 4)]) == Array(tag.utf8) }
    }

    /// 12,345 style.
    static func grouped(_ value: Int) -> String {
        let digits = Array(String(value))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }

    static func setU32(_ font: inout [UInt8], _ at: Int, _ value: Int) {
        for index in 0..<4 { font[at + index] = UInt8(value >> (24 - 8 * index) & 0xFF) }
    }

    func testTableDirectoryPastTheEnd() throws {
        var font = TestFonts.trueType
        let at = try XCTUnwrap(Self.record("glyf", in: font))
        Self.setU32(&font, at + 8, 0x7FFF_FFF0)
        XCTAssertThrowsError(try FontFace(data: font)) { error in
            XCTAssertEqual("\(error)", "font: table 'glyf': the table directory puts it at byte 2,147,483,632, "
                + "164 bytes long, past the file's \(Self.grouped(font.count)) bytes")
        }
        // A huge table count.
        var many = TestFonts.trueType
        many[4] = 0xFF
        many[5] = 0xFF
        XCTAssertThrowsError(try FontFace(data: many)) { error in
            XCTAssertEqual((error as? FontError)?.kind, .truncated)
        }
    }

    func testGlyphPastTheGlyfTable() throws {
        var font = TestFonts.trueType
        let at = try XCTUnwrap(Self.record("glyf", in: font))
        Self.setU32(&font, at + 12, 20)
        let face = try FontFace(data: font)
        XCTAssertThrowsError(try face.outline(ofGlyph: 1)) { error in
            XCTAssertEqual("\(error)", "font: table 'glyf': glyph 1 ends at byte 26, past the table's 20 bytes")
        }
        XCTAssertEqual(try face.outline(ofGlyph: 0), [])
    }

    func testHugeGlyphCountWithTinyLoca() throws {
        var spec = TestFonts.trueTypeSpec()
        spec.glyphCount = 65_535
        XCTAssertThrowsError(try FontFace(data: TestFontWriter.trueType(spec))) { error in
            XCTAssertEqual("\(error)", "font: table 'loca': 65,536 offsets of 2 bytes for 65,535 glyphs do not fit "
                + "in the table's 16 bytes")
        }
        XCTAssertThrowsError(try FontFace(data: TestFontWriter.trueType(spec), limits: FontLimits(maxGlyphs: 1_000))) { error in
            XCTAssertEqual("\(error)", "font: table 'maxp': 65,535 glyphs, more than the limit of 1,000")
        }
    }

    func testCompositeCycles() throws {
        var spec = TestFonts.trueTypeSpec()
        spec.glyphs += [
            .composite([.init(glyph: 7)]),  // itself
            .composite([.init(glyph: 9)]),  // 8 -> 9 -> 8
            .composite([.init(glyph: 1), .init(glyph: 8, dx: 5)]),
        ]
        // A chain of 10 nested composites: deeper than the default 8 levels.
        for index in 0..<10 { spec.glyphs.append(.composite([.init(glyph: index == 9 ? 1 : 11 + index)])) }
        spec.glyphs.append(.composite([.init(glyph: 99)]))  // past the glyph count
        let face = try FontFace(data: TestFontWriter.trueType(spec))
        XCTAssertThrowsError(try face.outline(ofGlyph: 7)) { error in
            XCTAssertEqual("\(error)", "font: table 'glyf': composite glyph 7 refers to glyph 7, which contains it (a cycle)")
        }
        XCTAssertThrowsError(try face.outline(ofGlyph: 8)) { error in
            XCTAssertEqual("\(error)", "font: table 'glyf': composite glyph 9 refers to glyph 8, which contains it (a cycle)")
        }
        XCTAssertThrowsError(try face.outline(ofGlyph: 9))
        XCTAssertThrowsError(try face.outline(ofGlyph: 11)) { error in
            XCTAssertEqual((error as? FontError)?.kind, .limit)
        }
        XCTAssertEqual(try face.outline(ofGlyph: 14).count, 1)  // 7 levels: fine
        XCTAssertThrowsError(try face.outline(ofGlyph: 20)) { error in
            XCTAssertEqual("\(error)", "font: table 'glyf': glyph 99 is past the font's 21 glyphs")
        }
        XCTAssertEqual(try face.outline(ofGlyph: 4).count, 1)
    }

    /// Components that each repeat a glyph many times: the component budget stops the blow-up.
    func testCompositeExplosion() throws {
        var spec = TestFonts.trueTypeSpec()
        let fanOut = Array(repeating: TestGlyph.Component(glyph: 1), count: 40)
        spec.glyphs.append(.composite(fanOut))  // 7: 40 squares
        spec.glyphs.append(.composite(Array(repeating: TestGlyph.Component(glyph: 7), count: 40)))  // 8: 1,600
        let face = try FontFace(data: TestFontWriter.trueType(spec))
        XCTAssertEqual(try face.outline(ofGlyph: 7).count, 40)
        XCTAssertThrowsError(try face.outline(ofGlyph: 8)) { error in
            XCTAssertEqual("\(error)", "font: table 'glyf': composite glyph 8 has more than 1,024 components")
        }
    }

    func testSimpleGlyphWithHugePointCount() throws {
        var spec = TestFonts.trueTypeSpec()
        // One contour ending at point 65,535, flags repeated, then nothing: truncated, not allocated.
        spec.glyphs[3] = .raw([0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0, 0, 0x09, 0xFF])
        let face = try FontFace(data: TestFontWriter.trueType(spec))
        XCTAssertThrowsError(try face.outline(ofGlyph: 3)) { error in
            XCTAssertEqual((error as? FontError)?.kind, .truncated)
        }
        let limited = try FontFace(data: TestFontWriter.trueType(spec), limits: FontLimits(maxPointsPerGlyph: 100))
        XCTAssertThrowsError(try limited.outline(ofGlyph: 3)) { error in
            XCTAssertEqual("\(error)", "font: table 'glyf': glyph 3 has 65,536 points, more than 100")
        }
    }

    func testNotAFont() {
        XCTAssertThrowsError(try FontFace(data: Array("wOFFxxxxxxxxxxxx".utf8))) { error in
            XCTAssertEqual("\(error)", "font: WOFF and WOFF2 files are not read (decompress them first)")
        }
        XCTAssertThrowsError(try FontFace(data: Array("{\"v\": 1}".utf8))) { error in
            XCTAssertEqual("\(error)", "font: not a TrueType or OpenType font: version '{\"v\"' at byte 0")
        }
        XCTAssertThrowsError(try FontFace(data: TestFonts.trueType, limits: FontLimits(maxFileBytes: 100))) { error in
            XCTAssertEqual((error as? FontError)?.kind, .limit)
        }
        var collection = Array("ttcf".utf8) + [0, 1, 0, 0, 0x7F, 0xFF, 0xFF, 0xFF]
        XCTAssertThrowsError(try FontFace.faces(in: collection)) { error in
            XCTAssertEqual("\(error)", "font: the font collection has 2,147,483,647 faces, more than the limit of 256")
        }
        collection[8...11] = [0, 0, 0, 3]
        XCTAssertThrowsError(try FontFace.faces(in: collection)) { error in
            XCTAssertEqual("\(error)", "font: 3 face offsets of 4 bytes at byte 12 do not fit in the file's 12 bytes")
        }
    }

    func testCFFCharstringOperationLimit() throws {
        var spec = TestFonts.cffSpec()
        // Ten levels of subroutines, each calling the next one 9 times: 9^10 calls without the limit.
        spec.subrs = (0..<10).map { level in
            level == 9 ? TestFontWriter.charstring([.op(11)])
                : TestFontWriter.charstring(Array(repeating: [.number(level + 1 - 107), .op(10)], count: 9).flatMap { $0 } + [.op(11)])
        }
        let face = try FontFace(data: TestFontWriter.openTypeCFF(spec))
        XCTAssertThrowsError(try face.outline(ofGlyph: 2)) { error in
            XCTAssertEqual("\(error)", "font: table 'CFF ': charstring: more than 200,000 operations")
        }
    }

    func testCFFDamagedStructures() throws {
        var spec = TestFonts.cffSpec()
        var table = TestFontWriter.cff(glyphs: spec.glyphs, subrs: spec.subrs, globalSubrs: spec.globalSubrs)
        table[0] = 2
        spec.cffTable = table
        XCTAssertThrowsError(try FontFace(data: TestFontWriter.openTypeCFF(spec))) { error in
            XCTAssertEqual("\(error)", "font: table 'CFF ': CFF version 2 is not read (only version 1)")
        }
        // The Name INDEX's offset size out of range.
        table[0] = 1
        table[6] = 9
        spec.cffTable = table
        XCTAssertThrowsError(try FontFace(data: TestFontWriter.openTypeCFF(spec))) { error in
            XCTAssertEqual("\(error)", "font: table 'CFF ': Name INDEX at byte 4 has offset size 9, expected 1 to 4")
        }
    }
}
