// MARK: - LineJoin

/// `lj` of a stroke, gradient stroke or offset path: how corners are drawn. Unknown numbers
/// are kept; LottiePlay draws them mitered.
public enum LineJoin: IntegerCode {
    /// 1: a sharp corner, up to the miter limit.
    case miter
    /// 2: a circular arc.
    case round
    /// 3: the corner cut off.
    case bevel
    /// Any other number.
    case unknown(Int)

    public init(rawValue: Int) {
        switch rawValue {
        case 1: self = .miter
        case 2: self = .round
        case 3: self = .bevel
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: Int {
        switch self {
        case .miter: 1
        case .round: 2
        case .bevel: 3
        case .unknown(let code): code
        }
    }
}
