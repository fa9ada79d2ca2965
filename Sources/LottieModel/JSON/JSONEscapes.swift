// MARK: - JSONEscapes

/// Decodes the escapes of a JSON string whose syntax was already checked (every `\` starts a
/// valid escape, every `\u` has four hex digits). Both readers share it: the scanner, which
/// replaces a lone surrogate escape with U+FFFD as `JSONSerialization` does, and the fast
/// reader, which refuses such a string as `JSONDecoder` does.
enum JSONEscapes {
    /// What a `\uD800`-style escape that is not half of a pair becomes.
    enum LoneSurrogate {
        /// U+FFFD REPLACEMENT CHARACTER.
        case replace
        /// No result: `decode` returns nil.
        case fail
    }

    /// The UTF-8 bytes of `bytes[start..<end]` (a string's content, quotes excluded) with its
    /// escapes decoded, or nil for a lone surrogate under `.fail`.
    static func decode(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int,
                       loneSurrogate: LoneSurrogate) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(end - start)
        var position = start
        while position < end {
            let byte = bytes[position]
            guard byte == .backslash else {
                output.append(byte)
                position += 1
                continue
            }
            let escaped = bytes[position + 1]
            position += 2
            switch escaped {
            case .b: output.append(0x08)
            case .f: output.append(0x0C)
            case .n: output.append(0x0A)
            case .r: output.append(0x0D)
            case .t: output.append(0x09)
            case .u:
                guard let scalar = scalar(bytes, at: &position, end: end, loneSurrogate: loneSurrogate) else { return nil }
                UTF8.encode(scalar) { output.append($0) }
            default:
                output.append(escaped)  // '"', '\\', '/'
            }
        }
        return output
    }

    /// The scalar of the `\u` escape whose four digits start at `position` (and of its low
    /// half when it is a high surrogate followed by one), moving `position` past them.
    private static func scalar(_ bytes: UnsafePointer<UInt8>, at position: inout Int, end: Int,
                               loneSurrogate: LoneSurrogate) -> Unicode.Scalar? {
        var value = hex4(bytes, at: position)
        position += 4
        var isLone = false
        if (0xD800...0xDBFF).contains(value) {
            if position + 6 <= end, bytes[position] == .backslash, bytes[position + 1] == .u,
               case let low = hex4(bytes, at: position + 2), (0xDC00...0xDFFF).contains(low) {
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                position += 6
            } else {
                isLone = true
            }
        } else if (0xDC00...0xDFFF).contains(value) {
            isLone = true
        }
        if isLone {
            guard loneSurrogate == .replace else { return nil }
            return "\u{FFFD}"
        }
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    /// The first unpaired surrogate escape (`\uD800`, as written) of the valid string whose
    /// opening quote is at `quote`, or nil when it has none: for messages.
    static func firstUnpairedSurrogate(in bytes: [UInt8], stringAt quote: Int) -> String? {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            var position = quote + 1
            while position < buffer.count, buffer[position] != .quote {
                guard buffer[position] == .backslash else {
                    position += 1
                    continue
                }
                let escape = position
                position += 2
                guard buffer[escape + 1] == .u, position + 4 <= buffer.count else { continue }
                let value = hex4(base, at: position)
                position += 4
                if (0xD800...0xDBFF).contains(value), position + 6 <= buffer.count, buffer[position] == .backslash,
                   buffer[position + 1] == .u, (0xDC00...0xDFFF).contains(hex4(base, at: position + 2)) {
                    position += 6
                } else if (0xD800...0xDFFF).contains(value) {
                    return String(decoding: buffer[escape..<(escape + 6)], as: UTF8.self)
                }
            }
            return nil
        }
    }

    /// The value of four hex digits.
    static func hex4(_ bytes: UnsafePointer<UInt8>, at position: Int) -> UInt32 {
        var value: UInt32 = 0
        for digit in position..<(position + 4) {
            value = value << 4 | UInt32(bytes[digit].hexValue ?? 0)
        }
        return value
    }
}
