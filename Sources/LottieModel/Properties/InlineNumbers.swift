// MARK: - InlineNumbers

/// A short list of numbers kept in the value itself: up to two inline, longer lists in an
/// array.
///
/// Most numbers of a Lottie file come in lists of one or two: path vertices and tangents,
/// 2D positions and scales, easing coordinates. As `[Double]` each list is a heap block of
/// its own (a 32-byte header, the numbers, the allocator's overhead), which made a decoded
/// file 6–7 times its size (issue 7). Inline, a list is 17 bytes (24 in an array) and no
/// allocation. Two, not three: a third inline number would make every path vertex and every
/// keyframe a third larger to save an allocation for the far rarer 3D values.
///
/// Invariant: a list of at most two numbers is one of the inline cases, never `.many`;
/// `init(_:)` and `JSONReader.inlineNumbers()` keep it. Equality and hashing go element by
/// element, as `[Double]`'s do, so values that compared equal as arrays still do.
enum InlineNumbers: Sendable {
    case empty
    case one(Double)
    case two(Double, Double)
    case many([Double])

    /// The inline form of `numbers` when it has at most two.
    init(_ numbers: [Double]) {
        switch numbers.count {
        case 0: self = .empty
        case 1: self = .one(numbers[0])
        case 2: self = .two(numbers[0], numbers[1])
        default: self = .many(numbers)
        }
    }

    /// The numbers as an array; a long list is returned without copying.
    var array: [Double] {
        switch self {
        case .empty: return []
        case .one(let first): return [first]
        case .two(let first, let second): return [first, second]
        case .many(let numbers): return numbers
        }
    }

    /// The number at `index`, or `fallback` past the end.
    @inline(__always)
    func element(_ index: Int, default fallback: Double) -> Double {
        index < count ? self[index] : fallback
    }
}

// MARK: - Collection

extension InlineNumbers: RandomAccessCollection {
    var startIndex: Int { 0 }

    var endIndex: Int { count }

    var count: Int {
        switch self {
        case .empty: return 0
        case .one: return 1
        case .two: return 2
        case .many(let numbers): return numbers.count
        }
    }

    subscript(position: Int) -> Double {
        switch (self, position) {
        case (.one(let first), 0), (.two(let first, _), 0): return first
        case (.two(_, let second), 1): return second
        case (.many(let numbers), _): return numbers[position]
        default: preconditionFailure("index \(position) is out of range of \(count) numbers")
        }
    }
}

// MARK: - Hashable

extension InlineNumbers: Hashable {
    static func == (lhs: InlineNumbers, rhs: InlineNumbers) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }

    /// The count, then each number: what `[Double]` feeds the hasher.
    func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for number in self { hasher.combine(number) }
    }
}
