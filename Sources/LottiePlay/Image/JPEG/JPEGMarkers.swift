// MARK: - JPEG markers and segments
//
// A JPEG file is a sequence of markers (FF xx). Most are followed by a segment: a 16-bit big-endian
// length that counts itself, then the payload. SOI, EOI, RST0-7 and TEM stand alone. Any number of
// FF fill bytes may precede a marker. The entropy-coded data after an SOS segment is not a segment:
// `JPEGBitReader` reads it and stops at the first marker that is not a byte-stuffed FF 00 or RSTn.

/// Marker codes (the byte after FF) this decoder distinguishes.
enum JPEGMarker {
    static let sof0: UInt8 = 0xC0  // baseline DCT
    static let sof1: UInt8 = 0xC1  // extended sequential DCT, Huffman
    static let sof2: UInt8 = 0xC2  // progressive DCT, Huffman
    static let dht: UInt8 = 0xC4
    static let dac: UInt8 = 0xCC   // arithmetic conditioning tables
    static let rst0: UInt8 = 0xD0
    static let rst7: UInt8 = 0xD7
    static let soi: UInt8 = 0xD8
    static let eoi: UInt8 = 0xD9
    static let sos: UInt8 = 0xDA
    static let dqt: UInt8 = 0xDB
    static let dnl: UInt8 = 0xDC
    static let dri: UInt8 = 0xDD
    static let app14: UInt8 = 0xEE
    static let tem: UInt8 = 0x01

    /// A short name for messages: "SOF2", "DHT", "APP14", "FF 9A"…
    static func name(_ marker: UInt8) -> String {
        switch marker {
        case 0xC0...0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF: return "SOF\(marker - 0xC0)"
        case dht: return "DHT"
        case dac: return "DAC"
        case rst0...rst7: return "RST\(marker - rst0)"
        case soi: return "SOI"
        case eoi: return "EOI"
        case sos: return "SOS"
        case dqt: return "DQT"
        case dnl: return "DNL"
        case dri: return "DRI"
        case 0xE0...0xEF: return "APP\(marker - 0xE0)"
        case 0xFE: return "COM"
        default:
            let digits = String(marker, radix: 16, uppercase: true)
            return "FF " + (digits.count < 2 ? "0" + digits : digits)
        }
    }

    /// Whether `marker` has no length and payload.
    static func standsAlone(_ marker: UInt8) -> Bool {
        marker == soi || marker == eoi || marker == tem || (rst0...rst7).contains(marker)
    }
}

/// One segment: its marker, where the marker starts, and the payload's byte range.
struct JPEGSegment {
    var marker: UInt8
    /// Offset of the FF of the marker.
    var offset: Int
    /// The payload, after the 2-byte length.
    var payload: Range<Int>
}

/// Walks the markers and segments of a file, from just after SOI.
struct JPEGSegmentReader {
    let data: [UInt8]
    /// The next byte to read.
    var position: Int

    /// A reader over `data`, which must start with SOI.
    init(_ data: [UInt8]) throws(JPEGError) {
        guard data.count >= 2, data[0] == 0xFF, data[1] == JPEGMarker.soi else {
            throw JPEGError(.notJPEG, offset: 0)
        }
        self.data = data
        position = 2
    }

    /// The next segment (or stand-alone marker, with an empty payload). Fill bytes are skipped;
    /// anything else between segments is an error.
    mutating func next() throws(JPEGError) -> JPEGSegment {
        guard position < data.count else { throw JPEGError(.truncated(needed: "a marker (EOI is missing)"), offset: position) }
        guard data[position] == 0xFF else {
            throw JPEGError(.invalidMarker("byte 0x\(String(data[position], radix: 16)) where a marker was expected"),
                            offset: position)
        }
        var at = position
        while at < data.count && data[at] == 0xFF { at += 1 }
        guard at < data.count else { throw JPEGError(.truncated(needed: "a marker (EOI is missing)"), offset: position) }
        let marker = data[at]
        let offset = at - 1
        guard marker != 0 else { throw JPEGError(.invalidMarker("FF 00 outside entropy-coded data"), offset: offset) }
        if JPEGMarker.standsAlone(marker) {
            position = at + 1
            return JPEGSegment(marker: marker, offset: offset, payload: position..<position)
        }
        guard at + 2 < data.count else {
            throw JPEGError(.truncated(needed: "the length of \(JPEGMarker.name(marker))"), offset: offset)
        }
        let length = Int(data[at + 1]) << 8 | Int(data[at + 2])
        guard length >= 2 else {
            throw JPEGError(.invalidSegment(marker: JPEGMarker.name(marker), reason: "length \(length) is below 2"),
                            offset: offset)
        }
        let start = at + 3
        let end = at + 1 + length
        guard end <= data.count else {
            throw JPEGError(.truncated(needed: "the \(JPEGMarker.name(marker)) segment"), offset: offset)
        }
        position = end
        return JPEGSegment(marker: marker, offset: offset, payload: start..<end)
    }

    /// After entropy-coded data: moves to the next marker that is neither a stuffed FF 00 nor RSTn
    /// (bytes the scan did not need are skipped, as libjpeg does).
    mutating func skipEntropyData(from start: Int) {
        var at = start
        while at + 1 < data.count {
            if data[at] == 0xFF {
                let next = data[at + 1]
                if next != 0 && next != 0xFF && !(JPEGMarker.rst0...JPEGMarker.rst7).contains(next) {
                    position = at
                    return
                }
            }
            at += 1
        }
        position = data.count
    }
}

/// Reads big-endian fields from a segment's payload, throwing at its end.
struct JPEGByteCursor {
    let data: [UInt8]
    var position: Int
    let end: Int
    let segment: JPEGSegment

    init(_ data: [UInt8], _ segment: JPEGSegment) {
        self.data = data
        self.segment = segment
        position = segment.payload.lowerBound
        end = segment.payload.upperBound
    }

    var remaining: Int { end - position }

    /// An error about this segment.
    func invalid(_ reason: String) -> JPEGError {
        JPEGError(.invalidSegment(marker: JPEGMarker.name(segment.marker), reason: reason), offset: segment.offset)
    }

    mutating func byte() throws(JPEGError) -> Int {
        guard position < end else { throw invalid("shorter than its contents") }
        position += 1
        return Int(data[position - 1])
    }

    /// The byte that starts each table of a DHT or DQT segment: a high nibble 0 or 1 (`what`: the
    /// table class or the precision) and a table id 0...3.
    mutating func tableSelector(_ what: String) throws(JPEGError) -> (high: Int, id: Int) {
        let info = try byte()
        guard info >> 4 <= 1, info & 15 <= 3 else { throw invalid("\(what) \(info >> 4), table id \(info & 15)") }
        return (info >> 4, info & 15)
    }

    mutating func uint16() throws(JPEGError) -> Int {
        let high = try byte()
        return high << 8 | (try byte())
    }
}
