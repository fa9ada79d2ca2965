// MARK: - PNGScanlineFilter
//
// The five scanline filters of PNG filter method 0 (PNG §9). Each scanline is stored as a filter type
// byte followed by the filtered bytes. With x the byte being filtered, a the byte `filterDistance`
// bytes to its left (0 at the row start), b the byte above (0 on the first row of a pass) and c the
// byte above-left:
//
//     0 None     x
//     1 Sub      x − a
//     2 Up       x − b
//     3 Average  x − ⌊(a + b) / 2⌋
//     4 Paeth    x − paeth(a, b, c): whichever of a, b, c is closest to a + b − c (ties: a, then b)
//
// all modulo 256. `unfilter` reverses them in place over a whole pass; `filter` applies one to a row
// (for the encoder). Both work on raw pointers: they run once per byte of every image.

enum PNGScanlineFilter: UInt8, CaseIterable {
    case none = 0, sub, up, average, paeth

    /// Reconstructs `rows` scanlines in place. `data` holds `rows × (1 + rowBytes)` bytes: each row's
    /// filter type byte, then its bytes; afterwards the bytes after each type byte are the raw samples.
    /// - Throws: `invalidFilterType` for a type byte above 4 (`pass` and `offset` for the message).
    static func unfilter(_ data: UnsafeMutablePointer<UInt8>, rows: Int, rowBytes: Int, filterDistance bpp: Int,
                         pass: Int, offset: Int) throws(PNGError) {
        let zeros = [UInt8](repeating: 0, count: rowBytes)
        try zeros.withUnsafeBufferPointer { (zeroRow) throws(PNGError) in
            let stride = rowBytes + 1
            for row in 0..<rows {
                let line = data + row * stride + 1
                let prior = row == 0 ? UnsafeMutablePointer(mutating: zeroRow.baseAddress!) : line - stride
                let type = line[-1]
                switch type {
                case 0:
                    break
                case 1:
                    var i = bpp
                    while i < rowBytes {
                        line[i] &+= line[i - bpp]
                        i += 1
                    }
                case 2:
                    for i in 0..<rowBytes { line[i] &+= prior[i] }
                case 3:
                    for i in 0..<min(bpp, rowBytes) { line[i] &+= prior[i] >> 1 }
                    var i = bpp
                    while i < rowBytes {
                        line[i] &+= UInt8((Int(line[i - bpp]) + Int(prior[i])) >> 1)
                        i += 1
                    }
                case 4:
                    for i in 0..<min(bpp, rowBytes) { line[i] &+= prior[i] }
                    var i = bpp
                    while i < rowBytes {
                        line[i] &+= paeth(line[i - bpp], prior[i], prior[i - bpp])
                        i += 1
                    }
                default:
                    throw PNGError(.invalidFilterType(filter: type, row: row, pass: pass), offset: offset)
                }
            }
        }
    }

    /// Writes the bytes of `line` filtered with `self` to `output` (`rowBytes` bytes, no type byte).
    /// `prior` is the previous row's raw bytes (zeros for the first row).
    func filter(_ line: UnsafePointer<UInt8>, prior: UnsafePointer<UInt8>, rowBytes: Int, filterDistance bpp: Int,
                into output: UnsafeMutablePointer<UInt8>) {
        switch self {
        case .none:
            output.update(from: line, count: rowBytes)
        case .sub:
            for i in 0..<rowBytes { output[i] = line[i] &- (i >= bpp ? line[i - bpp] : 0) }
        case .up:
            for i in 0..<rowBytes { output[i] = line[i] &- prior[i] }
        case .average:
            for i in 0..<rowBytes {
                let left = i >= bpp ? Int(line[i - bpp]) : 0
                output[i] = line[i] &- UInt8((left + Int(prior[i])) >> 1)
            }
        case .paeth:
            for i in 0..<rowBytes {
                let predictor = i >= bpp ? PNGScanlineFilter.paeth(line[i - bpp], prior[i], prior[i - bpp]) : prior[i]
                output[i] = line[i] &- predictor
            }
        }
    }

    /// The Paeth predictor (PNG §9.4).
    @inline(__always)
    static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let a = Int(a), b = Int(b), c = Int(c)
        let pa = abs(b - c)
        let pb = abs(a - c)
        let pc = abs(a + b - 2 * c)
        if pa <= pb && pa <= pc { return UInt8(a) }
        return pb <= pc ? UInt8(b) : UInt8(c)
    }
}
