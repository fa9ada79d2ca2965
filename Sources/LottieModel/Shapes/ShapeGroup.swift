// MARK: - ShapeGroup

/// `gr`: a group of shape items with its own transform (its last item, `tr`).
public struct ShapeGroup: Equatable, Sendable, Codable {
    public var name: String?
    public var matchName: String?
    public var hidden: Bool?
    /// `np`: the number of properties (After Effects bookkeeping).
    public var propertyCount: Double?
    /// `bm`: blend mode of the group.
    public var blendMode: BlendMode?
    /// `it`: the items, first on top.
    public var items: [ShapeItem]

    public init(name: String? = nil, items: [ShapeItem]) {
        self.name = name
        self.items = items
    }

    enum CodingKeys: String, CodingKey {
        case name = "nm", matchName = "mn", hidden = "hd", propertyCount = "np", blendMode = "bm", items = "it"
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        matchName = try container.decodeIfPresent(String.self, forKey: .matchName)
        hidden = try container.decodeIfPresent(Bool.self, forKey: .hidden)
        propertyCount = try container.decodeIfPresent(Double.self, forKey: .propertyCount)
        blendMode = try container.decodeIfPresent(BlendMode.self, forKey: .blendMode)
        items = try container.decodeIfPresent([ShapeItem].self, forKey: .items) ?? []
    }

    /// The group's transform: its `tr` item, if it has one.
    public var transform: ShapeTransform? {
        for item in items.reversed() {
            if case .transform(let transform) = item { return transform }
        }
        return nil
    }
}

/// `tr`: the transform of a group (same fields as a layer transform).
public struct ShapeTransform: Equatable, Sendable, Codable {
    public var name: String?
    public var matchName: String?
    public var hidden: Bool?
    public var transform: Transform

    public init(transform: Transform) {
        self.transform = transform
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        name = try container.decodeIfPresent(String.self, forKey: "nm")
        matchName = try container.decodeIfPresent(String.self, forKey: "mn")
        hidden = try container.decodeIfPresent(Bool.self, forKey: "hd")
        transform = try Transform(from: decoder)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encodeIfPresent(name, forKey: "nm")
        try container.encodeIfPresent(matchName, forKey: "mn")
        try container.encodeIfPresent(hidden, forKey: "hd")
        try transform.encode(to: encoder)
    }
}
