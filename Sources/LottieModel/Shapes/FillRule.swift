// MARK: - FillRule

/// `r` of a fill or gradient fill: which parts of crossing or nested paths are inside.
/// Unknown numbers are kept; LottiePlay fills them by the non-zero rule.
public enum FillRule: IntegerCode {
    /// 1: non-zero winding.
    case nonZero
    /// 2: even-odd.
    case evenOdd
    /// Any other number.
    case unknown(Int)

    public init(rawValue: Int) {
        switch rawValue {
        case 1: self = .nonZero
        case 2: self = .evenOdd
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: Int {
        switch self {
        case .nonZero: 1
        case .evenOdd: 2
        case .unknown(let code): code
        }
    }
}
