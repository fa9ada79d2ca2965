// MARK: - Animatable

/// An animated property: `{ "a": 0|1, "k": value or keyframes, "x": expression, "sid": slot, "ix": index }`.
///
/// Whether the property is animated is decided from the shape of `k`, not from `a`,
/// which old files omit (FORMAT.md): an array whose first element is an object with `t`
/// is a keyframe list, anything else is a static value.
public struct Animatable<Value: KeyframeValue>: Equatable, Sendable {
    /// The property's content: one value, or keyframes.
    public enum Content: Equatable, Sendable {
        case fixed(Value)
        case keyframes([Keyframe<Value>])
    }

    public var content: Content
    /// `ix` when it fits in 32 bits, else `Int32.min` (see `propertyIndex`). An inline
    /// `Int?` made every property 16 bytes larger; indexes are small numbers, and a larger
    /// one goes to the rare fields. Right after `content`, so that it fills the padding after
    /// a scalar or vector value's tag.
    private var compactIndex: Int32
    /// `x`, `sid` and an `ix` beyond 32 bits, in a box shared by copies: few properties have
    /// them, and two inline `String?` would add 32 bytes to every property of every layer and
    /// shape (issue 7).
    private var rareFields: RareFields?

    /// `ix`: the property index After Effects uses in expressions.
    public var propertyIndex: Int? {
        get { compactIndex != Self.noCompactIndex ? Int(compactIndex) : rareFields?.propertyIndex }
        set { store(expression: expression, slotID: slotID, propertyIndex: newValue) }
    }

    /// `x`: an After Effects expression, kept but not run.
    public var expression: String? {
        get { rareFields?.expression }
        set { store(expression: newValue, slotID: slotID, propertyIndex: propertyIndex) }
    }

    /// Identifies this property's expression: the same for every copy of the property, different
    /// for another property even with the same text (nil without an expression). It holds what it
    /// identifies, so it stays unique while it is kept.
    public var expressionIdentity: ExpressionIdentity? {
        guard let rareFields, rareFields.expression != nil else { return nil }
        return ExpressionIdentity(fields: rareFields)
    }

    /// `sid`: the id of the slot that may replace this property's value.
    public var slotID: String? {
        get { rareFields?.slotID }
        set { store(expression: expression, slotID: newValue, propertyIndex: propertyIndex) }
    }

    public init(_ content: Content, expression: String? = nil, slotID: String? = nil, propertyIndex: Int? = nil) {
        self.content = content
        compactIndex = Self.noCompactIndex
        rareFields = nil
        store(expression: expression, slotID: slotID, propertyIndex: propertyIndex)
    }

    /// `compactIndex` when the index is nil or does not fit in it.
    private static var noCompactIndex: Int32 { .min }

    /// Puts `propertyIndex` inline when it fits, and the rest in a new box (the box is shared,
    /// so never changed in place), or none.
    private mutating func store(expression: String?, slotID: String?, propertyIndex: Int?) {
        var largeIndex: Int?
        if let propertyIndex, let compact = Int32(exactly: propertyIndex), compact != Self.noCompactIndex {
            compactIndex = compact
        } else {
            compactIndex = Self.noCompactIndex
            largeIndex = propertyIndex
        }
        rareFields = RareFields.make(expression: expression, slotID: slotID, propertyIndex: largeIndex)
    }

    /// A property that never changes.
    public init(_ value: Value) {
        self.init(.fixed(value))
    }

    /// True when the property has keyframes.
    public var isAnimated: Bool {
        if case .keyframes = content { return true }
        return false
    }

    /// The keyframes, empty for a static property.
    public var keyframes: [Keyframe<Value>] {
        if case .keyframes(let list) = content { return list }
        return []
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.content == rhs.content && lhs.propertyIndex == rhs.propertyIndex
            && lhs.expression == rhs.expression && lhs.slotID == rhs.slotID
    }
}

// MARK: - ExpressionIdentity

/// The identity of a property's expression (`Animatable.expressionIdentity`).
public struct ExpressionIdentity: Hashable, Sendable {
    fileprivate let fields: RareFields

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.fields === rhs.fields }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(fields)) }
}

// MARK: - RareFields

/// The fields of a property that few files write, boxed (immutable, so copies may share it).
private final class RareFields: Sendable {
    let expression: String?
    let slotID: String?
    /// An `ix` that does not fit in `Animatable.compactIndex`.
    let propertyIndex: Int?

    private init(expression: String?, slotID: String?, propertyIndex: Int?) {
        self.expression = expression
        self.slotID = slotID
        self.propertyIndex = propertyIndex
    }

    /// A box for these fields, or nil when none is there.
    static func make(expression: String?, slotID: String?, propertyIndex: Int?) -> RareFields? {
        guard expression != nil || slotID != nil || propertyIndex != nil else { return nil }
        return RareFields(expression: expression, slotID: slotID, propertyIndex: propertyIndex)
    }
}

// MARK: - Codable

extension Animatable: Codable {
    public init(from decoder: Decoder) throws {
        guard let container = try? decoder.container(keyedBy: JSONKey.self) else {
            // Some exporters write a bare value where a property object belongs (`"ml": 4`).
            self.init(.fixed(try Value(staticValueFrom: decoder)))
            return
        }
        guard container.contains("k") else {
            throw DecodingError.keyNotFound(JSONKey("k"), .init(
                codingPath: decoder.codingPath,
                debugDescription: "an animated property needs its value 'k'"))
        }
        let content: Content
        if try container.decode(ValueShape.self, forKey: "k") == .keyframes {
            content = .keyframes(try container.decode(KeyframeList<Value>.self, forKey: "k").keyframes)
        } else {
            content = .fixed(try Value(staticValueFrom: container.superDecoder(forKey: "k")))
        }
        self.init(
            content,
            expression: try container.decodeIfPresent(String.self, forKey: "x"),
            slotID: try container.decodeIfPresent(String.self, forKey: "sid"),
            propertyIndex: try? container.decodeIfPresent(Int.self, forKey: "ix"))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        switch content {
        case .fixed(let value):
            try container.encode(0, forKey: "a")
            try value.encodeStaticValue(to: container.superEncoder(forKey: "k"))
        case .keyframes(let keyframes):
            try container.encode(1, forKey: "a")
            try container.encode(keyframes, forKey: "k")
        }
        try container.encodeIfPresent(expression, forKey: "x")
        try container.encodeIfPresent(slotID, forKey: "sid")
        try container.encodeIfPresent(propertyIndex, forKey: "ix")
    }
}

extension JSONKey {
    init(_ name: String) { self.init(stringValue: name) }
}

// MARK: - ValueShape

/// What `k` looks like: a keyframe list or a plain value.
enum ValueShape: Decodable, Equatable {
    case keyframes
    case value

    init(from decoder: Decoder) throws {
        guard var list = try? decoder.unkeyedContainer() else {
            self = .value
            return
        }
        if list.isAtEnd {
            self = .keyframes  // `[]`: an empty keyframe list, reported by validation
            return
        }
        if let first = try? list.nestedContainer(keyedBy: JSONKey.self), first.contains("t") {
            self = .keyframes
        } else {
            self = .value
        }
    }
}

// MARK: - KeyframeList

/// A keyframe list that passes over entries that are not objects, as ThorVG does with
/// lists like `[{"t": 24}, 239, 239]`, instead of rejecting the whole file.
struct KeyframeList<Value: KeyframeValue>: Decodable {
    var keyframes: [Keyframe<Value>]

    init(from decoder: Decoder) throws {
        keyframes = try [Entry](from: decoder).compactMap(\.keyframe)
    }

    private struct Entry: Decodable {
        var keyframe: Keyframe<Value>?

        init(from decoder: Decoder) throws {
            let isObject = (try? decoder.container(keyedBy: JSONKey.self)) != nil
            keyframe = isObject ? try Keyframe<Value>(from: decoder) : nil
        }
    }
}
