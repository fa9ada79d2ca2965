// MARK: - VP8Transform
//
// The inverse transforms of VP8 (RFC 6386, section 14): the 4×4 inverse DCT that adds a block's
// residual to its prediction, and the inverse Walsh–Hadamard transform that turns the Y2 block of a
// 16×16-predicted macroblock into the DC coefficients of its sixteen luma blocks.
//
// The DCT is the exact integer one of the format: a vertical pass, then a horizontal pass rounding
// with +4 and >> 3, multiplications by cos(π/8)√2 and sin(π/8)√2 in 16-bit fixed point (20091 is
// the excess of the first over 1, 35468 the second). A block whose only non-zero coefficient is the
// DC adds (DC + 4) >> 3 to every pixel, which is what the full transform gives for it.

enum VP8Transform {
    @inline(__always)
    private static func mul1(_ a: Int) -> Int { ((a &* 20091) >> 16) &+ a }

    @inline(__always)
    private static func mul2(_ a: Int) -> Int { (a &* 35468) >> 16 }

    /// One 4-point inverse DCT: the outputs for positions 0...3 of inputs 0...3.
    @inline(__always)
    private static func idct4(_ x0: Int, _ x1: Int, _ x2: Int, _ x3: Int) -> (Int, Int, Int, Int) {
        let a = x0 + x2
        let b = x0 - x2
        let c = mul2(x1) - mul1(x3)
        let d = mul1(x1) + mul2(x3)
        return (a + d, b + c, b - c, a - d)
    }

    /// Adds the inverse DCT of `coefficients[start ..< start + 16]` (raster order) to the 4×4
    /// pixels at `origin` of `w` (row stride `stride`), clamping to 0...255.
    static func addInverseDCT(_ coefficients: [Int16], at start: Int, to w: inout [UInt8], at origin: Int,
                              stride: Int) {
        @inline(__always) func k(_ i: Int) -> Int { Int(coefficients[start + i]) }
        // Vertical pass: column i of the coefficients to (row 0, row 1, row 2, row 3).
        let c0 = idct4(k(0), k(4), k(8), k(12))
        let c1 = idct4(k(1), k(5), k(9), k(13))
        let c2 = idct4(k(2), k(6), k(10), k(14))
        let c3 = idct4(k(3), k(7), k(11), k(15))
        // Horizontal pass on each row, rounded (+4, >> 3) and added to the prediction.
        @inline(__always) func add(_ row: Int, _ values: (Int, Int, Int, Int)) {
            let p = origin + row * stride
            w[p] = VP8Intra.clamp255(Int(w[p]) + (values.0 >> 3))
            w[p + 1] = VP8Intra.clamp255(Int(w[p + 1]) + (values.1 >> 3))
            w[p + 2] = VP8Intra.clamp255(Int(w[p + 2]) + (values.2 >> 3))
            w[p + 3] = VP8Intra.clamp255(Int(w[p + 3]) + (values.3 >> 3))
        }
        add(0, idct4(c0.0 + 4, c1.0, c2.0, c3.0))
        add(1, idct4(c0.1 + 4, c1.1, c2.1, c3.1))
        add(2, idct4(c0.2 + 4, c1.2, c2.2, c3.2))
        add(3, idct4(c0.3 + 4, c1.3, c2.3, c3.3))
    }

    /// Adds (dc + 4) >> 3 to the 4×4 pixels at `origin`: the inverse DCT of a DC-only block.
    static func addDC(_ dc: Int16, to w: inout [UInt8], at origin: Int, stride: Int) {
        let value = (Int(dc) + 4) >> 3
        for j in 0..<4 {
            for i in 0..<4 { w[origin + j * stride + i] = VP8Intra.clamp255(Int(w[origin + j * stride + i]) + value) }
        }
    }

    /// One 4-point inverse Walsh–Hadamard transform.
    @inline(__always)
    private static func iwht4(_ x0: Int, _ x1: Int, _ x2: Int, _ x3: Int) -> (Int, Int, Int, Int) {
        let a0 = x0 + x3
        let a1 = x1 + x2
        let a2 = x1 - x2
        let a3 = x0 - x3
        return (a0 + a1, a3 + a2, a0 - a1, a3 - a2)
    }

    /// The inverse Walsh–Hadamard transform of the Y2 block `input` (16 coefficients, raster
    /// order): writes the DC coefficient of luma block n to `coefficients[16 × n]` (as 16 bits,
    /// like libwebp).
    static func inverseWHT(_ input: [Int16], into coefficients: inout [Int16]) {
        @inline(__always) func k(_ i: Int) -> Int { Int(input[i]) }
        let c0 = iwht4(k(0), k(4), k(8), k(12))
        let c1 = iwht4(k(1), k(5), k(9), k(13))
        let c2 = iwht4(k(2), k(6), k(10), k(14))
        let c3 = iwht4(k(3), k(7), k(11), k(15))
        @inline(__always) func store(_ row: Int, _ values: (Int, Int, Int, Int)) {
            coefficients[(row * 4) * 16] = Int16(truncatingIfNeeded: values.0 >> 3)
            coefficients[(row * 4 + 1) * 16] = Int16(truncatingIfNeeded: values.1 >> 3)
            coefficients[(row * 4 + 2) * 16] = Int16(truncatingIfNeeded: values.2 >> 3)
            coefficients[(row * 4 + 3) * 16] = Int16(truncatingIfNeeded: values.3 >> 3)
        }
        store(0, iwht4(c0.0 + 3, c1.0, c2.0, c3.0))
        store(1, iwht4(c0.1 + 3, c1.1, c2.1, c3.1))
        store(2, iwht4(c0.2 + 3, c1.2, c2.2, c3.2))
        store(3, iwht4(c0.3 + 3, c1.3, c2.3, c3.3))
    }
}
