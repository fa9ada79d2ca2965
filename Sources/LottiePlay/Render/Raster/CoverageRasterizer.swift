import LottieModel

// MARK: - CoverageRasterizer
//
// Exact area coverage of a polygon, per pixel, by signed-area accumulation: the method of
// font-rs, stb_truetype v2 and FreeType's "grays" rasterizer (which rlottie uses).
//
// ## How
//
// The polygon's bounding box (clipped to the target) gets an accumulation buffer of
// `height` rows of `width + 2` cells. Each edge, walked top to bottom one pixel row at a time,
// adds to the cells of that row the signed area it leaves to its right inside each pixel
// ("area") and, in the cell after, the rest of its height ("cover"), signed +1 for edges going
// down and -1 for edges going up. After all edges, a running sum along a row gives, at each
// pixel, the winding number averaged over the pixel's area: 1 inside a simple shape, 0 outside,
// the exact covered fraction on the edges.
//
// Worked example: a vertical edge going down from (2.5, 0) to (2.5, 1) adds 0.5 to cell 2 and
// 0.5 to cell 3. The running sum is 0, 0, 0.5, 1, 1 ... : pixel 2 is half covered, pixels 3 and
// on are inside, until the edge going up on the right side subtracts the same amounts.
//
// ## Fill rules
//
// The averaged winding `w` of a pixel becomes coverage by the rule: non-zero `min(1, |w|)`,
// even-odd the triangle wave `|w| mod 2` folded at 1 (`1 - |1 - (|w| mod 2)|`). Both are
// exact wherever at most one edge (or several edges between the same two winding numbers)
// crosses a pixel, which is everywhere but at the pixels where edges cross or meet. There the
// result is the rule applied to the average rather than the average of the rule: e.g. a pixel
// half in winding 0 and half in winding 2 reads as fully covered under even-odd. This is what
// FreeType's rasterizer, and so rlottie, do; the error is confined to those pixels.
//
// ## Clipping
//
// Edges are clipped to the box: parts above or below are dropped (they cover nothing there);
// parts left of the box are moved onto its left side (what matters to the pixels inside is only
// how much winding they add, which a vertical edge on the border adds just the same); parts
// right of it are dropped.
//
// ## Sweeping rows
//
// Each row remembers the first and last cell its edges touched. The running sum starts at the
// first (everything left of it is outside) and stops after the last once the sum is back to zero
// (everything right of it is outside too); a row cut by the right side of the box keeps its last
// coverage to the end. Inside, a run of at least `shortestGap` empty cells where the sum is zero
// (the hole of a ring, the space between two parts) ends one span and the next starts after it.
// So a row hands over spans of coverage often much narrower than the box: thin strokes and
// diagonal shapes cost their outline, not their bounding box. The sweep goes four cells at a
// time from the first cell whether it splits a row or not, so the sums, and the coverage, are
// the same either way.
//
// ## Invariants
//
// - Between two fills every cell is zero and every row extent empty: the sweep that reads a row
//   clears it.
// - Coordinates given to `accumulateLine` lie in `[0, width] x [0, height]` of the box.

struct CoverageRasterizer {
    /// The accumulation cells, `rows * stride` Floats; grown on demand, never shrunk.
    private var cells: UnsafeMutablePointer<Float>
    private var capacity: Int
    /// Per row of the box: the first cell and one past the last cell an edge touched.
    private var extents: UnsafeMutablePointer<SIMD2<Int32>>
    private var extentCapacity: Int
    /// The coverage of the row being handed over.
    private var coverage: UnsafeMutablePointer<Float>
    private var coverageCapacity: Int

    private static let noExtent = SIMD2<Int32>(Int32.max, 0)

    init() {
        capacity = 0
        cells = UnsafeMutablePointer<Float>.allocate(capacity: 1)
        extentCapacity = 0
        extents = UnsafeMutablePointer<SIMD2<Int32>>.allocate(capacity: 1)
        coverageCapacity = 0
        coverage = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    }

    /// Frees the buffers (the owner calls this; the rasterizer is a value with manual storage).
    func deallocate() {
        cells.deallocate()
        extents.deallocate()
        coverage.deallocate()
    }

    private mutating func reserve(stride: Int, rows: Int) {
        if stride * rows > capacity {
            cells.deallocate()
            capacity = Swift.max(stride * rows, capacity * 2)
            cells = UnsafeMutablePointer<Float>.allocate(capacity: capacity)
            cells.initialize(repeating: 0, count: capacity)
        }
        if rows > extentCapacity {
            extents.deallocate()
            extentCapacity = Swift.max(rows, extentCapacity * 2)
            extents = UnsafeMutablePointer<SIMD2<Int32>>.allocate(capacity: extentCapacity)
            extents.initialize(repeating: Self.noExtent, count: extentCapacity)
        }
        if stride > coverageCapacity {
            coverage.deallocate()
            coverageCapacity = Swift.max(stride, coverageCapacity * 2)
            coverage = UnsafeMutablePointer<Float>.allocate(capacity: coverageCapacity)
            coverage.initialize(repeating: 0, count: coverageCapacity)
        }
    }

    /// Rasterizes `polygon` within `clip` and calls `body` with the spans of coverage of every
    /// row of the polygon's box (top to bottom, left to right; at least one per row, possibly
    /// empty; the pixels between a row's spans are uncovered). Returns the box, or nil (and calls
    /// nothing) when the polygon misses the clip. Spans are valid only during the call.
    @discardableResult
    mutating func rasterize(_ polygon: Polygon, rule: FillRule, clip: PixelRect,
                            _ body: (CoverageSpan) -> Void) -> PixelRect? {
        let box = polygon.pixelBounds.intersection(clip)
        guard !box.isEmpty, polygon.points.count >= 3 else { return nil }
        let width = box.width
        let height = box.height
        let stride = width + 2
        reserve(stride: stride, rows: height)
        let originX = Double(box.minX)
        let originY = Double(box.minY)
        var start = 0
        for end in polygon.contourEnds {
            defer { start = end }
            guard end - start >= 2 else { continue }
            var previous = polygon.points[end - 1]
            for index in start..<end {
                let point = polygon.points[index]
                addEdge(Float(previous.x - originX), Float(previous.y - originY),
                        Float(point.x - originX), Float(point.y - originY),
                        width: Float(width), height: Float(height), stride: stride, rows: height)
                previous = point
            }
        }
        let evenOdd = rule == .evenOdd
        for row in 0..<height {
            let line = cells + row * stride
            let extent = extents[row]
            extents[row] = Self.noExtent
            let first = Int(extent.x)
            let touched = Int(extent.y)
            guard first < touched else {
                body(CoverageSpan(y: box.minY + row, minX: box.minX, count: 0, values: UnsafePointer(coverage)))
                continue
            }
            // The running sum over the touched cells, clearing them as it goes, handing over a span
            // at each gap.
            let stop = Swift.min(touched, width)
            var segment = first
            var sum: Float = 0
            while true {
                let gap = evenOdd
                    ? Self.sweepEvenOdd(line + segment, into: coverage, count: stop - segment, sum: &sum)
                    : Self.sweepNonZero(line + segment, into: coverage, count: stop - segment, sum: &sum)
                guard let gap else { break }
                body(CoverageSpan(y: box.minY + row, minX: box.minX + segment, count: gap.start,
                                  values: UnsafePointer(coverage)))
                segment += gap.end
            }
            for column in stop..<touched { line[column] = 0 }
            var end = stop
            if Swift.abs(sum) > Self.emptySum {
                // Cut by the box's right side: the last coverage holds to the end of the row.
                let last = Self.coverage(sum, evenOdd: evenOdd)
                (coverage + (stop - segment)).update(repeating: last, count: width - stop)
                end = width
            }
            body(CoverageSpan(y: box.minY + row, minX: box.minX + segment, count: end - segment,
                              values: UnsafePointer(coverage)))
        }
        return box
    }

    // MARK: Sweeping

    /// A sum of at most this size is no coverage (what Float rounding leaves of a winding that
    /// went back to zero).
    @inline(__always)
    private static var emptySum: Float { 1e-4 }

    /// Empty cells, in a row of them, that end a span (fewer are swept as coverage zero).
    @inline(__always)
    private static var shortestGap: Int { 16 }

    /// The empty cells from `index`, whose block of four is empty, to the end of the run of
    /// them in whole blocks: a gap (returned) when `sum` is no coverage, the run is long enough
    /// and more cells follow it; otherwise the run's coverage, `value`, is written and `index`
    /// moved past it.
    @inline(__always)
    private static func skipEmpty(_ cells: UnsafeMutablePointer<Float>, into coverage: UnsafeMutablePointer<Float>,
                                  at index: inout Int, count: Int, sum: Float,
                                  value: Float) -> (start: Int, end: Int)? {
        @inline(__always)
        func isEmpty(_ index: Int) -> Bool {
            index + 4 <= count && UnsafeRawPointer(cells + index).loadUnaligned(as: SIMD4<Float>.self) == .zero
        }
        let values = SIMD4(repeating: value)
        guard Swift.abs(sum) <= emptySum else {
            // Inside a shape: no gap, the coverage written as the run is found.
            repeat {
                UnsafeMutableRawPointer(coverage + index).storeBytes(of: values, as: SIMD4<Float>.self)
                index += 4
            } while isEmpty(index)
            return nil
        }
        var end = index + 4
        while isEmpty(end) { end += 4 }
        if end - index >= shortestGap, end + 4 <= count { return (index, end) }
        repeat {
            UnsafeMutableRawPointer(coverage + index).storeBytes(of: values, as: SIMD4<Float>.self)
            index += 4
        } while index < end
        return nil
    }

    /// The running sum of `count` cells as non-zero coverage, from `sum` on, clearing the cells,
    /// up to the first gap (`skipEmpty`), which it returns; nil when it swept them all. `sum` is
    /// left at the sum so far. Four cells at a time: a prefix sum within the vector (two shifted
    /// adds) plus the sum so far, so the serial chain is one add per four cells instead of one
    /// per cell (the sums differ from a sequential loop only by Float rounding).
    @inline(__always)
    private static func sweepNonZero(_ cells: UnsafeMutablePointer<Float>, into coverage: UnsafeMutablePointer<Float>,
                                     count: Int, sum total: inout Float) -> (start: Int, end: Int)? {
        var sum = total
        defer { total = sum }
        var index = 0
        let absMask = SIMD4<UInt32>(repeating: 0x7FFF_FFFF)
        while index + 4 <= count {
            var v = UnsafeRawPointer(cells + index).loadUnaligned(as: SIMD4<Float>.self)
            if v == .zero {
                // No edge here (the inside or outside of a shape): the coverage so far.
                if let gap = skipEmpty(cells, into: coverage, at: &index, count: count, sum: sum,
                                       value: Swift.min(1, Swift.abs(sum))) {
                    return gap
                }
                continue
            }
            UnsafeMutableRawPointer(cells + index).storeBytes(of: .zero, as: SIMD4<Float>.self)
            v += SIMD4(0, v.x, v.y, v.z)
            v += SIMD4(0, 0, v.x, v.y)
            v += SIMD4(repeating: sum)
            sum = v.w
            var magnitude = unsafeBitCast(unsafeBitCast(v, to: SIMD4<UInt32>.self) & absMask, to: SIMD4<Float>.self)
            magnitude.replace(with: 1, where: magnitude .> 1)
            UnsafeMutableRawPointer(coverage + index).storeBytes(of: magnitude, as: SIMD4<Float>.self)
            index += 4
        }
        while index < count {
            sum += cells[index]
            cells[index] = 0
            coverage[index] = Swift.min(1, Swift.abs(sum))
            index += 1
        }
        return nil
    }

    /// `sweepNonZero` with even-odd coverage.
    @inline(__always)
    private static func sweepEvenOdd(_ cells: UnsafeMutablePointer<Float>, into coverage: UnsafeMutablePointer<Float>,
                                     count: Int, sum total: inout Float) -> (start: Int, end: Int)? {
        var sum = total
        defer { total = sum }
        var index = 0
        while index + 4 <= count {
            var v = UnsafeRawPointer(cells + index).loadUnaligned(as: SIMD4<Float>.self)
            if v == .zero {
                if let gap = skipEmpty(cells, into: coverage, at: &index, count: count, sum: sum,
                                       value: Self.coverage(sum, evenOdd: true)) {
                    return gap
                }
                continue
            }
            UnsafeMutableRawPointer(cells + index).storeBytes(of: .zero, as: SIMD4<Float>.self)
            v += SIMD4(0, v.x, v.y, v.z)
            v += SIMD4(0, 0, v.x, v.y)
            v += SIMD4(repeating: sum)
            sum = v.w
            let values = SIMD4(Self.coverage(v.x, evenOdd: true), Self.coverage(v.y, evenOdd: true),
                               Self.coverage(v.z, evenOdd: true), Self.coverage(v.w, evenOdd: true))
            UnsafeMutableRawPointer(coverage + index).storeBytes(of: values, as: SIMD4<Float>.self)
            index += 4
        }
        while index < count {
            sum += cells[index]
            cells[index] = 0
            coverage[index] = Self.coverage(sum, evenOdd: true)
            index += 1
        }
        return nil
    }

    @inline(__always)
    private static func coverage(_ sum: Float, evenOdd: Bool) -> Float {
        let magnitude = Swift.abs(sum)
        if evenOdd {
            // |w| mod 2 by truncation (the winding is bounded by the number of edges; anything
            // beyond 2^24, or not a number, is no coverage).
            guard magnitude < 0x1p24 else { return 0 }
            let folded = magnitude - 2 * Float(Int32(magnitude * 0.5))
            return folded > 1 ? 2 - folded : folded
        }
        return Swift.min(1, magnitude)
    }

    // MARK: Edges

    /// Clips the edge to the box (see the file comment) and accumulates what remains.
    @inline(__always)
    private func addEdge(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float,
                         width: Float, height: Float, stride: Int, rows: Int) {
        guard y0 != y1, x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return }
        // Vertical clip.
        if (y0 <= 0 && y1 <= 0) || (y0 >= height && y1 >= height) { return }
        var ax = x0, ay = y0, bx = x1, by = y1
        let slope = (x1 - x0) / (y1 - y0)
        if ay < 0 { ax += (0 - ay) * slope; ay = 0 }
        if by < 0 { bx += (0 - by) * slope; by = 0 }
        if ay > height { ax += (height - ay) * slope; ay = height }
        if by > height { bx += (height - by) * slope; by = height }
        if ay == by { return }
        // Horizontal clip: split where the edge crosses x = 0 and x = width.
        if ax >= 0 && bx >= 0 && ax <= width && bx <= width {
            accumulateLine(ax, ay, bx, by, stride: stride, rows: rows)
            return
        }
        if ax >= width && bx >= width { return }
        if ax <= 0 && bx <= 0 {
            accumulateLine(0, ay, 0, by, stride: stride, rows: rows)
            return
        }
        // Crossing parameters, sorted, and the pieces between them with x clamped.
        let dx = bx - ax
        var cuts: (Float, Float) = (2, 2)
        if dx != 0 {
            let t0 = (0 - ax) / dx
            let t1 = (width - ax) / dx
            let a = t0 > 0 && t0 < 1 ? t0 : 2
            let b = t1 > 0 && t1 < 1 ? t1 : 2
            cuts = a < b ? (a, b) : (b, a)
        }
        var startT: Float = 0
        for step in 0..<3 {
            let cut: Float = step == 0 ? cuts.0 : step == 1 ? cuts.1 : 1
            guard cut <= 1, cut > startT else { continue }
            let px0 = Swift.min(Swift.max(ax + dx * startT, 0), width)
            let px1 = Swift.min(Swift.max(ax + dx * cut, 0), width)
            let py0 = ay + (by - ay) * startT
            let py1 = cut == 1 ? by : ay + (by - ay) * cut
            if ax + dx * (startT + cut) / 2 < width {
                accumulateLine(px0, py0, px1, py1, stride: stride, rows: rows)
            }
            startT = cut
        }
    }

    /// `value.rounded(.down)` as an integer, for the box's coordinates (0 up to a few thousand):
    /// truncation, which the baseline x86-64 does in one instruction where `rounded` calls libm.
    @inline(__always)
    private static func floor(_ value: Float) -> Int {
        Int(Int32(value))
    }

    /// `value.rounded(.up)` as an integer, for the box's coordinates (see `floor`).
    @inline(__always)
    private static func ceiling(_ value: Float) -> Int {
        let truncated = Int32(value)
        return Int(Float(truncated) < value ? truncated + 1 : truncated)
    }

    /// Adds one edge inside the box to the cells (font-rs's `draw_line`).
    @inline(__always)
    private func accumulateLine(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, stride: Int, rows: Int) {
        if y0 == y1 { return }
        let direction: Float
        let (topX, topY, bottomX, bottomY): (Float, Float, Float, Float)
        if y0 < y1 {
            direction = 1
            (topX, topY, bottomX, bottomY) = (x0, y0, x1, y1)
        } else {
            direction = -1
            (topX, topY, bottomX, bottomY) = (x1, y1, x0, y0)
        }
        let dxdy = (bottomX - topX) / (bottomY - topY)
        // x is computed from the top for each row (no drift) and kept between the ends, so that
        // rounding never reaches a cell outside the row.
        let minX = Swift.min(topX, bottomX)
        let maxX = Swift.max(topX, bottomX)
        var x = topX
        let firstRow = Swift.max(0, Int(topY))
        let endRow = Swift.min(rows, Self.ceiling(bottomY))
        guard firstRow < endRow else { return }
        for row in firstRow..<endRow {
            let line = cells + row * stride
            let rowTop = Float(row)
            let rowBottom = Swift.min(rowTop + 1, bottomY)
            let dy = rowBottom - Swift.max(rowTop, topY)
            let xNext = rowBottom >= bottomY
                ? bottomX : Swift.min(Swift.max(topX + dxdy * (rowBottom - topY), minX), maxX)
            let d = dy * direction
            let (low, high) = x < xNext ? (x, xNext) : (xNext, x)
            let lowIndex = Self.floor(low)
            let lowFloor = Float(lowIndex)
            let highIndex = Self.ceiling(high)
            let highCeil = Float(highIndex)
            assert(lowIndex >= 0 && highIndex <= stride - 2, "edge outside its row")
            let extent = extents[row]
            extents[row] = SIMD2(Swift.min(extent.x, Int32(lowIndex)), Swift.max(extent.y, Int32(Swift.max(lowIndex + 2, highIndex + 1))))
            if highIndex <= lowIndex + 1 {
                // Within one pixel: the area right of the edge's mid point.
                let xmf = 0.5 * (x + xNext) - lowFloor
                line[lowIndex] += d - d * xmf
                line[lowIndex + 1] += d * xmf
            } else {
                let s = 1 / (high - low)
                let x0f = low - lowFloor
                let a0 = 0.5 * s * (1 - x0f) * (1 - x0f)
                let x1f = high - highCeil + 1
                let am = 0.5 * s * x1f * x1f
                line[lowIndex] += d * a0
                if highIndex == lowIndex + 2 {
                    line[lowIndex + 1] += d * (1 - a0 - am)
                } else {
                    let a1 = s * (1.5 - x0f)
                    line[lowIndex + 1] += d * (a1 - a0)
                    var column = lowIndex + 2
                    while column < highIndex - 1 {
                        line[column] += d * s
                        column += 1
                    }
                    let a2 = a1 + Float(highIndex - lowIndex - 3) * s
                    line[highIndex - 1] += d * (1 - a2 - am)
                }
                line[highIndex] += d * am
            }
            x = xNext
        }
    }
}

// MARK: - CoverageSpan

/// The coverage of one span of a row of a rasterized polygon: `count` values in 0...1 for the
/// device pixels `minX ..< minX + count` of row `y` (the pixels of the row outside its spans are
/// uncovered).
/// Borrowed from the rasterizer for the duration of a call.
struct CoverageSpan {
    let y: Int
    let minX: Int
    let count: Int
    let values: UnsafePointer<Float>

    var maxX: Int { minX + count }

    init(y: Int, minX: Int, count: Int, values: UnsafePointer<Float>) {
        self.y = y
        self.minX = minX
        self.count = count
        self.values = values
    }

    /// The coverage at device column `x` (0 outside the span).
    @inline(__always)
    func coverage(x: Int) -> Float {
        x >= minX && x < maxX ? values[x - minX] : 0
    }
}
