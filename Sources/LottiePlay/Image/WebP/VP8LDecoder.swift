// MARK: - VP8LDecoder
//
// Decodes a VP8L (lossless WebP) bitstream (RFC 9649) into ARGB pixels.
//
// ## Structure
//
// 1. The 5-byte header: signature 0x2f, width − 1 and height − 1 (14 bits each), an alpha hint
//    and a 3-bit version that must be 0. The pixel count is checked against the limit here, before
//    anything is allocated.
// 2. The image stream: transforms (each type at most once), an optional colour cache (1...11 bits),
//    the prefix codes (for the main image optionally several groups chosen per block by an entropy
//    image), then the pixels: literals, cache references and LZ77 back references whose distance
//    codes 1...120 are (dx, dy) neighbourhood offsets.
// 3. The transforms are undone in reverse order.
//
// Sub-images (transform data, the entropy image, the palette) are image streams without
// transforms or groups, and are never larger than the main image (a palette has at most 256 pixels).
// The alpha of a lossy image (`ALPH`) is a main image stream without the header, of the frame's
// size (`init(_:stream:maxPixelCount:)` and `decodeStream(width:height:)`).

/// What a VP8L image used, for tests that prove each feature is covered.
struct VP8LReport: Equatable, Sendable {
    /// The transforms of the main image, in bitstream order.
    var transforms: [VP8LTransform.Kind] = []
    /// The predictor modes the predictor transform's sub-image names (0...15).
    var predictorModes: Set<Int> = []
    /// The colour cache bits of the main image (0 without a cache).
    var colorCacheBits = 0
    /// The number of prefix code groups of the main image (more than one with an entropy image).
    var groupCount = 1
    /// Back references decoded, over all image streams.
    var backReferences = 0
    /// Colour cache references decoded, over all image streams.
    var cacheReferences = 0
}

/// A VP8L bitstream decoder for one image.
struct VP8LDecoder {
    /// The VP8L header fields.
    struct Header: Equatable {
        var width: Int
        var height: Int
        var hasAlpha: Bool
    }

    private let data: [UInt8]
    private let range: Range<Int>
    private var reader: VP8LBitReader
    private let maxPixelCount: Int
    private var transformsSeen = 0
    private(set) var report = VP8LReport()

    /// A decoder for the bitstream in `data[range]`.
    init(_ data: [UInt8], range: Range<Int>, maxPixelCount: Int) {
        self.data = data
        self.range = range
        // The image stream starts right after the 5-byte header (40 bits, byte-aligned).
        reader = VP8LBitReader(data, start: min(range.lowerBound + 5, range.upperBound), end: range.upperBound)
        self.maxPixelCount = maxPixelCount
    }

    /// A decoder for an image stream without the 5-byte header in `data[range]`, as an `ALPH`
    /// chunk holds; its size comes from elsewhere (`decodeStream(width:height:)`).
    init(_ data: [UInt8], stream range: Range<Int>, maxPixelCount: Int) {
        self.data = data
        self.range = range
        reader = VP8LBitReader(data, start: range.lowerBound, end: range.upperBound)
        self.maxPixelCount = maxPixelCount
    }

    /// Decodes a headerless image stream of `width × height` pixels (transforms, colour cache and
    /// prefix code groups allowed, as in a main image): its ARGB pixels.
    mutating func decodeStream(width: Int, height: Int) throws(WebPError) -> [UInt32] {
        guard width * height <= maxPixelCount else {
            throw WebPError(.tooLarge(width: width, height: height, maxPixelCount: maxPixelCount),
                            offset: range.lowerBound)
        }
        return try decodeImageStream(width: width, height: height, isMain: true)
    }

    /// Reads the header of the bitstream in `data[range]`.
    static func header(_ data: [UInt8], range: Range<Int>) throws(WebPError) -> Header {
        guard range.count >= 5 else { throw WebPError(.truncated(needed: "the VP8L header"), offset: range.lowerBound) }
        guard data[range.lowerBound] == 0x2f else {
            throw WebPError(.invalidHeader("VP8L signature 0x2f missing"), offset: range.lowerBound)
        }
        var reader = VP8LBitReader(data, start: range.lowerBound + 1, end: range.upperBound)
        let width = reader.readInt(14) + 1
        let height = reader.readInt(14) + 1
        let hasAlpha = reader.read(1) == 1
        let version = reader.readInt(3)
        guard version == 0 else {
            throw WebPError(.invalidHeader("VP8L version \(version) (only 0 exists)"), offset: range.lowerBound + 4)
        }
        return Header(width: width, height: height, hasAlpha: hasAlpha)
    }

    /// Decodes the image: its size and `width × height` ARGB pixels.
    mutating func decode() throws(WebPError) -> (header: Header, pixels: [UInt32]) {
        let header = try VP8LDecoder.header(data, range: range)
        guard header.width * header.height <= maxPixelCount else {
            throw WebPError(.tooLarge(width: header.width, height: header.height, maxPixelCount: maxPixelCount),
                            offset: range.lowerBound)
        }
        let pixels = try decodeImageStream(width: header.width, height: header.height, isMain: true)
        return (header, pixels)
    }

    // MARK: Image streams

    /// Decodes an image stream of `width × height` pixels; only the main one has transforms and groups.
    private mutating func decodeImageStream(width: Int, height: Int, isMain: Bool) throws(WebPError) -> [UInt32] {
        var codedWidth = width
        var transforms: [VP8LTransform] = []
        if isMain {
            while reader.read(1) == 1 {
                try checkOverrun("a transform")
                transforms.append(try readTransform(width: &codedWidth, height: height))
            }
        }
        var cacheBits = 0
        if reader.read(1) == 1 {
            cacheBits = reader.readInt(4)
            guard (1...11).contains(cacheBits) else {
                throw WebPError(.invalidColorCache(bits: cacheBits), offset: reader.byteOffset)
            }
        }
        try checkOverrun("the colour cache size")
        let codes = try readCodes(width: codedWidth, height: height, cacheBits: cacheBits, allowGroups: isMain)
        if isMain {
            report.colorCacheBits = cacheBits
            report.groupCount = codes.groupCount
        }
        var pixels = try decodePixels(width: codedWidth, height: height, codes: codes, cacheBits: cacheBits)
        for transform in transforms.reversed() { transform.inverse(&pixels) }
        return pixels
    }

    /// Reads one transform; colour indexing with bundling narrows `width`.
    private mutating func readTransform(width: inout Int, height: Int) throws(WebPError) -> VP8LTransform {
        let offset = reader.byteOffset
        guard let kind = VP8LTransform.Kind(rawValue: reader.readInt(2)) else {
            throw WebPError(.invalidTransform("unknown type"), offset: offset)  // unreachable: 2 bits
        }
        guard transformsSeen & (1 << kind.rawValue) == 0 else {
            throw WebPError(.invalidTransform("\(kind) appears twice"), offset: offset)
        }
        transformsSeen |= 1 << kind.rawValue
        report.transforms.append(kind)
        switch kind {
        case .predictor, .crossColor:
            let bits = reader.readInt(3) + 2
            let data = try decodeImageStream(width: VP8LTransform.subSampled(width, bits),
                                             height: VP8LTransform.subSampled(height, bits), isMain: false)
            if kind == .predictor { for pixel in data { report.predictorModes.insert(Int((pixel >> 8) & 0xf)) } }
            return VP8LTransform(kind: kind, width: width, height: height, bits: bits, data: data)
        case .subtractGreen:
            return VP8LTransform(kind: kind, width: width, height: height, bits: 0, data: [])
        case .colorIndexing:
            let colorCount = reader.readInt(8) + 1
            let bits = colorCount > 16 ? 0 : colorCount > 4 ? 1 : colorCount > 2 ? 2 : 3
            let coded = try decodeImageStream(width: colorCount, height: 1, isMain: false)
            // The palette is sent as differences to the previous entry; indexes past it are black.
            var palette = [UInt32](repeating: 0, count: 1 << (8 >> bits))
            palette[0] = coded[0]
            for index in 1..<colorCount { palette[index] = VP8LTransform.add(coded[index], palette[index - 1]) }
            let transform = VP8LTransform(kind: kind, width: width, height: height, bits: bits, data: palette)
            width = VP8LTransform.subSampled(width, bits)
            return transform
        }
    }

    // MARK: Prefix codes

    /// The prefix codes of an image stream: five per group (green + lengths + cache, red, blue,
    /// alpha, distance) and, with several groups, which group each block uses.
    private struct Codes {
        var tables = VP8LHuffmanTables()
        /// Five codes per used group, groups renumbered densely.
        var codes: [VP8LHuffmanCode] = []
        /// Block size bits of the entropy image (0: one group for the whole image).
        var groupBits = 0
        var groupsPerRow = 0
        /// The dense group number of each block.
        var groupOfBlock: [Int] = []
        var groupCount = 1
    }

    private mutating func readCodes(width: Int, height: Int, cacheBits: Int,
                                    allowGroups: Bool) throws(WebPError) -> Codes {
        var result = Codes()
        var used = [true]
        var dense = [0]
        if allowGroups && reader.read(1) == 1 {
            let bits = reader.readInt(3) + 2
            let blockWidth = VP8LTransform.subSampled(width, bits)
            let blockHeight = VP8LTransform.subSampled(height, bits)
            let image = try decodeImageStream(width: blockWidth, height: blockHeight, isMain: false)
            // Group numbers are 16 bits (red and green); groups no block uses are read but not kept.
            var groupCount = 0
            for pixel in image { groupCount = max(groupCount, Int((pixel >> 8) & 0xffff) + 1) }
            used = [Bool](repeating: false, count: groupCount)
            for pixel in image { used[Int((pixel >> 8) & 0xffff)] = true }
            dense = [Int](repeating: -1, count: groupCount)
            var next = 0
            for group in 0..<groupCount where used[group] {
                dense[group] = next
                next += 1
            }
            result.groupBits = bits
            result.groupsPerRow = blockWidth
            result.groupOfBlock = image.map { dense[Int(($0 >> 8) & 0xffff)] }
            result.groupCount = groupCount
        }
        try checkOverrun("the entropy image")
        let alphabetSizes = [256 + 24 + (cacheBits > 0 ? 1 << cacheBits : 0), 256, 256, 256, 40]
        var lengths = [UInt8](repeating: 0, count: alphabetSizes[0] + 256)
        var discarded = VP8LHuffmanTables()
        for group in used.indices {
            for alphabetSize in alphabetSizes {
                if used[group] {
                    result.codes.append(try result.tables.readCode(alphabetSize: alphabetSize, reader: &reader,
                                                                   lengths: &lengths))
                } else {
                    discarded = VP8LHuffmanTables()
                    _ = try discarded.readCode(alphabetSize: alphabetSize, reader: &reader, lengths: &lengths)
                }
            }
        }
        return result
    }

    // MARK: Pixels

    /// The (dx, dy) offsets of distance codes 1...120, nearest first (RFC 9649, section 4.2.2).
    private static let neighbourhood: [(Int, Int)] = [
        (0, 1), (1, 0), (1, 1), (-1, 1), (0, 2), (2, 0), (1, 2), (-1, 2), (2, 1), (-2, 1), (2, 2), (-2, 2),
        (0, 3), (3, 0), (1, 3), (-1, 3), (3, 1), (-3, 1), (2, 3), (-2, 3), (3, 2), (-3, 2), (0, 4), (4, 0),
        (1, 4), (-1, 4), (4, 1), (-4, 1), (3, 3), (-3, 3), (2, 4), (-2, 4), (4, 2), (-4, 2), (0, 5), (3, 4),
        (-3, 4), (4, 3), (-4, 3), (5, 0), (1, 5), (-1, 5), (5, 1), (-5, 1), (2, 5), (-2, 5), (5, 2), (-5, 2),
        (4, 4), (-4, 4), (3, 5), (-3, 5), (5, 3), (-5, 3), (0, 6), (6, 0), (1, 6), (-1, 6), (6, 1), (-6, 1),
        (2, 6), (-2, 6), (6, 2), (-6, 2), (4, 5), (-4, 5), (5, 4), (-5, 4), (3, 6), (-3, 6), (6, 3), (-6, 3),
        (0, 7), (7, 0), (1, 7), (-1, 7), (5, 5), (-5, 5), (7, 1), (-7, 1), (4, 6), (-4, 6), (6, 4), (-6, 4),
        (2, 7), (-2, 7), (7, 2), (-7, 2), (3, 7), (-3, 7), (7, 3), (-7, 3), (5, 6), (-5, 6), (6, 5), (-6, 5),
        (8, 0), (4, 7), (-4, 7), (7, 4), (-7, 4), (8, 1), (8, 2), (6, 6), (-6, 6), (8, 3), (5, 7), (-5, 7),
        (7, 5), (-7, 5), (8, 4), (6, 7), (-6, 7), (7, 6), (-7, 6), (8, 5), (7, 7), (-7, 7), (8, 6), (8, 7),
    ]

    /// A length or distance from its prefix symbol and extra bits.
    @inline(__always)
    private mutating func prefixValue(_ symbol: Int) -> Int {
        if symbol < 4 { return symbol + 1 }
        let extraBits = (symbol - 2) >> 1
        let offset = (2 + (symbol & 1)) << extraBits
        return offset + reader.readInt(extraBits) + 1
    }

    /// The pixel distance of distance code `code` in an image `width` pixels wide.
    private static func distance(_ code: Int, width: Int) -> Int {
        if code > 120 { return code - 120 }
        let (dx, dy) = neighbourhood[code - 1]
        return max(1, dy * width + dx)
    }

    private mutating func decodePixels(width: Int, height: Int, codes: Codes,
                                       cacheBits: Int) throws(WebPError) -> [UInt32] {
        let total = width * height
        var pixels = [UInt32](repeating: 0, count: total)
        var cache = [UInt32](repeating: 0, count: cacheBits > 0 ? 1 << cacheBits : 0)
        let cacheShift = UInt32(32 - cacheBits)
        let tables = codes.tables
        let groupBits = codes.groupBits
        let groupMask = (1 << groupBits) - 1
        var index = 0
        var x = 0
        var y = 0
        var cached = 0
        var group = 0
        while index < total {
            if groupBits != 0 && x & groupMask == 0 {
                group = codes.groupOfBlock[(y >> groupBits) * codes.groupsPerRow + (x >> groupBits)] * 5
            }
            if reader.overrun { break }
            let green = tables.readSymbol(codes.codes[group], &reader)
            if green < 256 {
                let red = tables.readSymbol(codes.codes[group + 1], &reader)
                let blue = tables.readSymbol(codes.codes[group + 2], &reader)
                let alpha = tables.readSymbol(codes.codes[group + 3], &reader)
                pixels[index] = UInt32(alpha) << 24 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
                index += 1
                x += 1
                if x == width {
                    x = 0
                    y += 1
                }
            } else if green < 256 + 24 {
                let length = prefixValue(green - 256)
                let distanceSymbol = tables.readSymbol(codes.codes[group + 4], &reader)
                let distance = VP8LDecoder.distance(prefixValue(distanceSymbol), width: width)
                if reader.overrun { break }
                guard distance <= index else {
                    throw WebPError(.invalidBackReference("distance \(distance) at pixel \(index)"),
                                    offset: reader.byteOffset)
                }
                guard length <= total - index else {
                    throw WebPError(.invalidBackReference("length \(length) at pixel \(index) of \(total)"),
                                    offset: reader.byteOffset)
                }
                // Element by element: the source may overlap the copy (a run when distance < length).
                for target in index..<(index + length) { pixels[target] = pixels[target - distance] }
                index += length
                x += length
                while x >= width {
                    x -= width
                    y += 1
                }
                if groupBits != 0 && index < total {
                    group = codes.groupOfBlock[(y >> groupBits) * codes.groupsPerRow + (x >> groupBits)] * 5
                }
                report.backReferences += 1
            } else {
                // Every pixel before this one enters the cache first (in order), then the lookup.
                let key = green - 256 - 24
                while cached < index {
                    let pixel = pixels[cached]
                    cache[Int((0x1e35_a7bd &* pixel) >> cacheShift)] = pixel
                    cached += 1
                }
                pixels[index] = cache[key]
                index += 1
                x += 1
                if x == width {
                    x = 0
                    y += 1
                }
                report.cacheReferences += 1
            }
        }
        try checkOverrun("the pixels")
        return pixels
    }

    private func checkOverrun(_ needed: String) throws(WebPError) {
        if reader.overrun { throw WebPError(.truncated(needed: needed), offset: reader.byteOffset) }
    }
}
