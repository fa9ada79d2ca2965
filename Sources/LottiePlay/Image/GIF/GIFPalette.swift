// MARK: - GIFPalette
//
// The one colour table shared by every frame of a GIF, and the mapping of pixels to its indices.
//
// GIF pixels are indices into a table of at most 256 RGB colours, and a pixel is either fully shown or
// fully transparent. Pixels with alpha below 128 become the transparent index, which is only reserved
// (as the last entry) when some frame has such a pixel; the others keep their straight RGB colour.
// The colours are chosen once over all frames (`MedianCut` over the count of every colour), so a
// colour keeps its index from frame to frame and unchanged areas stay unchanged. The counting is
// split by frames over threads (`FrameJobs`), each thread with its own tally; the tallies are summed,
// which gives the same counts whichever thread counted which frame.
//
// Each distinct colour is mapped once, to its palette entry when the palette holds it exactly and
// otherwise to the nearest entry in RGB (squared distance, the lowest index among equals).

/// A GIF colour table for a set of frames and the mapping of their pixels to it.
struct GIFPalette {
    /// Pixels with less alpha than this are transparent in a GIF.
    static let alphaThreshold: UInt8 = 128

    /// The colours as 0xRRGGBB, the transparent entry (black) last when there is one.
    private(set) var colors: [UInt32]
    /// The index of transparent pixels, or nil when every pixel of every frame is shown.
    let transparentIndex: Int?
    /// Each colour that occurs, as 0xRRGGBB, to its index.
    private var indexOfColor: [UInt32: UInt8]

    /// A palette of at most 256 entries for `frames`, their colours counted on up to `jobs` threads.
    init(frames: [RGBAImage], jobs: Int = 1) {
        let (counts, hasTransparency) = Self.colorCounts(in: frames, jobs: jobs)
        let colorLimit = hasTransparency ? 255 : 256
        colors = MedianCut.palette(for: counts, maxColors: colorLimit)
        indexOfColor = Self.nearestIndices(for: counts.map(\.color), in: colors)
        if hasTransparency {
            transparentIndex = colors.count
            colors.append(0)
        } else {
            transparentIndex = nil
        }
    }

    // MARK: Table

    /// Bits per index: the colour table holds 2^bits entries (GIF allows 1...8).
    var bitsPerIndex: Int {
        var bits = 1
        while 1 << bits < colors.count { bits += 1 }
        return bits
    }

    /// The colour table bytes (R, G, B per entry), padded with black to 2^`bitsPerIndex` entries.
    var tableBytes: [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 3 << bitsPerIndex)
        for (index, color) in colors.enumerated() {
            bytes[index * 3] = UInt8(truncatingIfNeeded: color >> 16)
            bytes[index * 3 + 1] = UInt8(truncatingIfNeeded: color >> 8)
            bytes[index * 3 + 2] = UInt8(truncatingIfNeeded: color)
        }
        return bytes
    }

    // MARK: Mapping

    /// The palette index of every pixel of `image`, row by row.
    func indices(of image: RGBAImage) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: image.width * image.height)
        let transparent = UInt8(truncatingIfNeeded: transparentIndex ?? 0)
        image.pixels.withUnsafeBufferPointer { pixels in
            for pixel in 0..<output.count {
                let i = pixel * 4
                if pixels[i + 3] < Self.alphaThreshold {
                    output[pixel] = transparent
                } else {
                    // Every shown colour was counted when the palette was made (for these frames).
                    output[pixel] = indexOfColor[Self.rgb(pixels, at: i)] ?? 0
                }
            }
        }
        return output
    }

    // MARK: Building

    /// How many shown pixels have each colour, and whether any pixel is transparent.
    private static func colorCounts(in frames: [RGBAImage], jobs: Int) -> (counts: [ColorCount], hasTransparency: Bool) {
        let tallies = FrameJobs.run(count: frames.count, jobs: jobs, makeWorker: { ColorTally() }) { tally, index in
            tally.add(frames[index])
        }.workers
        var total = tallies[0]
        for tally in tallies.dropFirst() { total.add(tally) }
        return (total.counts.map { ColorCount(color: $0.key, count: $0.value) }, total.hasTransparency)
    }

    /// The shown pixels of some frames counted by colour.
    private struct ColorTally {
        var counts: [UInt32: Int] = [:]
        var hasTransparency = false

        mutating func add(_ frame: RGBAImage) {
            frame.pixels.withUnsafeBufferPointer { pixels in
                for i in stride(from: 0, to: pixels.count, by: 4) {
                    if pixels[i + 3] < alphaThreshold {
                        hasTransparency = true
                    } else {
                        counts[rgb(pixels, at: i), default: 0] += 1
                    }
                }
            }
        }

        /// Adds another tally's counts: the sum is the same in any order.
        mutating func add(_ other: ColorTally) {
            counts.merge(other.counts, uniquingKeysWith: +)
            hasTransparency = hasTransparency || other.hasTransparency
        }
    }

    /// Each colour to the index of the nearest palette colour.
    private static func nearestIndices(for colors: [UInt32], in palette: [UInt32]) -> [UInt32: UInt8] {
        var exact: [UInt32: UInt8] = [:]
        for (index, color) in palette.enumerated() { exact[color] = UInt8(index) }
        var result: [UInt32: UInt8] = [:]
        result.reserveCapacity(colors.count)
        for color in colors {
            result[color] = exact[color] ?? nearestIndex(to: color, in: palette)
        }
        return result
    }

    private static func nearestIndex(to color: UInt32, in palette: [UInt32]) -> UInt8 {
        var best = 0
        var bestDistance = Int.max
        for (index, candidate) in palette.enumerated() {
            let red = Int(color >> 16 & 0xFF) - Int(candidate >> 16 & 0xFF)
            let green = Int(color >> 8 & 0xFF) - Int(candidate >> 8 & 0xFF)
            let blue = Int(color & 0xFF) - Int(candidate & 0xFF)
            let distance = red * red + green * green + blue * blue
            if distance < bestDistance {
                best = index
                bestDistance = distance
            }
        }
        return UInt8(best)
    }

    @inline(__always)
    private static func rgb(_ pixels: UnsafeBufferPointer<UInt8>, at i: Int) -> UInt32 {
        UInt32(pixels[i]) << 16 | UInt32(pixels[i + 1]) << 8 | UInt32(pixels[i + 2])
    }
}
