// MARK: - EasingHandle

/// One control point of a keyframe's easing curve (`o` or `i`). Each coordinate is a
/// list: one number for all dimensions, or one per dimension (FORMAT.md: component j
/// uses element j, or element 0 when the list is shorter).
public struct EasingHandle: Hashable, Sendable, Codable {
    /// Inline for up to two numbers: every keyframe has two handles (issue 7).
    var xStorage: InlineNumbers
    var yStorage: InlineNumbers

    /// The x coordinates as the file gave them. Reading builds an array; prefer `x(for:)`.
    public var x: [Double] {
        get { xStorage.array }
        set { xStorage = InlineNumbers(newValue) }
    }

    /// The y coordinates as the file gave them. Reading builds an array; prefer `y(for:)`.
    public var y: [Double] {
        get { yStorage.array }
        set { yStorage = InlineNumbers(newValue) }
    }

    public init(x: [Double], y: [Double]) {
        self.init(xStorage: InlineNumbers(x), yStorage: InlineNumbers(y))
    }

    public init(x: Double, y: Double) {
        self.init(xStorage: .one(x), yStorage: .one(y))
    }

    init(xStorage: InlineNumbers, yStorage: InlineNumbers) {
        self.xStorage = xStorage
        self.yStorage = yStorage
    }

    /// The handle's x for dimension `index` (element 0 when the list is shorter).
    public func x(for index: Int) -> Double { Self.element(index, of: xStorage) }
    /// The handle's y for dimension `index` (element 0 when the list is shorter).
    public func y(for index: Int) -> Double { Self.element(index, of: yStorage) }

    private static func element(_ index: Int, of list: InlineNumbers) -> Double {
        list.element(index, default: list.element(0, default: 0))
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        xStorage = try container.decodeIfPresent(Vector.self, forKey: "x")?.storage ?? .empty
        yStorage = try container.decodeIfPresent(Vector.self, forKey: "y")?.storage ?? .empty
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(x, forKey: "x")
        try container.encode(y, forKey: "y")
    }
}
