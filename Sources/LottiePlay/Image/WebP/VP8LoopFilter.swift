// MARK: - VP8LoopFilter
//
// The in-loop deblocking filter of VP8 (RFC 6386, section 15), applied once the whole frame is
// reconstructed (intra prediction reads unfiltered pixels, so filtering afterwards in macroblock
// order gives the same result as libwebp's row-delayed filtering).
//
// ## Strength
//
// The frame's level (0...63), or the segment's (absolute, or added to the frame's), plus the
// intra reference delta and, for macroblocks predicted by 4×4 blocks, the B_PRED mode delta, is
// clamped to 0...63; level 0 filters nothing. The interior limit is the level shifted right by 1
// (sharpness 1...4) or 2 (sharpness 5...7), at most 9 − sharpness, at least 1. Edges between
// macroblocks use the limit 2 × (level + 2) + interior, inner edges 2 × level + interior. The
// high-edge-variance threshold is 2 from level 40, 1 from level 15, else 0. As in libwebp, a frame
// level of 0 turns filtering off whatever the segments say.
//
// ## Order and edges
//
// Macroblocks in raster order; in each, the left macroblock edge, the three inner vertical edges,
// the top macroblock edge, the three inner horizontal edges (chroma: one inner edge each way).
// Inner edges are skipped for a macroblock without non-zero coefficients that is not predicted by
// 4×4 blocks. The simple filter changes only luma, one pixel on each side of an edge; the normal
// filter changes up to three (macroblock edges) or two (inner edges) on each side.

/// The filter strength of one macroblock.
struct VP8FilterStrength: Equatable {
    /// The edge limit of inner edges (2 × level + interior); 0: no filtering.
    var limit = 0
    var interiorLimit = 0
    var hevThreshold = 0
    /// Whether the inner edges are filtered.
    var inner = false
}

/// The loop filters over the Y, U and V planes of a frame.
enum VP8LoopFilter {
    /// The filter type of a frame.
    enum Kind: Sendable {
        case none, simple, normal
    }

    /// The strength for a macroblock of a segment with (absolute or delta) level `segmentLevel`,
    /// predicted by 4×4 blocks or not.
    static func strength(header: VP8FrameHeader.Filter, segmentation: VP8FrameHeader.Segmentation,
                         segment: Int, subblockPrediction: Bool) -> VP8FilterStrength {
        var level = header.level
        if segmentation.enabled {
            level = segmentation.filterLevel[segment] + (segmentation.absoluteValues ? 0 : header.level)
        }
        if header.deltasEnabled {
            level += header.referenceDeltas[0]
            if subblockPrediction { level += header.modeDeltas[0] }
        }
        level = min(max(level, 0), 63)
        guard level > 0 else { return VP8FilterStrength() }
        var interior = level
        if header.sharpness > 0 {
            interior >>= header.sharpness > 4 ? 2 : 1
            interior = min(interior, 9 - header.sharpness)
        }
        interior = max(interior, 1)
        return VP8FilterStrength(limit: 2 * level + interior, interiorLimit: interior,
                                 hevThreshold: level >= 40 ? 2 : level >= 15 ? 1 : 0, inner: subblockPrediction)
    }

    // MARK: Frame

    /// Filters the planes (luma stride `16 × columns`, chroma `8 × columns`) with the strength of
    /// each macroblock, in raster order.
    static func apply(_ kind: Kind, y: inout [UInt8], u: inout [UInt8], v: inout [UInt8], columns: Int, rows: Int,
                      strengths: [VP8FilterStrength]) {
        guard kind != .none else { return }
        let yStride = 16 * columns, uvStride = 8 * columns
        for mbY in 0..<rows {
            for mbX in 0..<columns {
                let s = strengths[mbY * columns + mbX]
                guard s.limit > 0 else { continue }
                let yOrigin = mbY * 16 * yStride + mbX * 16
                let uvOrigin = mbY * 8 * uvStride + mbX * 8
                if kind == .simple {
                    if mbX > 0 { simpleEdge(&y, at: yOrigin, across: 1, along: yStride, limit: s.limit + 4) }
                    if s.inner {
                        for i in 1...3 { simpleEdge(&y, at: yOrigin + 4 * i, across: 1, along: yStride, limit: s.limit) }
                    }
                    if mbY > 0 { simpleEdge(&y, at: yOrigin, across: yStride, along: 1, limit: s.limit + 4) }
                    if s.inner {
                        for i in 1...3 {
                            simpleEdge(&y, at: yOrigin + 4 * i * yStride, across: yStride, along: 1, limit: s.limit)
                        }
                    }
                } else {
                    if mbX > 0 {
                        macroblockEdge(&y, at: yOrigin, across: 1, along: yStride, count: 16, s)
                        macroblockEdge(&u, at: uvOrigin, across: 1, along: uvStride, count: 8, s)
                        macroblockEdge(&v, at: uvOrigin, across: 1, along: uvStride, count: 8, s)
                    }
                    if s.inner {
                        for i in 1...3 { innerEdge(&y, at: yOrigin + 4 * i, across: 1, along: yStride, count: 16, s) }
                        innerEdge(&u, at: uvOrigin + 4, across: 1, along: uvStride, count: 8, s)
                        innerEdge(&v, at: uvOrigin + 4, across: 1, along: uvStride, count: 8, s)
                    }
                    if mbY > 0 {
                        macroblockEdge(&y, at: yOrigin, across: yStride, along: 1, count: 16, s)
                        macroblockEdge(&u, at: uvOrigin, across: uvStride, along: 1, count: 8, s)
                        macroblockEdge(&v, at: uvOrigin, across: uvStride, along: 1, count: 8, s)
                    }
                    if s.inner {
                        for i in 1...3 {
                            innerEdge(&y, at: yOrigin + 4 * i * yStride, across: yStride, along: 1, count: 16, s)
                        }
                        innerEdge(&u, at: uvOrigin + 4 * uvStride, across: uvStride, along: 1, count: 8, s)
                        innerEdge(&v, at: uvOrigin + 4 * uvStride, across: uvStride, along: 1, count: 8, s)
                    }
                }
            }
        }
    }

    // MARK: Edges

    /// Clamps to the signed 8-bit range.
    @inline(__always)
    private static func clampSigned(_ value: Int) -> Int { min(max(value, -128), 127) }

    /// Whether the edge at `p` (first pixel after the edge) is smooth enough to filter:
    /// 4 × |p0 − q0| + |p1 − q1| ≤ 2 × limit + 1 (the spec's 2 |p0 − q0| + |p1 − q1| / 2 ≤ limit).
    @inline(__always)
    private static func edgeBelowLimit(_ w: [UInt8], _ p: Int, _ step: Int, _ limit: Int) -> Bool {
        let p1 = Int(w[p - 2 * step]), p0 = Int(w[p - step]), q0 = Int(w[p]), q1 = Int(w[p + step])
        return 4 * abs(p0 - q0) + abs(p1 - q1) <= 2 * limit + 1
    }

    /// The common adjustment: moves p0 and q0 towards each other by the filtered difference
    /// (with the outer taps p1 − q1 when `useOuterTaps`); returns the adjustment `a` before
    /// rounding for the inner-edge variant.
    @inline(__always)
    private static func adjust(_ w: inout [UInt8], _ p: Int, _ step: Int, outerTaps: Bool) -> Int {
        let p1 = Int(w[p - 2 * step]), p0 = Int(w[p - step]), q0 = Int(w[p]), q1 = Int(w[p + step])
        let a = clampSigned((outerTaps ? clampSigned(p1 - q1) : 0) + 3 * (q0 - p0))
        let f1 = clampSigned(a + 4) >> 3
        let f2 = clampSigned(a + 3) >> 3
        w[p - step] = VP8Intra.clamp255(p0 + f2)
        w[p] = VP8Intra.clamp255(q0 - f1)
        return f1
    }

    /// The simple filter on `16` pixels along an edge.
    private static func simpleEdge(_ w: inout [UInt8], at origin: Int, across step: Int, along: Int, limit: Int) {
        for n in 0..<16 {
            let p = origin + n * along
            if edgeBelowLimit(w, p, step, limit) { _ = adjust(&w, p, step, outerTaps: true) }
        }
    }

    /// Whether the normal filter applies: the edge test and every interior difference within
    /// the interior limit.
    @inline(__always)
    private static func normalApplies(_ w: [UInt8], _ p: Int, _ step: Int, _ limit: Int, _ interior: Int) -> Bool {
        guard edgeBelowLimit(w, p, step, limit) else { return false }
        let p3 = Int(w[p - 4 * step]), p2 = Int(w[p - 3 * step]), p1 = Int(w[p - 2 * step]), p0 = Int(w[p - step])
        let q0 = Int(w[p]), q1 = Int(w[p + step]), q2 = Int(w[p + 2 * step]), q3 = Int(w[p + 3 * step])
        return abs(p3 - p2) <= interior && abs(p2 - p1) <= interior && abs(p1 - p0) <= interior
            && abs(q3 - q2) <= interior && abs(q2 - q1) <= interior && abs(q1 - q0) <= interior
    }

    /// High edge variance: |p1 − p0| or |q1 − q0| above the threshold.
    @inline(__always)
    private static func highVariance(_ w: [UInt8], _ p: Int, _ step: Int, _ threshold: Int) -> Bool {
        abs(Int(w[p - 2 * step]) - Int(w[p - step])) > threshold || abs(Int(w[p + step]) - Int(w[p])) > threshold
    }

    /// The normal filter across a macroblock edge: where the variance is low, three pixels on
    /// each side move by 27/128, 18/128 and 9/128 of the clamped difference.
    private static func macroblockEdge(_ w: inout [UInt8], at origin: Int, across step: Int, along: Int, count: Int,
                                       _ s: VP8FilterStrength) {
        for n in 0..<count {
            let p = origin + n * along
            guard normalApplies(w, p, step, s.limit + 4, s.interiorLimit) else { continue }
            if highVariance(w, p, step, s.hevThreshold) {
                _ = adjust(&w, p, step, outerTaps: true)
            } else {
                let p2 = Int(w[p - 3 * step]), p1 = Int(w[p - 2 * step]), p0 = Int(w[p - step])
                let q0 = Int(w[p]), q1 = Int(w[p + step]), q2 = Int(w[p + 2 * step])
                let a = clampSigned(clampSigned(p1 - q1) + 3 * (q0 - p0))
                let a1 = (27 * a + 63) >> 7
                let a2 = (18 * a + 63) >> 7
                let a3 = (9 * a + 63) >> 7
                w[p - 3 * step] = VP8Intra.clamp255(p2 + a3)
                w[p - 2 * step] = VP8Intra.clamp255(p1 + a2)
                w[p - step] = VP8Intra.clamp255(p0 + a1)
                w[p] = VP8Intra.clamp255(q0 - a1)
                w[p + step] = VP8Intra.clamp255(q1 - a2)
                w[p + 2 * step] = VP8Intra.clamp255(q2 - a3)
            }
        }
    }

    /// The normal filter across an inner edge: where the variance is low, p1 and q1 also move by
    /// half the (rounded) adjustment of p0 and q0.
    private static func innerEdge(_ w: inout [UInt8], at origin: Int, across step: Int, along: Int, count: Int,
                                  _ s: VP8FilterStrength) {
        for n in 0..<count {
            let p = origin + n * along
            guard normalApplies(w, p, step, s.limit, s.interiorLimit) else { continue }
            if highVariance(w, p, step, s.hevThreshold) {
                _ = adjust(&w, p, step, outerTaps: true)
            } else {
                let p1 = Int(w[p - 2 * step]), q1 = Int(w[p + step])
                let f1 = adjust(&w, p, step, outerTaps: false)
                let a3 = (f1 + 1) >> 1
                w[p - 2 * step] = VP8Intra.clamp255(p1 + a3)
                w[p + step] = VP8Intra.clamp255(q1 - a3)
            }
        }
    }
}
