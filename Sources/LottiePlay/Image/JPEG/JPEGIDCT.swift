// MARK: - Dequantization and inverse DCT
//
// libjpeg's accurate integer IDCT ("islow", jidctint.c, the default of libjpeg and libjpeg-turbo)
// with the same constants and rounding, so that the samples are libjpeg's: a 1-D transform
// (Loeffler, Ligtenberg and Moschytz's factorisation, 13-bit fixed-point constants) down each column
// of dequantized coefficients, descaled to 2 fractional bits (PASS1_BITS), then along each row,
// descaled to integers, level-shifted by 128 and clamped to 0...255.
//
// Eight columns (then eight rows) are transformed at once, in SIMD lanes, as libjpeg-turbo's SIMD
// code does: coefficients and the workspace in 16-bit lanes, products and sums in 32-bit lanes,
// the workspace transposed between the passes and the samples transposed back into rows. The
// products are regrouped so that each is a 16-bit input times a 16-bit constant (which SSE2 and
// NEON multiply eight at a time) and the sums pair up; in integer arithmetic this is the same
// result as libjpeg's order of operations. Like libjpeg-turbo's SIMD code, it takes the dequantized
// coefficients and the workspace to fit in 16 bits, which they do in every valid 8-bit file; in a
// corrupt one they wrap (the pixels are garbage, and nothing else happens).
//
// A block with only its DC coefficient (all 64 samples equal) takes a shortcut with the same
// result.

/// Turns a frame's coefficients into sample planes.
enum JPEGIDCT {
    /// Where a component's samples are in the planes `samples(of:)` returns: its blocks' samples,
    /// `stride` bytes a row, the first `width` × `height` of them its own.
    struct Plane {
        var offset: Int
        var stride: Int
        var width: Int
        var height: Int
    }

    /// Eight 16-bit values: a row or a column of a block.
    typealias Lanes = SIMD8<Int16>
    /// The same, widened for products and sums.
    typealias WideLanes = SIMD8<Int32>

    /// A quantization table as the rows of a block (natural order).
    struct Quantization {
        var rows: (Lanes, Lanes, Lanes, Lanes, Lanes, Lanes, Lanes, Lanes)

        init(_ table: [UInt16]) {
            func row(_ index: Int) -> Lanes {
                Lanes(truncatingIfNeeded: SIMD8<UInt16>(table[(8 * index)..<(8 * index + 8)]))
            }
            rows = (row(0), row(1), row(2), row(3), row(4), row(5), row(6), row(7))
        }
    }

    /// The samples of every component (the blocks that hold its samples, not the MCU padding), one
    /// plane after the other.
    static func samples(of frame: inout JPEGFrame) -> (samples: [UInt8], planes: [Plane]) {
        var planes: [Plane] = []
        var total = 0
        for component in frame.components {
            let stride = component.blocksPerLine * 8
            planes.append(Plane(offset: total, stride: stride, width: component.width, height: component.height))
            total += stride * component.blocksPerColumn * 8
        }
        let components = frame.components
        let samples = JPEGCoefficientStorage.with(&frame.coefficients) { coefficients in
            JPEGSampleStorage.make(count: total) { output in
                for (component, plane) in zip(components, planes) {
                    let quantization = Quantization(component.quantization ?? [UInt16](repeating: 1, count: 64))
                    for blockRow in 0..<component.blocksPerColumn {
                        var input = component.blockOffset(row: blockRow, column: 0)
                        var offset = plane.offset + blockRow * 8 * plane.stride
                        for _ in 0..<component.blocksPerLine {
                            transform(coefficients.block(at: input), quantization,
                                      into: output.block(at: offset, stride: plane.stride))
                            input += 64
                            offset += 8
                        }
                    }
                }
            }
        }
        return (samples, planes)
    }

    /// One block: coefficients (natural order) → 8×8 samples.
    @inline(__always)
    static func transform(_ block: JPEGBlock, _ quantization: Quantization, into output: JPEGSampleBlock) {
        let q = quantization.rows
        // Dequantized rows: lanes are columns.
        let d0 = block.row(0) &* q.0, d1 = block.row(1) &* q.1, d2 = block.row(2) &* q.2, d3 = block.row(3) &* q.3
        let d4 = block.row(4) &* q.4, d5 = block.row(5) &* q.5, d6 = block.row(6) &* q.6, d7 = block.row(7) &* q.7
        let lower = d1 | d2 | d3 | d4 | d5 | d6 | d7
        if lower == .zero && d0 & Lanes(0, -1, -1, -1, -1, -1, -1, -1) == .zero {
            // DC alone: both passes' zero-AC shortcuts, DESCALE by PASS1_BITS + 3 of the DC << PASS1_BITS.
            let value = UInt8(clamping: ((Int(d0[0]) << 2 &+ 16) >> 5) &+ 128)
            let row = SIMD8<UInt8>(repeating: value)
            for y in 0..<8 { output.setRow(y, row) }
            return
        }
        // Pass 1, down the columns: the workspace's rows, descaled by CONST_BITS − PASS1_BITS.
        let columns = transform1D(d0, d1, d2, d3, d4, d5, d6, d7)
        let (w0, w1, w2, w3, w4, w5, w6, w7) = transpose(
            pass1(columns.0), pass1(columns.1), pass1(columns.2), pass1(columns.3),
            pass1(columns.4), pass1(columns.5), pass1(columns.6), pass1(columns.7))
        // Pass 2, along the rows (now in lanes): samples, descaled by CONST_BITS + PASS1_BITS + 3.
        let rows = transform1D(w0, w1, w2, w3, w4, w5, w6, w7)
        let (s0, s1, s2, s3, s4, s5, s6, s7) = transpose(
            pass2(rows.0), pass2(rows.1), pass2(rows.2), pass2(rows.3),
            pass2(rows.4), pass2(rows.5), pass2(rows.6), pass2(rows.7))
        output.setRow(0, JPEGLanes.bytes(clamping: s0))
        output.setRow(1, JPEGLanes.bytes(clamping: s1))
        output.setRow(2, JPEGLanes.bytes(clamping: s2))
        output.setRow(3, JPEGLanes.bytes(clamping: s3))
        output.setRow(4, JPEGLanes.bytes(clamping: s4))
        output.setRow(5, JPEGLanes.bytes(clamping: s5))
        output.setRow(6, JPEGLanes.bytes(clamping: s6))
        output.setRow(7, JPEGLanes.bytes(clamping: s7))
    }

    @inline(__always)
    private static func wide(_ value: Lanes) -> WideLanes { JPEGLanes.int32(value) }

    /// A pass-1 output: DESCALE by CONST_BITS − PASS1_BITS.
    @inline(__always)
    private static func pass1(_ value: WideLanes) -> Lanes {
        JPEGLanes.int16(truncating: (value &+ (1 << 10)) &>> 11)
    }

    /// A pass-2 output: DESCALE by CONST_BITS + PASS1_BITS + 3 and level shift (clamped to
    /// 0...255 when stored).
    @inline(__always)
    private static func pass2(_ value: WideLanes) -> Lanes {
        JPEGLanes.int16(truncating: ((value &+ (1 << 17)) &>> 18) &+ 128)
    }

    /// The 1-D transform of jidctint.c on inputs 0...7 (frequencies), eight at a time: outputs
    /// 0...7 before descaling, scaled up by 2^13 (CONST_BITS).
    ///
    /// jidctint.c's even part is z1 = (s2 + s6)·c(0.541196100), tmp2 = z1 − s6·c(1.847759065),
    /// tmp3 = z1 + s2·c(0.765366865); its odd part sums products of s1, s3, s5, s7, of their pairwise
    /// sums and of z5 = (s3 + s5 + s1 + s7)·c(1.175875602). Multiplied out, each result is one
    /// constant per input, which is what the constants below are (c(x) = x·2^13 rounded).
    @inline(__always)
    private static func transform1D(_ s0: Lanes, _ s1: Lanes, _ s2: Lanes, _ s3: Lanes, _ s4: Lanes, _ s5: Lanes,
                                    _ s6: Lanes, _ s7: Lanes)
        -> (WideLanes, WideLanes, WideLanes, WideLanes, WideLanes, WideLanes, WideLanes, WideLanes) {
        // Even part.
        let tmp2 = wide(s2) &* 4433 &+ wide(s6) &* -10704  // c(0.541196100), c(0.541196100) − c(1.847759065)
        let tmp3 = wide(s2) &* 10703 &+ wide(s6) &* 4433  // c(0.541196100) + c(0.765366865), c(0.541196100)
        let even0 = (wide(s0) &+ wide(s4)) &<< 13
        let even1 = (wide(s0) &- wide(s4)) &<< 13
        let tmp10 = even0 &+ tmp3, tmp13 = even0 &- tmp3
        let tmp11 = even1 &+ tmp2, tmp12 = even1 &- tmp2
        // Odd part.
        let odd0 = (wide(s7) &* -11363 &+ wide(s1) &* 2260) &+ (wide(s3) &* -6436 &+ wide(s5) &* 9633)
        let odd1 = (wide(s5) &* 2261 &+ wide(s3) &* -11362) &+ (wide(s1) &* 6437 &+ wide(s7) &* 9633)
        let odd2 = (wide(s3) &* -2259 &+ wide(s5) &* -11362) &+ (wide(s7) &* -6436 &+ wide(s1) &* 9633)
        let odd3 = (wide(s1) &* 11363 &+ wide(s7) &* 2260) &+ (wide(s5) &* 6437 &+ wide(s3) &* 9633)
        return (tmp10 &+ odd3, tmp11 &+ odd2, tmp12 &+ odd1, tmp13 &+ odd0,
                tmp13 &- odd0, tmp12 &- odd1, tmp11 &- odd2, tmp10 &- odd3)
    }

    // MARK: Transposition

    /// The 8×8 transpose of eight rows: interleaving 16-bit, then 32-bit, then 64-bit units.
    @inline(__always)
    private static func transpose(_ r0: Lanes, _ r1: Lanes, _ r2: Lanes, _ r3: Lanes, _ r4: Lanes, _ r5: Lanes,
                                  _ r6: Lanes, _ r7: Lanes) -> (Lanes, Lanes, Lanes, Lanes, Lanes, Lanes, Lanes, Lanes) {
        let a0 = JPEGLanes.interleaveLow16(r0, r1), a1 = JPEGLanes.interleaveHigh16(r0, r1)
        let a2 = JPEGLanes.interleaveLow16(r2, r3), a3 = JPEGLanes.interleaveHigh16(r2, r3)
        let a4 = JPEGLanes.interleaveLow16(r4, r5), a5 = JPEGLanes.interleaveHigh16(r4, r5)
        let a6 = JPEGLanes.interleaveLow16(r6, r7), a7 = JPEGLanes.interleaveHigh16(r6, r7)
        let b0 = JPEGLanes.interleaveLow32(a0, a2), b1 = JPEGLanes.interleaveHigh32(a0, a2)
        let b2 = JPEGLanes.interleaveLow32(a1, a3), b3 = JPEGLanes.interleaveHigh32(a1, a3)
        let b4 = JPEGLanes.interleaveLow32(a4, a6), b5 = JPEGLanes.interleaveHigh32(a4, a6)
        let b6 = JPEGLanes.interleaveLow32(a5, a7), b7 = JPEGLanes.interleaveHigh32(a5, a7)
        return (JPEGLanes.interleaveLow64(b0, b4), JPEGLanes.interleaveHigh64(b0, b4), JPEGLanes.interleaveLow64(b1, b5), JPEGLanes.interleaveHigh64(b1, b5),
                JPEGLanes.interleaveLow64(b2, b6), JPEGLanes.interleaveHigh64(b2, b6), JPEGLanes.interleaveLow64(b3, b7), JPEGLanes.interleaveHigh64(b3, b7))
    }
}
