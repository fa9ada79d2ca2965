// MARK: - BoxBlur
//
// A Gaussian blur as three box blurs (W. Jarosz, "Fast image convolutions", 2001), each a
// running sum, so that its cost does not grow with the radius. The rows of a region are blurred
// four at a time in Floats (their pixels side by side, so that the running sums of the four add
// up together rather than each waiting for the one before), and written, as bytes and transposed,
// into a scratch image; its rows (the region's columns) are then blurred the same way and written,
// transposed back, into the buffer. Both directions are thus passes along rows, and the pixels
// between them take a byte a channel.

/// The scratch memory of blurs, reused from blur to blur: it grows to the largest region asked
/// for and keeps its storage.
final class BoxBlur {
    /// Four rows, a pixel of each side by side, and their running means, while boxes pass along
    /// them (as groups of four pixels, `SIMD16`).
    private var line: UnsafeMutablePointer<SIMD4<Float>>
    private var means: UnsafeMutablePointer<SIMD4<Float>>
    private var lineCapacity: Int
    /// The region blurred along x, transposed.
    private var transposed: UnsafeMutablePointer<UInt32>
    private var transposedCapacity: Int

    init() {
        lineCapacity = 1
        line = .allocate(capacity: 1)
        means = .allocate(capacity: 1)
        transposedCapacity = 1
        transposed = .allocate(capacity: 1)
    }

    deinit {
        line.deallocate()
        means.deallocate()
        transposed.deallocate()
    }

    /// Blurs `region` of `buffer` (within it) in place, marking it painted: three boxes of radii
    /// `radii` along x, then three of `verticalRadii` along y (radius 0: no blur), each box the
    /// mean of the `2r + 1` pixels around. Beyond the region pixels are transparent, or, with
    /// `repeatEdges`, the edge pixel repeated. Each direction ends rounded to bytes.
    func blur(_ region: PixelRect, of buffer: PixelBuffer, horizontal radii: [Int], vertical verticalRadii: [Int],
              repeatEdges: Bool) {
        precondition(buffer.bounds.contains(region), "BoxBlur: a region outside the buffer")
        let width = region.width, height = region.height
        guard width > 0, height > 0 else { return }
        reserve(width: width, height: height)
        let corner = buffer.pixels + region.minY * buffer.width + region.minX
        let transposed = self.transposed
        blurRows(count: height, length: width, radii: radii, repeatEdges: repeatEdges,
                 read: { y, line, stride in Self.read(row: y, of: region, from: buffer, into: line, stride: stride) },
                 into: transposed, stride: height)
        blurRows(count: width, length: height, radii: verticalRadii, repeatEdges: repeatEdges,
                 read: { x, line, stride in
                     let source = transposed + x * height
                     for y in 0..<height { line[y * stride] = SIMD4<Float>(PremultipliedPixel.bytes(source[y])) }
                 },
                 into: corner, stride: buffer.width)
        buffer.markPainted(region)
        buffer.dirty = buffer.dirty.union(region)
    }

    /// Blurs `count` rows of `length` pixels along the rows and writes them transposed: row `i`'s
    /// pixel `j` to `target[j * stride + i]`. `read` puts a row (given its index) in a line (every
    /// `stride`th pixel from the one given).
    private func blurRows(count: Int, length: Int, radii: [Int], repeatEdges: Bool,
                          read: (Int, UnsafeMutablePointer<SIMD4<Float>>, Int) -> Void,
                          into target: UnsafeMutablePointer<UInt32>, stride: Int) {
        for first in Swift.stride(from: 0, to: count, by: 4) {
            let members = Swift.min(4, count - first)
            if members < 4 { line.update(repeating: .zero, count: 4 * length) }
            for member in 0..<members { read(first + member, line + member, 4) }
            for radius in radii where radius > 0 {
                blurLines(count: length, radius: radius, repeatEdges: repeatEdges)
            }
            Self.write(line, members: members, count: length, to: target + first, stride: stride)
        }
    }

    /// Row `y` of `region` (counted from its top) of `buffer` as Floats into every `stride`th
    /// pixel from `target`, transparent outside the row's painted columns.
    private static func read(row y: Int, of region: PixelRect, from buffer: PixelBuffer,
                             into target: UnsafeMutablePointer<SIMD4<Float>>, stride: Int) {
        let painted = buffer.paintedColumns(row: region.minY + y).clamped(to: region.minX..<region.maxX)
        let source = buffer.pixels + (region.minY + y) * buffer.width
        for x in region.minX..<region.maxX {
            target[(x - region.minX) * stride] = painted.contains(x) ? SIMD4<Float>(PremultipliedPixel.bytes(source[x])) : .zero
        }
    }

    /// The first `members` of the four lines side by side in `source`, `count` pixels of Floats in
    /// 0...255, as words transposed into `target`: pixel `x` of line `i` to `target[x * stride +
    /// i]`, rounded, colour kept within alpha. The four pixels at `x` are converted together and
    /// lie side by side in the target.
    private static func write(_ source: UnsafeMutablePointer<SIMD4<Float>>, members: Int, count: Int,
                              to target: UnsafeMutablePointer<UInt32>, stride: Int) {
        for x in 0..<count {
            let group = source + 4 * x
            let words = PremultipliedPixel.words(scaled: group[0], group[1], group[2], group[3])
            let out = target + x * stride
            if members == 4 {
                (out[0], out[1], out[2], out[3]) = (words[0], words[1], words[2], words[3])
            } else {
                for member in 0..<members { out[member] = words[member] }
            }
        }
    }

    /// One box pass over the four lines of `line[0 ..< count]` (groups of four pixels), into
    /// `means`, which then becomes the line.
    private func blurLines(count: Int, radius: Int, repeatEdges: Bool) {
        line.withMemoryRebound(to: SIMD16<Float>.self, capacity: count) { source in
            means.withMemoryRebound(to: SIMD16<Float>.self, capacity: count) { target in
                Self.boxPass(from: source, to: target, count: count, radius: radius, repeatEdges: repeatEdges)
            }
        }
        (line, means) = (means, line)
    }

    /// Each group of `target` the mean of the groups of `source` within `radius` of its place,
    /// by a running sum moved one step at a time.
    private static func boxPass(from source: UnsafeMutablePointer<SIMD16<Float>>,
                                to target: UnsafeMutablePointer<SIMD16<Float>>,
                                count: Int, radius: Int, repeatEdges: Bool) {
        // Beyond the ends: the edge values repeated, or transparent.
        let before = repeatEdges ? source[0] : .zero, after = repeatEdges ? source[count - 1] : .zero
        func value(_ index: Int) -> SIMD16<Float> { index < 0 ? before : index >= count ? after : source[index] }
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
    }

    /// Room for a region of `width` x `height` pixels.
    private func reserve(width: Int, height: Int) {
        let longest = Swift.max(width, height)
        if longest > lineCapacity {
            line.deallocate()
            means.deallocate()
            line = .allocate(capacity: 4 * longest)
            means = .allocate(capacity: 4 * longest)
            lineCapacity = longest
        }
        if width * height > transposedCapacity {
            transposed.deallocate()
            transposed = .allocate(capacity: width * height)
            transposedCapacity = width * height
        }
    }

    /// The radii of three boxes whose succession approaches a Gaussian of standard deviation
    /// `sigma` pixels (boxes of two neighbouring odd widths, as many of each as make the
    /// variance `sigma²`: Jarosz); none past `limit`.
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
