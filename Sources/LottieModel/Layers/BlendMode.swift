// MARK: - BlendMode

/// `bm`: how a layer or shape is composited onto what is below it, with After Effects' modes
/// as lottie-web numbers them. Unknown numbers are kept.
public enum BlendMode: IntegerCode, CustomStringConvertible {
    /// 0
    case normal
    /// 1
    case multiply
    /// 2
    case screen
    /// 3
    case overlay
    /// 4
    case darken
    /// 5
    case lighten
    /// 6
    case colorDodge
    /// 7
    case colorBurn
    /// 8
    case hardLight
    /// 9
    case softLight
    /// 10
    case difference
    /// 11
    case exclusion
    /// 12
    case hue
    /// 13
    case saturation
    /// 14
    case color
    /// 15
    case luminosity
    /// 16: linear dodge.
    case add
    /// 17
    case hardMix
    /// Any other number.
    case unknown(Int)

    public init(rawValue: Int) {
        switch rawValue {
        case 0: self = .normal
        case 1: self = .multiply
        case 2: self = .screen
        case 3: self = .overlay
        case 4: self = .darken
        case 5: self = .lighten
        case 6: self = .colorDodge
        case 7: self = .colorBurn
        case 8: self = .hardLight
        case 9: self = .softLight
        case 10: self = .difference
        case 11: self = .exclusion
        case 12: self = .hue
        case 13: self = .saturation
        case 14: self = .color
        case 15: self = .luminosity
        case 16: self = .add
        case 17: self = .hardMix
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: Int {
        switch self {
        case .normal: 0
        case .multiply: 1
        case .screen: 2
        case .overlay: 3
        case .darken: 4
        case .lighten: 5
        case .colorDodge: 6
        case .colorBurn: 7
        case .hardLight: 8
        case .softLight: 9
        case .difference: 10
        case .exclusion: 11
        case .hue: 12
        case .saturation: 13
        case .color: 14
        case .luminosity: 15
        case .add: 16
        case .hardMix: 17
        case .unknown(let code): code
        }
    }

    /// The mode's name for people ("color dodge"), or "blend mode 42".
    public var description: String {
        switch self {
        case .normal: "normal"
        case .multiply: "multiply"
        case .screen: "screen"
        case .overlay: "overlay"
        case .darken: "darken"
        case .lighten: "lighten"
        case .colorDodge: "color dodge"
        case .colorBurn: "color burn"
        case .hardLight: "hard light"
        case .softLight: "soft light"
        case .difference: "difference"
        case .exclusion: "exclusion"
        case .hue: "hue"
        case .saturation: "saturation"
        case .color: "color"
        case .luminosity: "luminosity"
        case .add: "add"
        case .hardMix: "hard mix"
        case .unknown(let code): "blend mode \(code)"
        }
    }
}
