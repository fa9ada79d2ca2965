// MARK: - MergeMode

/// `mm` of a merge paths item: how it combines the paths before it (FORMAT.md "Merge paths").
/// Unknown numbers are kept; LottiePlay merges them as `merge`.
public enum MergeMode: IntegerCode {
    /// 1: the contours kept together as one compound path.
    case merge
    /// 2: union.
    case add
    /// 3: the later paths cut out of the first.
    case subtract
    /// 4: intersection.
    case intersect
    /// 5: exclusive-or.
    case excludeIntersections
    /// Any other number.
    case unknown(Int)

    public init(rawValue: Int) {
        switch rawValue {
        case 1: self = .merge
        case 2: self = .add
        case 3: self = .subtract
        case 4: self = .intersect
        case 5: self = .excludeIntersections
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: Int {
        switch self {
        case .merge: 1
        case .add: 2
        case .subtract: 3
        case .intersect: 4
        case .excludeIntersections: 5
        case .unknown(let code): code
        }
    }
}
