// MARK: - JSONReader
//
// The cursor the fast decoders pull a Lottie document through, one value at a time,
// without building a tree, a dictionary or a string they do not keep.
//
// ## How a model type reads itself
//
// Each model type has an `init(reader:)` (see `FastDecodable`) that asks for the value it
// expects and lets the reader check the JSON on the way:
//
//     var object = try reader.beginObject()             // '{', or "expected an object"
//     var fields = FieldSet()
//     while let key = try reader.nextKey(&object) {     // nil after '}'
//         switch key {
//         case Field.nm where fields.isFirst(0): name = try reader.lenientStringOrNil()
//         case Field.ks where fields.isFirst(1): path = try Animatable(reader: &reader)
//         default: try reader.skipValue()               // unknown keys and repeats
//         }
//     }
//     guard fields.contains(1) else { throw reader.missing("ks", in: object) }
//
// For `{"nm": "Path 1", "ks": {"k": ...}, "ix": 2}` that is: the key `nm` read as the word
// 0x6D6E (`Field`) and its string decoded; `ks` read and its property decoded; `ix` skipped
// (checked for syntax, nothing kept).
//
// ## Invariants
//
// - `base` points at `count` bytes of the document followed by at least `padding` zero
//   bytes. A zero byte is never valid where the reader looks for a token, inside a string or
//   a number, so every scanning loop stops at the end of the input without a bounds check,
//   and 8-byte loads (keys, strings, indentation) may read past the last byte.
// - `offset` is the next byte to read. Values are entered after skipping whitespace; after a
//   value the reader is just past its last byte.
// - `depth` is the number of arrays and objects open. Opening one beyond `maxDepth` is the
//   syntax error `JSONScanner` reports; beyond `JSONDecoder`'s own limit of 512 the fast path
//   gives the document to the `Codable` path.
// - The reader accepts exactly the documents `JSONScanner.validate` accepts (RFC 8259), also
//   in values it skips, so a document the `Codable` path rejects for its syntax never decodes
//   here. On any failure the reader is left where it stopped and must not be used further,
//   except inside `attempt`, which rewinds.
// - Only the offset of a fault is kept (`DecodeFailure`); its JSON path, line and column are
//   recovered from the bytes when an error is reported, so reading costs nothing for them.
struct JSONReader {
    /// The zero bytes after the input (at least 8 for unaligned loads, and room for a literal).
    static let padding = 32
    /// `JSONDecoder` refuses documents nested deeper than this.
    static let codableDepthLimit = 512

    let base: UnsafePointer<UInt8>
    let count: Int
    var offset: Int
    var depth: Int
    /// Deeper than this is a syntax error.
    let maxDepth: Int
    /// `min(maxDepth, codableDepthLimit)`.
    let depthLimit: Int
    /// The length of the last list of vectors read (see `vectorListOrNil`).
    var vectorCountHint = 4

    /// A reader of `count` bytes at `base`, which must be followed by `padding` zero bytes.
    /// A UTF-8 byte-order mark at the start is skipped, as `JSONScanner` does.
    init(base: UnsafePointer<UInt8>, count: Int, maxDepth: Int) {
        self.base = base
        self.count = count
        self.maxDepth = maxDepth
        self.depthLimit = min(maxDepth, Self.codableDepthLimit)
        self.depth = 0
        let hasBOM = count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF
        self.offset = hasBOM ? 3 : 0
    }

    /// The byte at the cursor (zero at the end of the input).
    @inline(__always)
    var byte: UInt8 { base[offset] }

    @inline(__always)
    func load64(at position: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
    }

    // MARK: Whitespace

    /// Skips spaces, tabs and line breaks.
    @inline(__always)
    mutating func skipWhitespace() {
        if base[offset] > .space { return }
        skipWhitespaceRun()
    }

    private mutating func skipWhitespaceRun() {
        var position = offset
        while true {
            switch base[position] {
            case .space, .lineFeed, .carriageReturn, .tab:
                position += 1
                // Pretty-printed files indent with runs of spaces: 8 at a time.
                while load64(at: position) == 0x2020_2020_2020_2020 { position += 8 }
            default:
                offset = position
                return
            }
        }
    }

    // MARK: Failures

    /// A syntax error at the cursor (described later by `JSONScanner`).
    func syntaxError() -> DecodeFailure {
        DecodeFailure(.syntax, at: offset)
    }

    /// The value at `offset` is not of the expected JSON type.
    func expected(_ expectation: DecodeFailure.Expectation, at offset: Int) -> DecodeFailure {
        DecodeFailure(.expected(expectation), at: offset)
    }

    /// The object `object` lacks the required member `name`.
    func missing(_ name: StaticString, in object: ObjectScope) -> DecodeFailure {
        DecodeFailure(.missingField(name), at: object.start)
    }

    // MARK: Containers

    /// An object being read: where it starts, and whether a member has been read.
    struct ObjectScope {
        let start: Int
        fileprivate var isFirst = true
    }

    /// An array being read.
    struct ArrayScope {
        let start: Int
        fileprivate var isFirst = true
    }

    @inline(__always)
    private mutating func open() throws(DecodeFailure) {
        guard depth < depthLimit else {
            throw DecodeFailure(depth >= maxDepth ? .syntax : .needsCodablePath, at: offset)
        }
        depth += 1
        offset += 1
    }

    /// Whether the value at the cursor is an object (whitespace skipped).
    @inline(__always)
    mutating func isAtObject() -> Bool {
        skipWhitespace()
        return base[offset] == .openBrace
    }

    /// Enters the object at the cursor, or fails with "expected an object".
    @inline(__always)
    mutating func beginObject() throws(DecodeFailure) -> ObjectScope {
        skipWhitespace()
        guard base[offset] == .openBrace else { throw expected(.object, at: offset) }
        let scope = ObjectScope(start: offset)
        try open()
        return scope
    }

    /// The next member's key (the reader is then at its value), or nil after the closing `}`.
    @inline(__always)
    mutating func nextKey(_ scope: inout ObjectScope) throws(DecodeFailure) -> UInt64? {
        guard try nextMember(&scope) else { return nil }
        return try readKey()
    }

    /// True when another member follows (the reader is then at its key's quote); false
    /// after the closing `}`.
    @inline(__always)
    mutating func nextMember(_ scope: inout ObjectScope) throws(DecodeFailure) -> Bool {
        skipWhitespace()
        if scope.isFirst {
            scope.isFirst = false
            if base[offset] == .closeBrace {
                offset += 1
                depth -= 1
                return false
            }
        } else {
            switch base[offset] {
            case .comma:
                offset += 1
                skipWhitespace()
            case .closeBrace:
                offset += 1
                depth -= 1
                return false
            default:
                throw syntaxError()
            }
        }
        guard base[offset] == .quote else { throw syntaxError() }
        return true
    }

    /// Enters the array at the cursor, or fails with "expected an array".
    @inline(__always)
    mutating func beginArray() throws(DecodeFailure) -> ArrayScope {
        skipWhitespace()
        guard base[offset] == .openBracket else { throw expected(.array, at: offset) }
        let scope = ArrayScope(start: offset)
        try open()
        return scope
    }

    /// True when another element follows (the reader is then before it); false after `]`.
    @inline(__always)
    mutating func nextElement(_ scope: inout ArrayScope) throws(DecodeFailure) -> Bool {
        skipWhitespace()
        let next = base[offset]
        if scope.isFirst {
            scope.isFirst = false
            if next == .closeBracket {
                offset += 1
                depth -= 1
                return false
            }
            return true
        }
        if next == .comma {
            offset += 1
            return true
        }
        if next == .closeBracket {
            offset += 1
            depth -= 1
            return false
        }
        throw syntaxError()
    }

    // MARK: Literals

    /// Reads `null` if it is the value at the cursor.
    @inline(__always)
    mutating func skipNull() throws(DecodeFailure) -> Bool {
        skipWhitespace()
        guard base[offset] == .n else { return false }
        try readLiteral(.null)
        return true
    }

    private enum Literal: UInt32 {
        // The four bytes of the word, little-endian; `false` is checked as "fals" + "e".
        case null = 0x6C6C_756E
        case `true` = 0x6575_7274
        case `false` = 0x736C_6166
    }

    private mutating func readLiteral(_ literal: Literal) throws(DecodeFailure) {
        let word = UInt32(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt32.self))
        guard word == literal.rawValue else { throw syntaxError() }
        if literal == .false {
            guard base[offset + 4] == .e else { throw syntaxError() }
            offset += 5
        } else {
            offset += 4
        }
    }

    /// Reads `true` or `false` at the cursor (the caller has seen `t` or `f`).
    mutating func readBool() throws(DecodeFailure) -> Bool {
        if base[offset] == .t {
            try readLiteral(.true)
            return true
        }
        try readLiteral(.false)
        return false
    }

    // MARK: Skipping

    /// Reads past the value at the cursor, checking its syntax, keeping nothing.
    ///
    /// Nested containers are followed with a counter and one bit per level, never by
    /// recursion, so the call stack stays flat however deep the value is.
    mutating func skipValue() throws(DecodeFailure) {
        let outerDepth = depth
        var objectLevels: UInt64 = 0  // bit n: level n + 1 below `outerDepth` is an object
        var deeperLevels: [Bool] = []  // levels beyond 64
        func setLevel(_ level: Int, isObject: Bool) {
            if level <= 64 {
                let bit: UInt64 = 1 << UInt64(level - 1)
                objectLevels = isObject ? objectLevels | bit : objectLevels & ~bit
            } else {
                if deeperLevels.count < level - 64 { deeperLevels.append(isObject) } else { deeperLevels[level - 65] = isObject }
            }
        }
        func isObject(_ level: Int) -> Bool {
            level <= 64 ? objectLevels & (1 << UInt64(level - 1)) != 0 : deeperLevels[level - 65]
        }

        nextValue: while true {
            skipWhitespace()
            switch base[offset] {
            case .quote:
                _ = try scanString()
            case .minus, .digit0 ... .digit9:
                try skipNumber()
            case .t, .f:
                _ = try readBool()
            case .n:
                try readLiteral(.null)
            case .openBrace:
                try open()
                setLevel(depth - outerDepth, isObject: true)
                skipWhitespace()
                if base[offset] == .closeBrace {
                    offset += 1
                    depth -= 1
                } else {
                    try skipKeyAndColon()
                    continue nextValue
                }
            case .openBracket:
                try open()
                setLevel(depth - outerDepth, isObject: false)
                skipWhitespace()
                if base[offset] == .closeBracket {
                    offset += 1
                    depth -= 1
                } else {
                    continue nextValue
                }
            default:
                throw syntaxError()
            }
            // A value has ended: a separator or the end of its container follows.
            while depth > outerDepth {
                skipWhitespace()
                let inObject = isObject(depth - outerDepth)
                switch base[offset] {
                case .comma:
                    offset += 1
                    if inObject { try skipKeyAndColon() }
                    continue nextValue
                case .closeBrace where inObject, .closeBracket where !inObject:
                    offset += 1
                    depth -= 1
                default:
                    throw syntaxError()
                }
            }
            return
        }
    }

    private mutating func skipKeyAndColon() throws(DecodeFailure) {
        skipWhitespace()
        guard base[offset] == .quote else { throw syntaxError() }
        _ = try scanString()
        try readColon()
    }

    @inline(__always)
    mutating func readColon() throws(DecodeFailure) {
        skipWhitespace()
        guard base[offset] == .colon else { throw syntaxError() }
        offset += 1
    }

    // MARK: Looking ahead

    /// A place in the document to come back to.
    struct Mark {
        fileprivate let offset: Int
        fileprivate let depth: Int
    }

    /// The cursor's place (whitespace skipped, so a mark taken before a value is its start).
    mutating func mark() -> Mark {
        skipWhitespace()
        return Mark(offset: offset, depth: depth)
    }

    mutating func rewind(to mark: Mark) {
        offset = mark.offset
        depth = mark.depth
    }

    /// Reads the value at `mark` with `body`, then comes back to where the reader was.
    mutating func read<T>(
        at mark: Mark, _ body: (inout JSONReader) throws(DecodeFailure) -> T
    ) throws(DecodeFailure) -> T {
        let here = Mark(offset: offset, depth: depth)
        rewind(to: mark)
        let value = try body(&self)
        rewind(to: here)
        return value
    }

    /// Where the value of the first member `key` of the object at the cursor starts, or nil
    /// when it has none. The cursor does not move.
    mutating func findMember(_ key: UInt64) throws(DecodeFailure) -> Mark? {
        let origin = mark()
        defer { rewind(to: origin) }
        var object = try beginObject()
        while let next = try nextKey(&object) {
            if next == key { return mark() }
            try skipValue()
        }
        return nil
    }

    /// `try?` of the `Codable` path: the value read by `body`, or nil (and the value skipped)
    /// when it is not of the expected type. Syntax errors still fail.
    mutating func attempt<T>(_ body: (inout JSONReader) throws(DecodeFailure) -> T) throws(DecodeFailure) -> T? {
        let origin = mark()
        do throws(DecodeFailure) {
            return try body(&self)
        } catch {
            if case .syntax = error.reason { throw error }
            rewind(to: origin)
            try skipValue()
            return nil
        }
    }
}

// MARK: - Byte names

// The names of bytes (`.quote`, `.openBrace`, ...) are shared with `JSONScanner`.
extension UInt8 {
    @inline(__always)
    var isDigit: Bool { self &- .digit0 < 10 }
}
