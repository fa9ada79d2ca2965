// MARK: - HuffmanCode
//
// Builds the length-limited canonical Huffman codes that `Deflate` writes.
//
// ## Algorithm
//
// 1. Symbols with a non-zero frequency are sorted by frequency (ties by symbol). If fewer than
//    `minimumSymbols` are used, unused symbols get frequency 1: zlib's decoder rejects a code-length
//    code with a single symbol, and a code of one symbol of length 1 is incomplete.
// 2. Optimal (unbounded) lengths come from the classic two-queue Huffman construction: leaves in
//    frequency order and internal nodes, which are created in non-decreasing weight order, so the two
//    lightest nodes are always at the heads of the two queues. Depths are then read top-down.
// 3. If the longest code exceeds `maxLength`, the number of codes per length is repaired as zlib's
//    `gen_bitlen` / miniz's `enforce_max_code_size` do: over-long codes are clamped to `maxLength`,
//    then, while the Kraft sum exceeds 1, one code of length `maxLength` is dropped and one shorter
//    leaf is split. The result is a complete code; lengths are handed out longest first to the least
//    frequent symbols.
// 4. Canonical codes (RFC 1951 §3.2.2) are assigned from the lengths and stored bit-reversed, ready for
//    `BitWriter`, which writes least-significant bit first.

struct HuffmanCode {
    /// Code length per symbol (0 = unused).
    let lengths: [UInt8]
    /// Bit-reversed canonical code per symbol.
    let codes: [UInt16]

    /// The canonical code for the given lengths.
    init(lengths: [UInt8]) {
        self.lengths = lengths
        var countPerLength = [Int](repeating: 0, count: 16)
        for length in lengths { countPerLength[Int(length)] += 1 }
        countPerLength[0] = 0
        var nextCode = [Int](repeating: 0, count: 16)
        var code = 0
        for length in 1..<16 {
            code = (code + countPerLength[length - 1]) << 1
            nextCode[length] = code
        }
        var codes = [UInt16](repeating: 0, count: lengths.count)
        for (symbol, length) in lengths.enumerated() where length > 0 {
            codes[symbol] = UInt16(HuffmanDecodingTable.reverse(nextCode[Int(length)], Int(length)))
            nextCode[Int(length)] += 1
        }
        self.codes = codes
    }

    /// An optimal code for `frequencies` with no code longer than `maxLength` bits.
    init(frequencies: [UInt32], maxLength: Int, minimumSymbols: Int = 2) {
        self.init(lengths: HuffmanCode.lengths(frequencies: frequencies, maxLength: maxLength,
                                               minimumSymbols: minimumSymbols))
    }

    /// Bits needed to code symbols with these frequencies (without extra bits).
    func cost(_ frequencies: [UInt32]) -> Int {
        var total = 0
        for (symbol, frequency) in frequencies.enumerated() { total += Int(frequency) * Int(lengths[symbol]) }
        return total
    }

    // MARK: Lengths

    /// Length-limited code lengths for `frequencies` (see the design comment).
    static func lengths(frequencies: [UInt32], maxLength: Int, minimumSymbols: Int) -> [UInt8] {
        var frequencies = frequencies
        var used = frequencies.indices.filter { frequencies[$0] > 0 }
        var filler = 0
        while used.count < min(minimumSymbols, frequencies.count) {
            while frequencies[filler] > 0 { filler += 1 }
            frequencies[filler] = 1
            used.append(filler)
        }
        var lengths = [UInt8](repeating: 0, count: frequencies.count)
        if used.isEmpty { return lengths }
        if used.count == 1 {
            lengths[used[0]] = 1
            return lengths
        }
        let symbols = used.sorted { (frequencies[$0], $0) < (frequencies[$1], $1) }
        let leafCount = symbols.count

        // Two-queue construction. Nodes 0..<leafCount are leaves, leafCount... internal nodes.
        var weight = [UInt64](repeating: 0, count: 2 * leafCount - 1)
        var parent = [Int](repeating: 0, count: 2 * leafCount - 1)
        for (i, symbol) in symbols.enumerated() { weight[i] = UInt64(frequencies[symbol]) }
        var nextLeaf = 0
        var nextInternal = leafCount
        var created = leafCount
        func takeLightest() -> Int {
            if nextLeaf < leafCount && (nextInternal >= created || weight[nextLeaf] <= weight[nextInternal]) {
                nextLeaf += 1
                return nextLeaf - 1
            }
            nextInternal += 1
            return nextInternal - 1
        }
        while created < 2 * leafCount - 1 {
            let a = takeLightest()
            let b = takeLightest()
            weight[created] = weight[a] + weight[b]
            parent[a] = created
            parent[b] = created
            created += 1
        }
        // Depths, root (the last node) first: a parent always has a larger index than its children.
        var depth = [Int](repeating: 0, count: 2 * leafCount - 1)
        for node in stride(from: 2 * leafCount - 3, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }

        var countPerLength = [Int](repeating: 0, count: max(maxLength, depth.max()!) + 1)
        for leaf in 0..<leafCount { countPerLength[depth[leaf]] += 1 }
        if countPerLength.count - 1 > maxLength {
            for length in (maxLength + 1)..<countPerLength.count {
                countPerLength[maxLength] += countPerLength[length]
                countPerLength[length] = 0
            }
            var kraft = 0
            for length in 1...maxLength { kraft += countPerLength[length] << (maxLength - length) }
            while kraft > 1 << maxLength {
                countPerLength[maxLength] -= 1
                for length in stride(from: maxLength - 1, through: 1, by: -1) where countPerLength[length] > 0 {
                    countPerLength[length] -= 1
                    countPerLength[length + 1] += 2
                    break
                }
                kraft -= 1
            }
        }
        // Longest codes to the least frequent symbols (the front of `symbols`).
        var index = 0
        for length in stride(from: maxLength, through: 1, by: -1) {
            for _ in 0..<countPerLength[length] {
                lengths[symbols[index]] = UInt8(length)
                index += 1
            }
        }
        return lengths
    }
}
