// MARK: - HSVColor

/// A colour as hue (in turns, 0 up to 1), saturation and value (0 to 1): what text animators'
/// fill hue, saturation and brightness move (lottie-web's `addHueToRGB` and its siblings work
/// in HSV).
struct HSVColor: Sendable, Equatable {
    var hue: Double
    var saturation: Double
    var value: Double

    init(hue: Double, saturation: Double, value: Double) {
        self.hue = hue
        self.saturation = saturation
        self.value = value
    }

    init(_ color: RGBAColor) {
        let high = max(color.red, color.green, color.blue)
        let low = min(color.red, color.green, color.blue)
        let spread = high - low
        value = high
        saturation = high > 0 ? spread / high : 0
        var sixths = 0.0
        if spread > 0 {
            if high == color.red {
                sixths = (color.green - color.blue) / spread
            } else if high == color.green {
                sixths = 2 + (color.blue - color.red) / spread
            } else {
                sixths = 4 + (color.red - color.green) / spread
            }
        }
        hue = Self.wrapped(sixths / 6)
    }

    /// The colour in RGB with `alpha`.
    func rgba(alpha: Double) -> RGBAColor {
        let sixths = Self.wrapped(hue) * 6
        let sector = min(Int(sixths), 5)
        let along = sixths - Double(sector)
        let low = value * (1 - saturation)
        let falling = value * (1 - saturation * along)
        let rising = value * (1 - saturation * (1 - along))
        let (red, green, blue): (Double, Double, Double) = switch sector {
        case 0: (value, rising, low)
        case 1: (falling, value, low)
        case 2: (low, value, rising)
        case 3: (low, falling, value)
        case 4: (rising, low, value)
        default: (value, low, falling)
        }
        return RGBAColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// `turns` brought into 0 up to 1 (NaN stays NaN).
    private static func wrapped(_ turns: Double) -> Double {
        let remainder = turns - turns.rounded(.down)
        return remainder >= 1 ? 0 : remainder
    }
}
