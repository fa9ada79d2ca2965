// MARK: - Skipping and looking ahead
//
// Values the model does not read are skipped with their syntax checked; values whose
// meaning depends on a member later in the object are found first and read after.

extension JSONReader {
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
                _ = try skipNull()
            case .openBrace:
                try enterContainer()
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
                try enterContainer()
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
