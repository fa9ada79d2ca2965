// MARK: - BezierPath

/// A bezier path as Lottie writes it: vertices with in and out tangents relative to
/// their vertex, open or closed.
public struct BezierPath: KeyframeValue, Hashable, Codable {
    public var closed: Bool
    public var vertices: [Vector]
    public var inTangents: [Vector]
    public var outTangents: [Vector]

    public init(closed: Bool, vertices: [Vector], inTangents: [Vector], outTangents: [Vector]) {
        self.closed = closed
        self.vertices = vertices
        self.inTangents = inTangents
        self.outTangents = outTangents
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        // Old exporters wrote `closed` instead of `c`.
        closed = try container.decodeIfPresent(Bool.self, forKey: "c")
            ?? container.decodeIfPresent(Bool.self, forKey: "closed") ?? false
        vertices = try container.decodeIfPresent([Vector].self, forKey: "v") ?? []
        inTangents = try container.decodeIfPresent([Vector].self, forKey: "i") ?? []
        outTangents = try container.decodeIfPresent([Vector].self, forKey: "o") ?? []
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(closed, forKey: "c")
        try container.encode(vertices, forKey: "v")
        try container.encode(inTangents, forKey: "i")
        try container.encode(outTangents, forKey: "o")
    }

    /// A static path is an object; some files wrap it in a one-element array.
    public init(staticValueFrom decoder: Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            guard !list.isAtEnd else {
                throw DecodingError.dataCorrupted(.init(
                    codingPath: decoder.codingPath,
                    debugDescription: "expected a path object, found an empty array"))
            }
            self = try list.decode(BezierPath.self)
        } else {
            try self.init(from: decoder)
        }
    }

    public func encodeStaticValue(to encoder: Encoder) throws { try encode(to: encoder) }

    /// Path keyframes hold their value in a one-element array: `"s": [{...}]`.
    public func encodeKeyframeValue(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode([self])
    }
}
