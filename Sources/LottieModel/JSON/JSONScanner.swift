// MARK: - JSONScanner
//
// A small, allocation-light JSON tokenizer over raw UTF-8 bytes.
//
// ## Structure
//
// - `JSONScanner` (public, a namespace) holds the entry points:
//     - `validate(_:maxDepth:)` checks RFC 8259 syntax and throws a
//       `JSONSyntaxError` with line, column, byte offset, a readable message
//       and the JSON path of the value being read.
//     - `location(of:in:)` / `deepestLocation(of:in:)` find where the value
//       at a `JSONPath` starts (for turning a `DecodingError` coding path
//       into a line and column).
//     - `path(ofValueAt:in:)` is the inverse: the path of the value that
//       starts at a byte offset (the fast decoder keeps only offsets and
//       asks for the path when it reports an error).
// - `JSONScanner.Reader` (internal) is the cursor that does the work: a pull
//   tokenizer. Each `next()` call reads one `Token` (begin/end object, begin/end
//   array, key, string, number, bool, null) and returns `nil` after the
//   top-level value when only whitespace is left. Both entry points are loops
//   over `next()`; a future pull parser is meant to be built on it the same way.
// - `SourceLocation.of(offset:in:)` turns a byte offset into line/column.
//   Line/column are NOT tracked while scanning (that would cost work on every
//   byte); they are computed by re-counting from the start only when an error
//   or a location is actually reported.
//
// ## Invariants of `Reader`
//
// - `bytes` is only borrowed: a `Reader` never outlives the
//   `withUnsafeBufferPointer` call that created it and never copies the input.
// - `offset` is the index of the next unread byte, `0...bytes.count`. A UTF-8
//   byte-order mark at the very start is skipped by `init`.
// - `tokenStart` is the offset of the first byte of the token last returned
//   (the `{`, `[`, opening quote, first digit or `-`, or first literal letter).
// - `frames` is the explicit stack of open containers (never recursion), so
//   arbitrarily deep input cannot overflow the call stack; pushing beyond
//   `maxDepth` frames is a syntax error. For an object frame `key` is the
//   current member's key (a byte range, decoded only when needed); for an
//   array frame `count` is the index of the current element.
//   `hasPendingChild` is true between reading a member key (or deciding an
//   array element follows) and the end of that member's value; it decides
//   whether the frame's key/index is part of the reported error path.
// - `state` says what may come next (see `State`). Every syntax error is thrown
//   at the offending byte (or at `bytes.count` for "unexpected end of file";
//   at the first byte of a bad number or literal) and the reader must not be
//   used after it has thrown.
// - Strings are scanned, not decoded: a `StringToken` is the byte range between
//   the quotes plus two flags (`hasEscapes`, `isASCII`). Escapes and UTF-8 are
//   validated during the scan; `decodeString` builds a `String` only when asked
//   (for comparing an escaped or non-ASCII key, or writing a message).
//
// ## Grammar decisions
//
// - RFC 8259 exactly: any value may be the top-level value, no comments, no
//   trailing commas, no single quotes, no NaN/Infinity, no leading zeros, no
//   leading '+', control characters U+0000...U+001F must be escaped inside
//   strings, the input must be well-formed UTF-8 inside strings.
// - `\uD800`-style lone surrogate escapes are accepted: they match the RFC 8259
//   grammar (when decoding a key they become U+FFFD).
// - Duplicate keys are syntactically valid. For locations the first occurrence
//   wins, as with `JSONDecoder`, which reads the first.

/// Fast RFC 8259 syntax checking and path → line/column lookup for JSON bytes.
public enum JSONScanner {
    /// The nesting limit used when none is given (the same as `JSONDecoder`'s).
    public static let defaultMaxDepth = 512

    // MARK: Validation

    /// Checks that `bytes` is one complete, valid JSON text (RFC 8259).
    ///
    /// - Parameter maxDepth: the most arrays/objects that may be open at once.
    /// - Throws: `JSONSyntaxError` describing the first problem found.
    public static func validate(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(JSONSyntaxError) {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in
            try validate(buffer, maxDepth: maxDepth)
        }
    }

    /// Checks that `bytes` is one complete, valid JSON text (RFC 8259).
    public static func validate(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int = defaultMaxDepth) throws(JSONSyntaxError) {
        var reader = Reader(bytes: bytes, maxDepth: maxDepth)
        while try reader.next() != nil {}
    }

    // MARK: Locations

    /// Where the value at `path` starts: for a `.key` component the member's
    /// value, for an `.index` component that element.
    ///
    /// Returns `nil` when the path does not exist or `bytes` is not valid JSON
    /// (nested deeper than `maxDepth` included). With duplicate keys the first
    /// occurrence is used, as `JSONDecoder` uses it.
    public static func location(of path: JSONPath, in bytes: [UInt8],
                                maxDepth: Int = defaultMaxDepth) -> SourceLocation? {
        bytes.withUnsafeBufferPointer { location(of: path, in: $0, maxDepth: maxDepth) }
    }

    /// Where the value at `path` starts; see `location(of:in:)` for `[UInt8]`.
    public static func location(of path: JSONPath, in bytes: UnsafeBufferPointer<UInt8>,
                                maxDepth: Int = defaultMaxDepth) -> SourceLocation? {
        guard let offsets = valueOffsets(along: path, in: bytes, maxDepth: maxDepth), let offset = offsets.last ?? nil else {
            return nil
        }
        return SourceLocation.of(offset: offset, in: bytes)
    }

    /// The start of the value at the longest prefix of `path` that exists, and
    /// how many components of `path` that prefix has.
    ///
    /// `matchedComponents == path.components.count` means the whole path exists.
    /// When a key is missing this is where its parent object starts. With an
    /// empty match it is the start of the top-level value. Returns `nil` only
    /// when `bytes` is not valid JSON.
    public static func deepestLocation(of path: JSONPath, in bytes: [UInt8]) -> (location: SourceLocation, matchedComponents: Int)? {
        bytes.withUnsafeBufferPointer { deepestLocation(of: path, in: $0) }
    }

    /// See `deepestLocation(of:in:)` for `[UInt8]`.
    public static func deepestLocation(of path: JSONPath, in bytes: UnsafeBufferPointer<UInt8>) -> (location: SourceLocation, matchedComponents: Int)? {
        guard let offsets = valueOffsets(along: path, in: bytes, maxDepth: defaultMaxDepth),
              let matched = offsets.lastIndex(where: { $0 != nil }),
              let offset = offsets[matched] else {
            return nil
        }
        return (SourceLocation.of(offset: offset, in: bytes), matched)
    }

    /// Line and column of a byte offset (clamped to `0...bytes.count`).
    public static func sourceLocation(ofOffset offset: Int, in bytes: [UInt8]) -> SourceLocation {
        bytes.withUnsafeBufferPointer { SourceLocation.of(offset: offset, in: $0) }
    }

    /// The path of the value that starts at byte `offset` (its `{`, `[`, opening quote,
    /// first digit or `-`, or first letter of a literal): the inverse of `location(of:in:)`.
    ///
    /// Returns nil when no value starts there or `bytes` is not valid JSON up to `offset`
    /// (nested deeper than `maxDepth` included).
    /// This is how the fast decoder names the place of a fault without keeping a path while
    /// it reads: it remembers only the offset, and the path is rebuilt here on error.
    public static func path(ofValueAt offset: Int, in bytes: [UInt8], maxDepth: Int = defaultMaxDepth) -> JSONPath? {
        path(at: offset, in: bytes, isKey: false, maxDepth: maxDepth)
    }

    /// The path of the object one of whose keys starts (with its opening quote) at `offset`,
    /// or nil when no key starts there: where a fault in a key is.
    static func path(ofObjectWithKeyAt offset: Int, in bytes: [UInt8], maxDepth: Int = defaultMaxDepth) -> JSONPath? {
        path(at: offset, in: bytes, isKey: true, maxDepth: maxDepth)
    }

    private static func path(at offset: Int, in bytes: [UInt8], isKey: Bool, maxDepth: Int) -> JSONPath? {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(bytes: buffer, maxDepth: maxDepth)
            do {
                while let token = try reader.next() {
                    if isKey {
                        guard case .key = token else { continue }
                        if reader.tokenStart > offset { return nil }
                        guard reader.tokenStart == offset else { continue }
                        // The key is pending in the innermost frame: its object is the path.
                        return JSONPath(reader.currentPath().components.dropLast())
                    }
                    switch token {
                    case .key, .endObject, .endArray:
                        continue
                    case .beginObject, .beginArray:
                        // The new container's frame is open but has no pending child yet.
                        if reader.tokenStart == offset { return reader.currentPath() }
                        if reader.tokenStart > offset { return nil }
                    case .string, .number, .bool, .null:
                        if reader.tokenStart > offset { return nil }
                        guard reader.tokenStart == offset else { continue }
                        // The scalar is finished: its member or element is no longer pending.
                        var path = reader.currentPath()
                        if let parent = reader.frames.last {
                            path.components.append(parent.isObject ? .key(reader.decodeString(parent.key)) : .index(parent.count))
                        }
                        return path
                    }
                }
            } catch {
                return nil
            }
            return nil
        }
    }

    /// One target path component, with keys pre-encoded for byte comparison.
    private enum Target {
        case key(String, utf8: [UInt8], isASCII: Bool)
        case index(Int)
    }

    /// One full pass over `bytes`. Element `k` of the result is the offset of
    /// the (first) value whose path is `path.components.prefix(k)`, or nil.
    /// Returns nil when `bytes` is not valid JSON or nests deeper than `maxDepth`.
    ///
    /// `matchedFrames` is how many open containers, from the bottom of the
    /// stack, are themselves at a prefix of the target path; a value can only
    /// match when all its ancestors do. When a prefix matches again (a
    /// duplicate key), that value is passed over, so the result always
    /// describes the first occurrence, the one `JSONDecoder` reads.
    private static func valueOffsets(along path: JSONPath, in bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) -> [Int?]? {
        let targets: [Target] = path.components.map {
            switch $0 {
            case .key(let key):
                let utf8 = Array(key.utf8)
                return .key(key, utf8: utf8, isASCII: utf8.allSatisfy { $0 < 0x80 })
            case .index(let index):
                return .index(index)
            }
        }
        var found = [Int?](repeating: nil, count: targets.count + 1)
        var matchedFrames = 0
        var keyMatches = false
        var reader = Reader(bytes: bytes, maxDepth: maxDepth)
        do {
            while let token = try reader.next() {
                let depth = reader.frames.count
                switch token {
                case .key(let key):
                    keyMatches = false
                    if matchedFrames == depth, depth - 1 < targets.count,
                       case .key(let string, let utf8, let isASCII) = targets[depth - 1] {
                        keyMatches = reader.stringEquals(key, string, utf8: utf8, isASCII: isASCII)
                    }
                case .endObject, .endArray:
                    if matchedFrames == depth + 1 { matchedFrames = depth }
                case .beginObject, .beginArray, .string, .number, .bool, .null:
                    let isContainer = token == .beginObject || token == .beginArray
                    let parentDepth = isContainer ? depth - 1 : depth
                    guard matchedFrames == parentDepth else { break }
                    var matches = parentDepth == 0
                    if !matches, parentDepth - 1 < targets.count {
                        let parent = reader.frames[parentDepth - 1]
                        switch targets[parentDepth - 1] {
                        case .key: matches = parent.isObject && keyMatches
                        case .index(let index): matches = !parent.isObject && parent.count == index
                        }
                    }
                    guard matches, found[parentDepth] == nil else { break }
                    found[parentDepth] = reader.tokenStart
                    if isContainer { matchedFrames = depth }
                }
            }
        } catch {
            return nil
        }
        return found
    }
}

// MARK: - Tokens

extension JSONScanner {
    /// A scanned (not decoded) string: the bytes between the quotes.
    struct StringToken: Equatable {
        /// Offset of the first byte after the opening quote.
        var start: Int
        /// Offset of the closing quote.
        var end: Int
        /// The string contains at least one backslash escape.
        var hasEscapes: Bool
        /// Every byte is ASCII (escapes not considered).
        var isASCII: Bool

        static let empty = StringToken(start: 0, end: 0, hasEscapes: false, isASCII: true)
    }

    /// One lexical token of the JSON grammar, as returned by `Reader.next()`.
    enum Token: Equatable {
        case beginObject, endObject, beginArray, endArray
        /// An object member's key; the reader has already consumed the ':'.
        case key(StringToken)
        case string(StringToken)
        /// The byte range of a number that matches the RFC 8259 grammar.
        case number(Range<Int>)
        case bool(Bool)
        case null
    }

    /// One open container on the reader's stack.
    struct Frame {
        var isObject: Bool
        /// Array: index of the current element. Object: members seen before the current one.
        var count: Int
        /// Object: the current member's key.
        var key: StringToken
        /// A key has been read / an element has begun, and its value is not finished.
        var hasPendingChild: Bool
    }

    /// What the reader expects next.
    enum State {
        /// The top-level value (only at the start).
        case topLevel
        /// Just after '{': a key or '}'.
        case objectStart
        /// Just after '[': a value or ']'.
        case arrayStart
        /// Just after a key and its ':': the member's value.
        case memberValue
        /// A value has ended: ',' or a closing bracket, or the end of the input.
        case afterValue
        /// The top-level value and trailing whitespace have been read.
        case finished
    }
}

// MARK: - Reader

extension JSONScanner {
    /// A pull tokenizer over UTF-8 bytes. See the comment at the top of the file.
    struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        let maxDepth: Int
        private(set) var offset: Int
        private(set) var tokenStart: Int
        private(set) var frames: [Frame]
        private(set) var state: State

        init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int = JSONScanner.defaultMaxDepth) {
            self.bytes = bytes
            self.maxDepth = maxDepth
            let hasBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
            self.offset = hasBOM ? 3 : 0
            self.tokenStart = offset
            self.frames = []
            self.frames.reserveCapacity(16)
            self.state = .topLevel
        }

        /// Reads the next token, or returns nil once the whole input has been read.
        mutating func next() throws(JSONSyntaxError) -> Token? {
            switch state {
            case .topLevel:
                let start = offset
                skipWhitespace()
                if offset == bytes.count {
                    throw error(at: offset, start == offset
                        ? "the file is empty"
                        : "the file contains only whitespace, expected a JSON value")
                }
                return try readValue()

            case .memberValue:
                skipWhitespace()
                return try readValue()

            case .objectStart:
                skipWhitespace()
                guard offset < bytes.count else {
                    throw error(at: offset, "unexpected end of file inside an object, expected a string key or '}'")
                }
                switch bytes[offset] {
                case .closeBrace: return closeContainer(.endObject)
                case .quote: return try readKey()
                default:
                    throw error(at: offset, "expected a string key or '}', found \(describe(at: offset))\(keyHint(at: offset))")
                }

            case .arrayStart:
                skipWhitespace()
                if offset < bytes.count, bytes[offset] == .closeBracket {
                    return closeContainer(.endArray)
                }
                frames[frames.count - 1].hasPendingChild = true
                return try readValue()

            case .afterValue:
                skipWhitespace()
                guard let top = frames.last else {
                    if offset == bytes.count {
                        state = .finished
                        return nil
                    }
                    throw error(at: offset, "unexpected \(describe(at: offset)) after the end of the top-level value")
                }
                if top.isObject {
                    guard offset < bytes.count else {
                        throw error(at: offset, "unexpected end of file inside an object, expected ',' or '}'")
                    }
                    switch bytes[offset] {
                    case .comma:
                        offset += 1
                        frames[frames.count - 1].count += 1
                        skipWhitespace()
                        guard offset < bytes.count else {
                            throw error(at: offset, "unexpected end of file inside an object, expected a string key after ','")
                        }
                        switch bytes[offset] {
                        case .quote:
                            return try readKey()
                        case .closeBrace:
                            throw error(at: offset, "expected a string key after ',', found '}' (trailing commas are not allowed)")
                        default:
                            throw error(at: offset, "expected a string key after ',', found \(describe(at: offset))\(keyHint(at: offset))")
                        }
                    case .closeBrace:
                        return closeContainer(.endObject)
                    default:
                        throw error(at: offset, "expected ',' or '}' after an object member, found \(describe(at: offset))")
                    }
                } else {
                    guard offset < bytes.count else {
                        throw error(at: offset, "unexpected end of file inside an array, expected ',' or ']'")
                    }
                    switch bytes[offset] {
                    case .comma:
                        offset += 1
                        frames[frames.count - 1].count += 1
                        skipWhitespace()
                        if offset < bytes.count, bytes[offset] == .closeBracket {
                            throw error(at: offset, "expected a value after ',', found ']' (trailing commas are not allowed)")
                        }
                        frames[frames.count - 1].hasPendingChild = true
                        return try readValue()
                    case .closeBracket:
                        return closeContainer(.endArray)
                    default:
                        throw error(at: offset, "expected ',' or ']' after an array element, found \(describe(at: offset))")
                    }
                }

            case .finished:
                return nil
            }
        }

        // MARK: Values

        /// Reads the value starting at `offset` (whitespace already skipped).
        private mutating func readValue() throws(JSONSyntaxError) -> Token {
            guard offset < bytes.count else {
                throw error(at: offset, "unexpected end of file, expected a value")
            }
            tokenStart = offset
            let byte = bytes[offset]
            switch byte {
            case .openBrace:
                try push(isObject: true)
                offset += 1
                state = .objectStart
                return .beginObject
            case .openBracket:
                try push(isObject: false)
                offset += 1
                state = .arrayStart
                return .beginArray
            case .quote:
                let string = try scanString()
                finishValue()
                return .string(string)
            case .minus, .digit0 ... .digit9:
                let range = try scanNumber()
                finishValue()
                return .number(range)
            case .plus, .period:
                throw error(at: offset, "invalid number '\(numberText(from: offset))' (a number must start with a digit or '-')")
            default:
                guard byte.isWordByte else {
                    throw error(at: offset, "expected a value, found \(describe(at: offset))\(byte == .apostrophe ? " (strings must use double quotes)" : "")")
                }
                return try readLiteral()
            }
        }

        /// Reads `true`, `false` or `null`; any other word is an error.
        private mutating func readLiteral() throws(JSONSyntaxError) -> Token {
            let start = offset
            var end = start
            while end < bytes.count, bytes[end].isWordByte { end += 1 }
            let word = UnsafeBufferPointer(rebasing: bytes[start..<end])
            let token: Token
            if word.elementsEqual("true".utf8) {
                token = .bool(true)
            } else if word.elementsEqual("false".utf8) {
                token = .bool(false)
            } else if word.elementsEqual("null".utf8) {
                token = .null
            } else {
                let text = String(decoding: word, as: UTF8.self)
                let lower = text.lowercased()
                let nearLiteral = ["true", "false", "null"].contains { lower.hasPrefix($0) || $0.hasPrefix(lower) }
                throw error(at: start, nearLiteral
                    ? "invalid literal '\(truncated(text))' (expected true, false or null)"
                    : "expected a value, found '\(truncated(text))' (strings must be in double quotes)")
            }
            offset = end
            finishValue()
            return token
        }

        /// Reads a key and the ':' after it.
        private mutating func readKey() throws(JSONSyntaxError) -> Token {
            let start = offset
            let key = try scanString()
            frames[frames.count - 1].key = key
            frames[frames.count - 1].hasPendingChild = true
            skipWhitespace()
            guard offset < bytes.count else {
                throw error(at: offset, "unexpected end of file after the key \"\(truncated(decodeString(key)))\", expected ':'")
            }
            guard bytes[offset] == .colon else {
                throw error(at: offset, "expected ':' after the key \"\(truncated(decodeString(key)))\", found \(describe(at: offset))")
            }
            offset += 1
            tokenStart = start
            state = .memberValue
            return .key(key)
        }

        private mutating func push(isObject: Bool) throws(JSONSyntaxError) {
            guard frames.count < maxDepth else {
                throw error(at: offset, "nesting deeper than \(maxDepth) levels, the limit maxJSONDepth")
            }
            frames.append(Frame(isObject: isObject, count: 0, key: .empty, hasPendingChild: false))
        }

        private mutating func closeContainer(_ token: Token) -> Token {
            tokenStart = offset
            offset += 1
            frames.removeLast()
            finishValue()
            return token
        }

        /// A value has ended: the enclosing container waits for ',' or its end.
        private mutating func finishValue() {
            state = .afterValue
            if !frames.isEmpty {
                frames[frames.count - 1].hasPendingChild = false
            }
        }

        private mutating func skipWhitespace() {
            while offset < bytes.count {
                switch bytes[offset] {
                case .space, .tab, .lineFeed, .carriageReturn: offset += 1
                default: return
                }
            }
        }

        // MARK: Strings

        /// Scans the string whose opening quote is at `offset`; leaves `offset`
        /// after the closing quote.
        private mutating func scanString() throws(JSONSyntaxError) -> StringToken {
            let open = offset
            var index = open + 1
            var hasEscapes = false
            var isASCII = true
            while index < bytes.count {
                let byte = bytes[index]
                if byte == .quote {
                    offset = index + 1
                    return StringToken(start: open + 1, end: index, hasEscapes: hasEscapes, isASCII: isASCII)
                } else if byte == .backslash {
                    hasEscapes = true
                    index = try scanEscape(at: index)
                } else if byte < 0x20 {
                    throw error(at: index, "control character \(byte.scalarName) inside a string")
                } else if byte < 0x80 {
                    index += 1
                } else {
                    isASCII = false
                    guard let length = utf8SequenceLength(at: index) else {
                        throw error(at: index, "invalid UTF-8 byte \(byte.hexName) inside a string (the file must be UTF-8 encoded)")
                    }
                    index += length
                }
            }
            throw error(at: bytes.count, "unexpected end of file inside a string")
        }

        /// Validates the escape whose backslash is at `index`; returns the
        /// offset just after it.
        private func scanEscape(at index: Int) throws(JSONSyntaxError) -> Int {
            guard index + 1 < bytes.count else {
                throw error(at: bytes.count, "unexpected end of file inside a string")
            }
            let escaped = bytes[index + 1]
            switch escaped {
            case .quote, .backslash, .slash, .b, .f, .n, .r, .t:
                return index + 2
            case .u:
                for digit in (index + 2)..<(index + 6) {
                    guard digit < bytes.count else {
                        throw error(at: bytes.count, "unexpected end of file inside a string")
                    }
                    guard bytes[digit].hexValue != nil else {
                        var text = "\\u"
                        var next = index + 2
                        while next < min(index + 6, bytes.count), bytes[next].isPrintableASCII,
                              bytes[next] != .quote, bytes[next] != .backslash {
                            text.append(Character(Unicode.Scalar(bytes[next])))
                            next += 1
                        }
                        throw error(at: index, "invalid escape sequence '\(text)' inside a string (expected 4 hexadecimal digits after '\\u')")
                    }
                }
                return index + 6
            default:
                if escaped.isPrintableASCII {
                    throw error(at: index, "invalid escape sequence '\\\(Character(Unicode.Scalar(escaped)))' inside a string")
                }
                throw error(at: index, "invalid escape sequence inside a string: '\\' followed by \(describe(at: index + 1))")
            }
        }

        /// The length of the well-formed UTF-8 sequence starting at `index`,
        /// or nil (overlong forms, UTF-16 surrogates, > U+10FFFF, truncation).
        func utf8SequenceLength(at index: Int) -> Int? {
            let lead = bytes[index]
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0x00...0x7F: return 1
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return nil
            }
            guard index + length <= bytes.count else { return nil }
            let second = bytes[index + 1]
            guard second >= low, second <= high else { return nil }
            for continuation in (index + 2)..<(index + length) where bytes[continuation] & 0xC0 != 0x80 {
                return nil
            }
            return length
        }

        /// The decoded value of a (valid) scanned string.
        func decodeString(_ token: StringToken) -> String {
            let raw = UnsafeBufferPointer(rebasing: bytes[token.start..<token.end])
            guard token.hasEscapes else {
                return String(decoding: raw, as: UTF8.self)
            }
            // Scanned strings are valid, and a lone surrogate becomes U+FFFD, so there is always a result.
            guard let base = bytes.baseAddress,
                  let output = JSONEscapes.decode(base, from: token.start, to: token.end, loneSurrogate: .replace) else {
                return ""
            }
            return String(decoding: output, as: UTF8.self)
        }

        /// Whether a scanned string equals `string` (whose UTF-8 is `utf8`) the
        /// way `String` compares: bytes directly for plain ASCII, decoded otherwise.
        func stringEquals(_ token: StringToken, _ string: String, utf8: [UInt8], isASCII: Bool) -> Bool {
            if !token.hasEscapes, token.isASCII, isASCII {
                guard token.end - token.start == utf8.count else { return false }
                var index = token.start
                for byte in utf8 {
                    if bytes[index] != byte { return false }
                    index += 1
                }
                return true
            }
            return decodeString(token) == string
        }

        // MARK: Numbers

        /// Scans a number at `offset` with the exact RFC 8259 grammar:
        /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
        private mutating func scanNumber() throws(JSONSyntaxError) -> Range<Int> {
            let start = offset
            var index = start
            func isDigit(_ index: Int) -> Bool {
                index < bytes.count && bytes[index] >= .digit0 && bytes[index] <= .digit9
            }
            if bytes[index] == .minus {
                index += 1
                guard isDigit(index) else { throw invalidNumber(start, "expected a digit after '-'") }
            }
            if bytes[index] == .digit0 {
                index += 1
                if isDigit(index) { throw invalidNumber(start, "leading zeros are not allowed") }
            } else {
                while isDigit(index) { index += 1 }
            }
            if index < bytes.count, bytes[index] == .period {
                index += 1
                guard isDigit(index) else { throw invalidNumber(start, "expected a digit after the decimal point") }
                while isDigit(index) { index += 1 }
            }
            if index < bytes.count, bytes[index] == .e || bytes[index] == .E {
                index += 1
                if index < bytes.count, bytes[index] == .plus || bytes[index] == .minus { index += 1 }
                guard isDigit(index) else { throw invalidNumber(start, "expected a digit in the exponent") }
                while isDigit(index) { index += 1 }
            }
            if index < bytes.count, bytes[index].isNumberByte {
                throw invalidNumber(start, nil)  // "1.2.3", "1e5e2", "1-2"
            }
            offset = index
            return start..<index
        }

        private func invalidNumber(_ start: Int, _ reason: String?) -> JSONSyntaxError {
            let text = "invalid number '\(numberText(from: start))'"
            return error(at: start, reason.map { "\(text) (\($0))" } ?? text)
        }

        /// The number-like run of bytes at `start`, for messages.
        private func numberText(from start: Int) -> String {
            var end = start
            while end < bytes.count, bytes[end].isNumberByte { end += 1 }
            return truncated(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
        }

        // MARK: Errors

        /// A syntax error at byte `offset` with the current path.
        func error(at offset: Int, _ message: String) -> JSONSyntaxError {
            JSONSyntaxError(location: SourceLocation.of(offset: offset, in: bytes), message: message, path: currentPath())
        }

        /// The path of the value being read: every open container, plus the
        /// innermost one's current key/index while one of its values is pending.
        func currentPath() -> JSONPath {
            var components: [JSONPathComponent] = []
            components.reserveCapacity(frames.count)
            for (level, frame) in frames.enumerated() where level < frames.count - 1 || frame.hasPendingChild {
                components.append(frame.isObject ? .key(decodeString(frame.key)) : .index(frame.count))
            }
            return JSONPath(components)
        }

        /// How the byte at `index` is named in a message: `'x'`, `'word'`,
        /// `'é' (U+00E9)`, `U+0000`, `byte 0xFF` or `end of file`.
        func describe(at index: Int) -> String {
            guard index < bytes.count else { return "end of file" }
            let byte = bytes[index]
            if byte.isWordByte {
                var end = index
                while end < bytes.count, bytes[end].isWordByte { end += 1 }
                return "'\(truncated(String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)))'"
            }
            if byte == .apostrophe { return "\"'\"" }
            if byte.isPrintableASCII { return "'\(Character(Unicode.Scalar(byte)))'" }
            if byte < 0x80 { return byte.scalarName }
            guard let length = utf8SequenceLength(at: index) else { return "byte \(byte.hexName)" }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]), as: UTF8.self)
            let scalar = text.unicodeScalars.first!.value
            return "'\(text)' (U+\(String(scalar, radix: 16, uppercase: true).leftPadded(to: 4)))"
        }

        /// " (keys must be in double quotes)" when a key looks unquoted.
        private func keyHint(at index: Int) -> String {
            guard index < bytes.count, bytes[index].isWordByte || bytes[index] == .apostrophe else { return "" }
            return " (keys must be in double quotes)"
        }

        private func truncated(_ text: String) -> String {
            text.count > 40 ? String(text.prefix(40)) + "…" : text
        }
    }
}

// MARK: - Byte helpers

// Internal, not private: the fast decoder's `JSONReader` reads with the same names.
extension UInt8 {
    static let tab = UInt8(ascii: "\t")
    static let lineFeed = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let quote = UInt8(ascii: "\"")
    static let apostrophe = UInt8(ascii: "'")
    static let plus = UInt8(ascii: "+")
    static let comma = UInt8(ascii: ",")
    static let minus = UInt8(ascii: "-")
    static let period = UInt8(ascii: ".")
    static let slash = UInt8(ascii: "/")
    static let digit0 = UInt8(ascii: "0")
    static let digit9 = UInt8(ascii: "9")
    static let colon = UInt8(ascii: ":")
    static let E = UInt8(ascii: "E")
    static let openBracket = UInt8(ascii: "[")
    static let backslash = UInt8(ascii: "\\")
    static let closeBracket = UInt8(ascii: "]")
    static let b = UInt8(ascii: "b")
    static let e = UInt8(ascii: "e")
    static let f = UInt8(ascii: "f")
    static let n = UInt8(ascii: "n")
    static let r = UInt8(ascii: "r")
    static let t = UInt8(ascii: "t")
    static let u = UInt8(ascii: "u")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")

    /// Letters, digits, '_' and '$': the bytes of a bare word like `true` or `NaN`.
    var isWordByte: Bool {
        (self >= 0x61 && self <= 0x7A) || (self >= 0x41 && self <= 0x5A) || (self >= 0x30 && self <= 0x39)
            || self == 0x5F || self == 0x24
    }

    /// Bytes that can continue a number: digits, '.', 'e', 'E', '+', '-'.
    var isNumberByte: Bool {
        (self >= .digit0 && self <= .digit9) || self == .period || self == .e || self == .E || self == .plus || self == .minus
    }

    var isPrintableASCII: Bool { self >= 0x20 && self < 0x7F }

    var hexValue: UInt8? {
        switch self {
        case 0x30...0x39: return self - 0x30
        case 0x41...0x46: return self - 0x41 + 10
        case 0x61...0x66: return self - 0x61 + 10
        default: return nil
        }
    }

    /// "U+000A".
    var scalarName: String { "U+" + String(self, radix: 16, uppercase: true).leftPadded(to: 4) }

    /// "0xFF".
    var hexName: String { "0x" + String(self, radix: 16, uppercase: true).leftPadded(to: 2) }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
