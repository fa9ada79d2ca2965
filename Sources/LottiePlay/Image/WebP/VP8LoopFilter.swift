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
        y.withUncheckedBytes { y in
            u.withUncheckedBytes { u in
                v.withUncheckedBytes { v in
                    for mbY in 0..<rows {
                        for mbX in 0..<columns {
                            let s = strengths[mbY * columns + mbX]
                            guard s.limit > 0 else { continue }
                            let yOrigin = mbY * 16 * yStride + mbX * 16
                            let uvOrigin = mbY * 8 * uvStride + mbX * 8
                            if kind == .simple {
                                filterSimple(y, at: yOrigin, stride: yStride, column: mbX, row: mbY, s)
                            } else {
                                filterNormal(y, at: yOrigin, stride: yStride, size: 16, column: mbX, row: mbY, s)
                                filterNormal(u, at: uvOrigin, stride: uvStride, size: 8, column: mbX, row: mbY, s)
                                filterNormal(v, at: uvOrigin, stride: uvStride, size: 8, column: mbX, row: mbY, s)
                            }
                        }
                    }
                }
            }
        }
    }

    /// The simple filter on the luma of one macroblock: left edge, inner vertical edges, top edge,
    /// inner horizontal edges.
    private static func filterSimple(_ w: VP8UncheckedBytes, at origin: Int, stride: Int, column: Int, row: Int,
                                     _ s: VP8FilterStrength) {
        if column > 0 { simpleEdge(w, at: origin, across: 1, along: stride, limit: s.limit + 4) }
        if s.inner {
            for i in 1...3 { simpleEdge(w, at: origin + 4 * i, across: 1, along: stride, limit: s.limit) }
        }
        if row > 0 { simpleEdge(w, at: origin, across: stride, along: 1, limit: s.limit + 4) }
        if s.inner {
            for i in 1...3 { simpleEdge(w, at: origin + 4 * i * stride, across: stride, along: 1, limit: s.limit) }
        }
    }

    /// The normal filter on one `size`×`size` block (luma 16, chroma 8): left edge, inner vertical
    /// edges (every 4 pixels), top edge, inner horizontal edges.
    private static func filterNormal(_ w: VP8UncheckedBytes, at origin: Int, stride: Int, size: Int, column: Int,
                                     row: Int, _ s: VP8FilterStrength) {
        if column > 0 { macroblockEdge(w, at: origin, across: 1, along: stride, count: size, s) }
        if s.inner {
            for i in 1..<(size / 4) { innerEdge(w, at: origin + 4 * i, across: 1, along: stride, count: size, s) }
        }
        if row > 0 { macroblockEdge(w, at: origin, across: stride, along: 1, count: size, s) }
        if s.inner {
            for i in 1..<(size / 4) {
                innerEdge(w, at: origin + 4 * i * stride, across: stride, along: 1, count: size, s)
            }
        }
    }

    // MARK: Edges

    /// Clamps to the signed 8-bit range.
    @inline(__always)
    private static func clampSigned(_ value: Int) -> Int { min(max(value, -128), 127) }

    /// Clamps to 0...255.
    @inline(__always)
    private static func clamp255(_ value: Int) -> UInt8 { UInt8(truncatingIfNeeded: min(max(value, 0), 255)) }

    /// Checks once that an edge's `count` positions, `reach` pixels on each side, are inside the
    /// plane.
    @inline(__always)
    private static func requireEdge(_ w: VP8UncheckedBytes, _ origin: Int, _ step: Int, _ along: Int, _ count: Int,
                                    reach: Int) {
        w.require(origin - reach * step, origin + (count - 1) * along + (reach - 1) * step)
    }

    /// Whether the edge at `p` (first pixel after the edge) is smooth enough to filter:
    /// 4 × |p0 − q0| + |p1 − q1| ≤ 2 × limit + 1 (the spec's 2 |p0 − q0| + |p1 − q1| / 2 ≤ limit).
    @inline(__always)
    private static func edgeBelowLimit(_ w: VP8UncheckedBytes, _ p: Int, _ step: Int, _ limit: Int) -> Bool {
        let p1 = w.int(p - 2 * step), p0 = w.int(p - step), q0 = w.int(p), q1 = w.int(p + step)
        return 4 * abs(p0 - q0) + abs(p1 - q1) <= 2 * limit + 1
    }

    /// The common adjustment: moves p0 and q0 towards each other by the filtered difference
    /// (with the outer taps p1 − q1 when `outerTaps`); returns the adjustment of q0, which the
    /// inner-edge variant halves for p1 and q1.
    @inline(__always)
    private static func adjust(_ w: VP8UncheckedBytes, _ p: Int, _ step: Int, outerTaps: Bool) -> Int {
        let p1 = w.int(p - 2 * step), p0 = w.int(p - step), q0 = w.int(p), q1 = w.int(p + step)
        let a = clampSigned((outerTaps ? clampSigned(p1 - q1) : 0) + 3 * (q0 - p0))
        let f1 = clampSigned(a + 4) >> 3
        let f2 = clampSigned(a + 3) >> 3
        w[p - step] = clamp255(p0 + f2)
        w[p] = clamp255(q0 - f1)
        return f1
    }

    /// The simple filter on the 16 pixels along an edge.
    private static func simpleEdge(_ w: VP8UncheckedBytes, at origin: Int, across step: Int, along: Int, limit: Int) {
        requireEdge(w, origin, step, along, 16, reach: 2)
        for n in 0..<16 {
            let p = origin + n * along
            if edgeBelowLimit(w, p, step, limit) { _ = adjust(w, p, step, outerTaps: true) }
        }
    }

    /// Whether the normal filter applies: the edge test and every interior difference within
    /// the interior limit.
    @inline(__always)
    private static func normalApplies(_ w: VP8UncheckedBytes, _ p: Int, _ step: Int, _ limit: Int,
                                      _ interior: Int) -> Bool {
        guard edgeBelowLimit(w, p, step, limit) else { return false }
        let p3 = w.int(p - 4 * step), p2 = w.int(p - 3 * step), p1 = w.int(p - 2 * step), p0 = w.int(p - step)
        let q0 = w.int(p), q1 = w.int(p + step), q2 = w.int(p + 2 * step), q3 = w.int(p + 3 * step)
        return abs(p3 - p2) <= interior && abs(p2 - p1) <= interior && abs(p1 - p0) <= interior
            && abs(q3 - q2) <= interior && abs(q2 - q1) <= interior && abs(q1 - q0) <= interior
    }

    /// High edge variance: |p1 − p0| or |q1 − q0| above the threshold.
    @inline(__always)
    private static func highVariance(_ w: VP8UncheckedBytes, _ p: Int, _ step: Int, _ threshold: Int) -> Bool {
        abs(w.int(p - 2 * step) - w.int(p - step)) > threshold || abs(w.int(p + step) - w.int(p)) > threshold
    }

    /// The normal filter across a macroblock edge: where the variance is low, three pixels on
    /// each side move by 27/128, 18/128 and 9/128 of the clamped difference.
    private static func macroblockEdge(_ w: VP8UncheckedBytes, at origin: Int, across step: Int, along: Int,
                                       count: Int, _ s: VP8FilterStrength) {
        requireEdge(w, origin, step, along, count, reach: 4)
        for n in 0..<count {
            let p = origin + n * along
            guard normalApplies(w, p, step, s.limit + 4, s.interiorLimit) else { continue }
            if highVariance(w, p, step, s.hevThreshold) {
                _ = adjust(w, p, step, outerTaps: true)
            } else {
                let p2 = w.int(p - 3 * step), p1 = w.int(p - 2 * step), p0 = w.int(p - step)
                let q0 = w.int(p), q1 = w.int(p + step), q2 = w.int(p + 2 * step)
                let a = clampSigned(clampSigned(p1 - q1) + 3 * (q0 - p0))
                let a1 = (27 * a + 63) >> 7
                let a2 = (18 * a + 63) >> 7
                let a3 = (9 * a + 63) >> 7
                w[p - 3 * step] = clamp255(p2 + a3)
                w[p - 2 * step] = clamp255(p1 + a2)
                w[p - step] = clamp255(p0 + a1)
                w[p] = clamp255(q0 - a1)
                w[p + step] = clamp255(q1 - a2)
                w[p + 2 * step] = clamp255(q2 - a3)
            }
        }
    }

    /// The normal filter across an inner edge: where the variance is low, p1 and q1 also move by
    /// half the (rounded) adjustment of p0 and q0.
    private static func innerEdge(_ w: VP8UncheckedBytes, at origin: Int, across step: Int, along: Int, count: Int,
                                  _ s: VP8FilterStrength) {
        requireEdge(w, origin, step, along, count, reach: 4)
        for n in 0..<count {
            let p = origin + n * along
            guard normalApplies(w, p, step, s.limit, s.interiorLimit) else { continue }
            if highVariance(w, p, step, s.hevThreshold) {
                _ = adjust(w, p, step, outerTaps: true)
            } else {
                let p1 = w.int(p - 2 * step), q1 = w.int(p + step)
                let f1 = adjust(w, p, step, outerTaps: false)
                let a3 = (f1 + 1) >> 1
                w[p - 2 * step] = clamp255(p1 + a3)
                w[p + step] = clamp255(q1 - a3)
            }
        }
    }
}
