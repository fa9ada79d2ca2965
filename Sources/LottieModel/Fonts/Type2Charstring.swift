// MARK: - Type2Charstring

/// Runs one Type 2 charstring (Adobe Technical Note #5177) and collects its path. Numbers go on a
/// stack of at most 48; path operators consume it; hint operators only count stems (for the
/// length of hintmask and cntrmask masks). The advance width that may come first in the first
/// stack-clearing operator is dropped (the reader takes advances from `hmtx`). The seac form of
/// endchar (an accented character) ends the glyph without the accent. Arithmetic and storage
/// operators (deprecated) are refused.
struct Type2Charstring {
    private let globalSubrs: CFFIndex
    private let localSubrs: CFFIndex
    private let limits: FontLimits
    private var stack: [Double] = []
    private var point = GlyphPathBuilder.Point(0, 0)
    private var stems = 0
    private var widthSeen = false
    private var ended = false
    private var operations = 0
    private var builder: GlyphPathBuilder

    init(globalSubrs: CFFIndex, localSubrs: CFFIndex, limits: FontLimits) {
        self.globalSubrs = globalSubrs
        self.localSubrs = localSubrs
        self.limits = limits
        builder = GlyphPathBuilder(limit: limits.maxPointsPerGlyph, table: "CFF ")
    }

    /// The contours of the charstring `code`.
    mutating func run(_ code: FontBytes) throws(FontError) -> [BezierPath] {
        try execute(code, depth: 0)
        return builder.finish()
    }

    private func failure(_ detail: String, _ kind: FontError.Kind = .malformed) -> FontError {
        FontError(kind, table: "CFF ", "charstring: \(detail)")
    }

    /// Subroutine numbers are biased by the INDEX's size, so that small charstrings reach many.
    static func bias(_ count: Int) -> Int { count < 1_240 ? 107 : count < 33_900 ? 1_131 : 32_768 }

    private mutating func execute(_ code: FontBytes, depth: Int) throws(FontError) {
        var at = 0
        while at < code.count, !ended {
            operations += 1
            guard operations <= limits.maxCharstringOperations else {
                throw failure("more than \(digitsGrouped(limits.maxCharstringOperations)) operations", .limit)
            }
            let b0 = try code.u8(at)
            if b0 >= 32 || b0 == 28 {
                let value: Double
                switch b0 {
                case 28: value = Double(try code.i16(at + 1)); at += 3
                case 32...246: value = Double(b0 - 139); at += 1
                case 247...250: value = Double((b0 - 247) * 256 + (try code.u8(at + 1)) + 108); at += 2
                case 251...254: value = Double(-(b0 - 251) * 256 - (try code.u8(at + 1)) - 108); at += 2
                default: value = Double(try code.i32(at + 1)) / 65_536; at += 5  // 255: 16.16 fixed
                }
                guard stack.count < 48 else { throw failure("more than 48 numbers on the stack (stack overflow)") }
                stack.append(value)
                continue
            }
            at += 1
            switch b0 {
            case 1, 3, 18, 23:  // hstem, vstem, hstemhm, vstemhm
                countStems()
            case 19, 20:  // hintmask, cntrmask: a stack left there is an implied vstem
                countStems()
                let maskBytes = (stems + 7) / 8
                try code.check(at, maskBytes)
                at += maskBytes
            case 21:  // rmoveto
                takeWidth(stack.count > 2)
                try need(2, "rmoveto")
                try move(stack[0], stack[1])
            case 22:  // hmoveto
                takeWidth(stack.count > 1)
                try need(1, "hmoveto")
                try move(stack[0], 0)
            case 4:  // vmoveto
                takeWidth(stack.count > 1)
                try need(1, "vmoveto")
                try move(0, stack[0])
            case 5:  // rlineto
                try need(2, "rlineto")
                var index = 0
                while index + 1 < stack.count {
                    try line(stack[index], stack[index + 1])
                    index += 2
                }
            case 6, 7:  // hlineto, vlineto: alternating directions
                try need(1, b0 == 6 ? "hlineto" : "vlineto")
                var horizontal = b0 == 6
                for value in stack {
                    try horizontal ? line(value, 0) : line(0, value)
                    horizontal.toggle()
                }
            case 8:  // rrcurveto
                try need(6, "rrcurveto")
                var index = 0
                while index + 5 < stack.count {
                    try curve(index)
                    index += 6
                }
            case 24:  // rcurveline: curves, then a line
                try need(8, "rcurveline")
                var index = 0
                while index + 7 < stack.count {
                    try curve(index)
                    index += 6
                }
                try line(stack[index], stack[index + 1])
            case 25:  // rlinecurve: lines, then a curve
                try need(8, "rlinecurve")
                var index = 0
                while index + 7 < stack.count {
                    try line(stack[index], stack[index + 1])
                    index += 2
                }
                try curve(index)
            case 26, 27:  // vvcurveto, hhcurveto: an odd count starts with the other coordinate
                try need(4, b0 == 26 ? "vvcurveto" : "hhcurveto")
                var index = stack.count % 2 == 1 ? 1 : 0
                var first = index == 1 ? stack[0] : 0
                while index + 3 < stack.count {
                    let a = stack[index], b = stack[index + 1], c = stack[index + 2], d = stack[index + 3]
                    if b0 == 26 {
                        try curve(first, a, b, c, 0, d)
                    } else {
                        try curve(a, first, b, c, d, 0)
                    }
                    first = 0
                    index += 4
                }
            case 30, 31:  // vhcurveto, hvcurveto: alternating tangents, an optional last delta
                try need(4, b0 == 30 ? "vhcurveto" : "hvcurveto")
                var horizontal = b0 == 31
                var index = 0
                while index + 3 < stack.count {
                    let a = stack[index], b = stack[index + 1], c = stack[index + 2], d = stack[index + 3]
                    let last = stack.count - index == 5 ? stack[index + 4] : 0
                    if horizontal {
                        try curve(a, 0, b, c, last, d)
                    } else {
                        try curve(0, a, b, c, d, last)
                    }
                    horizontal.toggle()
                    index += 4
                }
            case 10, 29:  // callsubr, callgsubr
                let subrs = b0 == 10 ? localSubrs : globalSubrs
                guard let number = stack.popLast() else { throw failure("\(b0 == 10 ? "callsubr" : "callgsubr") with an empty stack") }
                guard depth < limits.maxSubrDepth else {
                    throw failure("subroutines nest more than \(limits.maxSubrDepth) deep", .limit)
                }
                let index = Int(exactly: number.rounded(.towardZero)).map { $0 + Self.bias(subrs.count) } ?? -1
                guard index >= 0, index < subrs.count else {
                    throw failure("\(b0 == 10 ? "local" : "global") subroutine \(Int(number)) (index \(index)) "
                        + "is not among the \(digitsGrouped(subrs.count))")
                }
                try execute(try subrs.item(index), depth: depth + 1)
                continue
            case 11:  // return
                return
            case 14:  // endchar; 4 more numbers are the seac accent form, not drawn
                takeWidth(stack.count == 1 || stack.count == 5)
                builder.close()
                ended = true
                return
            case 12:
                let b1 = try code.u8(at)
                at += 1
                try flex(b1)
            default:
                throw failure("operator \(b0) is not a Type 2 path, hint or subroutine operator")
            }
            stack.removeAll(keepingCapacity: true)
        }
    }

    /// The first stack-clearing operator may carry the advance width first: dropped.
    private mutating func takeWidth(_ hasWidth: Bool) {
        guard !widthSeen else { return }
        widthSeen = true
        if hasWidth, !stack.isEmpty { stack.removeFirst() }
    }

    private mutating func countStems() {
        takeWidth(stack.count % 2 == 1)
        stems += stack.count / 2
    }

    private func need(_ count: Int, _ name: String) throws(FontError) {
        guard stack.count >= count else {
            throw failure("\(name) needs \(count) numbers, the stack has \(stack.count)")
        }
    }

    private mutating func move(_ dx: Double, _ dy: Double) throws(FontError) {
        point = point + GlyphPathBuilder.Point(dx, dy)
        try builder.move(to: point)
    }

    private mutating func line(_ dx: Double, _ dy: Double) throws(FontError) {
        let start = point
        point = point + GlyphPathBuilder.Point(dx, dy)
        try builder.line(to: point, from: start)
    }

    /// A curve by three relative steps: to the first control, to the second, to the end.
    private mutating func curve(_ dx1: Double, _ dy1: Double, _ dx2: Double, _ dy2: Double,
                                _ dx3: Double, _ dy3: Double) throws(FontError) {
        let start = point
        let c1 = start + GlyphPathBuilder.Point(dx1, dy1)
        let c2 = c1 + GlyphPathBuilder.Point(dx2, dy2)
        point = c2 + GlyphPathBuilder.Point(dx3, dy3)
        try builder.curve(c1, c2, to: point, from: start)
    }

    /// The curve of the six stack values at `index`.
    private mutating func curve(_ index: Int) throws(FontError) {
        try curve(stack[index], stack[index + 1], stack[index + 2], stack[index + 3], stack[index + 4], stack[index + 5])
    }

    /// flex (35), hflex (34), hflex1 (36), flex1 (37): two curves each; the flex depth is ignored.
    private mutating func flex(_ b1: Int) throws(FontError) {
        let s = stack
        switch b1 {
        case 35:
            try need(13, "flex")
            try curve(0)
            try curve(6)
        case 34:
            try need(7, "hflex")
            let y = point.y
            try curve(s[0], 0, s[1], s[2], s[3], 0)
            try curve(s[4], 0, s[5], y - point.y, s[6], 0)
        case 36:
            try need(9, "hflex1")
            let y = point.y
            try curve(s[0], s[1], s[2], s[3], s[4], 0)
            try curve(s[5], 0, s[6], s[7], s[8], y - (point.y + s[7]))
        case 37:
            try need(11, "flex1")
            let start = point
            var dx = 0.0, dy = 0.0
            for index in stride(from: 0, to: 10, by: 2) {
                dx += s[index]
                dy += s[index + 1]
            }
            try curve(s[0], s[1], s[2], s[3], s[4], s[5])
            // The last step is along the larger of the overall moves; the other coordinate returns.
            let endX = abs(dx) > abs(dy) ? s[10] : start.x - (point.x + s[6] + s[8])
            let endY = abs(dx) > abs(dy) ? start.y - (point.y + s[7] + s[9]) : s[10]
            try curve(s[6], s[7], s[8], s[9], endX, endY)
        default:
            throw failure("operator 12 \(b1) is not a Type 2 path operator (arithmetic operators are not read)")
        }
    }
}
