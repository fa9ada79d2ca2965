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
// ## Invariants
//
// - Between two fills every cell is zero: the sweep that reads a row clears it.
// - Coordinates given to `accumulateLine` lie in `[0, width] x [0, height]` of the box.

struct CoverageRasterizer {
    /// The accumulation cells, `rows * stride` Floats; grown on demand, never shrunk.
    private var cells: UnsafeMutablePointer<Float>
    private var capacity: Int

    init() {
        capacity = 0
        cells = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    }

    /// Frees the buffer (the owner calls this; the rasterizer is a value with manual storage).
    func deallocate() {
        cells.deallocate()
    }

    private mutating func reserve(_ count: Int) {
        guard count > capacity else { return }
        cells.deallocate()
        capacity = Swift.max(count, capacity * 2)
        cells = UnsafeMutablePointer<Float>.allocate(capacity: capacity)
        cells.initialize(repeating: 0, count: capacity)
    }

    /// Rasterizes `polygon` within `clip` and calls `body` with the coverage; nothing is called
    /// when the polygon misses the clip. The mask is valid only during the call.
    mutating func rasterize<Result>(_ polygon: Polygon, rule: FillRule, clip: PixelRect,
                                    _ body: (CoverageMask) -> Result) -> Result? {
        let box = polygon.pixelBounds.intersection(clip)
        guard !box.isEmpty, polygon.points.count >= 3 else { return nil }
        let width = box.width
        let height = box.height
        let stride = width + 2
        reserve(stride * height)
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
        // Running sums, row by row, turned into coverage in place.
        let evenOdd = rule == .evenOdd
        for row in 0..<height {
            let line = cells + row * stride
            var sum: Float = 0
            for column in 0..<width {
                sum += line[column]
                let magnitude = Swift.abs(sum)
                if evenOdd {
                    let folded = magnitude.truncatingRemainder(dividingBy: 2)
                    line[column] = folded > 1 ? 2 - folded : folded
                } else {
                    line[column] = Swift.min(1, magnitude)
                }
            }
            line[width] = 0
            line[width + 1] = 0
        }
        let mask = CoverageMask(rect: box, stride: stride, values: UnsafePointer(cells))
        let result = body(mask)
        // Leave the cells zero for the next polygon.
        (cells).update(repeating: 0, count: stride * height)
        return result
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
        let endRow = Swift.min(rows, Int(bottomY.rounded(.up)))
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
            let lowFloor = low.rounded(.down)
            let lowIndex = Int(lowFloor)
            let highCeil = high.rounded(.up)
            let highIndex = Int(highCeil)
            assert(lowIndex >= 0 && highIndex <= stride - 2, "edge outside its row")
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

// MARK: - CoverageMask

/// The coverage of one rasterized polygon: a value in 0...1 for each pixel of `rect`, rows
/// `stride` values apart. Borrowed from the rasterizer for the duration of a call.
struct CoverageMask {
    let rect: PixelRect
    let stride: Int
    let values: UnsafePointer<Float>

    /// The coverage at device pixel (x, y), which must lie in `rect`.
    @inline(__always)
    func coverage(x: Int, y: Int) -> Float {
        values[(y - rect.minY) * stride + (x - rect.minX)]
    }

    /// The row of device row `y`: `rect.width` values for columns `rect.minX ..< rect.maxX`.
    @inline(__always)
    func row(_ y: Int) -> UnsafePointer<Float> {
        values + (y - rect.minY) * stride
    }
}
