// MARK: - WebPAlpha
//
// The `ALPH` chunk of a lossy WebP (RFC 9649, section 5.2.1.1): the alpha plane of the VP8 image,
// one byte per pixel of the frame's width and height.
//
// ## Layout
//
// One header byte — bits 0...1 the compression (0 raw, 1 lossless), bits 2...3 the filter
// (0 none, 1 horizontal, 2 vertical, 3 gradient), bits 4...5 the pre-processing (0 none, 1 level
// reduction; it only informs dithering, which libwebp's default decoding does not do), bits 6...7
// reserved (must be 0) — then the data: raw bytes, row by row (extra bytes are ignored), or a VP8L
// image stream without the 5-byte VP8L header, of the frame's size, whose green channel is the
// alpha.
//
// ## Unfiltering (as libwebp)
//
// Each value is the stored one plus a prediction, modulo 256. The top-left pixel is predicted by
// 0; the rest of the first row by the pixel to its left, whatever the filter. Then, per filter:
// horizontal — the first pixel of a row by the one above, the others by the left one; vertical —
// every pixel by the one above; gradient — the first pixel of a row by the one above, the others by
// left + above − above-left clamped to 0...255.

/// What an `ALPH` chunk used, for tests that prove each method is covered.
struct WebPAlphaReport: Equatable, Sendable {
    /// 0 raw, 1 VP8L-compressed.
    var compression = 0
    /// 0 none, 1 horizontal, 2 vertical, 3 gradient.
    var filter = 0
    /// 0 none, 1 level reduction.
    var preprocessing = 0
}

/// Decodes `ALPH` chunks.
enum WebPAlpha {
    /// The alpha plane (`width × height` bytes, rows from the top) of the `ALPH` payload at
    /// `data[range]`.
    /// - Throws: `WebPError` for a bad header byte, missing data or a bad VP8L stream.
    static func decode(_ data: [UInt8], range: Range<Int>, width: Int, height: Int,
                       maxPixelCount: Int) throws(WebPError) -> (plane: [UInt8], report: WebPAlphaReport) {
        guard range.count > 1 else {
            throw WebPError(.truncated(needed: "the ALPH header byte and data"), offset: range.lowerBound)
        }
        let header = data[range.lowerBound]
        let report = WebPAlphaReport(compression: Int(header & 3), filter: Int(header >> 2) & 3,
                                     preprocessing: Int(header >> 4) & 3)
        guard report.compression <= 1 else {
            throw WebPError(.invalidChunk(chunk: "ALPH", reason: "compression method \(report.compression) "
                                          + "(0 raw and 1 lossless exist)"), offset: range.lowerBound)
        }
        guard report.preprocessing <= 1 else {
            throw WebPError(.invalidChunk(chunk: "ALPH", reason: "pre-processing \(report.preprocessing) "
                                          + "(0 and 1 exist)"), offset: range.lowerBound)
        }
        guard header >> 6 == 0 else {
            throw WebPError(.invalidChunk(chunk: "ALPH", reason: "reserved bits set in the header byte"),
                            offset: range.lowerBound)
        }
        let count = width * height
        let payload = (range.lowerBound + 1)..<range.upperBound
        var plane: [UInt8]
        if report.compression == 0 {
            guard payload.count >= count else {
                throw WebPError(.truncated(needed: "the \(count) raw ALPH bytes; the chunk holds \(payload.count)"),
                                offset: payload.lowerBound)
            }
            plane = Array(data[payload.lowerBound..<(payload.lowerBound + count)])
        } else {
            var decoder = VP8LDecoder(data, stream: payload, maxPixelCount: maxPixelCount)
            let argb = try decoder.decodeStream(width: width, height: height)
            plane = argb.map { UInt8(truncatingIfNeeded: $0 >> 8) }
        }
        unfilter(&plane, width: width, height: height, filter: report.filter)
        return (plane, report)
    }

    /// Undoes the prediction `filter` (1...3; 0 does nothing) in place.
    static func unfilter(_ plane: inout [UInt8], width: Int, height: Int, filter: Int) {
        guard filter != 0 && width > 0 && height > 0 else { return }
        // The first row: left prediction, the first pixel as it is.
        for x in 1..<width { plane[x] &+= plane[x - 1] }
        for y in 1..<height {
            let row = y * width, above = row - width
            switch filter {
            case 1:
                plane[row] &+= plane[above]
                for x in 1..<width { plane[row + x] &+= plane[row + x - 1] }
            case 2:
                for x in 0..<width { plane[row + x] &+= plane[above + x] }
            default:
                plane[row] &+= plane[above]
                for x in 1..<width {
                    let gradient = Int(plane[row + x - 1]) + Int(plane[above + x]) - Int(plane[above + x - 1])
                    plane[row + x] &+= UInt8(truncatingIfNeeded: min(max(gradient, 0), 255))
                }
            }
        }
    }
}
