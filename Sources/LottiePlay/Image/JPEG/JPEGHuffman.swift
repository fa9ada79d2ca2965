// MARK: - Huffman tables and the entropy-coded bit reader
//
// A DHT table lists how many codes there are of each length 1...16 and the symbols in code order;
// codes are canonical (ITU T.81 Annex C). Decoding looks the next 9 bits up in a 512-entry table
// (length and symbol of every code up to 9 bits, which covers nearly all symbols) and falls back to
// comparing against the largest code of each longer length. For AC tables a second 512-entry table
// decodes a whole coefficient at once when its code and its magnitude bits fit in those 9 bits
// (most coefficients of a photo): the run of zeros before it, its value, and the bits used.
//
// The bit reader keeps up to 64 bits in a buffer (`JPEGBitBuffer`), refilled a byte at a time only
// when a symbol might need more than it holds (at least 32 bits are there before each symbol and its
// magnitude bits). It undoes byte stuffing (FF 00 is a data byte FF) and stops at any other marker. Past that
// marker it feeds zero bits, so the buffer can always be filled, and counts them: consuming any of
// them means the data ended inside the scan (`overran`).

/// One Huffman table from a DHT segment.
struct JPEGHuffmanTable: Sendable {
    static let lookupBits = 9
    /// Indexed by the next 9 bits: `length << 8 | symbol`, or 0 when the code is longer.
    var lookup: [UInt16]
    /// Indexed by the next 9 bits: a coefficient whose code and magnitude bits fit in them, as
    /// `value << 16 | run << 4 | bits used` (see `JPEGFastAC`); 0 otherwise.
    var fastAC: [Int32]
    /// Per code length (index 1...16): the largest code of that length, -1 when there is none.
    var maxCode: [Int32]
    /// Per code length: what to add to a code to get its index in `symbols`.
    var symbolOffset: [Int32]
    /// The symbols in code order, padded with zeros to 256.
    var symbols: [UInt8]

    /// Builds the table from the 16 counts and the symbols; `error` describes a table whose counts
    /// overflow the code space (libjpeg's rule: no all-ones code).
    init(counts: [Int], symbols: [UInt8], invalid: (String) -> JPEGError) throws(JPEGError) {
        let size = 1 << JPEGHuffmanTable.lookupBits
        lookup = [UInt16](repeating: 0, count: size)
        fastAC = [Int32](repeating: 0, count: size)
        maxCode = [Int32](repeating: -1, count: 17)
        symbolOffset = [Int32](repeating: 0, count: 17)
        self.symbols = symbols + [UInt8](repeating: 0, count: max(0, 256 - symbols.count))
        var code = 0
        var index = 0
        for length in 1...16 {
            let count = counts[length - 1]
            symbolOffset[length] = Int32(index - code)
            for _ in 0..<count {
                guard code < (1 << length) - 1 else {
                    throw invalid("the code lengths overflow the code space at length \(length)")
                }
                if length <= JPEGHuffmanTable.lookupBits {
                    let shift = JPEGHuffmanTable.lookupBits - length
                    let symbol = Int(symbols[index])
                    let entry = UInt16(length << 8 | symbol)
                    for slot in (code << shift)..<((code + 1) << shift) {
                        lookup[slot] = entry
                        fastAC[slot] = JPEGFastAC.entry(slot: slot, length: length, symbol: symbol)
                    }
                }
                code += 1
                index += 1
            }
            if count > 0 { maxCode[length] = Int32(code - 1) }
            code <<= 1
        }
    }
}

/// Entries of `JPEGHuffmanTable.fastAC`.
enum JPEGFastAC {
    /// The entry for the 9 bits `slot`, which start with a code of `length` bits for `symbol`
    /// (run << 4 | size): non-zero when the size's magnitude bits follow within the 9 bits.
    static func entry(slot: Int, length: Int, symbol: Int) -> Int32 {
        let run = symbol >> 4, size = symbol & 15
        let used = length + size
        guard size != 0, used <= JPEGHuffmanTable.lookupBits else { return 0 }
        let bits = (slot >> (JPEGHuffmanTable.lookupBits - used)) & ((1 << size) - 1)
        let value = JPEGBitReader.extend(bits, size)
        return Int32(value << 16 | run << 4 | used)
    }

    /// The coefficient's value (already sign-extended).
    @inline(__always)
    static func value(_ entry: Int32) -> Int { Int(entry >> 16) }
    /// Zero coefficients before it.
    @inline(__always)
    static func run(_ entry: Int32) -> Int { Int(entry >> 4) & 15 }
    /// Bits of code and magnitude.
    @inline(__always)
    static func bitsUsed(_ entry: Int32) -> Int { Int(entry) & 15 }
}

/// The Huffman tables of one scan, side by side in flat arrays: DC table of scan component `slot`
/// at `slot`, its AC table at `4 + slot` (see `JPEGScanTables.ac(_:)`).
struct JPEGScanTables {
    private(set) var lookup: [UInt16] = []
    private(set) var fastAC: [Int32] = []
    private(set) var maxCode: [Int32] = []
    private(set) var symbolOffset: [Int32] = []
    private(set) var symbols: [UInt8] = []

    /// `dc[slot]` and `ac[slot]` for each scan component (nil where the pass reads no table).
    init(dc: [JPEGHuffmanTable?], ac: [JPEGHuffmanTable?]) {
        for index in 0..<8 {
            let slot = index & 3
            let table = index < 4 ? (slot < dc.count ? dc[slot] : nil) : (slot < ac.count ? ac[slot] : nil)
            lookup += table?.lookup ?? [UInt16](repeating: 0, count: 512)
            fastAC += table?.fastAC ?? [Int32](repeating: 0, count: 512)
            maxCode += table?.maxCode ?? [Int32](repeating: -1, count: 17)
            symbolOffset += table?.symbolOffset ?? [Int32](repeating: 0, count: 17)
            symbols += table?.symbols ?? [UInt8](repeating: 0, count: 256)
        }
    }

    /// The index of the AC table of scan component `slot`.
    @inline(__always)
    static func ac(_ slot: Int) -> Int { 4 + slot }
}

/// Bits read ahead of the decoder, most significant first: the low `count` bits of `bits` are the
/// unread ones. A value type of two words, so that a decoding loop keeps it in registers (the bit
/// reader tops it up, `JPEGBitReader.refill`).
struct JPEGBitBuffer {
    var bits: UInt64 = 0
    var count = 0

    /// The next 9 bits, not consumed (at least 9 must be buffered).
    @inline(__always)
    func peek9() -> Int {
        Int(truncatingIfNeeded: bits &>> UInt64(truncatingIfNeeded: count &- JPEGHuffmanTable.lookupBits)) & 0x1FF
    }

    /// The next `length` (1...16) bits, not consumed (at least `length` must be buffered).
    @inline(__always)
    func peek(_ length: Int) -> Int {
        Int(truncatingIfNeeded: bits &>> UInt64(truncatingIfNeeded: count &- length)) & ((1 &<< length) &- 1)
    }

    /// Consumes `length` bits.
    @inline(__always)
    mutating func skip(_ length: Int) {
        count &-= length
    }

    /// The next `length` (0...16) bits as an unsigned number, consumed (they must be buffered).
    @inline(__always)
    mutating func take(_ length: Int) -> Int {
        count &-= length
        return Int(truncatingIfNeeded: bits &>> UInt64(truncatingIfNeeded: count)) & ((1 &<< length) &- 1)
    }
}

/// Reads the bytes of a scan's entropy-coded data into a `JPEGBitBuffer`.
struct JPEGBitReader {
    let data: [UInt8]
    /// The next byte to load.
    private(set) var position: Int
    /// Zero bits fed in after the data ended (a marker or the end of the file).
    private var paddingBits = 0
    private var atMarker = false

    init(_ data: [UInt8], at position: Int) {
        self.data = data
        self.position = position
    }

    /// Whether bits past the end of the scan's data were consumed from `buffer`: the data is
    /// truncated or corrupt.
    func overran(_ buffer: JPEGBitBuffer) -> Bool { buffer.count < paddingBits }

    /// `buffer` topped up to at least 57 bits.
    @inline(never)
    mutating func refill(_ buffer: JPEGBitBuffer) -> JPEGBitBuffer {
        var buffer = buffer
        let end = data.count
        while buffer.count <= 56 {
            var byte: UInt8 = 0
            if !atMarker && position < end {
                byte = data[position]
                if byte != 0xFF {
                    position += 1
                } else if position + 1 < end && data[position + 1] == 0 {
                    position += 2
                } else {
                    byte = 0
                    atMarker = true
                    paddingBits += 8
                }
            } else {
                atMarker = true
                paddingBits += 8
            }
            buffer.bits = buffer.bits &<< 8 | UInt64(byte)
            buffer.count += 8
        }
        return buffer
    }

    /// Makes sure `buffer` holds at least 32 bits: enough for any code and its magnitude bits.
    @inline(__always)
    mutating func ensure32(_ buffer: inout JPEGBitBuffer) {
        if buffer.count < 32 { buffer = refill(buffer) }
    }

    /// The error for data that cannot be decoded here.
    func corrupt(_ reason: String) -> JPEGError {
        JPEGError(.corruptData(reason), offset: position)
    }

    /// Decodes one symbol of table `table` of `tables` (at least 16 bits must be buffered).
    @inline(__always)
    func decode(_ buffer: inout JPEGBitBuffer, _ tables: JPEGScanTables, _ table: Int) throws(JPEGError) -> Int {
        let entry = tables.lookup[table << 9 | buffer.peek9()]
        if entry != 0 {
            buffer.skip(Int(entry >> 8))
            return Int(entry & 0xFF)
        }
        let (symbol, length) = try decodeLong(buffer, tables, table)
        buffer.skip(length)
        return symbol
    }

    /// A code longer than 9 bits: its symbol and length.
    @inline(never)
    private func decodeLong(_ buffer: JPEGBitBuffer, _ tables: JPEGScanTables,
                            _ table: Int) throws(JPEGError) -> (symbol: Int, length: Int) {
        for length in (JPEGHuffmanTable.lookupBits + 1)...16 {
            let code = buffer.peek(length)
            if code <= Int(tables.maxCode[table * 17 + length]) {
                let index = code + Int(tables.symbolOffset[table * 17 + length])
                guard index >= 0 && index < 256 else { throw corrupt("Huffman code without a symbol") }
                return (Int(tables.symbols[table << 8 | index]), length)
            }
        }
        throw corrupt("no Huffman code matches")
    }

    /// The next `count` (0...16) bits as an unsigned number.
    @inline(__always)
    mutating func bits(_ buffer: inout JPEGBitBuffer, _ count: Int) -> Int {
        if buffer.count < count { buffer = refill(buffer) }
        return buffer.take(count)
    }

    /// One bit.
    @inline(__always)
    mutating func bit(_ buffer: inout JPEGBitBuffer) -> Bool {
        if buffer.count < 1 { buffer = refill(buffer) }
        return buffer.take(1) != 0
    }

    /// `count` bits as a signed value in JPEG's magnitude-category coding (T.81 F.2.2.1, EXTEND).
    @inline(__always)
    mutating func receiveExtend(_ buffer: inout JPEGBitBuffer, _ count: Int) throws(JPEGError) -> Int {
        if count == 0 { return 0 }
        guard count <= 16 else { throw corrupt("magnitude category \(count) above 16") }
        return JPEGBitReader.extend(bits(&buffer, count), count)
    }

    /// The magnitude `bits` of category `count` (1...16) as a signed value: values below 2^(count−1)
    /// are negative.
    @inline(__always)
    static func extend(_ bits: Int, _ count: Int) -> Int {
        bits < 1 &<< (count &- 1) ? bits &- (1 &<< count) &+ 1 : bits
    }

    /// At the end of a restart interval: the buffered bits are dropped (the caller empties its
    /// buffer) and RSTn (`index` 0...7) must come next.
    mutating func restart(expecting index: Int) throws(JPEGError) {
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
