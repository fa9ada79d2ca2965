import LottieModel

// MARK: - PNGDecoder
//
// Decodes PNG files (ISO/IEC 15948, PNG 1.2) into `RGBAImage`: every colour type (0, 2, 3, 4, 6) at
// every allowed bit depth, all five filters, Adam7 interlacing.
//
// ## Structure
//
// 1. `PNGChunkReader` checks the signature and walks the chunks, verifying every CRC.
// 2. `readChunks` applies the ordering rules and collects IHDR (`PNGHeader`), PLTE, tRNS and the
//    concatenated IDAT data. Unknown ancillary chunks are skipped; unknown critical chunks are errors.
//    Anything after IEND is ignored.
// 3. The pixel count is checked against `Limits.maxPixelCount` right after IHDR, before anything is
//    allocated for the image. The exact size of the decompressed data follows from the header
//    (`PNGPass.dataSize` summed over the passes) and is the zlib output limit, so a hostile IDAT
//    cannot inflate past what the image needs.
// 4. Each pass's scanlines are unfiltered in place in the decompressed buffer
//    (`PNGScanlineFilter.unfilter`) and expanded to RGBA into the image at the pass's pixel positions
//    (`PNGPixelExpander`).
//
// ## Ordering rules enforced
//
// IHDR first and only once; PLTE at most once and before IDAT (required for colour type 3); tRNS before
// IDAT and, for colour type 3, after PLTE; IDAT chunks consecutive; IEND present.

/// Decodes PNG files into 8-bit straight-alpha RGBA images.
///
/// ```swift
/// let image = try PNGDecoder().decode(bytes)
/// print(image.width, image.height, image[10, 20])
/// ```
public struct PNGDecoder: Sendable {
    /// Bounds checked before any image memory is allocated.
    public struct Limits: Sendable, Equatable {
        /// The most pixels (width × height) accepted; 64 Mpx (2^26) by default.
        public var maxPixelCount: Int

        /// Limits accepting at most `maxPixelCount` pixels.
        public init(maxPixelCount: Int = 1 << 26) {
            self.maxPixelCount = maxPixelCount
        }

        /// 64 Mpx at most.
        public static let `default` = Limits()
    }

    /// The limits this decoder enforces.
    public var limits: Limits

    /// A decoder enforcing `limits`.
    public init(limits: Limits = .default) {
        self.limits = limits
    }

    // MARK: Decoding

    /// Decodes a complete PNG file.
    /// - Throws: `PNGError` naming what is wrong and the byte offset.
    public func decode(_ data: [UInt8]) throws(PNGError) -> RGBAImage {
        let contents = try readChunks(data)
        let header = contents.header
        let passes = PNGPass.passes(for: header)
        let expected = passes.reduce(0) { $0 + $1.dataSize(header) }

        var raw: [UInt8]
        do {
            raw = try Zlib.decompress(contents.imageData, limits: .exactly(expected), expectedSize: expected)
        } catch {
            if case .outputLimitExceeded = error.kind {
                throw PNGError(.imageDataTooLong(expected: expected), offset: contents.imageDataOffset)
            }
            throw PNGError(.compression(error), offset: contents.imageDataOffset)
        }
        guard raw.count == expected else {
            throw PNGError(.imageDataTooShort(expected: expected, actual: raw.count), offset: contents.imageDataOffset)
        }

        let expander = PNGPixelExpander(header: header, palette: contents.palette,
                                        transparentGrey: contents.transparentGrey,
                                        transparentRGB: contents.transparentRGB)
        var pixels = [UInt8](repeating: 0, count: header.width * header.height * 4)
        let imageWidth = header.width
        try raw.withUnsafeMutableBufferPointer { (rawBuffer) throws(PNGError) in
            try pixels.withUnsafeMutableBufferPointer { (pixelBuffer) throws(PNGError) in
                var passStart = rawBuffer.baseAddress!
                for pass in passes where !pass.isEmpty {
                    let rowBytes = header.rowBytes(pixels: pass.width)
                    try PNGScanlineFilter.unfilter(passStart, rows: pass.height, rowBytes: rowBytes,
                                                   filterDistance: header.filterDistance, pass: pass.number,
                                                   offset: contents.imageDataOffset)
                    for row in 0..<pass.height {
                        let y = pass.yStart + row * pass.yStep
                        let destination = pixelBuffer.baseAddress! + (y * imageWidth + pass.xStart) * 4
                        expander.expand(passStart + row * (rowBytes + 1) + 1, count: pass.width,
                                        into: destination, pixelStride: 4 * pass.xStep)
                    }
                    passStart += pass.height * (rowBytes + 1)
                }
            }
        }
        return RGBAImage(width: header.width, height: header.height, pixels: pixels)
    }

    /// Reads only the header (IHDR) of a PNG file.
    public func header(of data: [UInt8]) throws(PNGError) -> PNGHeader {
        var reader = try PNGChunkReader(data)
        guard let first = try reader.next() else { throw PNGError(.missingChunk("IHDR"), offset: 8) }
        guard first.type == "IHDR" else {
            throw PNGError(.misplacedChunk("the first chunk is \(first.type), not IHDR"), offset: first.offset)
        }
        return try PNGHeader(first.data, offset: first.dataOffset)
    }

    // MARK: Chunks

    /// What the chunks of a file say, before the image data is decompressed.
    private struct Contents {
        var header: PNGHeader
        var palette: [UInt8] = []
        var transparentGrey: Int?
        var transparentRGB: (red: Int, green: Int, blue: Int)?
        var imageData: [UInt8] = []
        var imageDataOffset = 0
    }

    private func readChunks(_ data: [UInt8]) throws(PNGError) -> Contents {
        let header = try self.header(of: data)
        let (pixelCount, overflow) = header.width.multipliedReportingOverflow(by: header.height)
        if overflow || pixelCount > limits.maxPixelCount {
            throw PNGError(.tooLarge(width: header.width, height: header.height, maxPixelCount: limits.maxPixelCount),
                           offset: 16)
        }
        var contents = Contents(header: header)
        var reader = try PNGChunkReader(data)
        _ = try reader.next()  // IHDR, read above

        enum ImageDataState { case before, inside, after }
        var state = ImageDataState.before
        var paletteEntries = 0
        var sawEnd = false
        chunks: while let chunk = try reader.next() {
            if state == .inside && chunk.type != "IDAT" { state = .after }
            switch chunk.type {
            case "IHDR":
                throw PNGError(.misplacedChunk("a second IHDR"), offset: chunk.offset)
            case "PLTE":
                guard state == .before else { throw PNGError(.misplacedChunk("PLTE after IDAT"), offset: chunk.offset) }
                guard paletteEntries == 0 else { throw PNGError(.misplacedChunk("a second PLTE"), offset: chunk.offset) }
                paletteEntries = try readPalette(chunk, into: &contents)
            case "tRNS":
                guard state == .before else { throw PNGError(.misplacedChunk("tRNS after IDAT"), offset: chunk.offset) }
                try readTransparency(chunk, paletteEntries: paletteEntries, into: &contents)
            case "IDAT":
                guard state != .after else {
                    throw PNGError(.misplacedChunk("IDAT chunks are not consecutive"), offset: chunk.offset)
                }
                if state == .before { contents.imageDataOffset = chunk.offset }
                state = .inside
                contents.imageData += chunk.data
            case "IEND":
                sawEnd = true
                break chunks
            default:
                if chunk.isCritical { throw PNGError(.unknownCriticalChunk(chunk.type), offset: chunk.offset) }
            }
        }
        if header.colorType == .indexed && paletteEntries == 0 {
            throw PNGError(.missingChunk("PLTE"), offset: reader.offset)
        }
        if state == .before { throw PNGError(.missingChunk("IDAT"), offset: reader.offset) }
        if !sawEnd { throw PNGError(.missingChunk("IEND"), offset: reader.offset) }
        return contents
    }

    /// Reads PLTE into a 256-entry RGBA table (alpha 255, unused entries opaque black). Returns the entry count.
    private func readPalette(_ chunk: PNGChunk, into contents: inout Contents) throws(PNGError) -> Int {
        let count = chunk.data.count / 3
        guard chunk.data.count % 3 == 0, (1...256).contains(count) else {
            throw PNGError(.invalidChunk(chunk: "PLTE", reason: "\(chunk.data.count) bytes is not 1...256 RGB entries"),
                           offset: chunk.offset)
        }
        var palette = [UInt8](repeating: 0, count: 256 * 4)
        for i in 0..<256 { palette[i * 4 + 3] = 255 }
        let bytes = Array(chunk.data)
        for i in 0..<count {
            palette[i * 4] = bytes[i * 3]
            palette[i * 4 + 1] = bytes[i * 3 + 1]
            palette[i * 4 + 2] = bytes[i * 3 + 2]
        }
        contents.palette = palette
        return count
    }

    /// Reads tRNS for the image's colour type (ignored for types with an alpha channel).
    private func readTransparency(_ chunk: PNGChunk, paletteEntries: Int, into contents: inout Contents) throws(PNGError) {
        let bytes = Array(chunk.data)
        func invalid(_ reason: String) -> PNGError {
            PNGError(.invalidChunk(chunk: "tRNS", reason: reason), offset: chunk.offset)
        }
        switch contents.header.colorType {
        case .greyscale:
            guard bytes.count == 2 else { throw invalid("\(bytes.count) bytes instead of 2 for a greyscale image") }
            contents.transparentGrey = Int(bytes[0]) << 8 | Int(bytes[1])
        case .truecolor:
            guard bytes.count == 6 else { throw invalid("\(bytes.count) bytes instead of 6 for a truecolour image") }
            contents.transparentRGB = (Int(bytes[0]) << 8 | Int(bytes[1]), Int(bytes[2]) << 8 | Int(bytes[3]),
                                       Int(bytes[4]) << 8 | Int(bytes[5]))
        case .indexed:
            guard paletteEntries > 0 else { throw PNGError(.misplacedChunk("tRNS before PLTE"), offset: chunk.offset) }
            guard bytes.count <= paletteEntries else {
                throw invalid("\(bytes.count) alpha values for \(paletteEntries) palette entries")
            }
            for (i, alpha) in bytes.enumerated() { contents.palette[i * 4 + 3] = alpha }
        case .greyscaleAlpha, .truecolorAlpha:
            break  // Not allowed with an alpha channel; ignored as libpng does.
        }
    }
}
