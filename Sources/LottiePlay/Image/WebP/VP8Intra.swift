// MARK: - VP8Intra
//
// Intra prediction of VP8 key frames (RFC 6386, section 12): a 16×16 luma mode or sixteen 4×4
// luma modes per macroblock, and one mode for both 8×8 chroma blocks.
//
// ## The workspace
//
// Prediction reads and writes a `VP8Workspace` (`stride` 32): each block has the row above it and
// the column to its left in the buffer, filled by the decoder before prediction with the
// reconstructed (not yet loop-filtered) neighbours, or with the values the format gives outside
// the frame: 127 above the first row (the above-left corner included), 129 left of the first
// column (the above-left corner of later rows included). A 4×4 block also reads the four pixels
// above and to the right; for the rightmost column of subblocks these come from the macroblock row
// above (columns 16...19 of the row above the macroblock, copied down to rows 3, 7 and 11), never
// from the macroblock to the right.
//
// DC prediction of 16×16 and chroma blocks averages only the edges inside the frame (128 when
// there is none); the 4×4 DC mode always averages its eight neighbours. TM (TrueMotion) is
// `left + above − above-left`, clamped to 0...255.

/// Intra prediction into a `VP8Workspace`.
enum VP8Intra {
    /// The 16×16 luma and the chroma modes, numbered as in the bitstream's trees.
    enum BlockMode: Int, CaseIterable, Sendable {
        case dc = 0, trueMotion, vertical, horizontal
    }

    /// The ten 4×4 luma modes, numbered as the leaves of the mode tree and the probability table.
    enum SubblockMode: Int, CaseIterable, Sendable {
        case dc = 0, trueMotion, vertical, horizontal, downRight, verticalRight, downLeft, verticalLeft,
             horizontalDown, horizontalUp
    }

    static let stride = VP8Workspace.stride

    // MARK: Whole blocks (16×16 luma, 8×8 chroma)

    /// Predicts the `size`×`size` block at `origin` with `mode`; `hasAbove`/`hasLeft` tell whether
    /// the edges are inside the frame (they only matter for DC).
    static func predictBlock(_ w: inout [UInt8], at origin: Int, size: Int, mode: BlockMode,
                             hasAbove: Bool, hasLeft: Bool) {
        switch mode {
        case .dc:
            let shift = size == 16 ? 4 : 3
            var sum = 0
            var value = 128
            if hasAbove && hasLeft {
                for i in 0..<size { sum += Int(w[origin - stride + i]) + Int(w[origin + i * stride - 1]) }
                value = (sum + size) >> (shift + 1)
            } else if hasAbove {
                for i in 0..<size { sum += Int(w[origin - stride + i]) }
                value = (sum + size / 2) >> shift
            } else if hasLeft {
                for i in 0..<size { sum += Int(w[origin + i * stride - 1]) }
                value = (sum + size / 2) >> shift
            }
            fill(&w, at: origin, size: size, UInt8(value))
        case .trueMotion:
            trueMotion(&w, at: origin, size: size)
        case .vertical:
            for y in 0..<size {
                for x in 0..<size { w[origin + y * stride + x] = w[origin - stride + x] }
            }
        case .horizontal:
            for y in 0..<size {
                let left = w[origin + y * stride - 1]
                for x in 0..<size { w[origin + y * stride + x] = left }
            }
        }
    }

    private static func fill(_ w: inout [UInt8], at origin: Int, size: Int, _ value: UInt8) {
        for y in 0..<size {
            for x in 0..<size { w[origin + y * stride + x] = value }
        }
    }

    /// TrueMotion: each pixel is left + above − above-left, clamped.
    private static func trueMotion(_ w: inout [UInt8], at origin: Int, size: Int) {
        let corner = Int(w[origin - stride - 1])
        for y in 0..<size {
            let base = Int(w[origin + y * stride - 1]) - corner
            for x in 0..<size {
                w[origin + y * stride + x] = clamp255(base + Int(w[origin - stride + x]))
            }
        }
    }

    @inline(__always)
    static func clamp255(_ value: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: value < 0 ? 0 : value > 255 ? 255 : value)
    }

    // MARK: 4×4 luma

    @inline(__always)
    private static func average3(_ a: Int, _ b: Int, _ c: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: (a + 2 * b + c + 2) >> 2)
    }

    @inline(__always)
    private static func average2(_ a: Int, _ b: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: (a + b + 1) >> 1)
    }

    /// Predicts the 4×4 block at `origin` with `mode` (section 12.3). Its edges: `above[0...7]`
    /// (above and above-right), `left[0...3]`, and the above-left corner.
    static func predictSubblock(_ w: inout [UInt8], at origin: Int, mode: SubblockMode) {
        let top = origin - stride
        // Above: A...H (H is the last above-right pixel); left: I...L; corner: X.
        let a = Int(w[top]), b = Int(w[top + 1]), c = Int(w[top + 2]), d = Int(w[top + 3])
        let x = Int(w[top - 1])
        let i = Int(w[origin - 1]), j = Int(w[origin + stride - 1])
        let k = Int(w[origin + 2 * stride - 1]), l = Int(w[origin + 3 * stride - 1])
        @inline(__always) func put(_ column: Int, _ row: Int, _ value: UInt8) {
            w[origin + row * stride + column] = value
        }
        switch mode {
        case .dc:
            let value = UInt8(truncatingIfNeeded: (a + b + c + d + i + j + k + l + 4) >> 3)
            for row in 0..<4 { for column in 0..<4 { put(column, row, value) } }
        case .trueMotion:
            trueMotion(&w, at: origin, size: 4)
        case .vertical:
            // Smoothed with the neighbours on both sides, the above-left and above-right included.
            let e = Int(w[top + 4])
            let v0 = average3(x, a, b), v1 = average3(a, b, c), v2 = average3(b, c, d), v3 = average3(c, d, e)
            for row in 0..<4 {
                put(0, row, v0); put(1, row, v1); put(2, row, v2); put(3, row, v3)
            }
        case .horizontal:
            let h0 = average3(x, i, j), h1 = average3(i, j, k), h2 = average3(j, k, l), h3 = average3(k, l, l)
            for column in 0..<4 {
                put(column, 0, h0); put(column, 1, h1); put(column, 2, h2); put(column, 3, h3)
            }
        case .downRight:
            // Constant along each down-right diagonal, from the bottom-left: L K J I X A B C D.
            let d0 = average3(j, k, l), d1 = average3(i, j, k), d2 = average3(x, i, j), d3 = average3(a, x, i)
            let d4 = average3(b, a, x), d5 = average3(c, b, a), d6 = average3(d, c, b)
            put(0, 3, d0)
            put(1, 3, d1); put(0, 2, d1)
            put(2, 3, d2); put(1, 2, d2); put(0, 1, d2)
            put(3, 3, d3); put(2, 2, d3); put(1, 1, d3); put(0, 0, d3)
            put(3, 2, d4); put(2, 1, d4); put(1, 0, d4)
            put(3, 1, d5); put(2, 0, d5)
            put(3, 0, d6)
        case .verticalRight:
            put(0, 0, average2(x, a)); put(1, 2, average2(x, a))
            put(1, 0, average2(a, b)); put(2, 2, average2(a, b))
            put(2, 0, average2(b, c)); put(3, 2, average2(b, c))
            put(3, 0, average2(c, d))
            put(0, 3, average3(k, j, i))
            put(0, 2, average3(j, i, x))
            put(0, 1, average3(i, x, a)); put(1, 3, average3(i, x, a))
            put(1, 1, average3(x, a, b)); put(2, 3, average3(x, a, b))
            put(2, 1, average3(a, b, c)); put(3, 3, average3(a, b, c))
            put(3, 1, average3(b, c, d))
        case .downLeft:
            // Constant along each down-left diagonal, from the above and above-right pixels A...H.
            let e = Int(w[top + 4]), f = Int(w[top + 5]), g = Int(w[top + 6]), h = Int(w[top + 7])
            let d0 = average3(a, b, c), d1 = average3(b, c, d), d2 = average3(c, d, e), d3 = average3(d, e, f)
            let d4 = average3(e, f, g), d5 = average3(f, g, h), d6 = average3(g, h, h)
            put(0, 0, d0)
            put(1, 0, d1); put(0, 1, d1)
            put(2, 0, d2); put(1, 1, d2); put(0, 2, d2)
            put(3, 0, d3); put(2, 1, d3); put(1, 2, d3); put(0, 3, d3)
            put(3, 1, d4); put(2, 2, d4); put(1, 3, d4)
            put(3, 2, d5); put(2, 3, d5)
            put(3, 3, d6)
        case .verticalLeft:
            let e = Int(w[top + 4]), f = Int(w[top + 5]), g = Int(w[top + 6]), h = Int(w[top + 7])
            put(0, 0, average2(a, b))
            put(1, 0, average2(b, c)); put(0, 2, average2(b, c))
            put(2, 0, average2(c, d)); put(1, 2, average2(c, d))
            put(3, 0, average2(d, e)); put(2, 2, average2(d, e))
            put(0, 1, average3(a, b, c))
            put(1, 1, average3(b, c, d)); put(0, 3, average3(b, c, d))
            put(2, 1, average3(c, d, e)); put(1, 3, average3(c, d, e))
            put(3, 1, average3(d, e, f)); put(2, 3, average3(d, e, f))
            put(3, 2, average3(e, f, g))
            put(3, 3, average3(f, g, h))
        case .horizontalDown:
            put(0, 0, average2(i, x)); put(2, 1, average2(i, x))
            put(0, 1, average2(j, i)); put(2, 2, average2(j, i))
            put(0, 2, average2(k, j)); put(2, 3, average2(k, j))
            put(0, 3, average2(l, k))
            put(3, 0, average3(a, b, c))
            put(2, 0, average3(x, a, b))
            put(1, 0, average3(i, x, a)); put(3, 1, average3(i, x, a))
            put(1, 1, average3(j, i, x)); put(3, 2, average3(j, i, x))
            put(1, 2, average3(k, j, i)); put(3, 3, average3(k, j, i))
            put(1, 3, average3(l, k, j))
        case .horizontalUp:
            put(0, 0, average2(i, j))
            put(2, 0, average2(j, k)); put(0, 1, average2(j, k))
            put(2, 1, average2(k, l)); put(0, 2, average2(k, l))
            put(1, 0, average3(i, j, k))
            put(3, 0, average3(j, k, l)); put(1, 1, average3(j, k, l))
            put(3, 1, average3(k, l, l)); put(1, 2, average3(k, l, l))
            let last = UInt8(truncatingIfNeeded: l)
            put(3, 2, last); put(2, 2, last)
            put(0, 3, last); put(1, 3, last); put(2, 3, last); put(3, 3, last)
        }
    }
}
