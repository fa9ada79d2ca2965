// MARK: - Progressive scans (T.81 G.1.2)
//
// A progressive image sends its coefficients in several scans: spectral selection splits the 64
// coefficients into bands (the DC alone, then AC bands of one component each), successive
// approximation sends the high bits first (`approximationLow` is the bit position of the lowest bit
// sent) and then one more bit per refinement scan. AC scans code runs of blocks with nothing left in
// the band as one end-of-band run (EOBRUN). Refinement scans send a correction bit for every
// coefficient already non-zero and place newly non-zero ones (always ±1 at the current bit) between
// them, as libjpeg's decode_mcu_AC_refine does.

extension JPEGScanDecoder {
    /// First DC scan: the predicted DC value, shifted up by the low bit position.
    mutating func decodeDCFirst(_ slot: Int, _ block: JPEGBlock) throws(JPEGError) {
        var buffer = self.buffer
        defer { self.buffer = buffer }
        block[0] = Int16(truncatingIfNeeded: try decodeDC(slot, &buffer) << scan.approximationLow)
    }

    /// DC refinement: one more bit.
    mutating func decodeDCRefine(_ block: JPEGBlock) {
        if reader.bit(&buffer) {
            block[0] |= Int16(truncatingIfNeeded: 1 << scan.approximationLow)
        }
    }

    /// First scan of an AC band.
    mutating func decodeACFirst(_ slot: Int, _ block: JPEGBlock) throws(JPEGError) {
        if endOfBandRun > 0 {
            endOfBandRun -= 1
            return
        }
        var buffer = self.buffer  // in registers while the block is decoded
        defer { self.buffer = buffer }
        let table = JPEGScanTables.ac(slot)
        let shift = scan.approximationLow
        let end = scan.spectralEnd
        var k = scan.spectralStart
        while k <= end {
            reader.ensure32(&buffer)
            let fast = tables.fastAC[table << 9 | buffer.peek9()]
            if fast != 0 {
                buffer.skip(JPEGFastAC.bitsUsed(fast))
                k += JPEGFastAC.run(fast)
                guard k <= end else { throw reader.corrupt("AC coefficient past the end of the band") }
                block[Int(natural[k])] = Int16(truncatingIfNeeded: JPEGFastAC.value(fast) << shift)
                k += 1
                continue
            }
            let symbol = try reader.decode(&buffer, tables, table)
            let size = symbol & 15, run = symbol >> 4
            if size == 0 {
                if run < 15 {
                    // An end-of-band run of 2^run + extra bits blocks, this one included.
                    endOfBandRun = (1 << run) - 1 + reader.bits(&buffer, run)
                    break
                }
                k += 16
                continue
            }
            k += run
            guard k <= end else { throw reader.corrupt("AC coefficient past the end of the band") }
            block[Int(natural[k])] = Int16(truncatingIfNeeded: try reader.receiveExtend(&buffer, size) << shift)
            k += 1
        }
    }

    /// Refinement scan of an AC band.
    mutating func decodeACRefine(_ slot: Int, _ block: JPEGBlock) throws(JPEGError) {
        let plus = 1 << scan.approximationLow
        let minus = -plus
        let end = scan.spectralEnd
        var k = scan.spectralStart
        var buffer = self.buffer  // in registers while the block is decoded
        defer { self.buffer = buffer }
        if endOfBandRun == 0 {
            let table = JPEGScanTables.ac(slot)
            while k <= end {
                reader.ensure32(&buffer)
                let symbol = try reader.decode(&buffer, tables, table)
                let size = symbol & 15
                var run = symbol >> 4
                var value = 0
                if size != 0 {
                    guard size == 1 else { throw reader.corrupt("refinement coefficient of size \(size)") }
                    value = reader.bit(&buffer) ? plus : minus
                } else if run != 15 {
                    // End of band: this block's remaining non-zero coefficients are refined below.
                    endOfBandRun = (1 << run) + reader.bits(&buffer, run)
                    break
                }
                // Skip `run` zero coefficients, refining the non-zero ones passed over.
                while k <= end {
                    let at = Int(natural[k])
                    if block[at] != 0 {
                        refine(block, at, plus: plus, minus: minus, &buffer)
                    } else {
                        if run == 0 { break }
                        run -= 1
                    }
                    k += 1
                }
                if value != 0 {
                    guard k <= end else { throw reader.corrupt("refined coefficient past the end of the band") }
                    block[Int(natural[k])] = Int16(truncatingIfNeeded: value)
                }
                k += 1
            }
        }
        if endOfBandRun > 0 {
            while k <= end {
                let at = Int(natural[k])
                if block[at] != 0 { refine(block, at, plus: plus, minus: minus, &buffer) }
                k += 1
            }
            endOfBandRun -= 1
        }
    }

    /// A correction bit for a coefficient already non-zero: when set, the magnitude grows by one
    /// step of the current bit (unless that bit is already set).
    @inline(__always)
    private mutating func refine(_ block: JPEGBlock, _ at: Int, plus: Int, minus: Int,
                                 _ buffer: inout JPEGBitBuffer) {
        guard reader.bit(&buffer) else { return }
        let current = Int(block[at])
        if current & plus == 0 {
            block[at] = Int16(truncatingIfNeeded: current >= 0 ? current + plus : current + minus)
        }
    }
}
