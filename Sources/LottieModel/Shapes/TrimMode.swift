// MARK: - TrimMode

/// `m` of a trim path: how it trims several paths (the spec's "Trim Multiple Shapes").
/// Unknown numbers are kept; LottiePlay trims them as `parallel`.
public enum TrimMode: IntegerCode {
    /// 1: each path trimmed on its own (After Effects' "Simultaneously").
    case parallel
    /// 2: all the paths as one, one after the other (After Effects' "Individually").
    case sequential
    /// Any other number.
    case unknown(Int)

    public init(rawValue: Int) {
        switch rawValue {
        case 1: self = .parallel
        case 2: self = .sequential
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: Int {
        switch self {
        case .parallel: 1
        case .sequential: 2
        case .unknown(let code): code
        }
    }
}
