import Foundation

// MARK: - JSONTree

// The raw JSON of a file as a tree that keeps what the model drops: the exact JSON type of
// every value (`1` and `true` and `1.0` stay apart), keys the model ignores, array entries it
// skips, and the byte offset where each value starts (for line and column).
//
// ## Layout
//
// One flat array of `Node`s in document order (an arena), built in one pass over the
// `JSONScanner.Reader` tokens. Containers link to their first child; children link to their
// next sibling; a member of an object keeps the byte range of its key. Strings and numbers
// are not decoded while building: a node keeps the byte range of its text, and `Value`
// decodes it when a check asks. For `{"a": 2, "k": [256, 256]}` at offset 10:
//
//     index  kind    start  key   firstChild  nextSibling
//     0      object  10     -     1           -
//     1      number  16     "a"   -           2
//     2      array   24     "k"   3           -
//     3      number  25     -     -           4
//     4      number  30     -     -           -
//
// ## Invariants
// - `nodes[0]` is the top-level value; a child's index is greater than its parent's.
// - `firstChild`/`nextSibling` are -1 when there is none; `childCount` counts the children.
// - A key's range excludes its quotes; a string runs from its opening quote (`start`) to its
//   closing quote (`end`); `flags` say whether either needs unescaping.
// - The tree is immutable once built (a class, so that each `Value` holds one reference).
final class JSONTree {
    enum Kind: UInt8 {
        case object, array, string, number, bool, null
    }

    /// One value (40 bytes: offsets are 32-bit; `LottieDecoder` accepts files far below 2 GB).
    struct Node {
        var kind: Kind
        /// `escapes`: the string needs unescaping; `keyEscapes`: the key does; `trueValue`: a `true`.
        var flags: UInt8 = 0
        /// Offset of the value's first byte (a string's opening quote).
        var start: Int32
        /// Strings: the closing quote; numbers: the end of the number.
        var end: Int32
        /// The member key's range, for a value inside an object (`keyStart` -1 otherwise).
        var keyStart: Int32 = -1
        var keyEnd: Int32 = -1
        var firstChild: Int32 = -1
        var nextSibling: Int32 = -1
        var childCount: Int32 = 0
        /// A member key's first two bytes and length (`keyTag(of:)`), to skip most keys unread.
        var keyTag: UInt32 = 0

        static let escapes: UInt8 = 1
        static let keyEscapes: UInt8 = 2
        static let trueValue: UInt8 = 4
    }

    let bytes: [UInt8]
    let nodes: [Node]

    /// Builds the tree of a valid JSON text; throws the scanner's syntax error otherwise.
    init(bytes: [UInt8], maxDepth: Int = JSONScanner.defaultMaxDepth) throws(JSONSyntaxError) {
        self.bytes = bytes
        var built: [Node] = []
        built.reserveCapacity(bytes.count / 6)
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in
            var reader = JSONScanner.Reader(bytes: buffer, maxDepth: maxDepth)
            // Open containers: their node index and the index of their last child so far.
            var open: [(node: Int, lastChild: Int)] = []
            var pendingKey: JSONScanner.StringToken?
            while let token = try reader.next() {
                let start = Int32(truncatingIfNeeded: reader.tokenStart)
                var node: Node
                switch token {
                case .key(let key):
                    pendingKey = key
                    continue
                case .endObject, .endArray:
                    open.removeLast()
                    continue
                case .beginObject:
                    node = Node(kind: .object, start: start, end: start)
                case .beginArray:
                    node = Node(kind: .array, start: start, end: start)
                case .string(let string):
                    node = Node(kind: .string, flags: string.hasEscapes ? Node.escapes : 0, start: start,
                                end: Int32(truncatingIfNeeded: string.end))
                case .number(let range):
                    node = Node(kind: .number, start: Int32(truncatingIfNeeded: range.lowerBound),
                                end: Int32(truncatingIfNeeded: range.upperBound))
                case .bool(let value):
                    node = Node(kind: .bool, flags: value ? Node.trueValue : 0, start: start, end: start)
                case .null:
                    node = Node(kind: .null, start: start, end: start)
                }
                if let key = pendingKey {
                    node.keyStart = Int32(truncatingIfNeeded: key.start)
                    node.keyEnd = Int32(truncatingIfNeeded: key.end)
                    if key.hasEscapes { node.flags |= Node.keyEscapes }
                    let length = key.end - key.start
                    node.keyTag = Self.keyTag(
                        length: length, first: length > 0 ? buffer[key.start] : 0, second: length > 1 ? buffer[key.start + 1] : 0)
                    pendingKey = nil
                }
                let index = built.count
                built.append(node)
                if let parent = open.last {
                    if parent.lastChild < 0 {
                        built[parent.node].firstChild = Int32(truncatingIfNeeded: index)
                    } else {
                        built[parent.lastChild].nextSibling = Int32(truncatingIfNeeded: index)
                    }
                    built[parent.node].childCount += 1
                    open[open.count - 1].lastChild = index
                }
                if token == .beginObject || token == .beginArray { open.append((index, -1)) }
            }
        }
        nodes = built
    }

    /// The top-level value.
    var root: Value { Value(tree: self, index: 0) }

    /// Lines and columns of many byte offsets, in one pass over the bytes (newlines found with
    /// `memchr`; files with a `\r` take the byte-by-byte rules of `SourceLocation`).
    func locations(ofOffsets offsets: [Int]) -> [Int: SourceLocation] {
        let sorted = Set(offsets).sorted()
        guard !sorted.isEmpty else { return [:] }
        return bytes.withUnsafeBufferPointer { buffer in
            var result: [Int: SourceLocation] = [:]
            guard let base = buffer.baseAddress,
                  memchr(base, Int32(UInt8(ascii: "\r")), buffer.count) == nil else {
                for offset in sorted { result[offset] = SourceLocation.of(offset: offset, in: buffer) }
                return result
            }
            let bomLength = buffer.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            var line = 1
            var lineStart = 0
            for offset in sorted {
                let end = min(max(offset, 0), buffer.count)
                // Whole lines up to the offset.
                while lineStart < end, let found = memchr(base + lineStart, Int32(UInt8(ascii: "\n")), end - lineStart) {
                    lineStart = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                    line += 1
                }
                let from = line == 1 ? max(lineStart, bomLength) : lineStart
                var column = 1
                if from < end {
                    for index in from..<end where buffer[index] & 0xC0 != 0x80 { column += 1 }
                }
                result[offset] = SourceLocation(line: line, column: column, offset: end)
            }
            return result
        }
    }

    /// The value at the longest existing prefix of `path`.
    func deepestValue(along path: JSONPath) -> Value {
        var current = root
        for component in path.components {
            let next: Value?
            switch component {
            case .key(let key): next = current[key]
            case .index(let index): next = current[index]
            }
            guard let next else { break }
            current = next
        }
        return current
    }

    fileprivate func decode(start: Int, end: Int, hasEscapes: Bool) -> String {
        guard hasEscapes else { return String(decoding: bytes[start..<end], as: UTF8.self) }
        return bytes.withUnsafeBufferPointer { buffer in
            JSONScanner.Reader(bytes: buffer).decodeString(
                JSONScanner.StringToken(start: start, end: end, hasEscapes: true, isASCII: false))
        }
    }

    /// A key's length and first two bytes packed together.
    static func keyTag(length: Int, first: UInt8, second: UInt8) -> UInt32 {
        UInt32(truncatingIfNeeded: min(length, 0xFFFF)) << 16 | UInt32(first) << 8 | UInt32(second)
    }

    /// The tag of a key to look up.
    static func keyTag(of key: String) -> UInt32 {
        if let tag = key.utf8.withContiguousStorageIfAvailable({ utf8 in
            keyTag(length: utf8.count, first: utf8.count > 0 ? utf8[0] : 0, second: utf8.count > 1 ? utf8[1] : 0)
        }) {
            return tag
        }
        let utf8 = Array(key.utf8)
        return keyTag(length: utf8.count, first: utf8.first ?? 0, second: utf8.count > 1 ? utf8[1] : 0)
    }

    /// Whether a member's key is `key` (bytes compared directly unless the key has escapes).
    fileprivate func keyEquals(_ node: Node, _ key: String, tag: UInt32) -> Bool {
        if node.flags & Node.keyEscapes == 0, node.keyTag != tag { return false }
        let start = Int(node.keyStart)
        let end = Int(node.keyEnd)
        if node.flags & Node.keyEscapes != 0 { return decode(start: start, end: end, hasEscapes: true) == key }
        var index = start
        for byte in key.utf8 {
            guard index < end, bytes[index] == byte else { return false }
            index += 1
        }
        return index == end
    }
}

// MARK: - Value

extension JSONTree {
    /// One value of the tree: what it is, where it starts, and its members or elements.
    struct Value {
        let tree: JSONTree
        let index: Int

        private var node: Node { tree.nodes[index] }

        var kind: Kind { node.kind }
        /// Byte offset of the value's first character.
        var offset: Int { Int(node.start) }

        var isObject: Bool { kind == .object }
        var isArray: Bool { kind == .array }

        /// The number, for a number value.
        var number: Double? {
            let node = node
            guard node.kind == .number else { return nil }
            return Double(String(decoding: tree.bytes[Int(node.start)..<Int(node.end)], as: UTF8.self))
        }

        /// The number when it is whole (`1` and `1.0`; JSON Schema counts both as integers).
        var integer: Int? {
            guard let number, number.rounded() == number, abs(number) < 1e15 else { return nil }
            return Int(number)
        }

        var string: String? {
            let node = node
            guard node.kind == .string else { return nil }
            return tree.decode(start: Int(node.start) + 1, end: Int(node.end), hasEscapes: node.flags & Node.escapes != 0)
        }

        var bool: Bool? { kind == .bool ? node.flags & Node.trueValue != 0 : nil }

        /// The member `key` of an object (the last one when a key repeats, as `JSONDecoder` does).
        subscript(key: String) -> Value? {
            guard kind == .object else { return nil }
            let tag = JSONTree.keyTag(of: key)
            var found: Value?
            var child = Int(node.firstChild)
            while child >= 0 {
                let member = tree.nodes[child]
                if tree.keyEquals(member, key, tag: tag) { found = Value(tree: tree, index: child) }
                child = Int(member.nextSibling)
            }
            return found
        }

        /// Whether an object has the member `key`.
        func has(_ key: String) -> Bool { self[key] != nil }

        /// Element `position` of an array.
        subscript(position: Int) -> Value? {
            guard kind == .array, position >= 0, position < count else { return nil }
            var child = Int(node.firstChild)
            var seen = 0
            while child >= 0 {
                if seen == position { return Value(tree: tree, index: child) }
                seen += 1
                child = Int(tree.nodes[child].nextSibling)
            }
            return nil
        }

        /// The elements of an array (empty for anything else).
        var elements: [Value] {
            guard kind == .array else { return [] }
            var result: [Value] = []
            result.reserveCapacity(count)
            var child = Int(node.firstChild)
            while child >= 0 {
                result.append(Value(tree: tree, index: child))
                child = Int(tree.nodes[child].nextSibling)
            }
            return result
        }

        var count: Int { Int(node.childCount) }

        /// Whether every element of an array is a number (without building the element list).
        var isArrayOfNumbers: Bool {
            guard kind == .array else { return false }
            var child = Int(node.firstChild)
            while child >= 0 {
                let element = tree.nodes[child]
                if element.kind != .number { return false }
                child = Int(element.nextSibling)
            }
            return true
        }

        /// "a number", "an array"... for messages.
        var phrase: String {
            switch kind {
            case .object: "an object"
            case .array: "an array"
            case .string: "a string"
            case .number: "a number"
            case .bool: "a boolean"
            case .null: "null"
            }
        }

        /// The value as it is written, shortened for messages: `2`, `"abc"`, `[1, 2]`.
        var shortText: String {
            switch kind {
            case .number:
                return String(decoding: tree.bytes[Int(node.start)..<Int(node.end)], as: UTF8.self)
            case .bool:
                return bool == true ? "true" : "false"
            case .null:
                return "null"
            case .string:
                let text = string ?? ""
                return "'" + (text.count > 40 ? text.prefix(37) + "..." : text) + "'"
            case .array:
                return count == 0 ? "[]" : "an array of \(count)"
            case .object:
                return "an object"
            }
        }
    }
}
