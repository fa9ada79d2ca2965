// MARK: - LZWEncoder
//
// The variable-width LZW compression of GIF image data (GIF89a appendix F).
//
// ## Codes
//
// With a minimum code size m (2...8, enough bits for every colour index), codes 0..<2^m are the
// single indices, 2^m is the clear code, 2^m + 1 the end of information, and new strings are numbered
// from 2^m + 2. Codes start m + 1 bits wide and widen by one bit when the next code to assign no
// longer fits, up to 12 bits (4096 codes). When code 4095 has been assigned the table is full: the
// encoder sends a clear code and starts over at m + 1 bits, so the dictionary follows the image as it
// changes instead of freezing on its first 4093 strings.
//
// The decoder adds each string one code later than the encoder (it learns the string's last index
// only from the next code), so the encoder widens after writing a code when the code it is about to
// assign is 2^width: at that point the decoder, one entry behind, has just filled its width.
//
// Codes are packed least-significant bit first and the stream is cut into sub-blocks of at most 255
// bytes, each after its length, ending with an empty sub-block.
//
// ## Dictionary
//
// `children[code << 8 | index]` is the code of string(code) + index. Instead of zeroing the 4 MiB
// table at every clear code, each entry carries the generation it was written in and entries of an
// older generation count as absent; a clear code is then one increment.

/// Compresses colour indices with GIF's LZW, reusing its dictionary memory across frames.
struct LZWEncoder {
    /// The largest code GIF allows (12 bits).
    static let maxCode = 4095

    /// Per (prefix code, next index): generation << 12 | code; 0 never matches (generations start at 1).
    private var children = [UInt32](repeating: 0, count: 4096 * 256)
    private var generation: UInt32 = 0

    // MARK: Encoding

    /// The LZW data of `indices` (each below 2^`minimumCodeSize`) as GIF sub-blocks: the code size
    /// byte is not included; the terminating empty sub-block is.
    mutating func encode(_ indices: [UInt8], minimumCodeSize: Int) -> [UInt8] {
        precondition((2...8).contains(minimumCodeSize), "GIF minimum code sizes are 2...8")
        let clearCode = 1 << minimumCodeSize
        let endCode = clearCode + 1
        var codes = CodePacker()
        var width = minimumCodeSize + 1
        var nextCode = clearCode + 2
        startGeneration()
        codes.write(clearCode, width: width)

        guard var current = indices.first.map(Int.init) else {
            codes.write(endCode, width: width)
            return Self.subBlocks(codes.finish())
        }
        for index in indices.dropFirst() {
            let key = current << 8 | Int(index)
            let entry = children[key]
            if entry >> 12 == generation {
                current = Int(entry & 0xFFF)
                continue
            }
            codes.write(current, width: width)
            if nextCode == 1 << width && width < 12 { width += 1 }
            children[key] = generation << 12 | UInt32(nextCode)
            nextCode += 1
            if nextCode > Self.maxCode {
                codes.write(clearCode, width: width)
                startGeneration()
                width = minimumCodeSize + 1
                nextCode = clearCode + 2
            }
            current = Int(index)
        }
        codes.write(current, width: width)
        if nextCode == 1 << width && width < 12 { width += 1 }
        codes.write(endCode, width: width)
        return Self.subBlocks(codes.finish())
    }

    /// Forgets every string: entries of earlier generations no longer match.
    private mutating func startGeneration() {
        generation += 1
        if generation >= 1 << 20 {  // The stamp has 20 bits; after ~a million clears, really clear.
            children = [UInt32](repeating: 0, count: children.count)
            generation = 1
        }
    }

    /// `data` cut into length-prefixed sub-blocks of at most 255 bytes, then the empty sub-block.
    static func subBlocks(_ data: [UInt8]) -> [UInt8] {
        var output = [UInt8]()
        output.reserveCapacity(data.count + data.count / 255 + 2)
        var start = 0
        while start < data.count {
            let end = min(data.count, start + 255)
            output.append(UInt8(end - start))
            output += data[start..<end]
            start = end
        }
        output.append(0)
        return output
    }
}

// MARK: - CodePacker

/// Packs codes of varying width least-significant bit first into bytes.
private struct CodePacker {
    private(set) var bytes: [UInt8] = []
    private var buffer: UInt32 = 0
    private var count = 0

    mutating func write(_ code: Int, width: Int) {
        buffer |= UInt32(code) << UInt32(count)
        count += width
        while count >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            count -= 8
        }
    }

    /// The bytes written, the last one padded with zero bits.
    mutating func finish() -> [UInt8] {
        if count > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
        buffer = 0
        count = 0
        return bytes
    }
}
