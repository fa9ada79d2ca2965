// MARK: - FontFace

/// One face of a font file: TrueType (`glyf` outlines) or OpenType CFF (`CFF ` outlines), from a
/// single font or a collection. The tables' headers are read when the face is made (names,
/// metrics, the `cmap` subtable, kerning lookups, outline offsets); each glyph's outline is decoded
/// when asked for. Every read is bounds-checked: a damaged or hostile file gives a `FontError`.
/// Hinting is ignored; CFF2, variable fonts and WOFF are not read.
public struct FontFace: Sendable {
    /// The typographic family (name ID 16), else the family (name ID 1).
    public var familyName: String
    /// The typographic subfamily (name ID 17), else the subfamily (name ID 2), e.g. "Bold".
    public var styleName: String
    /// The full name (name ID 4), e.g. "DejaVu Sans Bold".
    public var fullName: String
    /// The PostScript name (name ID 6), e.g. "DejaVuSans-Bold".
    public var postScriptName: String
    /// Font units per em (`head`).
    public var unitsPerEm: Int
    /// The ascender in font units, positive up (`hhea`).
    public var ascender: Int
    /// The descender in font units, negative below the baseline (`hhea`).
    public var descender: Int
    /// The number of glyphs (`maxp`).
    public var glyphCount: Int

    private let characterMap: CharacterMap
    private let metrics: HorizontalMetrics
    private let outlines: Outlines
    private let kerningPairs: KerningPairs

    private enum Outlines: Sendable {
        case trueType(TrueTypeOutlines)
        case cff(CFFOutlines)
    }

    /// Reads a TrueType (0x00010000 / 'true') or OpenType CFF ('OTTO') file; for a collection
    /// ('ttcf') the first face.
    public init(data: [UInt8], limits: FontLimits = .default) throws(FontError) {
        let offsets = try Self.faceOffsets(data, limits: limits)
        try self.init(file: FontBytes(data), directoryAt: offsets[0], limits: limits)
    }

    /// Every face of a file (a collection has several; a single font one).
    public static func faces(in data: [UInt8], limits: FontLimits = .default) throws(FontError) -> [FontFace] {
        let file = FontBytes(data)
        var faces: [FontFace] = []
        for offset in try faceOffsets(data, limits: limits) {
            faces.append(try FontFace(file: file, directoryAt: offset, limits: limits))
        }
        return faces
    }

    /// Where each face's table directory starts: 0 for a single font, the header's list for a collection.
    private static func faceOffsets(_ data: [UInt8], limits: FontLimits) throws(FontError) -> [Int] {
        guard data.count <= limits.maxFileBytes else {
            throw FontError(.limit, table: nil, "the file has \(digitsGrouped(data.count)) bytes, "
                + "more than the limit of \(digitsGrouped(limits.maxFileBytes))")
        }
        let file = FontBytes(data)
        guard try file.tag(0) == "ttcf" else { return [0] }
        let count = try file.u32(8)
        guard count > 0 else { throw FontError(.malformed, table: nil, "the font collection has no faces") }
        guard count <= limits.maxFaces else {
            throw FontError(.limit, table: nil, "the font collection has \(digitsGrouped(count)) faces, "
                + "more than the limit of \(digitsGrouped(limits.maxFaces))")
        }
        try file.checkArray(12, count: count, size: 4, what: "face offsets")
        var offsets: [Int] = []
        for index in 0..<count { offsets.append(try file.u32(12 + 4 * index)) }
        return offsets
    }

    private init(file: FontBytes, directoryAt offset: Int, limits: FontLimits) throws(FontError) {
        let directory = try FontTableDirectory(file: file, offset: offset)
        let head = try directory.require("head")
        try head.check(0, 54)
        unitsPerEm = try head.u16(18)
        guard (1...16_384).contains(unitsPerEm) else {
            throw head.error("unitsPerEm is \(digitsGrouped(unitsPerEm)), expected 1 to 16,384")
        }
        let hhea = try directory.require("hhea")
        ascender = try hhea.i16(4)
        descender = try hhea.i16(6)
        glyphCount = try directory.require("maxp").u16(4)
        guard glyphCount <= limits.maxGlyphs else {
            throw FontError(.limit, table: "maxp", "\(digitsGrouped(glyphCount)) glyphs, more than the limit of "
                + "\(digitsGrouped(limits.maxGlyphs))")
        }
        metrics = try HorizontalMetrics(table: try directory.table("hmtx"), metricCount: try hhea.u16(34),
                                        glyphCount: glyphCount)
        if let cmap = try directory.table("cmap") {
            characterMap = try CharacterMap(table: cmap, glyphCount: glyphCount)
        } else {
            characterMap = CharacterMap(glyphCount: glyphCount)
        }
        var names = FontNames()
        if let table = try directory.table("name") { names = try FontNames(table: table) }
        familyName = names.family
        styleName = names.style
        fullName = names.full
        postScriptName = names.postScript
        if let glyf = try directory.table("glyf") {
            outlines = .trueType(try TrueTypeOutlines(
                glyf: glyf, loca: try directory.require("loca"), indexToLocFormat: try head.i16(50),
                glyphCount: glyphCount, limits: limits))
        } else if let cff = try directory.table("CFF ") {
            outlines = .cff(try CFFOutlines(cff: cff, glyphCount: glyphCount, limits: limits))
        } else if directory.has("CFF2") {
            throw FontError(.unsupported, table: "CFF2", "CFF2 outlines (variable OpenType fonts) are not read")
        } else {
            throw FontError(.malformed, table: nil, "the font has neither 'glyf' nor 'CFF ' outlines")
        }
        kerningPairs = try KerningPairs(gpos: try directory.table("GPOS"), kern: try directory.table("kern"))
    }

    /// The glyph of a character through `cmap` (formats 0, 4, 6 and 12; Unicode (3,10) first, then
    /// (0,x) and (3,1)); nil when the font has none (glyph 0).
    public func glyphIndex(for scalar: Unicode.Scalar) -> Int? {
        characterMap.glyph(for: scalar)
    }

    /// Advance width in font units (`hmtx`; glyphs past numberOfHMetrics use the last advance;
    /// 0 for a glyph the face does not have).
    public func advance(ofGlyph glyph: Int) -> Double {
        metrics.advance(of: glyph)
    }

    /// The glyph's outline in font units, y up as in the font: closed contours as Lottie-style
    /// paths (vertices with in and out tangents relative to their vertex). TrueType quadratics are
    /// converted exactly to cubics; CFF cubics are kept. Composite TrueType glyphs are resolved with
    /// their offsets and 2x2 transforms (point-matching arguments count as no offset).
    public func outline(ofGlyph glyph: Int) throws(FontError) -> [BezierPath] {
        guard glyph >= 0, glyph < glyphCount else {
            throw FontError(.malformed, table: nil, "glyph \(digitsGrouped(glyph)) asked for, the font has "
                + "\(digitsGrouped(glyphCount))")
        }
        switch outlines {
        case .trueType(let trueType): return try trueType.outline(of: glyph)
        case .cff(let cff): return try cff.outline(of: glyph)
        }
    }

    /// Horizontal kerning between two glyphs in font units (GPOS pair adjustment when the font has
    /// a GPOS `kern` feature, else the `kern` table; 0 when none).
    public func kerning(left: Int, right: Int) -> Double {
        kerningPairs.kerning(left: left, right: right)
    }
}
