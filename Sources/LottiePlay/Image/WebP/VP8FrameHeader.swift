// MARK: - VP8FrameHeader
//
// The header of a VP8 key frame (RFC 6386, sections 9 and 19.2), as carried by a WebP `VP8 `
// chunk:
//
// 1. The 3-byte frame tag: key frame flag (0 for a key frame), version (0...3), show flag, and the
//    size of the first partition (19 bits).
// 2. The start code 9d 01 2a, then width and height in 14 bits each (the 2 scaling bits above them
//    do not change the decoded size).
// 3. In the first partition, boolean-coded: colour space and clamping bits (ignored: pixels are
//    always clamped), the segmentation header, the loop filter header, the number of token
//    partitions, the quantizer indexes, the (ignored) entropy refresh flag, the token probability
//    updates and the macroblock skip probability.
// 4. After the first partition, the sizes of all token partitions but the last (3 bytes each), then
//    the partitions.
//
// The rest of the first partition (the per-macroblock modes) is read by `VP8Decoder` with the bool
// decoder this parser returns.
//
// As in libwebp: a frame whose first partition is longer than the chunk, or whose partition size
// table or last partition is missing, is truncated; sizes of earlier partitions that run past the
// chunk are cut to what is there. Segmentation enabled without segment data means absolute values
// of zero for every segment (libwebp's reset state).

/// The quantizer steps of one segment.
struct VP8Quantizer: Equatable {
    var y1DC = 0, y1AC = 0
    var y2DC = 0, y2AC = 0
    var uvDC = 0, uvAC = 0

    /// The steps for base index `index` and the header's deltas (RFC 6386, section 14.1; Y2 DC is
    /// doubled, Y2 AC scaled by 155/100 with a minimum of 8, chroma DC capped at index 117).
    init(index: Int, deltas: [Int]) {
        func clip(_ value: Int, _ maximum: Int) -> Int { min(max(value, 0), maximum) }
        y1DC = VP8Tables.dcSteps[clip(index + deltas[0], 127)]
        y1AC = VP8Tables.acSteps[clip(index, 127)]
        y2DC = VP8Tables.dcSteps[clip(index + deltas[1], 127)] * 2
        y2AC = max(VP8Tables.acSteps[clip(index + deltas[2], 127)] * 155 / 100, 8)
        uvDC = VP8Tables.dcSteps[clip(index + deltas[3], 117)]
        uvAC = VP8Tables.acSteps[clip(index + deltas[4], 127)]
    }
}

/// A parsed VP8 key frame header.
struct VP8FrameHeader {
    /// The segmentation header (section 9.3).
    struct Segmentation: Equatable {
        var enabled = false
        /// Whether each macroblock carries its segment number (else all are segment 0).
        var updatesMap = false
        /// Whether the per-segment values replace the frame's (true) or are added to them.
        var absoluteValues = true
        var quantizer = [0, 0, 0, 0]
        var filterLevel = [0, 0, 0, 0]
        /// The probabilities of the segment number tree.
        var treeProbabilities: [UInt8] = [255, 255, 255]
    }

    /// The loop filter header (section 9.6).
    struct Filter: Equatable {
        var simple = false
        var level = 0
        var sharpness = 0
        var deltasEnabled = false
        /// Level deltas by reference frame (only index 0, intra, applies to key frames).
        var referenceDeltas = [0, 0, 0, 0]
        /// Level deltas by mode (only index 0, B_PRED, applies to key frames).
        var modeDeltas = [0, 0, 0, 0]
    }

    var width: Int
    var height: Int
    /// The version (profile) number of the frame tag, 0...3.
    var version: Int
    var segmentation = Segmentation()
    var filter = Filter()
    /// The quantizer steps of each of the four segments (all equal without segmentation).
    var quantizers: [VP8Quantizer] = []
    /// The token probabilities after this frame's updates (`VP8Tables` layout).
    var tokenProbabilities = VP8Tables.defaultTokenProbabilities
    /// The probability that a macroblock is not skipped, or nil when skipping is not coded.
    var skipProbability: Int?
    /// The file ranges of the first partition and of the token partitions.
    var firstPartition: Range<Int>
    var tokenPartitions: [Range<Int>] = []

    /// Macroblocks per row and per column.
    var macroblockColumns: Int { (width + 15) >> 4 }
    var macroblockRows: Int { (height + 15) >> 4 }

    /// Parses the header of the VP8 data in `data[range]`; returns it with the first partition's
    /// bool decoder positioned at the first macroblock's modes. The size is checked against
    /// `maxPixelCount` before anything else is read.
    static func parse(_ data: [UInt8], range: Range<Int>,
                      maxPixelCount: Int) throws(WebPError) -> (VP8FrameHeader, VP8BoolDecoder) {
        let size = try WebPDecoder.lossySize(data, range: range)
        guard size.width * size.height <= maxPixelCount else {
            throw WebPError(.tooLarge(width: size.width, height: size.height, maxPixelCount: maxPixelCount),
                            offset: range.lowerBound + 6)
        }
        let base = range.lowerBound
        let tag = Int(data[base]) | Int(data[base + 1]) << 8 | Int(data[base + 2]) << 16
        let version = (tag >> 1) & 7
        guard version <= 3 else {
            throw WebPError(.invalidHeader("VP8 version \(version) (0...3 exist)"), offset: base)
        }
        guard (tag >> 4) & 1 == 1 else {
            throw WebPError(.invalidHeader("VP8 frame is not shown"), offset: base)
        }
        let firstSize = tag >> 5
        let firstStart = base + 10
        guard firstSize <= range.upperBound - firstStart else {
            throw WebPError(.truncated(needed: "the VP8 first partition of \(firstSize) bytes; "
                                       + "the chunk holds \(range.upperBound - firstStart)"), offset: base)
        }
        let first = firstStart..<(firstStart + firstSize)
        var header = VP8FrameHeader(width: size.width, height: size.height, version: version, firstPartition: first)
        var decoder = VP8BoolDecoder(data, range: first)

        _ = decoder.flag()  // colour space: only 0 (YUV) is defined
        _ = decoder.flag()  // clamping type: pixels are clamped either way
        header.readSegmentation(&decoder)
        header.readFilter(&decoder)
        let partitionCount = 1 << decoder.literal(2)
        header.readQuantizers(&decoder)
        _ = decoder.flag()  // refresh_entropy_probs: meaningless for a single frame
        header.readTokenProbabilities(&decoder)
        header.skipProbability = decoder.flag() ? decoder.literal(8) : nil
        if decoder.overrun {
            throw WebPError(.truncated(needed: "the VP8 frame header in the first partition"), offset: first.upperBound)
        }
        header.tokenPartitions = try partitions(data, count: partitionCount, in: first.upperBound..<range.upperBound)
        return (header, decoder)
    }

    /// The token partitions: a table of `count − 1` 3-byte sizes, then the partitions, the last
    /// one taking the rest of the chunk.
    private static func partitions(_ data: [UInt8], count: Int,
                                   in rest: Range<Int>) throws(WebPError) -> [Range<Int>] {
        let tableSize = 3 * (count - 1)
        guard rest.count >= tableSize else {
            throw WebPError(.truncated(needed: "the sizes of \(count) VP8 token partitions"), offset: rest.lowerBound)
        }
        var result: [Range<Int>] = []
        var start = rest.lowerBound + tableSize
        for p in 0..<(count - 1) {
            let entry = rest.lowerBound + 3 * p
            let size = Int(data[entry]) | Int(data[entry + 1]) << 8 | Int(data[entry + 2]) << 16
            let end = start + min(size, rest.upperBound - start)
            result.append(start..<end)
            start = end
        }
        guard start < rest.upperBound else {
            throw WebPError(.truncated(needed: "VP8 token partition \(count - 1)"), offset: rest.upperBound)
        }
        result.append(start..<rest.upperBound)
        return result
    }

    // MARK: Header fields

    private mutating func readSegmentation(_ decoder: inout VP8BoolDecoder) {
        segmentation.enabled = decoder.flag()
        guard segmentation.enabled else { return }
        segmentation.updatesMap = decoder.flag()
        if decoder.flag() {  // segment data follows
            segmentation.absoluteValues = decoder.flag()
            for s in 0..<4 { segmentation.quantizer[s] = decoder.flag() ? decoder.signedLiteral(7) : 0 }
            for s in 0..<4 { segmentation.filterLevel[s] = decoder.flag() ? decoder.signedLiteral(6) : 0 }
        }
        if segmentation.updatesMap {
            for i in 0..<3 { segmentation.treeProbabilities[i] = decoder.flag() ? UInt8(decoder.literal(8)) : 255 }
        }
    }

    private mutating func readFilter(_ decoder: inout VP8BoolDecoder) {
        filter.simple = decoder.flag()
        filter.level = decoder.literal(6)
        filter.sharpness = decoder.literal(3)
        filter.deltasEnabled = decoder.flag()
        if filter.deltasEnabled && decoder.flag() {  // the deltas are updated
            for i in 0..<4 {
                if decoder.flag() { filter.referenceDeltas[i] = decoder.signedLiteral(6) }
            }
            for i in 0..<4 {
                if decoder.flag() { filter.modeDeltas[i] = decoder.signedLiteral(6) }
            }
        }
    }

    private mutating func readQuantizers(_ decoder: inout VP8BoolDecoder) {
        let baseIndex = decoder.literal(7)
        // Deltas of Y1 DC, Y2 DC, Y2 AC, chroma DC and chroma AC.
        var deltas = [Int](repeating: 0, count: 5)
        for i in 0..<5 {
            if decoder.flag() { deltas[i] = decoder.signedLiteral(4) }
        }
        quantizers = (0..<4).map { segment in
            var index = baseIndex
            if segmentation.enabled {
                index = segmentation.quantizer[segment] + (segmentation.absoluteValues ? 0 : baseIndex)
            }
            return VP8Quantizer(index: index, deltas: deltas)
        }
    }

    private mutating func readTokenProbabilities(_ decoder: inout VP8BoolDecoder) {
        for i in 0..<tokenProbabilities.count {
            if decoder.bit(Int(VP8Tables.tokenUpdateProbabilities[i])) { tokenProbabilities[i] = UInt8(decoder.literal(8)) }
        }
    }
}
