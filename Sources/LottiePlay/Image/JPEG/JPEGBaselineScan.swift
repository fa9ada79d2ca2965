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
    static let natural: [UInt8] = [
        0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5,
        12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
        35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51,
        58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
    ]
}

/// Decodes the entropy-coded data of one scan into the frame's coefficients.
struct JPEGScanDecoder {
    /// How each block of this scan is coded.
    enum Pass {
        case sequential, dcFirst, dcRefine, acFirst, acRefine
    }

    var reader: JPEGBitReader
    /// The bits the reader has read ahead.
    var buffer = JPEGBitBuffer()
    let scan: JPEGScan
    let pass: Pass
    /// The DC and AC tables of the scan components (empty where the pass needs none).
    let tables: JPEGScanTables
    let restartInterval: Int
    /// `JPEGZigZag.natural`, kept at hand.
    let natural = JPEGZigZag.natural
    /// DC predictor per scan component.
    var predictors = SIMD4<Int>()
    /// Blocks left in the current end-of-band run (progressive AC scans).
    var endOfBandRun = 0

    init(reader: JPEGBitReader, scan: JPEGScan, progressive: Bool, tables: JPEGScanTables, restartInterval: Int) {
        self.reader = reader
        self.scan = scan
        if !progressive {
            pass = .sequential
        } else if scan.spectralStart == 0 {
            pass = scan.approximationHigh == 0 ? .dcFirst : .dcRefine
        } else {
            pass = scan.approximationHigh == 0 ? .acFirst : .acRefine
        }
        self.tables = tables
        self.restartInterval = restartInterval
    }

    /// Which tables the pass reads: (DC, AC).
    static func tablesNeeded(progressive: Bool, scan: JPEGScan) -> (dc: Bool, ac: Bool) {
        if !progressive { return (true, true) }
        if scan.spectralStart == 0 { return (scan.approximationHigh == 0, false) }
        return (false, true)
    }

    /// Decodes every MCU of the scan; returns the position after the data read.
    mutating func run(_ frame: inout JPEGFrame) throws(JPEGError) -> Int {
        let components = frame.components
        let (mcusPerLine, mcusPerColumn) = (frame.mcusPerLine, frame.mcusPerColumn)
        try JPEGCoefficientStorage.with(&frame.coefficients) { (storage) throws(JPEGError) in
            var mcusLeft = restartInterval  // before the next restart marker
            var restarts = 0
            if scan.components.count == 1 {
                let component = components[scan.components[0]]
                for blockRow in 0..<component.blocksPerColumn {
                    var offset = component.blockOffset(row: blockRow, column: 0)
                    for _ in 0..<component.blocksPerLine {
                        if restartInterval > 0 {
                            if mcusLeft == 0 {
                                try restart(restarts)
                                restarts += 1
                                mcusLeft = restartInterval
                            }
                            mcusLeft -= 1
                        }
                        try decodeBlock(0, storage.block(at: offset))
                        guard !reader.overran(buffer) else { throw reader.corrupt("the data ends inside the scan") }
                        offset += 64
                    }
                }
            } else {
                for mcuRow in 0..<mcusPerColumn {
                    for mcuColumn in 0..<mcusPerLine {
                        if restartInterval > 0 {
                            if mcusLeft == 0 {
                                try restart(restarts)
                                restarts += 1
                                mcusLeft = restartInterval
                            }
                            mcusLeft -= 1
                        }
                        for (slot, index) in scan.components.enumerated() {
                            let component = components[index]
                            let h = component.horizontal, v = component.vertical
                            for y in 0..<v {
                                let offset = component.blockOffset(row: mcuRow * v + y, column: mcuColumn * h)
                                for x in 0..<h {
                                    try decodeBlock(slot, storage.block(at: offset + x * 64))
                                }
                            }
                        }
                        guard !reader.overran(buffer) else { throw reader.corrupt("the data ends inside the scan") }
                    }
                }
            }
        }
        return reader.position
    }

    /// Restart `count` (from 0): RSTn in turn, and the entropy coder starts again.
    private mutating func restart(_ count: Int) throws(JPEGError) {
        try reader.restart(expecting: count & 7)
        buffer = JPEGBitBuffer()
        predictors = SIMD4()
        endOfBandRun = 0
    }

    @inline(__always)
    private mutating func decodeBlock(_ slot: Int, _ block: JPEGBlock) throws(JPEGError) {
        switch pass {
        case .sequential: try decodeSequential(slot, block)
        case .dcFirst: try decodeDCFirst(slot, block)
        case .dcRefine: decodeDCRefine(block)
        case .acFirst: try decodeACFirst(slot, block)
        case .acRefine: try decodeACRefine(slot, block)
        }
    }

    /// The DC coefficient: the predictor plus the decoded difference.
    @inline(__always)
    mutating func decodeDC(_ slot: Int, _ buffer: inout JPEGBitBuffer) throws(JPEGError) -> Int {
        reader.ensure32(&buffer)
        let category = try reader.decode(&buffer, tables, slot)
        predictors[slot & 3] &+= try reader.receiveExtend(&buffer, category)
        return predictors[slot & 3]
    }

    /// A whole block of a sequential scan: the DC difference, then run/size coded AC coefficients.
    private mutating func decodeSequential(_ slot: Int, _ block: JPEGBlock) throws(JPEGError) {
        var buffer = self.buffer  // in registers while the block is decoded
        defer { self.buffer = buffer }
        block[0] = Int16(truncatingIfNeeded: try decodeDC(slot, &buffer))
        let table = JPEGScanTables.ac(slot)
        var k = 1
        while k < 64 {
            reader.ensure32(&buffer)
            let fast = tables.fastAC[table << 9 | buffer.peek9()]
            if fast != 0 {
                buffer.skip(JPEGFastAC.bitsUsed(fast))
                k += JPEGFastAC.run(fast)
                guard k < 64 else { throw reader.corrupt("AC coefficient past the end of the block") }
                block[Int(natural[k])] = Int16(truncatingIfNeeded: JPEGFastAC.value(fast))
                k += 1
                continue
            }
            let symbol = try reader.decode(&buffer, tables, table)
            let size = symbol & 15, run = symbol >> 4
            if size == 0 {
                if run != 15 { break }  // end of block
                k += 16  // sixteen zeros
                continue
            }
            k += run
            guard k < 64 else { throw reader.corrupt("AC coefficient past the end of the block") }
            block[Int(natural[k])] = Int16(truncatingIfNeeded: try reader.receiveExtend(&buffer, size))
            k += 1
        }
    }
}
