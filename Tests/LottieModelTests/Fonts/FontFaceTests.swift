import Foundation
import LottieModel
import XCTest
@testable import TestSupport

/// The font reader on the test writer's fonts: hand-computed names, metrics, character map,
/// outlines and kerning. See TestFonts.swift for the glyphs' coordinates.
final class FontFaceTests: XCTestCase {
    /// A closed path of straight segments through the points.
    func polygon(_ points: [(Double, Double)]) -> BezierPath {
        BezierPath(closed: true, vertices: points.map { Vector([$0.0, $0.1]) },
                   inTangents: points.map { _ in Vector([0, 0]) }, outTangents: points.map { _ in Vector([0, 0]) })
    }

    /// Paths equal within `tolerance` (quadratics converted to cubics give thirds).
    func assertPaths(_ actual: [BezierPath], _ expected: [BezierPath], tolerance: Double = 1e-9,
                     file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(actual.count, expected.count, "path count", file: file, line: line)
        for (a, e) in zip(actual, expected) {
            XCTAssertEqual(a.closed, e.closed, file: file, line: line)
            for (name, left, right) in [("v", a.vertices, e.vertices), ("i", a.inTangents, e.inTangents),
                                        ("o", a.outTangents, e.outTangents)] {
                XCTAssertEqual(left.count, right.count, "\(name) count", file: file, line: line)
                for (index, (l, r)) in zip(left, right).enumerated() {
                    XCTAssert(abs(l.x - r.x) <= tolerance && abs(l.y - r.y) <= tolerance,
                              "\(name)[\(index)]: \(l.components) != \(r.components)", file: file, line: line)
                }
            }
        }
    }

    func face(_ data: [UInt8], file: StaticString = #filePath, line: UInt = #line) throws -> FontFace {
        do {
            return try FontFace(data: data)
        } catch {
            XCTFail("\(error)", file: file, line: line)
            throw error
        }
    }

    // MARK: TrueType

    func testTrueTypeNamesAndMetrics() throws {
        let font = try face(TestFonts.trueType)
        XCTAssertEqual(font.familyName, "Test Family")  // name ID 16 before 1
        XCTAssertEqual(font.styleName, "Médium")  // Mac Roman, the only ID 2 record
        XCTAssertEqual(font.fullName, "Test Sans Medium")  // Windows English before French and Mac
        XCTAssertEqual(font.postScriptName, "TestSans-Medium")
        XCTAssertEqual(font.unitsPerEm, 1000)
        XCTAssertEqual(font.ascender, 800)
        XCTAssertEqual(font.descender, -200)
        XCTAssertEqual(font.glyphCount, 7)
    }

    func testTrueTypeCharacterMap() throws {
        let font = try face(TestFonts.trueType)
        // (3,10) format 12 is chosen: it has U+1F600.
        XCTAssertEqual(font.glyphIndex(for: "I"), 1)
        XCTAssertEqual(font.glyphIndex(for: "O"), 2)
        XCTAssertEqual(font.glyphIndex(for: "\u{1F600}"), 2)
        XCTAssertNil(font.glyphIndex(for: "A"))
        // Format 4 alone: segments by delta and by glyph array alternate.
        var spec = TestFonts.trueTypeSpec()
        spec.full = []
        let bmp = try face(TestFontWriter.trueType(spec))
        for (code, glyph) in TestFonts.characters {
            XCTAssertEqual(bmp.glyphIndex(for: Unicode.Scalar(code) ?? "?"), glyph, "U+\(code)")
        }
        XCTAssertNil(bmp.glyphIndex(for: "\u{1F600}"))
        XCTAssertNil(bmp.glyphIndex(for: "A"))
        XCTAssertNil(bmp.glyphIndex(for: "\u{FFFF}"))
    }

    func testTrueTypeAdvances() throws {
        let font = try face(TestFonts.trueType)
        XCTAssertEqual((0..<7).map { font.advance(ofGlyph: $0) }, [500, 700, 800, 500, 1000, 1000, 1000])
        XCTAssertEqual(font.advance(ofGlyph: 7), 0)
        XCTAssertEqual(font.advance(ofGlyph: -1), 0)
    }

    func testTrueTypeSquareAndHole() throws {
        let font = try face(TestFonts.trueType)
        XCTAssertEqual(try font.outline(ofGlyph: 0), [])
        XCTAssertEqual(try font.outline(ofGlyph: 1), [polygon([(100, 0), (100, 500), (600, 500), (600, 0)])])
        XCTAssertEqual(try font.outline(ofGlyph: 2), [
            polygon([(0, 0), (0, 700), (700, 700), (700, 0)]),
            polygon([(200, 200), (500, 200), (500, 500), (200, 500)]),
        ])
    }

    /// off (0,0), off (400,0), on (400,400), off (0,400): on-curve points implied at (200,0) and
    /// (0,200); the contour starts at the first of those. Each quadratic p0 q p1 is the cubic with
    /// c1 = p0 + 2/3 (q - p0), c2 = p1 + 2/3 (q - p1): tangents 2/3 (q - p).
    func testTrueTypeQuadratics() throws {
        let font = try face(TestFonts.trueType)
        let twoThirds = 400.0 / 3
        assertPaths(try font.outline(ofGlyph: 3), [BezierPath(
            closed: true,
            vertices: [[200, 0], [400, 400], [0, 200]],
            inTangents: [[-twoThirds, 0], [0, -2 * twoThirds], [0, twoThirds]],
            outTangents: [[twoThirds, 0], [-2 * twoThirds, 0], [0, -twoThirds]])])
    }

    func testTrueTypeComposites() throws {
        let font = try face(TestFonts.trueType)
        XCTAssertEqual(try font.outline(ofGlyph: 4), [polygon([(400, -100), (400, 400), (900, 400), (900, -100)])])
        XCTAssertEqual(try font.outline(ofGlyph: 5), [
            polygon([(60, 10), (60, 260), (310, 260), (310, 10)]),
            polygon([(0, 100), (-500, 100), (-500, 600), (0, 600)]),
        ])
        XCTAssertEqual(try font.outline(ofGlyph: 6), [polygon([(150, 500), (150, 0), (900, 0), (900, 500)])])
    }

    func testTrueTypeLongLoca() throws {
        var spec = TestFonts.trueTypeSpec()
        spec.longLoca = true
        let font = try face(TestFontWriter.trueType(spec))
        XCTAssertEqual(try font.outline(ofGlyph: 4), [polygon([(400, -100), (400, 400), (900, 400), (900, -100)])])
    }

    // MARK: Kerning

    func testKerningFromGPOS() throws {
        let font = try face(TestFonts.trueType)
        XCTAssertEqual(font.kerning(left: 1, right: 2), -50)  // format 1 (XPlacement first, then XAdvance)
        XCTAssertEqual(font.kerning(left: 2, right: 1), -30)  // format 2 in an extension lookup
        XCTAssertEqual(font.kerning(left: 3, right: 1), -30)
        XCTAssertEqual(font.kerning(left: 1, right: 1), 0)
        XCTAssertEqual(font.kerning(left: 2, right: 2), 0)
        XCTAssertEqual(font.kerning(left: 70_000, right: 1), 0)
    }

    func testKerningFromKernTable() throws {
        var spec = TestFonts.trueTypeSpec()
        spec.gposPairs = nil
        let font = try face(TestFontWriter.trueType(spec))
        XCTAssertEqual(font.kerning(left: 1, right: 2), -70)
        XCTAssertEqual(font.kerning(left: 2, right: 1), -40)
        XCTAssertEqual(font.kerning(left: 3, right: 1), 0)
        spec.kernPairs = []
        XCTAssertEqual(try face(TestFontWriter.trueType(spec)).kerning(left: 1, right: 2), 0)
    }

    // MARK: CFF

    func testCFFNamesAndMetrics() throws {
        let font = try face(TestFonts.openTypeCFF)
        XCTAssertEqual([font.familyName, font.styleName, font.fullName, font.postScriptName],
                       ["Test CFF", "Bold", "Test CFF Bold", "TestCFF-Bold"])
        XCTAssertEqual([font.unitsPerEm, font.ascender, font.descender, font.glyphCount], [1000, 880, -120, 5])
        XCTAssertEqual(font.glyphIndex(for: "T"), 4)
        XCTAssertEqual((0..<5).map { font.advance(ofGlyph: $0) }, [500, 600, 800, 500, 700])
        XCTAssertEqual(font.kerning(left: 1, right: 2), 0)
    }

    func testCFFOutlines() throws {
        let font = try face(TestFonts.openTypeCFF)
        XCTAssertEqual(try font.outline(ofGlyph: 0), [])
        XCTAssertEqual(try font.outline(ofGlyph: 1), [polygon([(100, 0), (600, 0), (600, 500), (100, 500)])])
        XCTAssertEqual(try font.outline(ofGlyph: 2), [
            polygon([(0, 0), (700, 0), (700, 700), (0, 700)]),
            polygon([(200, 200), (200, 500), (500, 500), (500, 200)]),
        ])
        // rrcurveto to (250,250), vhcurveto to (50,450), the global subroutine's vlineto back to the start.
        XCTAssertEqual(try font.outline(ofGlyph: 3), [BezierPath(
            closed: true, vertices: [[50, 50], [250, 250], [50, 450]],
            inTangents: [[0, 0], [0, -100], [100, 0]], outTangents: [[100, 0], [0, 100], [0, 0]])])
        // hflex from (1500,0): (1600,0) (1700,50) (1800,50), then (1900,50) (2000,0) (2100,0).
        XCTAssertEqual(try font.outline(ofGlyph: 4), [BezierPath(
            closed: true, vertices: [[1500, 0], [1800, 50], [2100, 0]],
            inTangents: [[0, 0], [-100, 0], [-100, 0]], outTangents: [[100, 0], [100, 0], [0, 0]])])
    }

    /// The other curve operators, each charstring checked by its end points and controls.
    func testCFFCurveOperators() throws {
        typealias C = TestFontWriter.CharstringItem
        func outline(_ items: [C]) throws -> [BezierPath] {
            var spec = TestFonts.cffSpec()
            spec.glyphs[1] = TestFontWriter.charstring(items)
            return try FontFace(data: TestFontWriter.openTypeCFF(spec)).outline(ofGlyph: 1)
        }
        // hhcurveto with a leading dy1, then vvcurveto with a leading dx1, then rcurveline, rlinecurve.
        let paths = try outline([
            .number(0), .number(0), .op(21),
            .number(10), .number(20), .number(30), .number(40), .number(50), .op(27),  // c1 (20,10) c2 (50,50) p (100,50)
            .number(5), .number(10), .number(20), .number(30), .number(40), .op(26),  // c1 (105,60) c2 (125,90) p (125,130)
            .number(1), .number(2), .number(3), .number(4), .number(5), .number(6), .number(7), .number(8), .op(24),
            .fixed(0.5), .number(1), .number(1), .number(1), .number(1), .number(1), .number(1), .number(1), .op(25),
            .op(14),
        ])
        XCTAssertEqual(paths.first?.vertices, [[0, 0], [100, 50], [125, 130], [134, 142], [141, 150], [141.5, 151], [144.5, 154]])
        XCTAssertEqual(paths.first?.outTangents[1], [5, 10])
        XCTAssertEqual(paths.first?.inTangents[2], [0, -40])
        // flex1 whose overall move is mostly horizontal: the last point returns to the start's y.
        let flex = try outline([
            .number(0), .number(0), .op(21),
            .number(10), .number(5), .number(10), .number(5), .number(10), .number(5),
            .number(10), .number(-5), .number(10), .number(-5), .number(10), .escape(37), .op(14),
        ])
        XCTAssertEqual(flex.first?.vertices, [[0, 0], [30, 15], [60, 0]])
    }

    /// A CID-keyed font: "O" calls local subroutine 0, which only its Font DICT (the second) has.
    func testCIDKeyedCFF() throws {
        var spec = TestFonts.cffSpec()
        spec.cffTable = TestFontWriter.cidCFF(glyphs: spec.glyphs, subrs: spec.subrs, globalSubrs: spec.globalSubrs)
        let font = try face(TestFontWriter.openTypeCFF(spec))
        XCTAssertEqual(try font.outline(ofGlyph: 2), [
            polygon([(0, 0), (700, 0), (700, 700), (0, 700)]),
            polygon([(200, 200), (200, 500), (500, 500), (500, 200)]),
        ])
        XCTAssertEqual(try font.outline(ofGlyph: 1), [polygon([(100, 0), (600, 0), (600, 500), (100, 500)])])
        // Glyph 1 in the first Font DICT, without Subrs: a call there is an error.
        spec.glyphs[1] = spec.glyphs[2]
        spec.cffTable = TestFontWriter.cidCFF(glyphs: spec.glyphs, subrs: spec.subrs, globalSubrs: spec.globalSubrs)
        XCTAssertThrowsError(try FontFace(data: TestFontWriter.openTypeCFF(spec)).outline(ofGlyph: 1)) { error in
            XCTAssertEqual("\(error)", "font: table 'CFF ': charstring: local subroutine -107 (index 0) is not among the 0")
        }
    }

    func testCFFSubroutineRecursionIsAnError() throws {
        var spec = TestFonts.cffSpec()
        spec.subrs = [TestFontWriter.charstring([.number(-107), .op(10), .op(11)])]
        let font = try face(TestFontWriter.openTypeCFF(spec))
        XCTAssertThrowsError(try font.outline(ofGlyph: 2)) { error in
            XCTAssertEqual(error as? FontError, FontError(.limit, table: "CFF ", "charstring: subroutines nest more than 10 deep"))
        }
        // Mutual recursion between a local and a global subroutine.
        spec.subrs = [TestFontWriter.charstring([.number(-107), .op(29), .op(11)])]
        spec.globalSubrs = [TestFontWriter.charstring([.number(-107), .op(10), .op(11)])]
        XCTAssertThrowsError(try FontFace(data: TestFontWriter.openTypeCFF(spec)).outline(ofGlyph: 2))
    }

    func testCFFStackOverflowAndBadOperators() throws {
        var spec = TestFonts.cffSpec()
        spec.glyphs[1] = TestFontWriter.charstring(Array(repeating: .number(1), count: 49) + [.op(14)])
        spec.glyphs[2] = TestFontWriter.charstring([.number(1), .op(5), .op(14)])
        spec.glyphs[3] = TestFontWriter.charstring([.number(5), .op(10), .op(14)])
        let font = try face(TestFontWriter.openTypeCFF(spec))
        XCTAssertThrowsError(try font.outline(ofGlyph: 1)) { error in
            XCTAssertEqual("\(error)", "font: table 'CFF ': charstring: more than 48 numbers on the stack (stack overflow)")
        }
        XCTAssertThrowsError(try font.outline(ofGlyph: 2)) { error in
            XCTAssertEqual("\(error)", "font: table 'CFF ': charstring: rlineto needs 2 numbers, the stack has 1")
        }
        XCTAssertThrowsError(try font.outline(ofGlyph: 3)) { error in
            XCTAssertEqual("\(error)", "font: table 'CFF ': charstring: local subroutine 5 (index 112) is not among the 1")
        }
    }

    // MARK: Collections

    /// A `ttcf` file of the fonts: each font's table offsets moved to its place in the file.
    static func collection(_ fonts: [[UInt8]]) -> [UInt8] {
        var header = FontByteWriter()
        header.tag("ttcf")
        header.u32(0x0001_0000)
        header.u32(fonts.count)
        var body: [UInt8] = []
        let start = 12 + 4 * fonts.count
        for font in fonts {
            let base = start + body.count
            header.u32(base)
            var moved = font
            let tables = Int(font[4]) << 8 | Int(font[5])
            for index in 0..<tables {
                let at = 12 + 16 * index + 8
                let offset = Int(font[at]) << 24 | Int(font[at + 1]) << 16 | Int(font[at + 2]) << 8 | Int(font[at + 3])
                let value = offset + base
                moved[at] = UInt8(value >> 24 & 0xFF)
                moved[at + 1] = UInt8(value >> 16 & 0xFF)
                moved[at + 2] = UInt8(value >> 8 & 0xFF)
                moved[at + 3] = UInt8(value & 0xFF)
            }
            body += moved
            while body.count % 4 != 0 { body.append(0) }
        }
        return header.bytes + body
    }

    func testCollection() throws {
        let data = Self.collection([TestFonts.openTypeCFF, TestFonts.trueType])
        let faces = try FontFace.faces(in: data)
        XCTAssertEqual(faces.map(\.familyName), ["Test CFF", "Test Family"])
        XCTAssertEqual(try face(data).postScriptName, "TestCFF-Bold")
        XCTAssertEqual(try faces[1].outline(ofGlyph: 4), [polygon([(400, -100), (400, 400), (900, 400), (900, -100)])])
        XCTAssertEqual(try FontFace.faces(in: TestFonts.trueType).count, 1)
    }
}
