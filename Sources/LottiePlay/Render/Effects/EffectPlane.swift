// MARK: - EffectPlane

/// A rectangle of pixels as four Floats each (premultiplied R, G, B, A in 0...255), in which the
/// layer effects that spread pixels (blur, drop shadow) work. Reused from frame to frame: it
/// grows to the largest rectangle asked for and keeps its storage.
final class EffectPlane {
    /// The rectangle of the canvas the plane holds.
    private(set) var region: PixelRect = .empty
    private var storage: UnsafeMutablePointer<SIMD4<Float>>
    private var capacity: Int
    /// A strip of columns while vertical boxes pass down it, and its running sums (a row more).
    private var strip: UnsafeMutablePointer<SIMD4<Float>>
    private var columnSums: UnsafeMutablePointer<SIMD4<Float>>
    private var stripCapacity: Int
    /// One row or column, and its running sums, while a box blur passes along it.
    private var line: UnsafeMutablePointer<SIMD4<Float>>
    private var sums: UnsafeMutablePointer<SIMD4<Float>>
    private var lineCapacity: Int

    init() {
        capacity = 1
        storage = .allocate(capacity: 1)
        stripCapacity = 1
        strip = .allocate(capacity: 1)
        columnSums = .allocate(capacity: 1)
        lineCapacity = 1
        line = .allocate(capacity: 1)
        sums = .allocate(capacity: 2)
    }

    deinit {
        storage.deallocate()
        strip.deallocate()
        columnSums.deallocate()
        line.deallocate()
        sums.deallocate()
    }

    /// Holds `region` of `buffer` (within it), every pixel outside its painted columns transparent.
    func load(_ region: PixelRect, from buffer: PixelBuffer) {
        precondition(buffer.bounds.contains(region), "EffectPlane: a region outside the buffer")
        reserve(region)
        let width = region.width
        for y in region.minY..<region.maxY {
            let painted = buffer.paintedColumns(row: y).clamped(to: region.minX..<region.maxX)
            let source = buffer.pixels + y * buffer.width
            let row = storage + (y - region.minY) * width - region.minX
            guard !painted.isEmpty else {
                (row + region.minX).update(repeating: .zero, count: width)
                continue
            }
            (row + region.minX).update(repeating: .zero, count: painted.lowerBound - region.minX)
            for x in painted {
                row[x] = SIMD4<Float>(PremultipliedPixel.bytes(source[x]))
            }
            (row + painted.upperBound).update(repeating: .zero, count: region.maxX - painted.upperBound)
        }
    }

    /// Writes the plane over its region of `buffer` (rounded, colour kept within alpha), marking
    /// it painted.
    func store(to buffer: PixelBuffer) {
        precondition(buffer.bounds.contains(region), "EffectPlane: a region outside the buffer")
        let width = region.width
        for y in region.minY..<region.maxY {
            let target = buffer.pixels + y * buffer.width
            let row = storage + (y - region.minY) * width - region.minX
            for x in region.minX..<region.maxX {
                target[x] = PremultipliedPixel.word(row[x] * (1 / 255))
            }
            buffer.markPainted(row: y, from: region.minX, to: region.maxX)
        }
        buffer.dirty = buffer.dirty.union(region)
    }

    /// Makes this plane, over `source`'s region, `source`'s alpha (in every channel) moved by
    /// `offset` pixels, a fraction of a pixel by bilinear weights; transparent where it would come
    /// from outside the region. `offset` is finite and smaller than `Int`'s range.
    func takeMovedAlpha(of source: EffectPlane, by offset: Vector2) {
        precondition(source !== self, "EffectPlane: moving a plane onto itself")
        reserve(source.region)
        let width = region.width, height = region.height
        let whole = (x: Int(offset.x.rounded(.down)), y: Int(offset.y.rounded(.down)))
        let fraction = (x: Float(offset.x) - Float(whole.x), y: Float(offset.y) - Float(whole.y))
        func alpha(_ x: Int, _ y: Int) -> Float {
            x >= 0 && x < width && y >= 0 && y < height ? source.storage[y * width + x].w : 0
        }
        for y in 0..<height {
            let row = storage + y * width
            let sy = y - whole.y
            for x in 0..<width {
                let sx = x - whole.x
                let top = alpha(sx, sy) * (1 - fraction.x) + alpha(sx - 1, sy) * fraction.x
                let bottom = alpha(sx, sy - 1) * (1 - fraction.x) + alpha(sx - 1, sy - 1) * fraction.x
                row[x] = SIMD4(repeating: top * (1 - fraction.y) + bottom * fraction.y)
            }
        }
    }

    /// Each pixel becomes itself over `shadow` (a plane over the same region) painted `shade`:
    /// `pixel + shade x shadow.alpha x (255 - pixel.alpha)`; with `shadowOnly`, the shadow alone.
    func putOver(_ shadow: EffectPlane, shade: SIMD4<Float>, shadowOnly: Bool) {
        precondition(shadow.region == region, "EffectPlane: planes over different regions")
        for index in 0..<region.width * region.height {
            let pixel = shadowOnly ? SIMD4<Float>.zero : storage[index]
            storage[index] = pixel + shade * (shadow.storage[index].w * (255 - pixel.w))
        }
    }

    /// Blurs the plane with three boxes of radii `radii` along x, then three of `verticalRadii`
    /// along y (radius 0: no blur), each box the mean of the `2r + 1` pixels around. Beyond the
    /// region pixels are transparent, or, with `repeatEdges`, the edge pixel repeated. The cost is
    /// the same whatever the radii.
    func boxBlur(horizontal radii: [Int], vertical verticalRadii: [Int], repeatEdges: Bool) {
        let width = region.width
        if radii.contains(where: { $0 > 0 }) {
            for y in 0..<region.height {
                let row = storage + y * width
                line.update(from: row, count: width)
                for radius in radii where radius > 0 {
                    blurLine(count: width, radius: radius, repeatEdges: repeatEdges)
                }
                row.update(from: line, count: width)
            }
        }
        guard verticalRadii.contains(where: { $0 > 0 }) else { return }
        // Down the columns a strip of them at a time, copied out and back, so that the passes
        // work in memory the cache holds.
        let height = region.height
        reserveStrips(height: height)
        for left in stride(from: 0, to: width, by: Self.stripWidth) {
            let columns = Swift.min(Self.stripWidth, width - left)
            for y in 0..<height { (strip + y * columns).update(from: storage + y * width + left, count: columns) }
            for radius in verticalRadii where radius > 0 {
                blurColumns(width: columns, height: height, radius: radius, repeatEdges: repeatEdges)
            }
            for y in 0..<height { (storage + y * width + left).update(from: strip + y * columns, count: columns) }
        }
    }

    /// How many columns a vertical pass works on at once.
    private static let stripWidth = 16

    /// One box pass down the columns of `strip` (`width` x `height`), row by row: the running
    /// sums of its rows, then each row the mean of those within `radius` of it.
    private func blurColumns(width: Int, height: Int, radius: Int, repeatEdges: Bool) {
        columnSums.update(repeating: .zero, count: width)
        for y in 0..<height {
            let above = columnSums + y * width, below = columnSums + (y + 1) * width, row = strip + y * width
            for x in 0..<width { below[x] = above[x] + row[x] }
        }
        let scale = 1 / Float(2 * radius + 1)
        let firstRow = line, lastRow = line + width
        if repeatEdges {
            firstRow.update(from: strip, count: width)
            lastRow.update(from: strip + (height - 1) * width, count: width)
        }
        for y in 0..<height {
            let low = y - radius, high = y + radius + 1
            let top = columnSums + Swift.max(low, 0) * width, bottom = columnSums + Swift.min(high, height) * width
            let row = strip + y * width
            for x in 0..<width { row[x] = (bottom[x] - top[x]) * scale }
            guard repeatEdges, low < 0 || high > height else { continue }
            // The edge rows repeated: as many times as the box reaches past each end.
            let before = Float(Swift.max(-low, 0)) * scale, after = Float(Swift.max(high - height, 0)) * scale
            for x in 0..<width { row[x] += firstRow[x] * before + lastRow[x] * after }
        }
    }

    /// Room for a strip of `height` rows and its running sums.
    private func reserveStrips(height: Int) {
        let rows = (height + 1) * Self.stripWidth
        guard rows > stripCapacity else { return }
        strip.deallocate()
        columnSums.deallocate()
        strip = .allocate(capacity: rows)
        columnSums = .allocate(capacity: rows)
        stripCapacity = rows
    }

    /// One box pass over `line[0 ..< count]`: each value becomes the mean of those within
    /// `radius` of it, by a running sum moved one step at a time, written into `sums`, which
    /// then becomes the line.
    private func blurLine(count: Int, radius: Int, repeatEdges: Bool) {
        let source = line, target = sums
        // Beyond the ends: the edge values repeated, or transparent.
        let before = repeatEdges ? source[0] : .zero, after = repeatEdges ? source[count - 1] : .zero
        func value(_ index: Int) -> SIMD4<Float> { index < 0 ? before : index >= count ? after : source[index] }
        // The box around the first value.
        var total = before * Float(radius)
        for index in 0..<Swift.min(radius + 1, count) { total += source[index] }
        if radius + 1 > count { total += after * Float(radius + 1 - count) }
        let scale = 1 / Float(2 * radius + 1)
        // Where the box reaches past neither end (its next value and the one it leaves are in
        // the line), and near the ends.
        let middle = Swift.min(radius, count)..<Swift.max(Swift.min(radius, count), count - radius - 1)
        for index in 0..<middle.lowerBound {
            target[index] = total * scale
            total += value(index + radius + 1) - value(index - radius)
        }
        if !middle.isEmpty {
            let entering = source + radius + 1, leaving = source - radius
            for index in middle {
                target[index] = total * scale
                total += entering[index] - leaving[index]
            }
        }
        for index in middle.upperBound..<count {
            target[index] = total * scale
            total += value(index + radius + 1) - value(index - radius)
        }
        (line, sums) = (sums, line)
    }

    /// Room for `region`, its rows and its columns.
    private func reserve(_ region: PixelRect) {
        self.region = region
        let count = Swift.max(1, region.width * region.height)
        if count > capacity {
            storage.deallocate()
            storage = .allocate(capacity: count)
            capacity = count
        }
        // A row or column, or the first and last rows together.
        let longest = Swift.max(1, 2 * region.width, region.height)
        if longest > lineCapacity {
            line.deallocate()
            sums.deallocate()
            line = .allocate(capacity: longest)
            sums = .allocate(capacity: longest + 1)
            lineCapacity = longest
        }
    }

    /// The radii of three boxes whose succession approaches a Gaussian of standard deviation
    /// `sigma` pixels (boxes of two neighbouring odd widths, as many of each as make the
    /// variance `sigma²`: W. Jarosz, "Fast image convolutions", 2001); none past `limit`.
    static func boxRadii(sigma: Double, limit: Int) -> [Int] {
        guard sigma.isFinite, sigma > 0 else { return [0, 0, 0] }
        let passes = 3.0
        let ideal = (12 * sigma * sigma / passes + 1).squareRoot()
        var lower = Int(Swift.min(ideal, Double(2 * limit + 1)))
        if lower % 2 == 0 { lower -= 1 }
        lower = Swift.max(lower, 1)
        let lowerWidth = Double(lower)
        let lowerCount = ((12 * sigma * sigma - passes * lowerWidth * lowerWidth - 4 * passes * lowerWidth - 3 * passes)
                          / (-4 * lowerWidth - 4)).rounded()
        return (0..<3).map { pass in
            let width = Double(pass) < lowerCount ? lower : lower + 2
            return Swift.min((width - 1) / 2, limit)
        }
    }
}
