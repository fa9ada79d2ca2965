// MARK: - PixelBuffer
//
// The renderer's working canvas: premultiplied RGBA8 pixels, one 32-bit word each
// (`PremultipliedPixel`), row-major from the top-left. Four bytes a pixel keep clearing,
// painting, compositing and reading out at the memory traffic of the final image.
//
// `dirty` bounds everything that may be non-zero, so clearing and compositing a layer buffer
// only visit the region that was painted. Within it, each row also keeps the columns painted
// since the last clear (`markPainted`): small shapes far apart on a large canvas leave most of
// each row alone, and clearing and reading out skip it.

/// A canvas of premultiplied RGBA8 pixels.
final class PixelBuffer {
    let width: Int
    let height: Int
    let pixels: UnsafeMutablePointer<UInt32>
    /// Every pixel outside this rectangle is transparent (all zero).
    var dirty: PixelRect = .empty
    /// Per row, the columns `x ..< y` painted since the last clear (`emptyExtent` for none):
    /// every other pixel of the row is transparent.
    private let rowExtents: UnsafeMutablePointer<SIMD2<Int32>>
    /// The rows whose extents are not empty (`dirty` may shrink below them; this does not).
    private var touchedRows: Range<Int> = 0..<0
    /// Per row, the columns written since the buffer was last made a copy of another, or cleared
    /// (`restoreChanges(from:)`): a canvas kept from frame to frame knows what a frame changed.
    private let changes: UnsafeMutablePointer<SIMD2<Int32>>
    private var changedRows: Range<Int> = 0..<0

    private static let emptyExtent = SIMD2<Int32>(Int32.max, 0)

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: Swift.max(1, width * height))
        pixels.initialize(repeating: 0, count: Swift.max(1, width * height))
        rowExtents = UnsafeMutablePointer<SIMD2<Int32>>.allocate(capacity: Swift.max(1, height))
        rowExtents.initialize(repeating: Self.emptyExtent, count: Swift.max(1, height))
        changes = UnsafeMutablePointer<SIMD2<Int32>>.allocate(capacity: Swift.max(1, height))
        changes.initialize(repeating: Self.emptyExtent, count: Swift.max(1, height))
    }

    deinit {
        pixels.deallocate()
        rowExtents.deallocate()
        changes.deallocate()
    }

    var bounds: PixelRect { PixelRect(width: width, height: height) }

    /// Records that columns `minX ..< maxX` of row `y` (all within the buffer) may no longer be
    /// transparent. Whoever writes a non-zero pixel calls this (or `markPainted(_:)`) too.
    @inline(__always)
    func markPainted(row y: Int, from minX: Int, to maxX: Int) {
        Self.widen(rowExtents, &touchedRows, row: y, from: minX, to: maxX)
        Self.widen(changes, &changedRows, row: y, from: minX, to: maxX)
    }

    /// Widens the extent of row `y` to hold `minX ..< maxX`, and `rows` to hold the row.
    @inline(__always)
    private static func widen(_ extents: UnsafeMutablePointer<SIMD2<Int32>>, _ rows: inout Range<Int>, row y: Int,
                              from minX: Int, to maxX: Int) {
        let extent = extents[y]
        extents[y] = SIMD2(Swift.min(extent.x, Int32(truncatingIfNeeded: minX)),
                           Swift.max(extent.y, Int32(truncatingIfNeeded: maxX)))
        rows = rows.isEmpty ? y..<(y + 1) : Swift.min(rows.lowerBound, y)..<Swift.max(rows.upperBound, y + 1)
    }

    /// The columns of row `y` written since the buffer was last a copy or cleared.
    func changedColumns(row y: Int) -> Range<Int> {
        let extent = changes[y]
        let minX = Swift.max(Int(extent.x), 0)
        let maxX = Swift.min(Int(extent.y), width)
        return minX < maxX ? minX..<maxX : 0..<0
    }

    /// Forgets what was written: the buffer is now what it was copied from (or was copied into
    /// another), or clear.
    func forgetChanges() {
        for y in changedRows { changes[y] = Self.emptyExtent }
        changedRows = 0..<0
    }

    /// Makes this buffer `other` again, when it was a copy of `other` (`copy(from:)`) written
    /// since only through `markPainted`: only the columns written are copied back.
    func restoreChanges(from other: PixelBuffer) {
        precondition(other.width == width && other.height == height, "restoring a canvas of another size")
        for y in changedRows {
            let columns = changedColumns(row: y)
            if !columns.isEmpty {
                (pixels + y * width + columns.lowerBound).update(from: other.pixels + y * width + columns.lowerBound,
                                                                 count: columns.count)
            }
        }
        // The painted columns and `dirty` stay as they are: they still hold everything `other` painted.
        forgetChanges()
    }

    /// `markPainted(row:from:to:)` for every row of `rect` (within the buffer).
    func markPainted(_ rect: PixelRect) {
        guard !rect.isEmpty else { return }
        for y in rect.minY..<rect.maxY { markPainted(row: y, from: rect.minX, to: rect.maxX) }
    }

    /// The columns of row `y` that may hold a non-transparent pixel (empty when none).
    @inline(__always)
    func paintedColumns(row y: Int) -> Range<Int> {
        let extent = rowExtents[y]
        let minX = Swift.max(Int(extent.x), dirty.minX)
        let maxX = Swift.min(Int(extent.y), dirty.maxX)
        return y >= dirty.minY && y < dirty.maxY && minX < maxX ? minX..<maxX : 0..<0
    }

    /// Makes this buffer a copy of `other` (of the same size): its pixels, `dirty` and painted
    /// columns. Visits only what either has painted.
    func copy(from other: PixelBuffer) {
        precondition(other.width == width && other.height == height, "copying a canvas of another size")
        clear()
        for y in other.touchedRows {
            let extent = other.rowExtents[y]
            rowExtents[y] = extent
            let minX = Swift.max(Int(extent.x), 0)
            let maxX = Swift.min(Int(extent.y), width)
            if minX < maxX { (pixels + y * width + minX).update(from: other.pixels + y * width + minX, count: maxX - minX) }
        }
        touchedRows = other.touchedRows
        dirty = other.dirty
        forgetChanges()
    }

    /// Calls `body` with the pixels' bytes: premultiplied red, green, blue and alpha, rows from
    /// the top.
    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: pixels, count: width * height * 4))
    }

    /// Makes every pixel transparent.
    func clear() {
        for y in touchedRows { clearRow(y) }
        touchedRows = 0..<0
        dirty = .empty
        forgetChanges()
    }

    /// Clears what row `y` has painted and forgets its extent.
    @inline(__always)
    private func clearRow(_ y: Int) {
        let extent = rowExtents[y]
        let minX = Swift.max(Int(extent.x), 0)
        let maxX = Swift.min(Int(extent.y), width)
        if minX < maxX { (pixels + y * width + minX).update(repeating: 0, count: maxX - minX) }
        rowExtents[y] = Self.emptyExtent
    }

    /// The pixels as 8-bit straight-alpha RGBA (only what was painted is converted; the rest is
    /// transparent).
    func image() -> RGBAImage {
        let count = width * height * 4
        // Every byte is written below (zeros outside what was painted), so the array starts
        // uninitialized rather than paying for a zero fill that would mostly be overwritten.
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { raw, initialized in
            guard let base = raw.baseAddress else {
                initialized = 0
                return
            }
            write(to: UnsafeMutableRawPointer(base).assumingMemoryBound(to: UInt32.self))
            initialized = count
        }
        return RGBAImage(width: width, height: height, pixels: bytes)
    }

    /// Writes the pixels as `image()` into `image`; when `clearing`, leaves the buffer
    /// transparent, each row cleared right after it is converted, while it is still in cache.
    /// The image's storage is reused when it has this buffer's size (and is not shared): a player
    /// drawing frame after frame into one image allocates nothing.
    ///
    /// `shown` holds per row the columns of `image` that may not be transparent (from the last
    /// call with it; empty or of another size: unknown). Only those and the columns painted now
    /// are written, and `shown` is updated: a small shape moving on a large image costs its own
    /// pixels, not the image's.
    func writeImage(into image: inout RGBAImage, shown: inout [SIMD2<Int32>], clearing: Bool) {
        if image.width != width || image.height != height {
            image = RGBAImage(width: width, height: height)
            shown = []
        }
        let known = shown.count == height
        if !known { shown = Array(repeating: SIMD2(0, Int32(truncatingIfNeeded: width)), count: height) }
        image.pixels.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt32.self) else { return }
            for y in 0..<height {
                let target = base + y * width
                let columns = paintedColumns(row: y)
                let old = shown[y]
                let before = Int(old.x)..<Swift.max(Int(old.x), Int(old.y))
                // What was shown outside the columns painted now becomes transparent.
                let leftEnd = columns.isEmpty ? before.upperBound : Swift.min(before.upperBound, columns.lowerBound)
                Self.zero(target + before.lowerBound, count: leftEnd - before.lowerBound, initializing: false)
                if !columns.isEmpty {
                    let rightStart = Swift.max(before.lowerBound, columns.upperBound)
                    Self.zero(target + rightStart, count: before.upperBound - rightStart, initializing: false)
                    Self.convertRow(pixels + y * width + columns.lowerBound, to: target + columns.lowerBound,
                                    count: columns.count)
                    if clearing { clearRow(y) }
                }
                shown[y] = SIMD2(Int32(truncatingIfNeeded: columns.lowerBound),
                                 Int32(truncatingIfNeeded: columns.upperBound))
            }
        }
        if clearing { clear() }
    }

    /// Writes the columns `columns(y)` of each row into `image` (of this buffer's size, showing
    /// the buffer as it was except there) as `image()` would, and widens `shown` to them.
    func updateImage(_ image: inout RGBAImage, shown: inout [SIMD2<Int32>], columns: (Int) -> Range<Int>) {
        precondition(image.width == width && image.height == height && shown.count == height,
                     "updating an image of another size")
        image.pixels.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt32.self) else { return }
            for y in 0..<height {
                let range = columns(y)
                guard !range.isEmpty else { continue }
                Self.convertRow(pixels + y * width + range.lowerBound, to: base + y * width + range.lowerBound,
                                count: range.count)
                let old = shown[y]
                shown[y] = SIMD2(Swift.min(old.x, Int32(truncatingIfNeeded: range.lowerBound)),
                                 Swift.max(old.y, Int32(truncatingIfNeeded: range.upperBound)))
            }
        }
    }

    /// `writeImage(into:shown:clearing:)` writing every pixel of the image and clearing the buffer.
    func takeImage(into image: inout RGBAImage) {
        var shown: [SIMD2<Int32>] = []
        writeImage(into: &image, shown: &shown, clearing: true)
    }

    /// Writes every pixel as an 8-bit straight-alpha word (zeros outside what was painted) into
    /// raw memory.
    private func write(to out: UnsafeMutablePointer<UInt32>) {
        for y in 0..<height {
            let target = out + y * width
            let columns = paintedColumns(row: y)
            guard !columns.isEmpty else {
                Self.zero(target, count: width, initializing: true)
                continue
            }
            Self.zero(target, count: columns.lowerBound, initializing: true)
            Self.convertRow(pixels + y * width + columns.lowerBound, to: target + columns.lowerBound,
                            count: columns.count)
            Self.zero(target + columns.upperBound, count: width - columns.upperBound, initializing: true)
        }
    }

    @inline(__always)
    private static func zero(_ words: UnsafeMutablePointer<UInt32>, count: Int, initializing: Bool) {
        guard count > 0 else { return }
        if initializing { words.initialize(repeating: 0, count: count) } else { words.update(repeating: 0, count: count) }
    }

    // MARK: Straight alpha
    //
    // An opaque or fully transparent pixel is the same word premultiplied or not (a transparent
    // one is all zero), so four such pixels are copied as they are. Others divide each colour
    // byte by alpha: colour * 255 / alpha, as colour times a 16.16 fixed-point reciprocal
    // (`reciprocals[alpha]`, 255 * 2^16 / alpha rounded), rounded.

    /// Converts `count` premultiplied pixels to straight-alpha RGBA words.
    private static func convertRow(_ source: UnsafePointer<UInt32>, to target: UnsafeMutablePointer<UInt32>,
                                   count: Int) {
        reciprocals.withUnsafeBufferPointer { reciprocals in
            var x = 0
            while x + 4 <= count {
                // Sixteen opaque pixels, told by the AND of their alphas, are copied at once.
                while x + 16 <= count, Self.areOpaque(source + x) {
                    (target + x).update(from: source + x, count: 16)
                    x += 16
                }
                guard x + 4 <= count else { break }
                let words = UnsafeRawPointer(source + x).loadUnaligned(as: SIMD4<UInt32>.self)
                let alphas = (words &>> PremultipliedPixel.alphaShift) & 0xFF
                // Zero exactly where alpha is 0 or 255 (a whole-vector comparison with zero is one
                // instruction, where `all` of a combined mask went lane by lane through memory).
                let translucent = (alphas &+ 1) & 0xFE
                var result = words
                if translucent != .zero {
                    let factors = SIMD4(reciprocals[Int(alphas[0])], reciprocals[Int(alphas[1])],
                                        reciprocals[Int(alphas[2])], reciprocals[Int(alphas[3])])
                    result.replace(with: straight(words, alphas: alphas, reciprocals: factors),
                                   where: translucent .!= 0)
                }
                UnsafeMutableRawPointer(target + x).storeBytes(of: result, as: SIMD4<UInt32>.self)
                x += 4
            }
            while x < count {
                target[x] = straight(source[x], reciprocals)
                x += 1
            }
        }
    }

    /// Whether the 16 words at `words` are all opaque: the AND of their alphas is 255.
    @inline(__always)
    private static func areOpaque(_ words: UnsafePointer<UInt32>) -> Bool {
        var common = UnsafeRawPointer(words).loadUnaligned(as: SIMD4<UInt32>.self)
        for group in 1..<4 {
            common &= UnsafeRawPointer(words + 4 * group).loadUnaligned(as: SIMD4<UInt32>.self)
        }
        return all(common & (0xFF << PremultipliedPixel.alphaShift) .== 0xFF << PremultipliedPixel.alphaShift)
    }

    /// One premultiplied word as straight alpha.
    @inline(__always)
    private static func straight(_ word: UInt32, _ reciprocals: UnsafeBufferPointer<UInt32>) -> UInt32 {
        let alphaShift = PremultipliedPixel.alphaShift
        let alpha = (word >> alphaShift) & 0xFF
        guard alpha > 0, alpha < 255 else { return word }
        let reciprocal = reciprocals[Int(alpha)]
        var result = alpha << alphaShift
        for shift: UInt32 in [0, 8, 16, 24] where shift != alphaShift {
            // Colour never exceeds alpha, so the quotient is at most 255.
            let channel = (word >> shift) & 0xFF
            result |= Swift.min((channel &* reciprocal &+ 0x8000) >> 16, 255) << shift
        }
        return result
    }

    /// `straight(_:_:)` for four words of alpha `alphas` (1...254), `reciprocals` their entries
    /// of the table.
    @inline(__always)
    private static func straight(_ words: SIMD4<UInt32>, alphas: SIMD4<UInt32>,
                                 reciprocals: SIMD4<UInt32>) -> SIMD4<UInt32> {
        @inline(__always)
        func channel(_ byte: UInt32) -> SIMD4<UInt32> {
            let shift = PremultipliedPixel.shift(ofByte: byte)
            var quotient = (((words &>> shift) & 0xFF) &* reciprocals &+ 0x8000) &>> 16
            quotient.replace(with: 255, where: quotient .> 255)
            return quotient &<< shift
        }
        return channel(0) | channel(1) | channel(2) | (alphas &<< PremultipliedPixel.alphaShift)
    }

    /// 255 * 2^16 / alpha, rounded, for each alpha (0 for 0).
    private static let reciprocals: [UInt32] = (0..<256).map { (alpha: UInt32) -> UInt32 in
        alpha == 0 ? 0 : (255 << 16 + alpha / 2) / alpha
    }
}

// MARK: - Colour conversion

extension RGBAColor {
    /// The colour as premultiplied Floats, its alpha multiplied by `opacity`.
    func premultiplied(opacity: Double = 1) -> SIMD4<Float> {
        let alpha = Float(Swift.min(Swift.max(alpha * opacity, 0), 1))
        return SIMD4(Float(clamp(red)) * alpha, Float(clamp(green)) * alpha, Float(clamp(blue)) * alpha, alpha)
    }

    private func clamp(_ value: Double) -> Double {
        value.isFinite ? Swift.min(Swift.max(value, 0), 1) : 0
    }
}
