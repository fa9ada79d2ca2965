// MARK: - EasingHandle

/// One control point of a keyframe's easing curve (`o` or `i`). Each coordinate is a
/// list: one number for all dimensions, or one per dimension (FORMAT.md: component j
/// uses element j, or element 0 when the list is shorter).
public struct EasingHandle: Hashable, Sendable, Codable {
    public var x: [Double]
    public var y: [Double]

    public init(x: [Double], y: [Double]) {
        self.x = x
        self.y = y
    }

    public init(x: Double, y: Double) {
        self.init(x: [x], y: [y])
    }

    /// The handle's x for dimension `index` (element 0 when the list is shorter).
    public func x(for index: Int) -> Double { Self.element(index, of: x) }
    /// The handle's y for dimension `index` (element 0 when the list is shorter).
    public func y(for index: Int) -> Double { Self.element(index, of: y) }

    private static func element(_ index: Int, of list: [Double]) -> Double {
        if index < list.count { return list[index] }
        return list.first ?? 0
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        x = try container.decodeIfPresent(Vector.self, forKey: "x")?.components ?? []
        y = try container.decodeIfPresent(Vector.self, forKey: "y")?.components ?? []
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(x, forKey: "x")
        try container.encode(y, forKey: "y")
    }
}
