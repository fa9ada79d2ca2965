// MARK: - DynamicHeader
//
// The header of a dynamic-Huffman block (RFC 1951 §3.2.7): HLIT, HDIST, HCLEN, the code-length code's
// lengths and the run-length coded code lengths of the literal/length and distance codes.
//
// ## Structure
//
// The literal/length lengths (trimmed to at least 257) and distance lengths (at least 1) are run-length
// coded as one sequence, as zlib does: runs of zeros with 17 (3...10) and 18 (11...138), repeats of a
// non-zero length with 16 (3...6 copies of the previous length, after sending the length once). The
// run symbols are Huffman coded with a code of at most 7 bits whose lengths are sent in
// `DeflateTables.codeLengthOrder`, trailing zeros trimmed (at least 4).

struct DynamicHeader {
    private let literalCount: Int
    private let distanceCount: Int
    private let codeLengthCount: Int
    /// Run-length symbols: symbol (0...18) and its extra-bit value.
    private let runs: [(symbol: Int, extra: Int)]
    private let codeLengthCode: HuffmanCode

    init(literal: HuffmanCode, distance: HuffmanCode) {
        literalCount = max(257, (literal.lengths.lastIndex(where: { $0 != 0 }) ?? 0) + 1)
        distanceCount = max(1, (distance.lengths.lastIndex(where: { $0 != 0 }) ?? 0) + 1)
        let sequence = Array(literal.lengths[0..<literalCount]) + Array(distance.lengths[0..<distanceCount])

        var runs: [(symbol: Int, extra: Int)] = []
        var index = 0
        while index < sequence.count {
            let value = sequence[index]
            var run = 1
            while index + run < sequence.count && sequence[index + run] == value { run += 1 }
            index += run
            if value == 0 {
                while run >= 11 {
                    let take = min(run, 138)
                    runs.append((18, take - 11))
                    run -= take
                }
                if run >= 3 {
                    runs.append((17, run - 3))
                    run = 0
                }
            } else {
                runs.append((Int(value), 0))
                run -= 1
                while run >= 3 {
                    let take = min(run, 6)
                    runs.append((16, take - 3))
                    run -= take
                }
            }
            for _ in 0..<run { runs.append((Int(value), 0)) }
        }
        self.runs = runs

        var frequencies = [UInt32](repeating: 0, count: 19)
        for run in runs { frequencies[run.symbol] += 1 }
        codeLengthCode = HuffmanCode(frequencies: frequencies, maxLength: 7)
        var count = 19
        while count > 4 && codeLengthCode.lengths[DeflateTables.codeLengthOrder[count - 1]] == 0 { count -= 1 }
        codeLengthCount = count
    }

    /// Size of the header in bits (after the 3-bit block header).
    var bitCount: Int {
        var total = 5 + 5 + 4 + 3 * codeLengthCount
        for run in runs { total += Int(codeLengthCode.lengths[run.symbol]) + DynamicHeader.extraBitCount(run.symbol) }
        return total
    }

    func write(to writer: inout BitWriter) {
        writer.write(UInt32(literalCount - 257), 5)
        writer.write(UInt32(distanceCount - 1), 5)
        writer.write(UInt32(codeLengthCount - 4), 4)
        for i in 0..<codeLengthCount {
            writer.write(UInt32(codeLengthCode.lengths[DeflateTables.codeLengthOrder[i]]), 3)
        }
        for run in runs {
            writer.write(UInt32(codeLengthCode.codes[run.symbol]), Int(codeLengthCode.lengths[run.symbol]))
            let extra = DynamicHeader.extraBitCount(run.symbol)
            if extra > 0 { writer.write(UInt32(run.extra), extra) }
        }
    }

    private static func extraBitCount(_ symbol: Int) -> Int {
        switch symbol {
        case 16: return 2
        case 17: return 3
        case 18: return 7
        default: return 0
        }
    }
}
