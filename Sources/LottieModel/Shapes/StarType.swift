// MARK: - StarType

/// `sy` of a polystar. Unknown numbers are kept; LottiePlay draws them as stars.
public enum StarType: IntegerCode {
    /// 1: points alternating between the outer and the inner radius.
    case star
    /// 2: a regular polygon on the outer radius.
    case polygon
    /// Any other number.
    case unknown(Int)

    public init(rawValue: Int) {
        switch rawValue {
        case 1: self = .star
        case 2: self = .polygon
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: Int {
        switch self {
        case .star: 1
        case .polygon: 2
        case .unknown(let code): code
        }
    }
}
