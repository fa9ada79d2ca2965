import LottieModel

// MARK: - RGBAColor

/// An evaluated colour, components 0...1 (straight alpha).
public struct RGBAColor: TrackValue, Hashable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public static let black = RGBAColor(red: 0, green: 0, blue: 0)
    public static let white = RGBAColor(red: 1, green: 1, blue: 1)

    /// A model colour: 0...255 when the file is older than 4.1.9 or when r, g and b are all above 1.
    init(_ source: LottieColor, context: ValueContext) {
        let components = source.components
        let is255 = context.colorsAre255 || (source.red > 1 && source.green > 1 && source.blue > 1)
        let scale = is255 ? 1.0 / 255 : 1
        red = source.red * scale
        green = source.green * scale
        blue = source.blue * scale
        alpha = components.count > 3 ? components[3] * (is255 && components[3] > 1 ? scale : 1) : 1
    }

    /// A solid layer's `#rrggbb` colour (black when unreadable).
    public init(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        let value = UInt32(digits.prefix(6), radix: 16) ?? 0
        red = Double((value >> 16) & 0xFF) / 255
        green = Double((value >> 8) & 0xFF) / 255
        blue = Double(value & 0xFF) / 255
        alpha = 1
    }

    static func interpolate(_ from: RGBAColor, _ to: RGBAColor, progress: EasedProgress) -> RGBAColor {
        RGBAColor(
            red: from.red + (to.red - from.red) * progress[0],
            green: from.green + (to.green - from.green) * progress[1],
            blue: from.blue + (to.blue - from.blue) * progress[2],
            alpha: from.alpha + (to.alpha - from.alpha) * progress[3])
    }

    public static func holdsStill(from a: RGBAColor, to b: RGBAColor) -> Bool { a == b }

    public var isFinite: Bool { red.isFinite && green.isFinite && blue.isFinite && alpha.isFinite }

    /// `#rrggbb` (and `aa` when not opaque), components clamped to 0...1.
    public var hexString: String {
        func byte(_ value: Double) -> String {
            let clamped = Int((min(max(value, 0), 1) * 255).rounded())
            let text = String(clamped, radix: 16)
            return text.count == 1 ? "0" + text : text
        }
        return "#" + byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha) : "")
    }
}
