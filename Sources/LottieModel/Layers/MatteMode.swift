// MARK: - MatteMode

/// `tt`: how a track matte masks a layer (the spec's "Matte Mode"). Unknown numbers are kept.
public enum MatteMode: IntegerCode, CustomStringConvertible {
    /// 0: no matte (the spec's "Normal").
    case normal
    /// 1: the matte's alpha.
    case alpha
    /// 2: the matte's alpha, inverted.
    case alphaInverted
    /// 3: the matte's luminance.
    case luma
    /// 4: the matte's luminance, inverted.
    case lumaInverted
    /// Any other number.
    case unknown(Int)

    public init(rawValue: Int) {
        switch rawValue {
        case 0: self = .normal
        case 1: self = .alpha
        case 2: self = .alphaInverted
        case 3: self = .luma
        case 4: self = .lumaInverted
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: Int {
        switch self {
        case .normal: 0
        case .alpha: 1
        case .alphaInverted: 2
        case .luma: 3
        case .lumaInverted: 4
        case .unknown(let code): code
        }
    }

    /// The mode's name for people ("alpha inverted"; "none" for 0), or "matte mode 9".
    public var description: String {
        switch self {
        case .normal: "none"
        case .alpha: "alpha"
        case .alphaInverted: "alpha inverted"
        case .luma: "luma"
        case .lumaInverted: "luma inverted"
        case .unknown(let code): "matte mode \(code)"
        }
    }
}
