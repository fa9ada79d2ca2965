// MARK: - EffectKind

/// What a layer effect is: by its type `ty`, and by its match name `mn` where the type is 5 (an
/// effect of a kind the format gives no number to, or a group of expression controls). Numbers
/// from the format's schema (`effects/*.json`); match names from After Effects.
public enum EffectKind: Equatable, Sendable {
    /// 20: maps black and white to two colours by luminance.
    case tint
    /// 21: paints every pixel one colour, keeping the alpha.
    case fill
    /// 22: strokes the layer's masks.
    case stroke
    /// 23: maps shadows, midtones and highlights to three colours.
    case tritone
    /// 24: levels for the composite and each channel.
    case proLevels
    /// 25: a blurred, offset copy of the layer's alpha in one colour, under the layer.
    case dropShadow
    /// 26.
    case radialWipe
    /// 27.
    case displacementMap
    /// 28: uses another layer's channel as this layer's matte.
    case setMatte
    /// 29.
    case gaussianBlur
    /// `ADBE Box Blur2` (Fast Box Blur): boxes of one radius, repeated.
    case boxBlur
    /// 30 to 34.
    case twirl, meshWarp, wavy, spherize, puppet
    /// 35 or `ADBE Geometry2`.
    case transform
    /// Expression controls (type 5 groups): they draw nothing and feed expressions.
    case sliderControl, angleControl, colorControl, pointControl, checkboxControl, dropdownControl, layerControl
    /// Anything else: its type and match name.
    case unknown(type: Int?, matchName: String?)

    /// The kind of an effect of type `type` and match name `matchName`.
    public init(type: Int?, matchName: String?) {
        if let kind = matchName.flatMap({ Self.byMatchName[$0] }) {
            self = kind
            return
        }
        switch type {
        case 20: self = .tint
        case 21: self = .fill
        case 22: self = .stroke
        case 23: self = .tritone
        case 24: self = .proLevels
        case 25: self = .dropShadow
        case 26: self = .radialWipe
        case 27: self = .displacementMap
        case 28: self = .setMatte
        case 29: self = .gaussianBlur
        case 30: self = .twirl
        case 31: self = .meshWarp
        case 32: self = .wavy
        case 33: self = .spherize
        case 34: self = .puppet
        case 35: self = .transform
        default: self = .unknown(type: type, matchName: matchName)
        }
    }

    /// After Effects' match names of the kinds above. A match name wins over the type: some
    /// exporters write type 5 for every effect.
    private static let byMatchName: [String: EffectKind] = [
        "ADBE Tint": .tint, "ADBE Fill": .fill, "ADBE Stroke": .stroke, "ADBE Tritone": .tritone,
        "ADBE Pro Levels2": .proLevels, "ADBE Drop Shadow": .dropShadow, "ADBE Radial Wipe": .radialWipe,
        "ADBE Displacement Map": .displacementMap, "ADBE Set Matte3": .setMatte,
        "ADBE Gaussian Blur 2": .gaussianBlur, "ADBE Twirl": .twirl, "ADBE MESH WARP": .meshWarp,
        "ADBE Wave Warp": .wavy, "ADBE Spherize": .spherize, "ADBE FreePin3": .puppet,
        "ADBE Geometry2": .transform, "ADBE Box Blur2": .boxBlur,
        "ADBE Slider Control": .sliderControl, "ADBE Angle Control": .angleControl,
        "ADBE Color Control": .colorControl, "ADBE Point Control": .pointControl,
        "ADBE Checkbox Control": .checkboxControl, "ADBE Dropdown Control": .dropdownControl,
        "ADBE Layer Control": .layerControl,
    ]

    /// Whether the kind only feeds expressions and draws nothing: the expression controls, and
    /// pseudo effects (`mn` "Pseudo/..."), which are presets of expression controls (Trace Path,
    /// RubberHose...).
    public var isExpressionControl: Bool {
        switch self {
        case .sliderControl, .angleControl, .colorControl, .pointControl, .checkboxControl, .dropdownControl,
             .layerControl:
            true
        case .unknown(_, let matchName):
            matchName?.hasPrefix("Pseudo/") == true
        default:
            false
        }
    }

    /// Whether the toolkit draws effects of this kind (FORMAT.md "Layer effects").
    public var isDrawn: Bool {
        switch self {
        case .fill, .tint, .tritone, .proLevels, .dropShadow, .gaussianBlur, .boxBlur, .transform, .stroke, .setMatte:
            true
        default: false
        }
    }

    /// A name for reports: After Effects' name of the effect, or its type and match name.
    public var displayName: String {
        switch self {
        case .tint: "Tint"
        case .fill: "Fill"
        case .stroke: "Stroke"
        case .tritone: "Tritone"
        case .proLevels: "Pro Levels"
        case .dropShadow: "Drop Shadow"
        case .radialWipe: "Radial Wipe"
        case .displacementMap: "Displacement Map"
        case .setMatte: "Set Matte"
        case .gaussianBlur: "Gaussian Blur"
        case .boxBlur: "Fast Box Blur"
        case .twirl: "Twirl"
        case .meshWarp: "Mesh Warp"
        case .wavy: "Wave Warp"
        case .spherize: "Spherize"
        case .puppet: "Puppet"
        case .transform: "Transform"
        case .sliderControl: "Slider Control"
        case .angleControl: "Angle Control"
        case .colorControl: "Color Control"
        case .pointControl: "Point Control"
        case .checkboxControl: "Checkbox Control"
        case .dropdownControl: "Dropdown Control"
        case .layerControl: "Layer Control"
        case .unknown(let type, let matchName):
            matchName.map { "\($0) (type \(type.map(String.init) ?? "none"))" }
                ?? "type \(type.map(String.init) ?? "none")"
        }
    }
}

extension Effect {
    /// What the effect is, by its type and match name.
    public var kind: EffectKind { EffectKind(type: type, matchName: matchName) }

    /// Whether the effect is switched on (`en` is not 0).
    public var isEnabled: Bool { enabled ?? true }
}
