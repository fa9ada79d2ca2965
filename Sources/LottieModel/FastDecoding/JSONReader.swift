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
//   syntax error `JSONScanner` reports; beyond `JSONDecoder`'s own limit of 512 it fails as
//   `JSONDecoder` does (`nestedTooDeep`), at the bracket.
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
    /// The longer strings read so far, shared by the copies of the reader (see `readString`).
    let strings = StringTable()
    /// The easing lists read so far, shared in the same way (see `EasingHandle(reader:)`).
    let easingLists = EasingListTable()

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
            // Pretty-printed files indent with runs of spaces: a run of up to 8 is passed in
            // one step (the bytes that are spaces become zero; count the low zero bytes).
            let notSpaces = load64(at: position) ^ 0x2020_2020_2020_2020
            if notSpaces == 0 {
                position &+= 8
                continue
            }
            position &+= notSpaces.trailingZeroBitCount >> 3
            switch base[position] {
            case .lineFeed, .carriageReturn, .tab:
                position &+= 1
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
    /// Opens the array or object whose bracket is at the cursor, within the depth limits.
    mutating func enterContainer() throws(DecodeFailure) {
        guard depth < depthLimit else {
            throw DecodeFailure(depth >= maxDepth ? .syntax : .nestedTooDeep, at: offset)
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
        try enterContainer()
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
        try enterContainer()
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
}

// MARK: - Byte names

// The names of bytes (`.quote`, `.openBrace`, ...) are shared with `JSONScanner`.
extension UInt8 {
    @inline(__always)
    var isDigit: Bool { self &- .digit0 < 10 }
}
