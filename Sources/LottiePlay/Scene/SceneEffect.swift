import Foundation
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
    /// Levels: each colour channel of the straight colour through the composite curve, then its
    /// own; the alpha through the alpha curve.
    case levels(composite: LevelsCurve, red: LevelsCurve, green: LevelsCurve, blue: LevelsCurve, alpha: LevelsCurve)
    /// A Gaussian blur of standard deviation 0.3 x `blurriness`, along both axes, only the
    /// horizontal or only the vertical; with `repeatEdges`, pixels beyond the layer's edge are
    /// its edge pixels rather than transparent.
    case gaussianBlur(blurriness: Double, dimensions: BlurDimensions, repeatEdges: Bool)

    /// Fast Box Blur: `iterations` boxes, each the mean of the pixels within `radius` (rounded
    /// to whole pixels once drawn) along the axes of `dimensions`; `repeatEdges` as for the
    /// Gaussian blur.
    case boxBlur(radius: Double, iterations: Int, dimensions: BlurDimensions, repeatEdges: Bool)

    /// The Stroke effect: the layer's masks (one, or all) stroked with a round brush.
    case stroke(StrokeEffect)
    /// The Transform effect: the layer's pixels (its content, masks and clip) moved by a
    /// transform in layer units, and its opacity multiplied.
    case transform(TransformEffect)

    /// The axes a blur runs along (`ef[1]` of a Gaussian blur: 1, 2, 3).
    public enum BlurDimensions: Int, Sendable {
        case both = 1, horizontal = 2, vertical = 3
    }

    /// One levels curve (Pro Levels): input black and white, gamma, output black and white, all
    /// in 0...1 but gamma. `x` in the input range goes to
    /// `outputBlack + (outputWhite - outputBlack) ((x - inputBlack) / (inputWhite - inputBlack))^(1 / gamma)`;
    /// outside it, to the nearer end.
    public struct LevelsCurve: Equatable, Sendable {
        public var inputBlack: Double
        public var inputWhite: Double
        public var gamma: Double
        public var outputBlack: Double
        public var outputWhite: Double

        public init(inputBlack: Double = 0, inputWhite: Double = 1, gamma: Double = 1, outputBlack: Double = 0,
                    outputWhite: Double = 1) {
            self.inputBlack = inputBlack
            self.inputWhite = inputWhite
            self.gamma = gamma
            self.outputBlack = outputBlack
            self.outputWhite = outputWhite
        }

        /// The curve at `x` (0...1).
        public func callAsFunction(_ x: Double) -> Double {
            let span = inputWhite - inputBlack
            guard span != 0, span.isFinite else { return x < inputBlack ? outputBlack : outputWhite }
            let t = Swift.min(Swift.max((x - inputBlack) / span, 0), 1)
            let shaped = gamma > 0 && gamma.isFinite ? pow(t, 1 / gamma) : t
            return outputBlack + (outputWhite - outputBlack) * shaped
        }

        /// Whether the curve leaves every value as it is.
        public var isIdentity: Bool { self == LevelsCurve() }
    }

    /// The values of a Stroke effect, lengths in layer units.
    public struct StrokeEffect: Equatable, Sendable {
        /// How the stroke and the layer's pixels combine.
        public enum PaintStyle: Sendable {
            /// The stroke over the layer.
            case onOriginal
            /// The stroke alone.
            case onTransparent
            /// The layer where the stroke is.
            case revealOriginal
        }

        /// The index of the mask stroked in the layer's list (out of range: none); nil for all.
        public var mask: Int?
        public var color: RGBAColor
        /// The brush's radius: the stroke is twice as wide (lottie-web, ThorVG).
        public var size: Double
        /// 0...1.
        public var opacity: Double
        /// Where the stroke starts and ends along each mask, in percent.
        public var start: Double
        public var end: Double
        /// The brush's stamps apart, in percent of its width: under 100 they overlap into a line.
        public var spacing: Double
        public var paintStyle: PaintStyle

        /// The outlines stroked, of the layer's `masks`: the mask named (or all), each trimmed to
        /// `start`...`end` on its own; none when the brush has no size.
        func outlines(of masks: [SceneMask]) -> [BezierContour] {
            guard size > 0 else { return [] }
            let chosen = mask.map { masks.indices.contains($0) ? [masks[$0].path] : [] } ?? masks.map(\.path)
            guard start != 0 || end != 100 else { return chosen }
            return ShapeOperations.trim(chosen.map { [$0] }, start: start, end: end, offset: 0, sequential: false)
                .flatMap { $0 }
        }

        /// The stroke of the outlines of `masks` as a drawing in layer units.
        func drawing(of masks: [SceneMask], jsonPath: String) -> ShapeDrawing {
            ShapeDrawing(paths: outlines(of: masks), paint: .stroke(color, style), opacity: opacity, jsonPath: jsonPath)
        }

        /// The stroke's geometry: round caps and joins, twice the size wide; dots where the
        /// brush's stamps do not overlap (lottie-web's dashes: one unit, then the spacing).
        var style: StrokeStyleValues {
            let width = 2 * size
            let dashes = spacing >= 100 ? [1, width * spacing / 100] : []
            return StrokeStyleValues(width: width, cap: .round, join: .round, dashes: dashes)
        }
    }

    /// The values of a Transform effect, in layer units.
    public struct TransformEffect: Equatable, Sendable {
        public var anchor: Vector2
        public var position: Vector2
        /// Width and height in percent.
        public var scale: Vector2
        public var skew: Double
        public var skewAxis: Double
        /// Degrees, clockwise on screen.
        public var rotation: Double
        /// 0...1.
        public var opacity: Double

        /// The transform, in layer units: by `-anchor`, scaled, turned, skewed about an axis a
        /// quarter turn from the layer transform's, then by `position` (lottie-web's
        /// `TransformEffect`).
        public var matrix: AffineMatrix {
            var linear = AffineMatrix.rotation(degrees: rotation) * AffineMatrix.scale(x: scale.x / 100, y: scale.y / 100)
            if skew != 0 { linear = AffineMatrix.lottieSkew(degrees: skew, axisDegrees: skewAxis + 90) * linear }
            let movedAnchor = linear.applyLinear(to: anchor)
            linear.tx = position.x - movedAnchor.x
            linear.ty = position.y - movedAnchor.y
            return linear
        }
    }

    /// After Effects' blurriness (and a shadow's softness) over the standard deviation of the
    /// Gaussian it draws, as Skottie, ThorVG and lottie-web take it.
    public static let sigmaPerBlurriness = 0.3
}

extension SceneEffect {
    /// A drop shadow's offset in layer units: `distance` towards `direction`, in degrees
    /// clockwise from up (y down): `(d sin θ, -d cos θ)`.
    static func shadowOffset(direction: Double, distance: Double) -> Vector2 {
        let angle = direction * .pi / 180
        return Vector2(x: distance * sin(angle), y: -distance * cos(angle))
    }

    /// The variance, in squared layer units, of a box blur of `radius` repeated `iterations`
    /// times (a box of width `w` adds `(w² - 1) / 12`).
    static func boxBlurVariance(radius: Double, iterations: Int) -> Double {
        let width = 2 * radius.rounded() + 1
        return Double(iterations) * (width * width - 1) / 12
    }

    /// How long a layer unit of blur or softness is once drawn through `transform`: the square
    /// root of its area scale.
    static func lengthScale(of transform: AffineMatrix) -> Double {
        abs(transform.determinant).squareRoot()
    }

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
        case .levels(let composite, let red, let green, let blue, let alpha):
            let curves = [("", composite), ("red ", red), ("green ", green), ("blue ", blue), ("alpha ", alpha)]
            let listed = curves.filter { !$0.1.isIdentity }.map { name, curve in
                "\(name)\(number(curve.inputBlack * 255))..\(number(curve.inputWhite * 255))"
                    + " gamma \(number(curve.gamma))"
                    + " to \(number(curve.outputBlack * 255))..\(number(curve.outputWhite * 255))"
            }
            return "levels " + (listed.isEmpty ? "unchanged" : listed.joined(separator: ", "))
        case .gaussianBlur(let blurriness, let dimensions, let repeatEdges):
            return "gaussian blur \(number(blurriness))\(dimensions.summary)\(repeatEdges ? ", repeating edge pixels" : "")"
        case .stroke(let effect):
            let masks = effect.mask.map { "mask \($0 + 1)" } ?? "all masks"
            let style = switch effect.paintStyle {
            case .onOriginal: ""
            case .onTransparent: ", on transparent"
            case .revealOriginal: ", revealing the original"
            }
            return "stroke \(masks) \(effect.color.hexString), size \(number(effect.size)), opacity "
                + "\(percent(effect.opacity)), \(number(effect.start))% to \(number(effect.end))%, spacing "
                + "\(number(effect.spacing))%\(style)"
        case .transform(let effect):
            let skew = effect.skew == 0 ? "" : ", skew \(number(effect.skew))° about \(number(effect.skewAxis))°"
            return "transform anchor \(number(effect.anchor.x)),\(number(effect.anchor.y)), position "
                + "\(number(effect.position.x)),\(number(effect.position.y)), scale \(number(effect.scale.x))%,"
                + "\(number(effect.scale.y))%, rotation \(number(effect.rotation))°\(skew), opacity \(percent(effect.opacity))"
        case .boxBlur(let radius, let iterations, let dimensions, let repeatEdges):
            return "box blur \(number(radius)) x \(iterations)\(dimensions.summary)"
                + (repeatEdges ? ", repeating edge pixels" : "")
        }
    }
}

extension SceneEffect.BlurDimensions {
    /// The axes for a summary: nothing for both.
    var summary: String {
        switch self {
        case .both: ""
        case .horizontal: ", horizontal"
        case .vertical: ", vertical"
        }
    }
}
