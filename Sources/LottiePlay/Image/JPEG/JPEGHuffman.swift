// MARK: - Huffman tables and the entropy-coded bit reader
//
// A DHT table lists how many codes there are of each length 1...16 and the symbols in code order;
// codes are canonical (ITU T.81 Annex C). Decoding looks the next 9 bits up in a 512-entry table
// (length and symbol of every code up to 9 bits, which covers nearly all symbols) and falls back to
// comparing against the largest code of each longer length.
//
// The bit reader undoes byte stuffing (FF 00 is a data byte FF) and stops at any other marker. Past
// that marker it feeds zero bits, so a peek of 16 bits near the end of a scan is always possible, and
// counts them: consuming any of them means the data ended inside the scan (`overran`).

/// One Huffman table from a DHT segment.
struct JPEGHuffmanTable: Sendable {
    static let lookupBits = 9
    /// Indexed by the next 9 bits: `length << 8 | symbol`, or 0 when the code is longer.
    var lookup: [UInt16]
    /// Per code length (index 1...16): the largest code of that length, -1 when there is none.
    var maxCode: [Int]
    /// Per code length: what to add to a code to get its index in `symbols`.
    var symbolOffset: [Int]
    var symbols: [UInt8]

    /// Builds the table from the 16 counts and the symbols; `error` describes a table whose counts
    /// overflow the code space (libjpeg's rule: no all-ones code).
    init(counts: [Int], symbols: [UInt8], invalid: (String) -> JPEGError) throws(JPEGError) {
        lookup = [UInt16](repeating: 0, count: 1 << JPEGHuffmanTable.lookupBits)
        maxCode = [Int](repeating: -1, count: 17)
        symbolOffset = [Int](repeating: 0, count: 17)
        self.symbols = symbols
        var code = 0
        var index = 0
        for length in 1...16 {
            let count = counts[length - 1]
            symbolOffset[length] = index - code
            for _ in 0..<count {
                guard code < (1 << length) - 1 else {
                    throw invalid("the code lengths overflow the code space at length \(length)")
                }
                if length <= JPEGHuffmanTable.lookupBits {
                    let shift = JPEGHuffmanTable.lookupBits - length
                    let entry = UInt16(length << 8) | UInt16(symbols[index])
                    for slot in (code << shift)..<((code + 1) << shift) { lookup[slot] = entry }
                }
                code += 1
                index += 1
            }
            if count > 0 { maxCode[length] = code - 1 }
            code <<= 1
        }
    }
}

/// Reads the entropy-coded data of a scan bit by bit, most significant bit first.
struct JPEGBitReader {
    let data: [UInt8]
    /// The next byte to load.
    private(set) var position: Int
    /// The low `bitCount` bits are the unread ones.
    private var buffer: UInt64 = 0
    private var bitCount = 0
    /// Zero bits fed in after the data ended (a marker or the end of the file).
    private var paddingBits = 0
    private var atMarker = false

    init(_ data: [UInt8], at position: Int) {
        self.data = data
        self.position = position
    }

    /// Whether bits past the end of the scan's data were consumed: the data is truncated or corrupt.
    var overran: Bool { bitCount < paddingBits }

    /// Tops the buffer up to at least 57 bits.
    private mutating func refill() {
        while bitCount <= 56 {
            var byte: UInt8 = 0
            if atMarker || position >= data.count {
                atMarker = true
                paddingBits += 8
            } else {
                byte = data[position]
                if byte != 0xFF {
                    position += 1
                } else if position + 1 < data.count && data[position + 1] == 0 {
                    position += 2
                } else {
                    byte = 0
                    atMarker = true
                    paddingBits += 8
                }
            }
            buffer = buffer << 8 | UInt64(byte)
            bitCount += 8
        }
    }

    /// The error for data that cannot be decoded here.
    func corrupt(_ reason: String) -> JPEGError {
        JPEGError(.corruptData(reason), offset: position)
    }

    /// Decodes one symbol of `table`.
    mutating func decode(_ table: JPEGHuffmanTable) throws(JPEGError) -> Int {
        if bitCount < 16 { refill() }
        let peek = Int(truncatingIfNeeded: buffer >> UInt64(bitCount - JPEGHuffmanTable.lookupBits)) & 0x1FF
        let entry = table.lookup[peek]
        if entry != 0 {
            bitCount -= Int(entry >> 8)
            return Int(entry & 0xFF)
        }
        for length in (JPEGHuffmanTable.lookupBits + 1)...16 {
            let code = Int(truncatingIfNeeded: buffer >> UInt64(bitCount - length)) & ((1 << length) - 1)
            if code <= table.maxCode[length] {
                bitCount -= length
                let index = code + table.symbolOffset[length]
                guard index >= 0 && index < table.symbols.count else { throw corrupt("Huffman code without a symbol") }
                return Int(table.symbols[index])
            }
        }
        throw corrupt("no Huffman code matches")
    }

    /// The next `count` (0...16) bits as an unsigned number.
    mutating func bits(_ count: Int) -> Int {
        if count == 0 { return 0 }
        if bitCount < count { refill() }
        bitCount -= count
        return Int(truncatingIfNeeded: buffer >> UInt64(bitCount)) & ((1 << count) - 1)
    }

    /// One bit.
    mutating func bit() -> Bool {
        bits(1) != 0
    }

    /// `count` bits as a signed value in JPEG's magnitude-category coding (T.81 F.2.2.1, EXTEND).
    mutating func receiveExtend(_ count: Int) throws(JPEGError) -> Int {
        if count == 0 { return 0 }
        guard count <= 16 else { throw corrupt("magnitude category \(count) above 16") }
        let value = bits(count)
        return value < 1 << (count - 1) ? value - (1 << count) + 1 : value
    }

    /// At the end of a restart interval: drops the buffered bits and expects RSTn (`index` 0...7).
    mutating func restart(expecting index: Int) throws(JPEGError) {
        buffer = 0
        bitCount = 0
        paddingBits = 0
        atMarker = false
        while position + 1 < data.count && data[position] == 0xFF && data[position + 1] == 0xFF { position += 1 }
        guard position + 1 < data.count else {
            throw JPEGError(.truncated(needed: "restart marker RST\(index)"), offset: position)
        }
        guard data[position] == 0xFF && data[position + 1] == JPEGMarker.rst0 + UInt8(index) else {
            throw corrupt("expected restart marker RST\(index)")
        }
        position += 2
    }
}
