// MARK: - Keyframe

/// One keyframe of an animated property.
///
/// Current files give each keyframe its value `s`; files before bodymovin 5 also give the
/// segment's end value `e`, and their last keyframe has only `t` (FORMAT.md, legacy
/// keyframes). Both forms are kept as written; the evaluator resolves them.
public struct Keyframe<Value: KeyframeValue>: Equatable, Sendable {
    /// `t`: the frame at which the keyframe sits.
    public var time: Double
    /// `s`: the value at this keyframe (missing on a legacy final keyframe).
    public var value: Value?
    /// `e`: the legacy end value of the segment that starts here.
    public var endValue: Value?
    /// `h`: the value holds until the next keyframe.
    public var hold: Bool
    /// `o`: the out handle of the easing curve of the segment that starts here.
    public var outEasing: EasingHandle?
    /// `i`: the in handle of the easing curve of the segment that starts here.
    public var inEasing: EasingHandle?
    /// `to`: spatial out tangent (positions), relative to this keyframe's value.
    public var outTangent: Vector? {
        get { tangents?.out }
        set { tangents = SpatialTangents(out: newValue, in: inTangent) }
    }
    /// `ti`: spatial in tangent (positions), relative to the next keyframe's value.
    public var inTangent: Vector? {
        get { tangents?.in }
        set { tangents = SpatialTangents(out: outTangent, in: newValue) }
    }
    /// `to` and `ti` in one box: only position keyframes have them, and inline they would
    /// add 48 bytes to every keyframe of a file (issue 7).
    private var tangents: SpatialTangents?

    public init(
        time: Double, value: Value?, endValue: Value? = nil, hold: Bool = false,
        outEasing: EasingHandle? = nil, inEasing: EasingHandle? = nil,
        outTangent: Vector? = nil, inTangent: Vector? = nil
    ) {
        self.time = time
        self.value = value
        self.endValue = endValue
        self.hold = hold
        self.outEasing = outEasing
        self.inEasing = inEasing
        self.tangents = SpatialTangents(out: outTangent, in: inTangent)
    }
}

// MARK: - Spatial tangents

/// A keyframe's `to` and `ti`, shared by the copies of the keyframe and never changed: a
/// setter puts a new box in place.
final class SpatialTangents: Equatable, Sendable {
    let out: Vector?
    let `in`: Vector?

    /// The box for `out` and `in`, or nil when the keyframe has neither.
    init?(out: Vector?, in inTangent: Vector?) {
        guard out != nil || inTangent != nil else { return nil }
        self.out = out
        self.in = inTangent
    }

    /// Equal by content, as the two inline properties were.
    static func == (lhs: SpatialTangents, rhs: SpatialTangents) -> Bool {
        lhs.out == rhs.out && lhs.in == rhs.in
    }
}

// MARK: - Codable

extension Keyframe: Codable {
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        time = try container.decode(Double.self, forKey: "t")
        value = try Self.decodeValue(container, "s")
        endValue = try Self.decodeValue(container, "e")
        hold = try container.decodeIfPresent(Bool.self, forKey: "h") ?? false
        outEasing = try container.decodeIfPresent(EasingHandle.self, forKey: "o")
        inEasing = try container.decodeIfPresent(EasingHandle.self, forKey: "i")
        tangents = SpatialTangents(
            out: try container.decodeIfPresent(Vector.self, forKey: "to"),
            in: try container.decodeIfPresent(Vector.self, forKey: "ti"))
    }

    private static func decodeValue(_ container: KeyedDecodingContainer<JSONKey>, _ key: JSONKey) throws -> Value? {
        guard container.contains(key), try !container.decodeNil(forKey: key) else { return nil }
        return try Value(keyframeValueFrom: container.superDecoder(forKey: key))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(time, forKey: "t")
        if let value { try value.encodeKeyframeValue(to: container.superEncoder(forKey: "s")) }
        if let endValue { try endValue.encodeKeyframeValue(to: container.superEncoder(forKey: "e")) }
        if hold { try container.encode(1, forKey: "h") }
        try container.encodeIfPresent(outEasing, forKey: "o")
        try container.encodeIfPresent(inEasing, forKey: "i")
        try container.encodeIfPresent(outTangent, forKey: "to")
        try container.encodeIfPresent(inTangent, forKey: "ti")
    }
}
