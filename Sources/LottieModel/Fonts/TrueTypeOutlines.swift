// MARK: - TrueTypeOutlines

/// Glyph outlines from `glyf`, located through `loca`. Only the offsets are checked when the face
/// is read; each glyph is decoded when asked for. Simple glyphs are quadratic B-splines (on-curve
/// and off-curve points, an on-curve point implied between two off-curve ones); composite glyphs
/// place other glyphs with an offset and a 2x2 transform. Instructions (hinting) are skipped.
struct TrueTypeOutlines: Sendable {
    private let glyf: FontBytes
    private let loca: FontBytes
    private let longOffsets: Bool
    private let glyphCount: Int
    private let limits: FontLimits

    init(glyf: FontBytes, loca: FontBytes, indexToLocFormat: Int, glyphCount: Int, limits: FontLimits) throws(FontError) {
        guard indexToLocFormat == 0 || indexToLocFormat == 1 else {
            throw FontError(.malformed, table: "head", "indexToLocFormat is \(indexToLocFormat), expected 0 or 1")
        }
        longOffsets = indexToLocFormat == 1
        let size = longOffsets ? 4 : 2
        guard loca.count / size > glyphCount else {
            throw FontError(.truncated, table: "loca",
                            "\(digitsGrouped(glyphCount + 1)) offsets of \(size) bytes for \(digitsGrouped(glyphCount)) "
                                + "glyphs do not fit in the table's \(digitsGrouped(loca.count)) bytes")
        }
        self.glyf = glyf
        self.loca = loca
        self.glyphCount = glyphCount
        self.limits = limits
    }

    /// The outline of `glyph` in font units, y up.
    func outline(of glyph: Int) throws(FontError) -> [BezierPath] {
        var builder = GlyphPathBuilder(limit: limits.maxPointsPerGlyph, table: "glyf")
        var components = 0
        try append(glyph, transform: .identity, chain: [], into: &builder, components: &components)
        return builder.finish()
    }

    /// The bytes of `glyph` in `glyf` (empty for a glyph without outline).
    private func bytes(of glyph: Int) throws(FontError) -> FontBytes {
        guard glyph >= 0, glyph < glyphCount else {
            throw FontError(.malformed, table: "glyf", "glyph \(digitsGrouped(glyph)) is past the font's \(digitsGrouped(glyphCount)) glyphs")
        }
        let start = longOffsets ? try loca.u32(4 * glyph) : 2 * (try loca.u16(2 * glyph))
        let end = longOffsets ? try loca.u32(4 * glyph + 4) : 2 * (try loca.u16(2 * glyph + 2))
        guard start <= end else {
            throw FontError(.malformed, table: "loca", "glyph \(digitsGrouped(glyph)) starts at byte "
                + "\(digitsGrouped(start)), after its end at byte \(digitsGrouped(end))")
        }
        guard end <= glyf.count else {
            throw FontError(.truncated, table: "glyf", "glyph \(digitsGrouped(glyph)) ends at byte "
                + "\(digitsGrouped(end)), past the table's \(digitsGrouped(glyf.count)) bytes")
        }
        return try glyf.slice(start, end - start)
    }

    /// Adds the contours of `glyph`, moved by `transform`, to `builder`. `chain` holds the composite
    /// glyphs being resolved around this one (for cycles and depth); `components` counts every
    /// component visited so far.
    private func append(_ glyph: Int, transform: Affine, chain: [Int], into builder: inout GlyphPathBuilder,
                        components: inout Int) throws(FontError) {
        let data = try bytes(of: glyph)
        guard data.count > 0 else { return }
        let contourCount = try data.i16(0)
        if contourCount >= 0 {
            try appendSimple(glyph, data, contourCount: contourCount, transform: transform, into: &builder)
            return
        }
        // A composite: components until one lacks MORE_COMPONENTS.
        let chain = chain + [glyph]
        var at = 10
        var more = true
        while more {
            let flags = try data.u16(at), component = try data.u16(at + 2)
            at += 4
            more = flags & 0x20 != 0
            let xyValues = flags & 0x2 != 0
            let arg1: Int, arg2: Int
            if flags & 0x1 != 0 {  // ARG_1_AND_2_ARE_WORDS
                arg1 = xyValues ? try data.i16(at) : try data.u16(at)
                arg2 = xyValues ? try data.i16(at + 2) : try data.u16(at + 2)
                at += 4
            } else {
                arg1 = xyValues ? try data.i8(at) : try data.u8(at)
                arg2 = xyValues ? try data.i8(at + 1) : try data.u8(at + 1)
                at += 2
            }
            var local = Affine.identity
            if flags & 0x8 != 0 {  // WE_HAVE_A_SCALE
                local.a = try Self.f2dot14(data, at)
                local.d = local.a
                at += 2
            } else if flags & 0x40 != 0 {  // WE_HAVE_AN_X_AND_Y_SCALE
                local.a = try Self.f2dot14(data, at)
                local.d = try Self.f2dot14(data, at + 2)
                at += 4
            } else if flags & 0x80 != 0 {  // WE_HAVE_A_TWO_BY_TWO
                local.a = try Self.f2dot14(data, at)
                local.b = try Self.f2dot14(data, at + 2)
                local.c = try Self.f2dot14(data, at + 4)
                local.d = try Self.f2dot14(data, at + 6)
                at += 8
            }
            components += 1
            guard components <= limits.maxComponents else {
                throw FontError(.limit, table: "glyf", "composite glyph \(digitsGrouped(chain[0])) has more than "
                    + "\(digitsGrouped(limits.maxComponents)) components")
            }
            guard !chain.contains(component) else {
                throw FontError(.malformed, table: "glyf", "composite glyph \(digitsGrouped(glyph)) refers to glyph "
                    + "\(digitsGrouped(component)), which contains it (a cycle)")
            }
            guard chain.count <= limits.maxCompositeDepth else {
                throw FontError(.limit, table: "glyf", "composite glyph \(digitsGrouped(chain[0])) nests more than "
                    + "\(limits.maxCompositeDepth) levels deep")
            }
            // Point-matching arguments (not x/y values) are taken as no offset.
            if xyValues {
                let offset = GlyphPathBuilder.Point(Double(arg1), Double(arg2))
                // SCALED_COMPONENT_OFFSET without UNSCALED_COMPONENT_OFFSET: the offset is transformed too.
                let scaled = flags & 0x800 != 0 && flags & 0x1000 == 0
                let moved = scaled ? local.linear(offset) : offset
                local.e = moved.x
                local.f = moved.y
            }
            try append(component, transform: transform.after(local), chain: chain, into: &builder, components: &components)
        }
    }

    /// Adds the contours of a simple glyph.
    private func appendSimple(_ glyph: Int, _ data: FontBytes, contourCount: Int, transform: Affine,
                              into builder: inout GlyphPathBuilder) throws(FontError) {
        guard contourCount > 0 else { return }
        try data.checkArray(10, count: contourCount, size: 2, what: "contour ends")
        var ends: [Int] = []
        ends.reserveCapacity(contourCount)
        for index in 0..<contourCount {
            let end = try data.u16(10 + 2 * index)
            guard end >= (ends.last ?? -1) + 1 else {
                throw FontError(.malformed, table: "glyf", "glyph \(digitsGrouped(glyph)): contour \(index) ends at "
                    + "point \(digitsGrouped(end)), not after the previous contour's end")
            }
            ends.append(end)
        }
        let pointCount = (ends.last ?? -1) + 1
        guard pointCount <= limits.maxPointsPerGlyph else {
            throw FontError(.limit, table: "glyf", "glyph \(digitsGrouped(glyph)) has \(digitsGrouped(pointCount)) "
                + "points, more than \(digitsGrouped(limits.maxPointsPerGlyph))")
        }
        // Components share the budget: a composite repeating a large glyph stops before decoding it again.
        guard pointCount <= builder.remaining else {
            throw FontError(.limit, table: "glyf", "glyph \(digitsGrouped(glyph)) adds \(digitsGrouped(pointCount)) "
                + "points to an outline already near the limit of \(digitsGrouped(limits.maxPointsPerGlyph))")
        }
        let instructionsAt = 10 + 2 * contourCount
        var at = instructionsAt + 2 + (try data.u16(instructionsAt))
        // Flags, with repeats; a repeat past the point count is cut short.
        var flags: [UInt8] = []
        flags.reserveCapacity(pointCount)
        while flags.count < pointCount {
            let flag = UInt8(try data.u8(at))
            at += 1
            flags.append(flag)
            if flag & 0x8 != 0 {
                let repeats = try data.u8(at)
                at += 1
                for _ in 0..<min(repeats, pointCount - flags.count) { flags.append(flag) }
            }
        }
        // Coordinates are deltas: one byte with a sign flag, or a same-as-before flag, or two bytes.
        func coordinates(short: UInt8, same: UInt8) throws(FontError) -> [Double] {
            var values: [Double] = []
            values.reserveCapacity(pointCount)
            var value = 0
            for flag in flags {
                if flag & short != 0 {
                    let delta = try data.u8(at)
                    at += 1
                    value += flag & same != 0 ? delta : -delta
                } else if flag & same == 0 {
                    value += try data.i16(at)
                    at += 2
                }
                values.append(Double(value))
            }
            return values
        }
        let xs = try coordinates(short: 0x2, same: 0x10)
        let ys = try coordinates(short: 0x4, same: 0x20)
        var first = 0
        for end in ends {
            var contour: [(point: GlyphPathBuilder.Point, onCurve: Bool)] = []
            for index in first...end {
                contour.append((transform.apply(GlyphPathBuilder.Point(xs[index], ys[index])), flags[index] & 0x1 != 0))
            }
            first = end + 1
            try Self.appendContour(contour, into: &builder)
        }
    }

    /// One closed quadratic contour: an on-curve point is implied halfway between two off-curve
    /// points, and the contour starts at its first on-curve point (explicit or implied).
    static func appendContour(_ points: [(point: GlyphPathBuilder.Point, onCurve: Bool)],
                              into builder: inout GlyphPathBuilder) throws(FontError) {
        var expanded: [(point: GlyphPathBuilder.Point, onCurve: Bool)] = []
        expanded.reserveCapacity(2 * points.count)
        for (index, item) in points.enumerated() {
            expanded.append(item)
            let next = points[(index + 1) % points.count]
            if !item.onCurve, !next.onCurve {
                expanded.append((0.5 * (item.point + next.point), true))
            }
        }
        guard let start = expanded.firstIndex(where: { $0.onCurve }) else { return }
        let origin = expanded[start].point
        try builder.move(to: origin)
        var control: GlyphPathBuilder.Point?
        for step in 1...expanded.count {
            let item = expanded[(start + step) % expanded.count]
            if !item.onCurve {
                control = item.point
            } else if let quadratic = control {
                try builder.quadratic(quadratic, to: item.point, from: origin)
                control = nil
            } else {
                try builder.line(to: item.point, from: origin)
            }
        }
        builder.close()
    }

    private static func f2dot14(_ data: FontBytes, _ at: Int) throws(FontError) -> Double {
        Double(try data.i16(at)) / 16_384
    }
}

/// An affine map of the plane: x' = a x + c y + e, y' = b x + d y + f (TrueType's composite form).
struct Affine: Equatable {
    var a = 1.0, b = 0.0, c = 0.0, d = 1.0, e = 0.0, f = 0.0

    static let identity = Affine()

    func apply(_ p: GlyphPathBuilder.Point) -> GlyphPathBuilder.Point {
        GlyphPathBuilder.Point(a * p.x + c * p.y + e, b * p.x + d * p.y + f)
    }

    /// The linear part only (for offsets and tangents).
    func linear(_ p: GlyphPathBuilder.Point) -> GlyphPathBuilder.Point {
        GlyphPathBuilder.Point(a * p.x + c * p.y, b * p.x + d * p.y)
    }

    /// This map applied after `inner`.
    func after(_ inner: Affine) -> Affine {
        let origin = apply(GlyphPathBuilder.Point(inner.e, inner.f))
        return Affine(a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b,
                      c: a * inner.c + c * inner.d, d: b * inner.c + d * inner.d, e: origin.x, f: origin.y)
    }
}
