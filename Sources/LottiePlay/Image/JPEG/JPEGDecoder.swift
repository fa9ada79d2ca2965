// MARK: - JPEGDecoder
//
// Decodes JPEG files (ITU T.81 / JFIF) into `RGBAImage`: baseline and extended sequential (SOF0,
// SOF1) and progressive (SOF2) Huffman-coded DCT images with 8-bit samples, 1, 3 or 4 components,
// any integral sampling factors, restart intervals.
//
// ## Structure
//
// 1. `JPEGSegmentReader` checks SOI and walks the segments; DQT, DHT, DRI and APP14 (Adobe) are kept
//    as they come, so a table redefined between scans applies to the scans after it.
// 2. SOF (`JPEGFrame.parse`) checks precision, size and sampling; the pixel count is checked against
//    `Limits.maxPixelCount` before the coefficient buffers are allocated.
// 3. Each SOS (`JPEGScan.parse`) is decoded by `JPEGScanDecoder` into the coefficient buffers
//    (sequential or progressive passes); the segment walk resumes at the marker after its data.
// 4. At EOI each component is dequantized and inverse-transformed (`JPEGIDCT`) into a plane of
//    samples; then, a row at a time, the components are upsampled to full resolution
//    (`JPEGUpsampling`) and converted to RGBA (`JPEGColor`).
//
// Not supported (a `.unsupported` error): 12- and 16-bit samples, arithmetic coding, the lossless
// and hierarchical processes, a height given by DNL, 2-component images. Errors in entropy-coded
// data end the decoding with an error; a file must end with EOI.

/// Decodes JPEG files into 8-bit RGBA images (alpha 255).
///
/// Baseline, extended sequential and progressive Huffman-coded JPEGs with 8-bit samples are
/// decoded: grayscale, YCbCr (any integral chroma subsampling; 4:2:2 and 4:2:0 chroma is smoothed
/// like libjpeg's default "fancy" upsampling, other ratios repeat samples), RGB, and Adobe CMYK and
/// YCCK (converted to RGB without a colour profile). The EXIF orientation tag is ignored, as browsers
/// do for images inside documents: pixels come out in stored order.
///
/// ```swift
/// let image = try JPEGDecoder().decode(bytes)
/// print(image.width, image.height, image[10, 20])
/// ```
public struct JPEGDecoder: Sendable {
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

    /// The most scans a file may have; real progressive files have about 10. Each scan visits every
    /// block, so this bounds the time a small hostile file can take.
    static let maxScans = 1000

    /// The most times the scans together may visit each coefficient (a scan visits each coefficient
    /// of its band in each of its blocks; libjpeg's progressive files visit each about 3 times).
    /// Bounds the time of many refinement scans over a large image, each a few bytes long.
    static let maxCoefficientPasses = 100

    /// The limits this decoder enforces.
    public var limits: Limits

    /// A decoder enforcing `limits`.
    public init(limits: Limits = .default) {
        self.limits = limits
    }

    /// Width and height from the frame header (SOF0/SOF1/SOF2), without decoding the scans.
    /// - Throws: `JPEGError` when the file is not a JPEG, ends before the frame header, or the header
    ///   is invalid or unsupported. The pixel limit is not applied.
    public func size(of data: [UInt8]) throws(JPEGError) -> (width: Int, height: Int) {
        var reader = try JPEGSegmentReader(data)
        while true {
            let segment = try reader.next()
            switch segment.marker {
            case 0xC0...0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
                let frame = try JPEGFrame.parse(data, segment)
                return (frame.width, frame.height)
            case JPEGMarker.sos, JPEGMarker.eoi:
                throw JPEGError(.missing("frame header (SOF) before \(JPEGMarker.name(segment.marker))"), offset: segment.offset)
            default:
                continue
            }
        }
    }

    /// Decodes a complete JPEG file.
    /// - Throws: `JPEGError` naming what is wrong and the byte offset.
    public func decode(_ data: [UInt8]) throws(JPEGError) -> RGBAImage {
        var state = JPEGDecodingState()
        var reader = try JPEGSegmentReader(data)
        while true {
            let segment = try reader.next()
            switch segment.marker {
            case 0xC0...0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
                guard state.frame == nil else {
                    throw JPEGError(.invalidMarker("a second frame header (\(JPEGMarker.name(segment.marker)))"), offset: segment.offset)
                }
                var frame = try JPEGFrame.parse(data, segment)
                guard frame.width * frame.height <= limits.maxPixelCount else {
                    throw JPEGError(.tooLarge(width: frame.width, height: frame.height, maxPixelCount: limits.maxPixelCount),
                                    offset: segment.offset)
                }
                frame.allocateCoefficients()
                state.frame = frame
            case JPEGMarker.dht:
                try state.readHuffmanTables(data, segment)
            case JPEGMarker.dqt:
                try state.readQuantizationTables(data, segment)
            case JPEGMarker.dri:
                var cursor = JPEGByteCursor(data, segment)
                state.restartInterval = try cursor.uint16()
            case JPEGMarker.app14:
                state.readAdobe(data, segment)
            case JPEGMarker.dac:
                throw JPEGError(.unsupported("arithmetic coding (DAC)"), offset: segment.offset)
            case JPEGMarker.dnl:
                throw JPEGError(.unsupported("DNL marker"), offset: segment.offset)
            case JPEGMarker.sos:
                let end = try state.decodeScan(data, segment)
                reader.skipEntropyData(from: end)
            case JPEGMarker.eoi:
                return try state.finish(at: segment.offset)
            default:
                continue  // APPn, COM, stand-alone RSTn and TEM, other markers with a length
            }
        }
    }
}

/// What the segments so far have defined.
struct JPEGDecodingState {
    var frame: JPEGFrame?
    var dcTables = [JPEGHuffmanTable?](repeating: nil, count: 4)
    var acTables = [JPEGHuffmanTable?](repeating: nil, count: 4)
    /// Natural order.
    var quantizationTables = [[UInt16]?](repeating: nil, count: 4)
    var restartInterval = 0
    var adobeTransform: Int?
    var scanCount = 0
    /// Coefficients visited by the scans so far (see `JPEGDecoder.maxCoefficientPasses`).
    var coefficientVisits = 0

    mutating func readHuffmanTables(_ data: [UInt8], _ segment: JPEGSegment) throws(JPEGError) {
        var cursor = JPEGByteCursor(data, segment)
        while cursor.remaining > 0 {
            let (tableClass, id) = try cursor.tableSelector("table class")
            var counts = [Int](repeating: 0, count: 16)
            for index in 0..<16 { counts[index] = try cursor.byte() }
            let total = counts.reduce(0, +)
            guard total <= 256 else { throw cursor.invalid("\(total) codes (256 at most)") }
            var symbols = [UInt8](repeating: 0, count: total)
            for index in 0..<total { symbols[index] = UInt8(try cursor.byte()) }
            let table = try JPEGHuffmanTable(counts: counts, symbols: symbols, invalid: cursor.invalid)
            if tableClass == 0 { dcTables[id] = table } else { acTables[id] = table }
        }
    }

    mutating func readQuantizationTables(_ data: [UInt8], _ segment: JPEGSegment) throws(JPEGError) {
        var cursor = JPEGByteCursor(data, segment)
        while cursor.remaining > 0 {
            let (precision, id) = try cursor.tableSelector("precision")
            var table = [UInt16](repeating: 0, count: 64)
            for k in 0..<64 {
                table[Int(JPEGZigZag.natural[k])] = UInt16(precision == 0 ? try cursor.byte() : try cursor.uint16())
            }
            quantizationTables[id] = table
        }
    }

    /// Reads the colour transform flag of an Adobe APP14 segment ("Adobe", version, 2 flag words,
    /// transform); other APP14 segments are ignored.
    mutating func readAdobe(_ data: [UInt8], _ segment: JPEGSegment) {
        let payload = segment.payload
        guard payload.count >= 12, Array(data[payload.lowerBound..<payload.lowerBound + 5]) == Array("Adobe".utf8) else { return }
        adobeTransform = Int(data[payload.lowerBound + 11])
    }

    /// Decodes the scan whose header is `segment`; returns where its entropy-coded data ended.
    mutating func decodeScan(_ data: [UInt8], _ segment: JPEGSegment) throws(JPEGError) -> Int {
        guard var frame = self.frame else { throw JPEGError(.missing("frame header (SOF) before SOS"), offset: segment.offset) }
        scanCount += 1
        guard scanCount <= JPEGDecoder.maxScans else {
            throw JPEGError(.unsupported("more than \(JPEGDecoder.maxScans) scans"), offset: segment.offset)
        }
        let scan = try JPEGScan.parse(data, segment, frame: frame)
        coefficientVisits += scan.coefficientVisits(frame)
        let budget = JPEGDecoder.maxCoefficientPasses * frame.coefficients.count
        guard coefficientVisits <= budget else {
            throw JPEGError(.unsupported("scans visiting each coefficient more than \(JPEGDecoder.maxCoefficientPasses) times"),
                            offset: segment.offset)
        }
        let needed = JPEGScanDecoder.tablesNeeded(progressive: frame.progressive, scan: scan)
        var dc: [JPEGHuffmanTable?] = [], ac: [JPEGHuffmanTable?] = []
        for (slot, index) in scan.components.enumerated() {
            let id = frame.components[index].id
            dc.append(needed.dc ? try table(dcTables, scan.dcTables[slot], "DC", component: id, segment) : nil)
            ac.append(needed.ac ? try table(acTables, scan.acTables[slot], "AC", component: id, segment) : nil)
            if frame.components[index].quantization == nil {
                let tableID = frame.components[index].quantizationTable
                guard let table = quantizationTables[tableID] else {
                    throw JPEGError(.missing("quantization table \(tableID) for component \(id)"), offset: segment.offset)
                }
                frame.components[index].quantization = table
            }
        }
        // Decode into the frame without a second copy of the coefficient buffers.
        self.frame = nil
        var decoder = JPEGScanDecoder(reader: JPEGBitReader(data, at: segment.payload.upperBound), scan: scan,
                                      progressive: frame.progressive, tables: JPEGScanTables(dc: dc, ac: ac),
                                      restartInterval: restartInterval)
        let end = try decoder.run(&frame)
        self.frame = frame
        return end
    }

    /// The Huffman table `id` of `tables` a scan refers to, or the error that it is missing.
    private func table(_ tables: [JPEGHuffmanTable?], _ id: Int, _ kind: String, component: Int,
                       _ segment: JPEGSegment) throws(JPEGError) -> JPEGHuffmanTable {
        guard let table = tables[id] else {
            throw JPEGError(.missing("\(kind) Huffman table \(id) for component \(component)"), offset: segment.offset)
        }
        return table
    }

    /// At EOI: the image from the coefficients.
    mutating func finish(at offset: Int) throws(JPEGError) -> RGBAImage {
        guard var frame else { throw JPEGError(.missing("frame header (SOF)"), offset: offset) }
        guard scanCount > 0 else { throw JPEGError(.missing("scan (SOS)"), offset: offset) }
        self.frame = nil  // the coefficients are read in place, not copied
        var (samples, planes) = JPEGIDCT.samples(of: &frame)
        frame.coefficients = []
        let upsampling = zip(frame.components, planes).map { JPEGUpsampling(component: $0, plane: $1, frame: frame) }
        let model = JPEGColorModel.of(frame, adobeTransform: adobeTransform)
        let pixels = JPEGColor.convert(&samples, upsampling, model: model, width: frame.width, height: frame.height)
        return RGBAImage(width: frame.width, height: frame.height, pixels: pixels)
    }
}
