// The fonts the reader's tests share (and the fuzz target's seeds), built by TestFontWriter.
//
// Coordinates (font units, y up, 1000 units per em):
// - "I" (glyph 1): the square (100,0) (100,500) (600,500) (600,0).
// - "O" (glyph 2): the square (0,0) (0,700) (700,700) (700,0) with a hole (200,200) (500,200)
//   (500,500) (200,500) going the other way.
// - "S" (glyph 3, TrueType): the quadratic contour off (0,0), off (400,0), on (400,400), off (0,400).
// - "J" (glyph 4, TrueType): "I" moved by (300, -100).
// - "K" (glyph 5, TrueType): "I" scaled by 0.5 and moved by (10, 10), and "I" turned a quarter
//   counter-clockwise by the 2x2 matrix (0, 1, -1, 0).
// - "L" (glyph 6, TrueType): "I" scaled by (1.5, -1) and moved by (0, 500).


enum TestFonts {
    typealias P = TestGlyph.Point

    static let square: [P] = [P(x: 100, y: 0), P(x: 100, y: 500), P(x: 600, y: 500), P(x: 600, y: 0)]

    static let trueTypeGlyphs: [TestGlyph] = [
        .empty,
        .simple([square]),
        .simple([
            [P(x: 0, y: 0), P(x: 0, y: 700), P(x: 700, y: 700), P(x: 700, y: 0)],
            [P(x: 200, y: 200), P(x: 500, y: 200), P(x: 500, y: 500), P(x: 200, y: 500)],
        ]),
        .simple([[P(x: 0, y: 0, on: false), P(x: 400, y: 0, on: false), P(x: 400, y: 400), P(x: 0, y: 400, on: false)]]),
        .composite([.init(glyph: 1, dx: 300, dy: -100)]),
        .composite([
            .init(glyph: 1, dx: 10, dy: 10, words: false, scale: 0.5),
            .init(glyph: 1, matrix: (0, 1, -1, 0)),
        ]),
        .composite([.init(glyph: 1, dx: 0, dy: 500, xyScale: (1.5, -1))]),
    ]

    static let trueTypeNames: [TestFontWriter.NameRecord] = [
        .init(language: 0x40C, nameID: 4, text: "Nom complet"),
        .init(nameID: 1, text: "Test Sans"),
        .init(platform: 1, encoding: 0, language: 0, nameID: 2, text: "Médium"),
        .init(platform: 1, encoding: 0, language: 0, nameID: 4, text: "Mac Full"),
        .init(nameID: 4, text: "Test Sans Medium"),
        .init(nameID: 6, text: "TestSans-Medium"),
        .init(nameID: 16, text: "Test Family"),
    ]

    static let characters: [(UInt32, Int)] = [(0x49, 1), (0x4A, 4), (0x4B, 5), (0x4C, 6), (0x4F, 2), (0x53, 3)]

    /// The TrueType font: 7 glyphs, advances 500 700 800 500 1000 (glyphs 5 and 6 take the last),
    /// a format 4 and a format 12 cmap (the latter also maps U+1F600 to "O"), kern pairs I-O -70
    /// and O-I -40, GPOS pairs I-O -50 (format 1) and {O, S}-{I} -30 (format 2).
    static func trueTypeSpec() -> TestFontWriter.TrueTypeSpec {
        TestFontWriter.TrueTypeSpec(
            glyphs: trueTypeGlyphs, advances: [500, 700, 800, 500, 1000], bmp: characters,
            full: characters + [(0x1F600, 2)], names: trueTypeNames, kernPairs: [(1, 2, -70), (2, 1, -40)],
            gposPairs: [(1, 2, -50)], gposClassPair: ([2, 3], [1], -30))
    }

    static var trueType: [UInt8] { TestFontWriter.trueType(trueTypeSpec()) }

    typealias C = TestFontWriter.CharstringItem

    /// Charstrings: .notdef (width only), "I" (width 600 before an hstem; hlineto), "O" (hints,
    /// hintmask, rlineto, the hole from local subroutine 0), "S" (rrcurveto, vhcurveto, the closing
    /// vlineto from global subroutine 0), "T" (hflex).
    static let cffGlyphs: [[UInt8]] = [
        TestFontWriter.charstring([.number(500), .op(14)]),
        TestFontWriter.charstring([
            .number(600), .number(0), .number(500), .op(1),
            .number(100), .number(0), .op(21), .number(500), .number(500), .number(-500), .op(6), .op(14),
        ]),
        TestFontWriter.charstring([
            .number(0), .number(700), .op(18), .number(0), .number(700), .op(19), .raw(0xC0),
            .number(0), .number(0), .op(21), .number(700), .number(0), .number(0), .number(700),
            .number(-700), .number(0), .op(5), .number(200), .number(-500), .op(21), .number(-107), .op(10), .op(14),
        ]),
        TestFontWriter.charstring([
            .number(50), .number(50), .op(21), .number(100), .number(0), .number(100), .number(100), .number(0),
            .number(100), .op(8), .number(100), .number(-100), .number(100), .number(-100), .op(30),
            .number(-107), .op(29), .op(14),
        ]),
        TestFontWriter.charstring([
            .number(1500), .number(0), .op(21), .number(100), .number(100), .number(50), .number(100),
            .number(100), .number(100), .number(100), .escape(34), .number(-600), .op(6), .op(14),
        ]),
    ]

    static let cffSubrs: [[UInt8]] = [TestFontWriter.charstring([.number(300), .number(300), .number(-300), .op(7), .op(11)])]
    static let cffGlobalSubrs: [[UInt8]] = [TestFontWriter.charstring([.number(-400), .op(7), .op(11)])]

    static func cffSpec() -> TestFontWriter.CFFSpec {
        TestFontWriter.CFFSpec(
            glyphs: cffGlyphs, subrs: cffSubrs, globalSubrs: cffGlobalSubrs, advances: [500, 600, 800, 500, 700],
            bmp: [(0x49, 1), (0x4F, 2), (0x53, 3), (0x54, 4)],
            names: [
                .init(nameID: 1, text: "Test CFF"), .init(nameID: 2, text: "Bold"),
                .init(nameID: 4, text: "Test CFF Bold"), .init(nameID: 6, text: "TestCFF-Bold"),
            ])
    }

    static var openTypeCFF: [UInt8] { TestFontWriter.openTypeCFF(cffSpec()) }
}
