// MARK: - RepeaterComposite

/// `m` of a repeater: whether each copy is drawn above or below the one before. Unknown numbers
/// are kept; LottiePlay draws them `above`.
public enum RepeaterComposite: IntegerCode {
    /// 1: each copy above the one before.
    case above
    /// 2: each copy below the one before.
    case below
    /// Any other number.
    case unknown(Int)

    public init(rawValue: Int) {
        switch rawValue {
        case 1: self = .above
        case 2: self = .below
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: Int {
        switch self {
        case .above: 1
        case .below: 2
        case .unknown(let code): code
        }
    }
}
