// MARK: - ShapeDirection

/// `d` of a path, rectangle, ellipse or star: the direction its path runs in (it matters for
/// trim paths). Unknown numbers are kept; LottiePlay reverses only 3, as lottie-web does (2 is seen in
/// files and drawn as normal).
public enum ShapeDirection: IntegerCode {
    /// 1: the shape's own order (FORMAT.md "Shapes").
    case normal
    /// 3: the other way.
    case reversed
    /// Any other number.
    case unknown(Int)

    public init(rawValue: Int) {
        switch rawValue {
        case 1: self = .normal
        case 3: self = .reversed
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: Int {
        switch self {
        case .normal: 1
        case .reversed: 3
        case .unknown(let code): code
        }
    }
}
