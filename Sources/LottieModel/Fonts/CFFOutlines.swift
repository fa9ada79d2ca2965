// MARK: - CFFOutlines

/// Glyph outlines from a `CFF ` table (version 1): the header, the Name, Top DICT, String and
/// Global Subr INDEXes, the CharStrings INDEX and the Private DICT with its local Subrs. A
/// CID-keyed font (ROS in its Top DICT) has a Font DICT per group of glyphs (FDArray), each with
/// its own Private DICT and Subrs, and an FDSelect (format 0 or 3) that gives each glyph's group.
/// Charstrings are run when a glyph is asked for (`Type2Charstring`).
struct CFFOutlines: Sendable {
    private let charStrings: CFFIndex
    private let globalSubrs: CFFIndex
    /// Local subroutines per Font DICT (one entry for a font that is not CID-keyed).
    private let localSubrs: [CFFIndex]
    private let fdSelect: FDSelect?
    private let limits: FontLimits

    /// A CID-keyed font's map from glyph to Font DICT.
    private struct FDSelect: Sendable {
        let bytes: FontBytes
        let format: Int
        let rangeCount: Int

        func fontDict(of glyph: Int) throws(FontError) -> Int {
            if format == 0 { return try bytes.u8(1 + glyph) }
            // Format 3: ranges (first glyph, Font DICT) in order, then a sentinel glyph.
            var low = 0, high = rangeCount
            while low < high {
                let middle = (low + high) / 2
                if try bytes.u16(3 + 3 * middle) <= glyph { low = middle + 1 } else { high = middle }
            }
            guard low > 0, glyph < (try bytes.u16(3 + 3 * rangeCount)) else {
                throw bytes.error("FDSelect has no range for glyph \(digitsGrouped(glyph))")
            }
            return try bytes.u8(3 + 3 * (low - 1) + 2)
        }
    }

    init(cff: FontBytes, glyphCount: Int, limits: FontLimits) throws(FontError) {
        self.limits = limits
        let major = try cff.u8(0)
        guard major == 1 else {
            throw cff.error(.unsupported, "CFF version \(major) is not read (only version 1)")
        }
        let names = try CFFIndex(cff, at: try cff.u8(2), what: "Name")
        let topDicts = try CFFIndex(cff, at: names.end, what: "Top DICT")
        let strings = try CFFIndex(cff, at: topDicts.end, what: "String")
        globalSubrs = try CFFIndex(cff, at: strings.end, what: "Global Subr")
        guard topDicts.count > 0 else { throw cff.error("the Top DICT INDEX is empty") }
        let top = try CFFDict(try topDicts.item(0))
        if let type = top.offset(1206), type != 2 {
            throw cff.error(.unsupported, "charstring type \(type) is not read (only Type 2)")
        }
        guard let charStringsAt = top.offset(17) else { throw cff.error("the Top DICT has no CharStrings offset") }
        charStrings = try CFFIndex(cff, at: charStringsAt, what: "CharStrings")
        guard charStrings.count >= glyphCount else {
            throw cff.error("the CharStrings INDEX has \(digitsGrouped(charStrings.count)) glyphs, "
                + "'maxp' says \(digitsGrouped(glyphCount))")
        }
        if top[1230] != nil, let fdArrayAt = top.offset(1236), let fdSelectAt = top.offset(1237) {
            // CID-keyed: Font DICTs (at most 256: FDSelect stores one byte per group).
            let fontDicts = try CFFIndex(cff, at: fdArrayAt, what: "FDArray")
            guard fontDicts.count <= 256 else {
                throw cff.error("the FDArray has \(digitsGrouped(fontDicts.count)) Font DICTs, more than 256")
            }
            var subrs: [CFFIndex] = []
            for index in 0..<fontDicts.count {
                subrs.append(try Self.localSubrs(cff, of: try CFFDict(try fontDicts.item(index))))
            }
            localSubrs = subrs
            let select = try cff.slice(from: fdSelectAt)
            let format = try select.u8(0)
            switch format {
            case 0:
                try select.check(1, glyphCount)
                fdSelect = FDSelect(bytes: select, format: 0, rangeCount: 0)
            case 3:
                let ranges = try select.u16(1)
                try select.checkArray(3, count: ranges, size: 3, what: "FDSelect ranges")
                try select.check(3 + 3 * ranges, 2)
                fdSelect = FDSelect(bytes: select, format: 3, rangeCount: ranges)
            default:
                throw cff.error(.unsupported, "FDSelect format \(format) is not read (only 0 and 3)")
            }
        } else {
            localSubrs = [try Self.localSubrs(cff, of: top)]
            fdSelect = nil
        }
    }

    /// The local Subrs of the Private DICT that `dict` points at (empty when there are none).
    private static func localSubrs(_ cff: FontBytes, of dict: CFFDict) throws(FontError) -> CFFIndex {
        guard let size = dict.offset(18, 0), let offset = dict.offset(18, 1) else { return .empty(in: cff) }
        let privateDict = try CFFDict(try cff.slice(offset, size))
        guard let subrs = privateDict.offset(19) else { return .empty(in: cff) }
        // The Subrs offset counts from the Private DICT's start.
        return try CFFIndex(cff, at: offset + subrs, what: "Subrs")
    }

    /// The outline of `glyph`: the cubic contours of its charstring.
    func outline(of glyph: Int) throws(FontError) -> [BezierPath] {
        let code = try charStrings.item(glyph)
        var local = localSubrs.first ?? CFFIndex.empty(in: code)
        if let fdSelect {
            let fontDict = try fdSelect.fontDict(of: glyph)
            guard fontDict < localSubrs.count else {
                throw FontError(.malformed, table: "CFF ", "FDSelect gives glyph \(digitsGrouped(glyph)) Font DICT "
                    + "\(fontDict), the FDArray has \(localSubrs.count)")
            }
            local = localSubrs[fontDict]
        }
        var machine = Type2Charstring(globalSubrs: globalSubrs, localSubrs: local, limits: limits)
        return try machine.run(code)
    }
}
