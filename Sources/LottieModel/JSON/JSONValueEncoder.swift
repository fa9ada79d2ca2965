// MARK: - JSONValueEncoder
//
// Writes an `Encodable` value straight into a `JSONValue`, without going through text: what
// `LottieAnimation.jsonValue()` uses to rewrite a model for slots, themes and overrides
// (docs/PERFORMANCE.md, "Overrides and slots").
//
// Containers write into reference nodes, so that a value may ask for the same keyed container
// several times (a gradient stroke writes its stroke's members and its gradient's into one
// object) and nested containers are filled after they are handed out, as `Encoder` allows.

/// Encodes `Encodable` values as `JSONValue`s.
public struct JSONValueEncoder {
    public init() {}

    /// `value` as a JSON value.
    ///
    /// - Throws: `EncodingError.invalidValue` for a number that is not finite (JSON has none),
    ///   or what `value`'s own `encode(to:)` throws.
    public func encode<Value: Encodable>(_ value: Value) throws -> JSONValue {
        let node = Node()
        try Node.encode(value, into: node, codingPath: [])
        return node.value
    }

    /// A value being written: a finished value, or an object or array whose members are nodes
    /// still being written.
    fileprivate final class Node {
        var scalar: JSONValue = .null
        var members: [String: Node]?
        var elements: [Node]?

        var value: JSONValue {
            if let members { return .object(members.mapValues(\.value)) }
            if let elements { return .array(elements.map(\.value)) }
            return scalar
        }

        static func encode<Value: Encodable>(_ value: Value, into node: Node, codingPath: [any CodingKey]) throws {
            if let json = value as? JSONValue {
                node.scalar = json
                node.members = nil
                node.elements = nil
            } else {
                try value.encode(to: ValueEncoder(node: node, codingPath: codingPath))
            }
        }

        static func number(_ value: Double, codingPath: [any CodingKey]) throws -> JSONValue {
            guard value.isFinite else {
                throw EncodingError.invalidValue(value, EncodingError.Context(
                    codingPath: codingPath, debugDescription: "\(value) is not a number JSON can hold"))
            }
            return .number(value)
        }
    }
}

// MARK: - Encoder

private struct ValueEncoder: Encoder {
    let node: JSONValueEncoder.Node
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if node.members == nil { node.members = [:] }
        return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if node.elements == nil { node.elements = [] }
        return UnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(node: node, codingPath: codingPath)
    }
}

// MARK: - Keyed container

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: JSONValueEncoder.Node
    let codingPath: [any CodingKey]

    private func set(_ value: JSONValue, for key: Key) {
        let child = JSONValueEncoder.Node()
        child.scalar = value
        node.members?[key.stringValue] = child
    }

    private func child(for key: Key) -> JSONValueEncoder.Node {
        let child = JSONValueEncoder.Node()
        node.members?[key.stringValue] = child
        return child
    }

    mutating func encodeNil(forKey key: Key) throws { set(.null, for: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), for: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), for: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        set(try JSONValueEncoder.Node.number(value, codingPath: codingPath + [key]), for: key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        set(try JSONValueEncoder.Node.number(Double(value), codingPath: codingPath + [key]), for: key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.number(Double(value)), for: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(.number(Double(value)), for: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(.number(Double(value)), for: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(.number(Double(value)), for: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(.number(Double(value)), for: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(.number(Double(value)), for: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(.number(Double(value)), for: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(.number(Double(value)), for: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(.number(Double(value)), for: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(.number(Double(value)), for: key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try JSONValueEncoder.Node.encode(value, into: child(for: key), codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        ValueEncoder(node: child(for: key), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        ValueEncoder(node: child(for: key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    /// Under "super", or, for a key type without it, into this object itself.
    mutating func superEncoder() -> any Encoder {
        guard let key = Key(stringValue: "super") else { return ValueEncoder(node: node, codingPath: codingPath) }
        return ValueEncoder(node: child(for: key), codingPath: codingPath + [key])
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        ValueEncoder(node: child(for: key), codingPath: codingPath + [key])
    }
}

// MARK: - Unkeyed container

private struct UnkeyedContainer: UnkeyedEncodingContainer, ValueSink {
    let node: JSONValueEncoder.Node
    let codingPath: [any CodingKey]
    var count: Int { node.elements?.count ?? 0 }

    private func append() -> JSONValueEncoder.Node {
        let child = JSONValueEncoder.Node()
        node.elements?.append(child)
        return child
    }

    func put(_ value: JSONValue) { append().scalar = value }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try JSONValueEncoder.Node.encode(value, into: append(), codingPath: codingPath)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        ValueEncoder(node: append(), codingPath: codingPath).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        ValueEncoder(node: append(), codingPath: codingPath).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        ValueEncoder(node: append(), codingPath: codingPath)
    }
}

// MARK: - Single value container

private struct SingleValueContainer: SingleValueEncodingContainer, ValueSink {
    let node: JSONValueEncoder.Node
    let codingPath: [any CodingKey]

    func put(_ value: JSONValue) {
        node.scalar = value
        node.members = nil
        node.elements = nil
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try JSONValueEncoder.Node.encode(value, into: node, codingPath: codingPath)
    }
}

// MARK: - Primitive values

/// A container that takes one value after another (an array's elements) or one value: the
/// primitive `encode` methods both container protocols ask for, written once.
private protocol ValueSink {
    var codingPath: [any CodingKey] { get }
    func put(_ value: JSONValue)
}

extension ValueSink {
    func encodeNil() throws { put(.null) }
    func encode(_ value: Bool) throws { put(.bool(value)) }
    func encode(_ value: String) throws { put(.string(value)) }
    func encode(_ value: Double) throws { put(try JSONValueEncoder.Node.number(value, codingPath: codingPath)) }
    func encode(_ value: Float) throws { put(try JSONValueEncoder.Node.number(Double(value), codingPath: codingPath)) }
    func encode(_ value: Int) throws { put(.number(Double(value))) }
    func encode(_ value: Int8) throws { put(.number(Double(value))) }
    func encode(_ value: Int16) throws { put(.number(Double(value))) }
    func encode(_ value: Int32) throws { put(.number(Double(value))) }
    func encode(_ value: Int64) throws { put(.number(Double(value))) }
    func encode(_ value: UInt) throws { put(.number(Double(value))) }
    func encode(_ value: UInt8) throws { put(.number(Double(value))) }
    func encode(_ value: UInt16) throws { put(.number(Double(value))) }
    func encode(_ value: UInt32) throws { put(.number(Double(value))) }
    func encode(_ value: UInt64) throws { put(.number(Double(value))) }
}
