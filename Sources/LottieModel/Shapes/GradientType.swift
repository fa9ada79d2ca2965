// MARK: - GradientType

/// `t` of a gradient fill or stroke. Unknown numbers are kept; LottiePlay draws them linear.
public enum GradientType: IntegerCode {
    /// 1: from the start point `s` to the end point `e`.
    case linear
    /// 2: centred on `s`, of radius |e - s|, with highlight `h` and `a`.
    case radial
    /// Any other number.
    case unknown(Int)

    public init(rawValue: Int) {
        switch rawValue {
        case 1: self = .linear
        case 2: self = .radial
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: Int {
        switch self {
        case .linear: 1
        case .radial: 2
        case .unknown(let code): code
        }
    }
}
