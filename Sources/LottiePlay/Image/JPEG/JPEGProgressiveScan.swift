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
    mutating func decodeDCFirst(_ slot: Int, _ coefficients: inout [Int16], _ base: Int) throws(JPEGError) {
        let category = try reader.decode(dcTables[slot])
        predictors[slot] += try reader.receiveExtend(category)
        coefficients[base] = Int16(truncatingIfNeeded: predictors[slot] << scan.approximationLow)
    }

    /// DC refinement: one more bit.
    mutating func decodeDCRefine(_ coefficients: inout [Int16], _ base: Int) {
        if reader.bit() {
            coefficients[base] |= Int16(truncatingIfNeeded: 1 << scan.approximationLow)
        }
    }

    /// First scan of an AC band.
    mutating func decodeACFirst(_ slot: Int, _ coefficients: inout [Int16], _ base: Int) throws(JPEGError) {
        if endOfBandRun > 0 {
            endOfBandRun -= 1
            return
        }
        let table = acTables[slot]
        let shift = scan.approximationLow
        var k = scan.spectralStart
        while k <= scan.spectralEnd {
            let symbol = try reader.decode(table)
            let size = symbol & 15, run = symbol >> 4
            if size == 0 {
                if run < 15 {
                    // An end-of-band run of 2^run + extra bits blocks, this one included.
                    endOfBandRun = (1 << run) - 1 + reader.bits(run)
                    break
                }
                k += 16
                continue
            }
            k += run
            guard k <= scan.spectralEnd else { throw reader.corrupt("AC coefficient past the end of the band") }
            coefficients[base + JPEGZigZag.natural[k]] = Int16(truncatingIfNeeded: try reader.receiveExtend(size) << shift)
            k += 1
        }
    }

    /// Refinement scan of an AC band.
    mutating func decodeACRefine(_ slot: Int, _ coefficients: inout [Int16], _ base: Int) throws(JPEGError) {
        let plus = 1 << scan.approximationLow
        let minus = -plus
        let end = scan.spectralEnd
        var k = scan.spectralStart
        if endOfBandRun == 0 {
            let table = acTables[slot]
            while k <= end {
                let symbol = try reader.decode(table)
                let size = symbol & 15
                var run = symbol >> 4
                var value = 0
                if size != 0 {
                    guard size == 1 else { throw reader.corrupt("refinement coefficient of size \(size)") }
                    value = reader.bit() ? plus : minus
                } else if run != 15 {
                    // End of band: this block's remaining non-zero coefficients are refined below.
                    endOfBandRun = (1 << run) + reader.bits(run)
                    break
                }
                // Skip `run` zero coefficients, refining the non-zero ones passed over.
                while k <= end {
                    let at = base + JPEGZigZag.natural[k]
                    if coefficients[at] != 0 {
                        refine(&coefficients, at, plus: plus, minus: minus)
                    } else {
                        if run == 0 { break }
                        run -= 1
                    }
                    k += 1
                }
                if value != 0 {
                    guard k <= end else { throw reader.corrupt("refined coefficient past the end of the band") }
                    coefficients[base + JPEGZigZag.natural[k]] = Int16(truncatingIfNeeded: value)
                }
                k += 1
            }
        }
        if endOfBandRun > 0 {
            while k <= end {
                let at = base + JPEGZigZag.natural[k]
                if coefficients[at] != 0 { refine(&coefficients, at, plus: plus, minus: minus) }
                k += 1
            }
            endOfBandRun -= 1
        }
    }

    /// A correction bit for a coefficient already non-zero: when set, the magnitude grows by one
    /// step of the current bit (unless that bit is already set).
    private mutating func refine(_ coefficients: inout [Int16], _ at: Int, plus: Int, minus: Int) {
        guard reader.bit() else { return }
        let current = Int(coefficients[at])
        if current & plus == 0 {
            coefficients[at] = Int16(truncatingIfNeeded: current >= 0 ? current + plus : current + minus)
        }
    }
}
