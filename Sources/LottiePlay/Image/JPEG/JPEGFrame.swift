// MARK: - JPEG frame (SOF), components and sampling
//
// The frame header gives the precision, the size and, per component, an id, horizontal and vertical
// sampling factors (1...4) and a quantization table id. A component with factors h×v is stored at
// `ceil(width × h / maxH)` × `ceil(height × v / maxV)` samples. An MCU of an interleaved scan covers
// `8·maxH × 8·maxV` pixels and holds h×v blocks of each component, so the coefficient buffers are
// padded to whole MCUs (`blocksPerLineAllocated` × `blocksPerColumnAllocated`); a non-interleaved scan
// covers only the component's own blocks (`blocksPerLine` × `blocksPerColumn`).

/// One colour component of the frame and its decoded coefficients.
struct JPEGComponent {
    /// The component identifier scans refer to.
    var id: Int
    /// Sampling factors, 1...4.
    var horizontal: Int
    var vertical: Int
    /// The quantization table id (0...3) named in the frame header.
    var quantizationTable: Int
    /// Samples per line and lines of this component.
    var width = 0
    var height = 0
    /// Blocks holding this component's samples.
    var blocksPerLine = 0
    var blocksPerColumn = 0
    /// Blocks allocated: whole MCUs of an interleaved scan.
    var blocksPerLineAllocated = 0
    var blocksPerColumnAllocated = 0
    /// Where this component's blocks start in `JPEGFrame.coefficients`.
    var coefficientOffset = 0
    /// The quantization table in natural order, latched when the component first appears in a scan
    /// (as libjpeg does; a later DQT with the same id does not change it).
    var quantization: [UInt16]? = nil

    /// Coefficients allocated for this component: 64 per block, whole MCUs.
    var coefficientCount: Int { blocksPerLineAllocated * blocksPerColumnAllocated * 64 }

    /// Where the block at `row`, `column` (in blocks) starts in `JPEGFrame.coefficients`.
    @inline(__always)
    func blockOffset(row: Int, column: Int) -> Int {
        coefficientOffset + (row * blocksPerLineAllocated + column) * 64
    }
}

/// The frame header, the components and their coefficients.
struct JPEGFrame {
    /// SOF2 (progressive) rather than SOF0/SOF1 (sequential).
    var progressive: Bool
    var width: Int
    var height: Int
    var components: [JPEGComponent]
    var maxHorizontal: Int
    var maxVertical: Int
    /// MCUs across and down for interleaved scans.
    var mcusPerLine: Int
    var mcusPerColumn: Int
    /// The coefficients of every component, one after the other (`JPEGComponent.coefficientOffset`):
    /// 64 per block, natural (row-major) order, blocks row by row.
    var coefficients: [Int16] = []

    /// Parses an SOF segment: checks the size and the sampling factors, without allocating.
    static func parse(_ data: [UInt8], _ segment: JPEGSegment) throws(JPEGError) -> JPEGFrame {
        let marker = segment.marker
        switch marker {
        case JPEGMarker.sof0, JPEGMarker.sof1, JPEGMarker.sof2: break
        case 0xC3: throw JPEGError(.unsupported("lossless JPEG (SOF3)"), offset: segment.offset)
        case 0xC5...0xC7: throw JPEGError(.unsupported("hierarchical JPEG (\(JPEGMarker.name(marker)))"), offset: segment.offset)
        default: throw JPEGError(.unsupported("arithmetic coding (\(JPEGMarker.name(marker)))"), offset: segment.offset)
        }
        var cursor = JPEGByteCursor(data, segment)
        let precision = try cursor.byte()
        guard precision == 8 else {
            throw JPEGError(.unsupported("\(precision)-bit samples (only 8-bit)"), offset: segment.offset)
        }
        let height = try cursor.uint16()
        let width = try cursor.uint16()
        let count = try cursor.byte()
        guard height > 0 else {
            throw JPEGError(.unsupported("height 0 (the height given by a DNL marker)"), offset: segment.offset)
        }
        guard width > 0 else { throw cursor.invalid("width 0") }
        guard count == 1 || count == 3 || count == 4 else {
            throw JPEGError(.unsupported("\(count) components (1, 3 or 4 are decoded)"), offset: segment.offset)
        }
        var components: [JPEGComponent] = []
        for _ in 0..<count {
            let id = try cursor.byte()
            let factors = try cursor.byte()
            let table = try cursor.byte()
            let h = factors >> 4, v = factors & 15
            guard (1...4).contains(h), (1...4).contains(v) else {
                throw cursor.invalid("sampling factors \(h)×\(v) of component \(id) (1...4 allowed)")
            }
            guard table <= 3 else { throw cursor.invalid("quantization table \(table) of component \(id) (0...3 allowed)") }
            guard !components.contains(where: { $0.id == id }) else { throw cursor.invalid("component id \(id) appears twice") }
            components.append(JPEGComponent(id: id, horizontal: h, vertical: v, quantizationTable: table))
        }
        let maxH = components.reduce(1) { max($0, $1.horizontal) }
        let maxV = components.reduce(1) { max($0, $1.vertical) }
        for component in components where maxH % component.horizontal != 0 || maxV % component.vertical != 0 {
            throw JPEGError(.unsupported("fractional sampling ratio (component \(component.id): \(component.horizontal)×\(component.vertical) of \(maxH)×\(maxV))"),
                            offset: segment.offset)
        }
        let mcusPerLine = (width + 8 * maxH - 1) / (8 * maxH)
        let mcusPerColumn = (height + 8 * maxV - 1) / (8 * maxV)
        for index in components.indices {
            var component = components[index]
            component.width = (width * component.horizontal + maxH - 1) / maxH
            component.height = (height * component.vertical + maxV - 1) / maxV
            component.blocksPerLine = (component.width + 7) / 8
            component.blocksPerColumn = (component.height + 7) / 8
            component.blocksPerLineAllocated = mcusPerLine * component.horizontal
            component.blocksPerColumnAllocated = mcusPerColumn * component.vertical
            components[index] = component
        }
        return JPEGFrame(progressive: marker == JPEGMarker.sof2, width: width, height: height, components: components,
                         maxHorizontal: maxH, maxVertical: maxV, mcusPerLine: mcusPerLine, mcusPerColumn: mcusPerColumn)
    }

    /// Allocates the zeroed coefficients (after the pixel limit was checked).
    mutating func allocateCoefficients() {
        var total = 0
        for index in components.indices {
            components[index].coefficientOffset = total
            total += components[index].coefficientCount
        }
        coefficients = [Int16](repeating: 0, count: total)
    }
}

/// The header of one scan (SOS).
struct JPEGScan {
    /// Indices into `JPEGFrame.components`, in scan order.
    var components: [Int]
    /// DC and AC Huffman table ids per scan component.
    var dcTables: [Int]
    var acTables: [Int]
    /// Spectral selection (first and last coefficient, zig-zag order) and successive approximation
    /// (high and low bit positions).
    var spectralStart: Int
    var spectralEnd: Int
    var approximationHigh: Int
    var approximationLow: Int

    /// How many coefficients decoding this scan visits: its band in each of its blocks.
    func coefficientVisits(_ frame: JPEGFrame) -> Int {
        let band = spectralEnd - spectralStart + 1
        if components.count == 1 {
            let component = frame.components[components[0]]
            return component.blocksPerLine * component.blocksPerColumn * band
        }
        let blocksPerMCU = components.reduce(0) { $0 + frame.components[$1].horizontal * frame.components[$1].vertical }
        return frame.mcusPerLine * frame.mcusPerColumn * blocksPerMCU * band
    }

    /// Parses an SOS segment and checks it against the frame.
    static func parse(_ data: [UInt8], _ segment: JPEGSegment, frame: JPEGFrame) throws(JPEGError) -> JPEGScan {
        var cursor = JPEGByteCursor(data, segment)
        let count = try cursor.byte()
        guard (1...4).contains(count) else { throw cursor.invalid("\(count) components in the scan (1...4 allowed)") }
        var scan = JPEGScan(components: [], dcTables: [], acTables: [], spectralStart: 0, spectralEnd: 63,
                            approximationHigh: 0, approximationLow: 0)
        for _ in 0..<count {
            let id = try cursor.byte()
            let tables = try cursor.byte()
            guard let index = frame.components.firstIndex(where: { $0.id == id }) else {
                throw cursor.invalid("component \(id) is not in the frame")
            }
            guard !scan.components.contains(index) else { throw cursor.invalid("component \(id) appears twice") }
            guard tables >> 4 <= 3, tables & 15 <= 3 else { throw cursor.invalid("Huffman table ids \(tables >> 4), \(tables & 15) (0...3 allowed)") }
            scan.components.append(index)
            scan.dcTables.append(tables >> 4)
            scan.acTables.append(tables & 15)
        }
        scan.spectralStart = try cursor.byte()
        scan.spectralEnd = try cursor.byte()
        let approximation = try cursor.byte()
        scan.approximationHigh = approximation >> 4
        scan.approximationLow = approximation & 15
        if count > 1 {
            let blocks = scan.components.reduce(0) { $0 + frame.components[$1].horizontal * frame.components[$1].vertical }
            guard blocks <= 10 else { throw cursor.invalid("\(blocks) blocks per MCU (10 at most)") }
        }
        if frame.progressive {
            let ss = scan.spectralStart, se = scan.spectralEnd
            guard (ss == 0 && se == 0) || (ss >= 1 && ss <= se && se <= 63) else {
                throw cursor.invalid("spectral selection \(ss)...\(se)")
            }
            guard ss == 0 || count == 1 else { throw cursor.invalid("an AC scan of \(count) components") }
            guard scan.approximationLow <= 13, scan.approximationHigh <= 13 else {
                throw cursor.invalid("successive approximation \(scan.approximationHigh), \(scan.approximationLow)")
            }
        } else {
            // Sequential scans always code all 64 coefficients; libjpeg ignores these fields too.
            scan.spectralStart = 0
            scan.spectralEnd = 63
            scan.approximationHigh = 0
            scan.approximationLow = 0
        }
        return scan
    }
}
