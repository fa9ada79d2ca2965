// MARK: - Scan decoding: MCU order, restart intervals, sequential (baseline) blocks
//
// A scan of one component visits that component's blocks row by row (each block is an MCU). A scan
// of several components visits whole MCUs, each holding h×v blocks of every component in scan order.
// With a restart interval (DRI), the entropy coder is reset every `restartInterval` MCUs: the bit
// reader expects RST0...RST7 in turn, and the DC predictors and the EOB run start again from 0.
//
// Corrupt or truncated entropy data stops the scan with a `JPEGError` (nothing is filled in): the
// simplest behaviour, and the one a caller can report.

/// Zig-zag order: `natural[k]` is the row-major index of the k-th coefficient of a scan or DQT.
enum JPEGZigZag {
    static let natural: [Int] = [
        0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5,
        12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
        35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51,
        58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
    ]
}

/// Decodes the entropy-coded data of one scan into the frame's coefficient buffers.
struct JPEGScanDecoder {
    /// How each block of this scan is coded.
    enum Pass {
        case sequential, dcFirst, dcRefine, acFirst, acRefine
    }

    var reader: JPEGBitReader
    let scan: JPEGScan
    let pass: Pass
    /// Huffman tables per scan component (an empty placeholder where the pass needs none).
    let dcTables: [JPEGHuffmanTable]
    let acTables: [JPEGHuffmanTable]
    let restartInterval: Int
    /// DC predictor per scan component.
    var predictors: [Int]
    /// Blocks left in the current end-of-band run (progressive AC scans).
    var endOfBandRun = 0

    init(reader: JPEGBitReader, scan: JPEGScan, progressive: Bool, dcTables: [JPEGHuffmanTable],
         acTables: [JPEGHuffmanTable], restartInterval: Int) {
        self.reader = reader
        self.scan = scan
        if !progressive {
            pass = .sequential
        } else if scan.spectralStart == 0 {
            pass = scan.approximationHigh == 0 ? .dcFirst : .dcRefine
        } else {
            pass = scan.approximationHigh == 0 ? .acFirst : .acRefine
        }
        self.dcTables = dcTables
        self.acTables = acTables
        self.restartInterval = restartInterval
        predictors = [Int](repeating: 0, count: scan.components.count)
    }

    /// Which tables the pass reads: (DC, AC).
    static func tablesNeeded(progressive: Bool, scan: JPEGScan) -> (dc: Bool, ac: Bool) {
        if !progressive { return (true, true) }
        if scan.spectralStart == 0 { return (scan.approximationHigh == 0, false) }
        return (false, true)
    }

    /// Decodes every MCU of the scan; returns the position after the data read.
    mutating func run(_ frame: inout JPEGFrame) throws(JPEGError) -> Int {
        var mcu = 0
        if scan.components.count == 1 {
            let index = scan.components[0]
            let component = frame.components[index]
            for blockRow in 0..<component.blocksPerColumn {
                for blockColumn in 0..<component.blocksPerLine {
                    try restartIfDue(mcu)
                    let base = (blockRow * component.blocksPerLineAllocated + blockColumn) * 64
                    try decodeBlock(0, &frame.components[index].coefficients, base)
                    guard !reader.overran else { throw reader.corrupt("the data ends inside the scan") }
                    mcu += 1
                }
            }
        } else {
            for mcuRow in 0..<frame.mcusPerColumn {
                for mcuColumn in 0..<frame.mcusPerLine {
                    try restartIfDue(mcu)
                    for (slot, index) in scan.components.enumerated() {
                        let h = frame.components[index].horizontal, v = frame.components[index].vertical
                        let line = frame.components[index].blocksPerLineAllocated
                        for y in 0..<v {
                            for x in 0..<h {
                                let base = ((mcuRow * v + y) * line + mcuColumn * h + x) * 64
                                try decodeBlock(slot, &frame.components[index].coefficients, base)
                            }
                        }
                    }
                    guard !reader.overran else { throw reader.corrupt("the data ends inside the scan") }
                    mcu += 1
                }
            }
        }
        return reader.position
    }

    private mutating func restartIfDue(_ mcu: Int) throws(JPEGError) {
        guard restartInterval > 0, mcu > 0, mcu % restartInterval == 0 else { return }
        try reader.restart(expecting: (mcu / restartInterval - 1) & 7)
        for slot in predictors.indices { predictors[slot] = 0 }
        endOfBandRun = 0
    }

    private mutating func decodeBlock(_ slot: Int, _ coefficients: inout [Int16], _ base: Int) throws(JPEGError) {
        switch pass {
        case .sequential: try decodeSequential(slot, &coefficients, base)
        case .dcFirst: try decodeDCFirst(slot, &coefficients, base)
        case .dcRefine: decodeDCRefine(&coefficients, base)
        case .acFirst: try decodeACFirst(slot, &coefficients, base)
        case .acRefine: try decodeACRefine(slot, &coefficients, base)
        }
    }

    /// A whole block of a sequential scan: the DC difference, then run/size coded AC coefficients.
    private mutating func decodeSequential(_ slot: Int, _ coefficients: inout [Int16], _ base: Int) throws(JPEGError) {
        let category = try reader.decode(dcTables[slot])
        predictors[slot] += try reader.receiveExtend(category)
        coefficients[base] = Int16(truncatingIfNeeded: predictors[slot])
        let table = acTables[slot]
        var k = 1
        while k < 64 {
            let symbol = try reader.decode(table)
            let size = symbol & 15, run = symbol >> 4
            if size == 0 {
                if run != 15 { break }  // end of block
                k += 16  // sixteen zeros
                continue
            }
            k += run
            guard k < 64 else { throw reader.corrupt("AC coefficient past the end of the block") }
            coefficients[base + JPEGZigZag.natural[k]] = Int16(truncatingIfNeeded: try reader.receiveExtend(size))
            k += 1
        }
    }
}
