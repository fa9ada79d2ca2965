import LottieModel

// MARK: - TabTint

/// The colours a tab bar gives its icons, as iOS tab bars tint their images: one for the
/// selected tab (pink, say) and one for the others (grey). The colour replaces every property
/// `keypaths` match in an icon (by default `**.LottieColor`: the colour of every fill and stroke),
/// so a two-tone icon becomes one tone. The action button takes the normal colour.
public struct TabTint: Sendable, Equatable {
    /// The selected tab's colour, RGB from 0 to 1.
    public var selected: LottieColor
    /// The other icons' colour.
    public var normal: LottieColor
    /// The properties the colours replace.
    public var keypaths: [AnimationKeypath]

    public init(selected: LottieColor, normal: LottieColor, keypaths: [AnimationKeypath] = [AnimationKeypath("**.Color")]) {
        self.selected = selected
        self.normal = normal
        self.keypaths = keypaths
    }

    /// `animation` in `color`: every property `keypaths` match set to it. An icon whose
    /// matched properties do not hold colours (a keypath chosen badly) is left as it is.
    func tinting(_ animation: LottieAnimation, _ color: LottieColor) -> LottieAnimation {
        let value = JSONValue.array(color.components.map { .number($0) })
        let overrides = keypaths.map { PropertyOverride($0, value) }
        return (try? animation.overriding(overrides).animation) ?? animation
    }
}

extension LottieColor {
    /// The colour as `#rrggbb` (`RGBAColor.hexString` of its red, green and blue).
    public var hexString: String {
        RGBAColor(red: red, green: green, blue: blue).hexString
    }
}
