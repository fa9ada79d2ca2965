// MARK: - MedianCut
//
// Chooses at most N colours for a set of colours with pixel counts (Heckbert's median cut).
//
// All colours start in one box. While there are fewer than N boxes, the box with the largest
// (pixel count × longest side) is split across its longest side (red, green or blue extent) at the
// pixel-weighted median, so both halves hold about as many pixels. Each box then becomes the
// pixel-weighted mean of its colours. Weighting by count spends the palette on the colours that cover
// the most area; a box of one colour is never split, so the flat fills of vector art stay exact and
// the palette goes to the anti-aliased edges between them.
//
// Every choice is made on integers with ties broken by colour value, so the result depends only on
// the input, never on hashing or sort stability.

/// A colour as 0xRRGGBB with the number of pixels that have it.
struct ColorCount: Equatable {
    var color: UInt32
    var count: Int

    func channel(_ channel: Int) -> Int { Int(color >> UInt32(16 - 8 * channel) & 0xFF) }
}

/// Heckbert's median-cut colour quantizer.
enum MedianCut {
    /// At most `maxColors` colours (0xRRGGBB) representing `colors`: exactly `colors`, sorted by
    /// value, when there are no more than `maxColors` of them.
    static func palette(for colors: [ColorCount], maxColors: Int) -> [UInt32] {
        precondition(maxColors >= 1)
        if colors.count <= maxColors { return colors.map(\.color).sorted() }
        var entries = colors.sorted { $0.color < $1.color }
        var boxes = [Box(entries: entries[...], range: 0..<entries.count)]
        while boxes.count < maxColors, let index = indexOfBoxToSplit(boxes) {
            let (low, high) = split(boxes[index], in: &entries)
            boxes[index] = low
            boxes.append(high)
        }
        return boxes.map { $0.meanColor(of: entries) }
    }

    // MARK: Boxes

    /// A run of `entries` with its colour extent.
    private struct Box {
        var range: Range<Int>
        var count = 0
        var minimum = [255, 255, 255]
        var maximum = [0, 0, 0]

        init(entries: ArraySlice<ColorCount>, range: Range<Int>) {
            self.range = range
            for entry in entries[range] {
                count += entry.count
                for channel in 0..<3 {
                    minimum[channel] = min(minimum[channel], entry.channel(channel))
                    maximum[channel] = max(maximum[channel], entry.channel(channel))
                }
            }
        }

        /// The channel with the largest extent (the first of equals) and that extent.
        var longestSide: (channel: Int, length: Int) {
            var best = (channel: 0, length: maximum[0] - minimum[0])
            for channel in 1..<3 where maximum[channel] - minimum[channel] > best.length {
                best = (channel, maximum[channel] - minimum[channel])
            }
            return best
        }

        /// How much splitting this box matters: more pixels over a wider span first.
        var priority: Int { count * longestSide.length }

        func meanColor(of entries: [ColorCount]) -> UInt32 {
            var sums = [0, 0, 0]
            for entry in entries[range] {
                for channel in 0..<3 { sums[channel] += entry.channel(channel) * entry.count }
            }
            let total = max(count, 1)
            let mean = sums.map { UInt32((2 * $0 + total) / (2 * total)) }  // Rounded to nearest.
            return mean[0] << 16 | mean[1] << 8 | mean[2]
        }
    }

    /// The box that most needs splitting, or nil when every box holds a single colour.
    private static func indexOfBoxToSplit(_ boxes: [Box]) -> Int? {
        var best: Int?
        var bestPriority = 0
        for (index, box) in boxes.enumerated() where box.range.count > 1 && box.priority > bestPriority {
            best = index
            bestPriority = box.priority
        }
        return best
    }

    /// Sorts the box's entries along its longest side and cuts them at the pixel-weighted median.
    private static func split(_ box: Box, in entries: inout [ColorCount]) -> (Box, Box) {
        let channel = box.longestSide.channel
        entries[box.range].sort {
            ($0.channel(channel), $0.color) < ($1.channel(channel), $1.color)
        }
        var cut = box.range.lowerBound + 1
        var below = entries[box.range.lowerBound].count
        while cut < box.range.upperBound - 1 && 2 * below < box.count {
            below += entries[cut].count
            cut += 1
        }
        let all = entries[...]
        return (Box(entries: all, range: box.range.lowerBound..<cut), Box(entries: all, range: cut..<box.range.upperBound))
    }
}
