// MARK: - EasingHandle

/// One control point of a keyframe's easing curve (`o` or `i`). Each coordinate is a
/// list: one number for all dimensions, or one per dimension (FORMAT.md: component j
/// uses element j, or element 0 when the list is shorter).
public struct EasingHandle: Hashable, Sendable, Codable {
    /// Every keyframe has two handles, so their size is much of a file's (issue 7).
    var storage: Storage

    /// One number for each coordinate inline, which is most handles (scalar properties, and
    /// the single ease many exporters write for all dimensions); other lists in a box that
    /// the fast decoder shares between equal handles. 16 bytes, where two inline lists were 41.
    enum Storage: Sendable {
        case numbers(x: Double, y: Double)
        case lists(EasingLists)
    }

    /// The x coordinates as the file gave them. Reading builds an array; prefer `x(for:)`.
    public var x: [Double] {
        get { xStorage.array }
        set { self = EasingHandle(xStorage: InlineNumbers(newValue), yStorage: yStorage) }
    }

    /// The y coordinates as the file gave them. Reading builds an array; prefer `y(for:)`.
    public var y: [Double] {
        get { yStorage.array }
        set { self = EasingHandle(xStorage: xStorage, yStorage: InlineNumbers(newValue)) }
    }

    public init(x: [Double], y: [Double]) {
        self.init(xStorage: InlineNumbers(x), yStorage: InlineNumbers(y))
    }

    public init(x: Double, y: Double) {
        storage = .numbers(x: x, y: y)
    }

    init(xStorage: InlineNumbers, yStorage: InlineNumbers) {
        if case .one(let x) = xStorage, case .one(let y) = yStorage {
            storage = .numbers(x: x, y: y)
        } else {
            storage = .lists(EasingLists(x: xStorage, y: yStorage))
        }
    }

    /// A handle over `lists`, which must not be one number each (that is `.numbers`).
    init(lists: EasingLists) {
        storage = .lists(lists)
    }

    var xStorage: InlineNumbers {
        switch storage {
        case .numbers(let x, _): .one(x)
        case .lists(let lists): lists.x
        }
    }

    var yStorage: InlineNumbers {
        switch storage {
        case .numbers(_, let y): .one(y)
        case .lists(let lists): lists.y
        }
    }

    /// The handle's x for dimension `index` (element 0 when the list is shorter).
    public func x(for index: Int) -> Double {
        switch storage {
        case .numbers(let x, _): x
        case .lists(let lists): Self.element(index, of: lists.x)
        }
    }

    /// The handle's y for dimension `index` (element 0 when the list is shorter).
    public func y(for index: Int) -> Double {
        switch storage {
        case .numbers(_, let y): y
        case .lists(let lists): Self.element(index, of: lists.y)
        }
    }

    private static func element(_ index: Int, of list: InlineNumbers) -> Double {
        list.element(index, default: list.element(0, default: 0))
    }

    // MARK: Hashable

    /// Equal by the coordinate lists, however they are stored.
    public static func == (lhs: EasingHandle, rhs: EasingHandle) -> Bool {
        lhs.xStorage == rhs.xStorage && lhs.yStorage == rhs.yStorage
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(xStorage)
        hasher.combine(yStorage)
    }

    // MARK: Codable

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.init(
            xStorage: try container.decodeIfPresent(Vector.self, forKey: "x")?.storage ?? .empty,
            yStorage: try container.decodeIfPresent(Vector.self, forKey: "y")?.storage ?? .empty)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(x, forKey: "x")
        try container.encode(y, forKey: "y")
    }
}

// MARK: - EasingLists

/// The coordinate lists of a handle that are not one number each. Immutable, so that
/// handles may share it: a setter of `EasingHandle` builds a new one.
final class EasingLists: Sendable {
    let x: InlineNumbers
    let y: InlineNumbers

    init(x: InlineNumbers, y: InlineNumbers) {
        self.x = x
        self.y = y
    }
}
