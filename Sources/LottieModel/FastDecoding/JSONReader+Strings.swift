// MARK: - Strings and keys
//
// A string is scanned 8 bytes at a time: one 64-bit word says whether any of its bytes is a
// quote, a backslash, a control character or not ASCII. Only those bytes are looked at one by
// one (escapes and UTF-8 sequences are checked exactly as `JSONScanner` checks them); a
// `String` is built only for the strings the model keeps.

extension JSONReader {
    /// A mask with the high bit set in (at least) the first byte of `word` that needs a closer
    /// look: `"`, `\`, below 0x20, or 0x80 and above. Bits above the first flagged byte may be
    /// spurious (borrows), but the lowest set bit is exact.
    @inline(__always)
    static func specialBytes(in word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* UInt64(UInt8.quote))
        let backslashes = word ^ (ones &* UInt64(UInt8.backslash))
        let isQuote = (quotes &- ones) & ~quotes
        let isBackslash = (backslashes &- ones) & ~backslashes
        let isControl = word &- (ones &* 0x20)
        return (isQuote | isBackslash | isControl | word) & highs
    }

    /// Scans the string whose opening quote is at the cursor and leaves the cursor after its
    /// closing quote. Returns the offset of the closing quote and whether there are escapes.
    @inline(__always)
    mutating func scanString() throws(DecodeFailure) -> (end: Int, hasEscapes: Bool) {
        var position = offset + 1
        var hasEscapes = false
        while true {
            let special = Self.specialBytes(in: load64(at: position))
            if special == 0 {
                position += 8
                continue
            }
            position += special.trailingZeroBitCount >> 3
            let byte = base[position]
            if byte == .quote {
                offset = position + 1
                return (position, hasEscapes)
            } else if byte == .backslash {
                hasEscapes = true
                position = try scanEscape(at: position)
            } else if byte < 0x20 {
                offset = position
                throw syntaxError()  // a control character, or the end of the input
            } else {
                position = try scanUTF8(at: position)
            }
        }
    }

    /// Checks the escape whose backslash is at `position`; returns the offset after it.
    private func scanEscape(at position: Int) throws(DecodeFailure) -> Int {
        switch base[position + 1] {
        case .quote, .backslash, .slash, .b, .f, .n, .r, .t:
            return position + 2
        case .u:
            for digit in (position + 2)..<(position + 6) where base[digit].hexValue == nil {
                throw DecodeFailure(.syntax, at: position)
            }
            return position + 6
        default:
            throw DecodeFailure(.syntax, at: position)
        }
    }

    /// Checks the UTF-8 sequence that starts at `position` (lead byte 0x80 or above) with the
    /// rules of `JSONScanner.Reader.utf8SequenceLength`; returns the offset after it.
    private func scanUTF8(at position: Int) throws(DecodeFailure) -> Int {
        let lead = base[position]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: throw DecodeFailure(.syntax, at: position)
        }
        // Past the input are zero bytes, which are not continuation bytes.
        let second = base[position + 1]
        guard second >= low, second <= high else { throw DecodeFailure(.syntax, at: position) }
        for continuation in (position + 2)..<(position + length) where base[continuation] & 0xC0 != 0x80 {
            throw DecodeFailure(.syntax, at: position)
        }
        return position + length
    }

    // MARK: Keys

    /// Reads the key whose opening quote is at the cursor, and the `:` after it; returns its
    /// `Field` word. Plain keys of up to 7 bytes take one 8-byte load.
    @inline(__always)
    mutating func readKey() throws(DecodeFailure) -> UInt64 {
        let start = offset + 1
        let word = load64(at: start)
        let special = Self.specialBytes(in: word)
        let length = special.trailingZeroBitCount >> 3
        if special != 0, base[start + length] == .quote {
            offset = start + length + 1
            try readColon()
            return length == 0 ? 0 : word & (UInt64.max >> UInt64(64 - 8 * length))
        }
        return try readUnusualKey()
    }

    /// A key of 8 bytes or more, or with escapes or non-ASCII characters.
    private mutating func readUnusualKey() throws(DecodeFailure) -> UInt64 {
        let keyStart = offset
        let start = offset + 1
        let (end, hasEscapes) = try scanString()
        let word: UInt64
        if hasEscapes {
            // `JSONDecoder` decodes every key of an object it reads into; an unpaired
            // surrogate escape makes it fail.
            guard let decoded = decodeEscapes(from: start, to: end) else {
                throw DecodeFailure(.unpairedSurrogate(isKey: true), at: keyStart)
            }
            word = Field.word(of: decoded) ?? Field.unknown
        } else {
            word = Field.word(of: UnsafeBufferPointer(start: base + start, count: end - start)) ?? Field.unknown
        }
        try readColon()
        return word
    }

    /// Reads a key as a `String` (for `JSONValue` objects), and the `:` after it.
    mutating func readKeyString() throws(DecodeFailure) -> String {
        skipWhitespace()
        guard base[offset] == .quote else { throw syntaxError() }
        let quote = offset
        let key: String
        do {
            key = try readString()
        } catch {
            guard case .unpairedSurrogate = error.reason else { throw error }
            throw DecodeFailure(.unpairedSurrogate(isKey: true), at: quote)
        }
        try readColon()
        return key
    }

    // MARK: Strings

    /// Reads the string at the cursor (the caller has seen its quote) into a `String`.
    @inline(__always)
    mutating func readString() throws(DecodeFailure) -> String {
        let quote = offset
        let start = offset + 1
        let (end, hasEscapes) = try scanString()
        guard hasEscapes else {
            let bytes = UnsafeBufferPointer(start: base + start, count: end - start)
            // A repeated string (a match name on every item) is kept once.
            if StringTable.lengths.contains(bytes.count) { return strings.string(bytes) }
            return String(decoding: bytes, as: UTF8.self)
        }
        guard let decoded = decodeEscapes(from: start, to: end) else {
            // `JSONDecoder` cannot decode an unpaired surrogate escape into a `String`.
            throw DecodeFailure(.unpairedSurrogate(isKey: false), at: quote)
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// The UTF-8 bytes of a scanned string with its escapes decoded, or nil when it holds a
    /// `\uD800`-style surrogate escape that is not half of a pair.
    private func decodeEscapes(from start: Int, to end: Int) -> [UInt8]? {
        JSONEscapes.decode(base, from: start, to: end, loneSurrogate: .fail)
    }
}
