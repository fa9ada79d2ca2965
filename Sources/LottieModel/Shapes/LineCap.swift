// MARK: - LineCap

/// `lc` of a stroke or gradient stroke: how open ends are drawn. Unknown numbers are kept;
/// LottiePlay draws them butt.
public enum LineCap: IntegerCode {
    /// 1: cut square at the end point.
    case butt
    /// 2: a half circle.
    case round
    /// 3: a half square past the end point.
    case square
    /// Any other number.
    case unknown(Int)

    public init(rawValue: Int) {
        switch rawValue {
        case 1: self = .butt
        case 2: self = .round
        case 3: self = .square
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: Int {
        switch self {
        case .butt: 1
        case .round: 2
        case .square: 3
        case .unknown(let code): code
        }
    }
}
