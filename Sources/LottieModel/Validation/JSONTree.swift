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
// - Key and string ranges exclude the quotes; `hasEscapes` says whether decoding is needed.
struct JSONTree {
    enum Kind: UInt8 {
        case object, array, string, number, bool, null
    }

    struct Node {
        var kind: Kind
        /// Offset of the value's first byte.
        var start: Int
        /// Strings: the content range end (the closing quote); numbers: the end of the number.
        var end: Int
        /// Strings: the content start (after the quote).
        var contentStart: Int = 0
        var hasEscapes = false
        var boolValue = false
        /// The member key's range, for a value inside an object (`keyStart` -1 otherwise).
        var keyStart = -1
        var keyEnd = -1
        var keyHasEscapes = false
        var firstChild = -1
        var nextSibling = -1
        var childCount = 0
    }

    let bytes: [UInt8]
    private(set) var nodes: [Node] = []

    /// Builds the tree of a valid JSON text; throws the scanner's syntax error otherwise.
    init(bytes: [UInt8], maxDepth: Int = JSONScanner.defaultMaxDepth) throws(JSONSyntaxError) {
        self.bytes = bytes
        nodes.reserveCapacity(bytes.count / 6)
        var built: [Node] = []
        built.reserveCapacity(bytes.count / 6)
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in
            var reader = JSONScanner.Reader(bytes: buffer, maxDepth: maxDepth)
            // Open containers: their node index and the index of their last child so far.
            var open: [(node: Int, lastChild: Int)] = []
            var pendingKey: JSONScanner.StringToken?
            while let token = try reader.next() {
                var node: Node
                switch token {
                case .key(let key):
                    pendingKey = key
                    continue
                case .endObject, .endArray:
                    open.removeLast()
                    continue
                case .beginObject:
                    node = Node(kind: .object, start: reader.tokenStart, end: reader.tokenStart)
                case .beginArray:
                    node = Node(kind: .array, start: reader.tokenStart, end: reader.tokenStart)
                case .string(let string):
                    node = Node(kind: .string, start: reader.tokenStart, end: string.end)
                    node.contentStart = string.start
                    node.hasEscapes = string.hasEscapes
                case .number(let range):
                    node = Node(kind: .number, start: range.lowerBound, end: range.upperBound)
                case .bool(let value):
                    node = Node(kind: .bool, start: reader.tokenStart, end: reader.tokenStart)
                    node.boolValue = value
                case .null:
                    node = Node(kind: .null, start: reader.tokenStart, end: reader.tokenStart)
                }
                if let key = pendingKey {
                    node.keyStart = key.start
                    node.keyEnd = key.end
                    node.keyHasEscapes = key.hasEscapes
                    pendingKey = nil
                }
                let index = built.count
                built.append(node)
                if let parent = open.last {
                    if parent.lastChild < 0 {
                        built[parent.node].firstChild = index
                    } else {
                        built[parent.lastChild].nextSibling = index
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

    /// Line and column of a byte offset.
    func location(ofOffset offset: Int) -> SourceLocation {
        JSONScanner.sourceLocation(ofOffset: offset, in: bytes)
    }

    /// The value at `path`, or nil when it does not exist.
    func value(at path: JSONPath) -> Value? {
        var current = root
        for component in path.components {
            switch component {
            case .key(let key):
                guard let member = current[key] else { return nil }
                current = member
            case .index(let index):
                guard let element = current[index] else { return nil }
                current = element
            }
        }
        return current
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

    fileprivate func keyEquals(_ node: Node, _ key: LookupKey) -> Bool {
        if node.keyHasEscapes { return decode(start: node.keyStart, end: node.keyEnd, hasEscapes: true) == key.string }
        let utf8 = key.utf8
        guard node.keyEnd - node.keyStart == utf8.count else { return false }
        var index = node.keyStart
        for byte in utf8 {
            if bytes[index] != byte { return false }
            index += 1
        }
        return true
    }
}

/// A key to look up, with its UTF-8 ready for byte comparison.
struct LookupKey {
    var string: String
    var utf8: [UInt8]
    init(_ string: String) {
        self.string = string
        self.utf8 = Array(string.utf8)
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
        var offset: Int { node.start }
        var location: SourceLocation { tree.location(ofOffset: node.start) }

        var isObject: Bool { kind == .object }
        var isArray: Bool { kind == .array }

        /// The number, for a number value.
        var number: Double? {
            guard kind == .number else { return nil }
            return Double(String(decoding: tree.bytes[node.start..<node.end], as: UTF8.self))
        }

        /// The number when it is whole (`1` and `1.0`; JSON Schema counts both as integers).
        var integer: Int? {
            guard let number, number.rounded() == number, abs(number) < 1e15 else { return nil }
            return Int(number)
        }

        var string: String? {
            guard kind == .string else { return nil }
            return tree.decode(start: node.contentStart, end: node.end, hasEscapes: node.hasEscapes)
        }

        var bool: Bool? { kind == .bool ? node.boolValue : nil }

        /// The member `key` of an object (the last one when a key repeats, as `JSONDecoder` does).
        subscript(key: String) -> Value? {
            guard kind == .object else { return nil }
            let wanted = LookupKey(key)
            var found: Value?
            var child = node.firstChild
            while child >= 0 {
                if tree.keyEquals(tree.nodes[child], wanted) { found = Value(tree: tree, index: child) }
                child = tree.nodes[child].nextSibling
            }
            return found
        }

        /// Whether an object has the member `key`.
        func has(_ key: String) -> Bool { self[key] != nil }

        /// Element `position` of an array.
        subscript(position: Int) -> Value? {
            guard kind == .array, position >= 0, position < node.childCount else { return nil }
            var child = node.firstChild
            var count = 0
            while child >= 0 {
                if count == position { return Value(tree: tree, index: child) }
                count += 1
                child = tree.nodes[child].nextSibling
            }
            return nil
        }

        /// The elements of an array (empty for anything else).
        var elements: [Value] {
            guard kind == .array else { return [] }
            return children
        }

        /// The members of an object with their keys, in file order.
        var members: [(key: String, value: Value)] {
            guard kind == .object else { return [] }
            return children.map { child in
                let node = tree.nodes[child.index]
                return (tree.decode(start: node.keyStart, end: node.keyEnd, hasEscapes: node.keyHasEscapes), child)
            }
        }

        var count: Int { node.childCount }

        private var children: [Value] {
            var result: [Value] = []
            result.reserveCapacity(node.childCount)
            var child = node.firstChild
            while child >= 0 {
                result.append(Value(tree: tree, index: child))
                child = tree.nodes[child].nextSibling
            }
            return result
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
            case .number, .bool, .null:
                let end = kind == .number ? node.end : node.start + (kind == .null ? 4 : (node.boolValue ? 4 : 5))
                return String(decoding: tree.bytes[node.start..<end], as: UTF8.self)
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
