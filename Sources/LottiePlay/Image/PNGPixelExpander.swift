// MARK: - PNGPixelExpander
//
// Turns unfiltered scanlines of any PNG pixel format into 8-bit straight-alpha RGBA.
//
// ## Rules
//
// - Samples are big-endian; 16-bit samples become 8-bit by taking the high byte.
// - Greyscale samples below 8 bits are scaled to 0...255 by repeating their bits
//   (1 bit × 255, 2 bits × 85, 4 bits × 17), which is exact.
// - Samples of 1, 2 or 4 bits are packed from the most significant bit of each byte.
// - tRNS for greyscale and truecolour names one sample value (or RGB triple) that is fully transparent.
//   It is compared with the *original* sample values, before 16 → 8 reduction or low-depth scaling.
// - Indexed pixels look up `palette`, 256 RGBA entries: PLTE colours, alpha from tRNS (255 where tRNS is
//   shorter). Indices past the PLTE entries (invalid, but seen in the wild) read as opaque black, as
//   browsers draw them.
//
// `expand` writes `count` pixels with `pixelStride` bytes between output pixels (4 for a normal row,
// 4 × xStep for an Adam7 pass).

struct PNGPixelExpander {
    let header: PNGHeader
    /// 256 × RGBA for indexed images (empty otherwise).
    let palette: [UInt8]
    /// The transparent greyscale sample value (tRNS, colour type 0).
    let transparentGrey: Int?
    /// The transparent RGB sample values (tRNS, colour type 2).
    let transparentRGB: (red: Int, green: Int, blue: Int)?

    /// Expands `count` pixels of one unfiltered scanline at `row` to RGBA at `out`.
    func expand(_ row: UnsafePointer<UInt8>, count: Int, into out: UnsafeMutablePointer<UInt8>, pixelStride: Int) {
        let depth = header.bitDepth
        var o = out
        switch header.colorType {
        case .truecolorAlpha:
            if depth == 8 {
                if pixelStride == 4 {
                    out.update(from: row, count: count * 4)
                    return
                }
                for i in 0..<count {
                    let s = row + i * 4
                    o[0] = s[0]; o[1] = s[1]; o[2] = s[2]; o[3] = s[3]
                    o += pixelStride
                }
            } else {
                for i in 0..<count {
                    let s = row + i * 8
                    o[0] = s[0]; o[1] = s[2]; o[2] = s[4]; o[3] = s[6]
                    o += pixelStride
                }
            }

        case .truecolor:
            let key = transparentRGB
            for i in 0..<count {
                if depth == 8 {
                    let s = row + i * 3
                    o[0] = s[0]; o[1] = s[1]; o[2] = s[2]
                    o[3] = key.map { Int(s[0]) == $0.red && Int(s[1]) == $0.green && Int(s[2]) == $0.blue } == true ? 0 : 255
                } else {
                    let s = row + i * 6
                    o[0] = s[0]; o[1] = s[2]; o[2] = s[4]
                    let r = Int(s[0]) << 8 | Int(s[1]), g = Int(s[2]) << 8 | Int(s[3]), b = Int(s[4]) << 8 | Int(s[5])
                    o[3] = key.map { r == $0.red && g == $0.green && b == $0.blue } == true ? 0 : 255
                }
                o += pixelStride
            }

        case .greyscaleAlpha:
            for i in 0..<count {
                let s = depth == 8 ? row + i * 2 : row + i * 4
                let grey = s[0]
                o[0] = grey; o[1] = grey; o[2] = grey
                o[3] = depth == 8 ? s[1] : s[2]
                o += pixelStride
            }

        case .greyscale:
            let key = transparentGrey ?? -1
            if depth == 16 {
                for i in 0..<count {
                    let s = row + i * 2
                    o[0] = s[0]; o[1] = s[0]; o[2] = s[0]
                    o[3] = Int(s[0]) << 8 | Int(s[1]) == key ? 0 : 255
                    o += pixelStride
                }
                return
            }
            let scale = 255 / ((1 << depth) - 1)
            for i in 0..<count {
                let sample = PNGPixelExpander.sample(row, index: i, depth: depth)
                let grey = UInt8(sample * scale)
                o[0] = grey; o[1] = grey; o[2] = grey
                o[3] = sample == key ? 0 : 255
                o += pixelStride
            }

        case .indexed:
            palette.withUnsafeBufferPointer { table in
                let colors = table.baseAddress!
                for i in 0..<count {
                    let entry = colors + PNGPixelExpander.sample(row, index: i, depth: depth) * 4
                    o[0] = entry[0]; o[1] = entry[1]; o[2] = entry[2]; o[3] = entry[3]
                    o += pixelStride
                }
            }
        }
    }

    /// The `index`-th sample of `depth` bits (1, 2, 4 or 8) in a packed row.
    @inline(__always)
    static func sample(_ row: UnsafePointer<UInt8>, index: Int, depth: Int) -> Int {
        if depth == 8 { return Int(row[index]) }
        let bit = index * depth
        let shift = 8 - depth - (bit & 7)
        return Int(row[bit >> 3] >> UInt8(shift)) & ((1 << depth) - 1)
    }
}
