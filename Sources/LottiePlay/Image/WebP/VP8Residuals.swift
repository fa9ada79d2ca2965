// MARK: - VP8Residuals
//
// The DCT coefficients of a macroblock (RFC 6386, section 13), read from its token partition.
//
// ## Blocks and contexts
//
// A macroblock has 16 luma blocks, 4 U and 4 V blocks of 16 coefficients, and, when it is not
// predicted by 4×4 blocks, a Y2 block holding the luma DCs (its luma blocks then start at
// coefficient 1). Each block's tokens are read with the probabilities of its type, of the band of
// the coefficient position, and of a context: for the first token, how many of the blocks to the
// left and above (in this macroblock or the neighbouring one) ended after their first position;
// after that, whether the previous token was 0, 1 or larger. The Y2 context comes from the nearest
// macroblocks to the left and above that had a Y2 block.
//
// ## Tokens
//
// A token tree: end of block (not allowed right after a 0), 0, 1, 2, 3, 4, then categories 1...6
// of 1, 2, 3, 4, 5 and 11 extra bits (values from 5, 7, 11, 19, 35 and 67), then a sign bit.
// Values are multiplied by the segment's DC or AC step and stored, as 16 bits like libwebp, in
// raster order (the bitstream order is a zigzag).

/// The coefficient reader of a frame: its token probabilities and the non-zero contexts.
struct VP8Residuals {
    /// Per block type, the probability offset of each coefficient position's band: 17 entries
    /// (the last for the lookahead after position 15) from `17 × type`.
    private let bandOffsets: [Int]
    private let probabilities: [UInt8]
    private let zigzag = VP8Tables.zigzag

    /// Whether the last luma/U/V blocks of each macroblock column ended after their first
    /// position (4 + 2 + 2 flags per column), and whether its last Y2 block did.
    private var above: [UInt8]
    private var aboveY2: [UInt8]
    /// The same for the macroblock to the left (reset at each row).
    private var left = [UInt8](repeating: 0, count: 8)
    private var leftY2: UInt8 = 0

    /// The coefficients of the current macroblock: luma blocks 0...15, U 16...19, V 20...23, 16
    /// each in raster order.
    private(set) var coefficients = [Int16](repeating: 0, count: 24 * 16)
    /// The Y2 block of the current macroblock.
    private var y2 = [Int16](repeating: 0, count: 16)
    /// For each of the 24 blocks: 0 no coefficient, 1 only the DC, 2 AC coefficients too.
    private(set) var blockContent = [UInt8](repeating: 0, count: 24)

    init(probabilities: [UInt8], columns: Int) {
        self.probabilities = probabilities
        bandOffsets = (0..<4).flatMap { type in
            VP8Tables.bands.map { VP8Tables.tokenIndex(type: type, band: $0, context: 0) }
        }
        above = [UInt8](repeating: 0, count: 8 * columns)
        aboveY2 = [UInt8](repeating: 0, count: columns)
    }

    /// Resets the left contexts at the start of a macroblock row.
    mutating func startRow() {
        for i in 0..<8 { left[i] = 0 }
        leftY2 = 0
    }

    /// Records a macroblock without coefficients (skipped): its contexts become 0 (the Y2 ones
    /// only if it would have had a Y2 block).
    mutating func skip(column: Int, hasY2: Bool) {
        for i in 0..<8 {
            above[column * 8 + i] = 0
            left[i] = 0
        }
        if hasY2 {
            aboveY2[column] = 0
            leftY2 = 0
        }
        for i in 0..<24 { blockContent[i] = 0 }
    }

    /// Reads the coefficients of the macroblock in `column`; returns whether any block has a
    /// non-zero coefficient (after the Y2 transform) or ran to the end of its positions, which is
    /// libwebp's test for filtering the inner edges.
    mutating func read(_ partition: inout VP8BoolDecoder, column: Int, hasY2: Bool,
                       quantizer: VP8Quantizer) -> Bool {
        // A local copy, so that the decoder's state can stay in registers.
        var decoder = partition
        defer { partition = decoder }
        for i in 0..<coefficients.count { coefficients[i] = 0 }
        var first = 0
        var lumaType = 3
        if hasY2 {
            for i in 0..<16 { y2[i] = 0 }
            let context = Int(aboveY2[column] + leftY2)
            let end = readBlock(&decoder, type: 1, context: context, first: 0, dcStep: quantizer.y2DC,
                                acStep: quantizer.y2AC, intoY2: true, at: 0)
            let flag: UInt8 = end > 0 ? 1 : 0
            aboveY2[column] = flag
            leftY2 = flag
            VP8Transform.inverseWHT(y2, into: &coefficients)
            first = 1
            lumaType = 0
        }
        var anyContent = false
        let top = column * 8
        for y in 0..<4 {
            var leftFlag = left[y]
            for x in 0..<4 {
                let block = y * 4 + x
                let context = Int(leftFlag + above[top + x])
                let end = readBlock(&decoder, type: lumaType, context: context, first: first,
                                    dcStep: quantizer.y1DC, acStep: quantizer.y1AC, intoY2: false, at: block * 16)
                leftFlag = end > first ? 1 : 0
                above[top + x] = leftFlag
                let content: UInt8 = end > 1 ? 2 : coefficients[block * 16] != 0 ? 1 : 0
                blockContent[block] = content
                anyContent = anyContent || content != 0
            }
            left[y] = leftFlag
        }
        // U then V: 2×2 blocks each, contexts 4...5 and 6...7.
        for plane in 0..<2 {
            let contextBase = 4 + 2 * plane
            for y in 0..<2 {
                var leftFlag = left[contextBase + y]
                for x in 0..<2 {
                    let block = 16 + plane * 4 + y * 2 + x
                    let context = Int(leftFlag + above[top + contextBase + x])
                    let end = readBlock(&decoder, type: 2, context: context, first: 0, dcStep: quantizer.uvDC,
                                        acStep: quantizer.uvAC, intoY2: false, at: block * 16)
                    leftFlag = end > 0 ? 1 : 0
                    above[top + contextBase + x] = leftFlag
                    let content: UInt8 = end > 1 ? 2 : coefficients[block * 16] != 0 ? 1 : 0
                    blockContent[block] = content
                    anyContent = anyContent || content != 0
                }
                left[contextBase + y] = leftFlag
            }
        }
        return anyContent
    }

    /// Reads the tokens of one block from position `first` into `coefficients[base ..< base + 16]`
    /// (or the Y2 block); returns the position after the last token read (`first` when the block
    /// is empty).
    @inline(__always)
    private mutating func readBlock(_ decoder: inout VP8BoolDecoder, type: Int, context: Int, first: Int,
                                    dcStep: Int, acStep: Int, intoY2: Bool, at base: Int) -> Int {
        let offsets = 17 * type
        var n = first
        var p = bandOffsets[offsets + n] + context * VP8Tables.branchCount
        while n < 16 {
            if !decoder.bit(Int(probabilities[p])) { return n }  // end of block
            while !decoder.bit(Int(probabilities[p + 1])) {  // a zero; no end of block may follow
                n += 1
                if n == 16 { return 16 }
                p = bandOffsets[offsets + n]
            }
            let magnitude: Int
            let nextContext: Int
            if !decoder.bit(Int(probabilities[p + 2])) {
                magnitude = 1
                nextContext = 1
            } else {
                magnitude = largeValue(&decoder, p)
                nextContext = 2
            }
            let value = Int16(truncatingIfNeeded: decoder.signed(magnitude) * (n > 0 ? acStep : dcStep))
            if intoY2 { y2[zigzag[n]] = value } else { coefficients[base + zigzag[n]] = value }
            n += 1
            p = bandOffsets[offsets + n] + nextContext * VP8Tables.branchCount
        }
        return 16
    }

    /// A token of value 2 or more (the tree below the "one" branch, probabilities at `p`).
    private func largeValue(_ decoder: inout VP8BoolDecoder, _ p: Int) -> Int {
        if !decoder.bit(Int(probabilities[p + 3])) {
            if !decoder.bit(Int(probabilities[p + 4])) { return 2 }
            return 3 + (decoder.bit(Int(probabilities[p + 5])) ? 1 : 0)
        }
        if !decoder.bit(Int(probabilities[p + 6])) {
            if !decoder.bit(Int(probabilities[p + 7])) {
                return 5 + (decoder.bit(159) ? 1 : 0)  // category 1
            }
            return 7 + (decoder.bit(165) ? 2 : 0) + (decoder.bit(145) ? 1 : 0)  // category 2
        }
        let high = decoder.bit(Int(probabilities[p + 8])) ? 1 : 0
        let low = decoder.bit(Int(probabilities[p + 9 + high])) ? 1 : 0
        let category = 2 * high + low  // categories 3...6
        let extraBits: [UInt8]
        switch category {
        case 0: extraBits = VP8Tables.category3
        case 1: extraBits = VP8Tables.category4
        case 2: extraBits = VP8Tables.category5
        default: extraBits = VP8Tables.category6
        }
        var value = 0
        for probability in extraBits { value = value << 1 | (decoder.bit(Int(probability)) ? 1 : 0) }
        return value + 3 + (8 << category)
    }
}
