import LottieModel

// MARK: - SceneEffect

/// A layer effect at one moment, drawn on the layer's pixels after its masks and before its
/// track matte, in list order (FORMAT.md "Layer effects"). Lengths are in layer units; the
/// renderer scales them by the layer's transform.
public enum SceneEffect: Equatable, Sendable {
    /// Every pixel's colour becomes `color`; its alpha is multiplied by `opacity` (0...1).
    case fill(color: RGBAColor, opacity: Double)
    /// Each pixel's luminance picks a colour between `black` and `white`; `amount` (0...1) of it
    /// replaces the pixel's colour.
    case tint(black: RGBAColor, white: RGBAColor, amount: Double)
    /// Each pixel's luminance picks a colour from `shadows` (0) through `midtones` (1/2) to
    /// `highlights` (1); `original` (0...1) of the pixel's own colour is kept.
    case tritone(highlights: RGBAColor, midtones: RGBAColor, shadows: RGBAColor, original: Double)
    /// The layer's alpha, blurred by `softness`, moved `distance` towards `direction` (degrees
    /// clockwise from up) and painted `color` at `opacity` (0...1) under the layer; the layer
    /// itself is hidden when `shadowOnly`.
    case dropShadow(color: RGBAColor, opacity: Double, direction: Double, distance: Double, softness: Double,
                    shadowOnly: Bool)
    /// A Gaussian blur of standard deviation 0.3 x `blurriness`, along both axes, only the
    /// horizontal or only the vertical; with `repeatEdges`, pixels beyond the layer's edge are
    /// its edge pixels rather than transparent.
    case gaussianBlur(blurriness: Double, dimensions: BlurDimensions, repeatEdges: Bool)

    /// The axes a blur runs along (`ef[1]` of a Gaussian blur: 1, 2, 3).
    public enum BlurDimensions: Int, Sendable {
        case both = 1, horizontal = 2, vertical = 3
    }

    /// After Effects' blurriness (and a shadow's softness) over the standard deviation of the
    /// Gaussian it draws, as Skottie, ThorVG and lottie-web take it.
    public static let sigmaPerBlurriness = 0.3
}

extension SceneEffect {
    /// One line for `eval` and snapshots: the effect's name and its values, `round`ed.
    func summary(_ round: Rounder) -> String {
        // Whole numbers without a decimal point.
        func number(_ value: Double) -> String {
            let rounded = round(value)
            return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : "\(rounded)"
        }
        func percent(_ value: Double) -> String { number(value * 100) + "%" }
        switch self {
        case .fill(let color, let opacity):
            return "fill \(color.hexString), opacity \(percent(opacity))"
        case .tint(let black, let white, let amount):
            return "tint black to \(black.hexString), white to \(white.hexString), amount \(percent(amount))"
        case .tritone(let highlights, let midtones, let shadows, let original):
            return "tritone highlights \(highlights.hexString), midtones \(midtones.hexString), shadows "
                + "\(shadows.hexString), original \(percent(original))"
        case .dropShadow(let color, let opacity, let direction, let distance, let softness, let shadowOnly):
            return "drop shadow \(color.hexString), opacity \(percent(opacity)), direction \(number(direction))°, "
                + "distance \(number(distance)), softness \(number(softness))\(shadowOnly ? ", shadow only" : "")"
        case .gaussianBlur(let blurriness, let dimensions, let repeatEdges):
            let axes = switch dimensions {
            case .both: ""
            case .horizontal: ", horizontal"
            case .vertical: ", vertical"
            }
            return "gaussian blur \(number(blurriness))\(axes)\(repeatEdges ? ", repeating edge pixels" : "")"
        }
    }
}
