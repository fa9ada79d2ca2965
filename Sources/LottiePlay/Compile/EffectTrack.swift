import LottieModel

// MARK: - EffectTrack

/// A compiled layer effect of a kind this toolkit draws: its parameters as tracks, by their
/// places in the effect's list (FORMAT.md "Layer effects"). A parameter the effect does not list
/// takes After Effects' default.
struct EffectTrack: Sendable {
    enum Parameters: Sendable {
        case fill(color: PropertyTrack<RGBAColor>, opacity: PropertyTrack<Double>)
        case tint(black: PropertyTrack<RGBAColor>, white: PropertyTrack<RGBAColor>, amount: PropertyTrack<Double>)
        case tritone(highlights: PropertyTrack<RGBAColor>, midtones: PropertyTrack<RGBAColor>,
                     shadows: PropertyTrack<RGBAColor>, blend: PropertyTrack<Double>)
        case dropShadow(color: PropertyTrack<RGBAColor>, opacity: PropertyTrack<Double>,
                        direction: PropertyTrack<Double>, distance: PropertyTrack<Double>,
                        softness: PropertyTrack<Double>, shadowOnly: PropertyTrack<Double>)
        case gaussianBlur(blurriness: PropertyTrack<Double>, dimensions: PropertyTrack<Double>,
                          repeatEdges: PropertyTrack<Double>)
        case boxBlur(radius: PropertyTrack<Double>, iterations: PropertyTrack<Double>,
                     dimensions: PropertyTrack<Double>, repeatEdges: PropertyTrack<Double>)
        case transform(anchor: PropertyTrack<Vector2>, position: PropertyTrack<Vector2>,
                       uniformScale: PropertyTrack<Double>, scaleHeight: PropertyTrack<Double>,
                       scaleWidth: PropertyTrack<Double>, skew: PropertyTrack<Double>,
                       skewAxis: PropertyTrack<Double>, rotation: PropertyTrack<Double>,
                       opacity: PropertyTrack<Double>)
        case stroke(mask: PropertyTrack<Double>, allMasks: PropertyTrack<Double>, color: PropertyTrack<RGBAColor>,
                    size: PropertyTrack<Double>, opacity: PropertyTrack<Double>, start: PropertyTrack<Double>,
                    end: PropertyTrack<Double>, spacing: PropertyTrack<Double>, style: PropertyTrack<Double>)
        /// A drop shadow style: the light's angle (degrees counter-clockwise from the right, the
        /// shadow falling away from it), size (a blur like a Drop Shadow's softness), distance.
        case shadowStyle(color: PropertyTrack<RGBAColor>, opacity: PropertyTrack<Double>, angle: PropertyTrack<Double>,
                         size: PropertyTrack<Double>, distance: PropertyTrack<Double>)
        case colorOverlay(color: PropertyTrack<RGBAColor>, opacity: PropertyTrack<Double>)
        /// Five curves (composite, red, green, blue, alpha) of five numbers each.
        case levels([[PropertyTrack<Double>]])
    }

    let parameters: Parameters

    /// What compiling an effect gives: a track, or why the effect is not drawn.
    enum Compiled {
        case drawn(EffectTrack)
        /// Switched off (`en: 0`), or an expression control: nothing to draw, nothing to say.
        case silent
        case notDrawn(String)
    }

    /// The track of `effect`, or why it is not drawn.
    static func compile(_ effect: Effect, context: ValueContext) -> Compiled {
        let kind = effect.kind
        guard effect.isEnabled, !kind.isExpressionControl else { return .silent }
        var reader = ParameterReader(effect: effect, context: context)
        let parameters: Parameters
        switch kind {
        case .fill:
            parameters = .fill(color: reader.color(2, RGBAColor(red: 1, green: 0, blue: 0)),
                               opacity: reader.number(6, 1))
        case .tint:
            parameters = .tint(black: reader.color(0, .black), white: reader.color(1, .white),
                               amount: reader.number(2, 100))
        case .tritone:
            parameters = .tritone(highlights: reader.color(0, .white),
                                  midtones: reader.color(1, RGBAColor(red: 0.5, green: 0.5, blue: 0.5)),
                                  shadows: reader.color(2, .black), blend: reader.number(3, 0))
        case .dropShadow:
            parameters = .dropShadow(color: reader.color(0, .black), opacity: reader.number(1, 127.5),
                                     direction: reader.number(2, 135), distance: reader.number(3, 5),
                                     softness: reader.number(4, 0), shadowOnly: reader.number(5, 0))
        case .gaussianBlur:
            parameters = .gaussianBlur(blurriness: reader.number(0, 0), dimensions: reader.number(1, 1),
                                       repeatEdges: reader.number(2, 0))
        case .boxBlur:
            parameters = .boxBlur(radius: reader.number(0, 0), iterations: reader.number(1, 1),
                                  dimensions: reader.number(2, 1), repeatEdges: reader.number(3, 0))
        case .stroke:
            // lottie-web's `SVGStrokeEffect` places; stroke sequentially (2) and brush hardness
            // (5) are not read. After Effects' defaults.
            parameters = .stroke(mask: reader.number(0, 1), allMasks: reader.number(1, 0), color: reader.color(3, .white),
                                 size: reader.number(4, 2), opacity: reader.number(6, 1), start: reader.number(7, 0),
                                 end: reader.number(8, 100), spacing: reader.number(9, 15), style: reader.number(10, 1))
        case .transform:
            // lottie-web's `TransformEffect` places; the shutter angle and sampling (motion blur)
            // are not read.
            parameters = .transform(anchor: reader.point(0, .zero), position: reader.point(1, .zero),
                                    uniformScale: reader.number(2, 1), scaleHeight: reader.number(3, 100),
                                    scaleWidth: reader.number(4, 100), skew: reader.number(5, 0),
                                    skewAxis: reader.number(6, 0), rotation: reader.number(7, 0),
                                    opacity: reader.number(8, 100))
        case .proLevels:
            // Composite at 3...7, then red, green, blue and alpha 7 places apart (lottie-web's
            // `SVGProLevelsFilter`): input black, input white, gamma, output black, output white.
            parameters = .levels([3, 10, 17, 24, 31].map { first in
                zip(0..<5, [0.0, 1, 1, 0, 1]).map { offset, fallback in reader.number(first + offset, fallback) }
            })
        default:
            return .notDrawn("effect \(kind.displayName) (not drawn)")
        }
        if let unreadable = reader.unreadable {
            let name = kind.displayName
            return .notDrawn("effect \(name): parameter \(unreadable) is not a value of its kind (not drawn)")
        }
        return .drawn(EffectTrack(parameters: parameters))
    }

    /// The track of layer style `style`, or why it is not drawn (FORMAT.md "Layer styles"): a
    /// drop shadow style is a Drop Shadow, a colour overlay a Tint to one colour. A member
    /// the style does not list takes After Effects' default.
    static func compile(_ style: LayerStyle, context: ValueContext) -> Compiled {
        var unreadable: String?
        func track<Value>(_ key: String, _ decode: (String) -> Animatable<Value.Source>?,
                          _ fallback: Value) -> PropertyTrack<Value> {
            let property = decode(key)
            if property == nil, style.members[key] != nil, unreadable == nil { unreadable = key }
            return PropertyTrack(property, fallback: fallback, context: context)
        }
        let parameters: Parameters
        switch style.kind {
        case .dropShadow:
            parameters = .shadowStyle(color: track("c", style.color, .black), opacity: track("o", style.number, 75),
                                      angle: track("a", style.number, 120), size: track("s", style.number, 5),
                                      distance: track("d", style.number, 5))
        case .colorOverlay:
            parameters = .colorOverlay(color: track("c", style.color, RGBAColor(red: 1, green: 0, blue: 0)),
                                       opacity: track("so", style.number, 100))
        default:
            return .notDrawn("\(style.kind.displayName) (not drawn)")
        }
        if let unreadable {
            return .notDrawn("\(style.kind.displayName): member \(unreadable) is not a value of its kind (not drawn)")
        }
        return .drawn(EffectTrack(parameters: parameters))
    }

    /// The effect at `frame`, its values brought within their ranges.
    func value(at frame: Double) -> SceneEffect {
        func unit(_ value: Double) -> Double { value.isFinite ? Swift.min(Swift.max(value, 0), 1) : 0 }
        func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }
        switch parameters {
        case .fill(let color, let opacity):
            return .fill(color: color.value(at: frame), opacity: unit(opacity.value(at: frame)))
        case .tint(let black, let white, let amount):
            return .tint(black: black.value(at: frame), white: white.value(at: frame),
                         amount: unit(amount.value(at: frame) / 100))
        case .tritone(let highlights, let midtones, let shadows, let blend):
            return .tritone(highlights: highlights.value(at: frame), midtones: midtones.value(at: frame),
                            shadows: shadows.value(at: frame), original: unit(blend.value(at: frame) / 100))
        case .dropShadow(let color, let opacity, let direction, let distance, let softness, let shadowOnly):
            return .dropShadow(color: color.value(at: frame), opacity: unit(opacity.value(at: frame) / 255),
                               direction: finite(direction.value(at: frame)),
                               distance: finite(distance.value(at: frame)),
                               softness: Swift.max(finite(softness.value(at: frame)), 0),
                               shadowOnly: shadowOnly.value(at: frame) != 0)
        case .levels(let tracks):
            let curves = tracks.map { curve in
                let values = curve.map { finite($0.value(at: frame)) }
                return SceneEffect.LevelsCurve(inputBlack: values[0], inputWhite: values[1], gamma: values[2],
                                               outputBlack: values[3], outputWhite: values[4])
            }
            return .levels(composite: curves[0], red: curves[1], green: curves[2], blue: curves[3], alpha: curves[4])
        case .gaussianBlur(let blurriness, let dimensions, let repeatEdges):
            return .gaussianBlur(blurriness: Swift.max(finite(blurriness.value(at: frame)), 0),
                                 dimensions: Self.axes(dimensions.value(at: frame)),
                                 repeatEdges: repeatEdges.value(at: frame) != 0)
        case .transform(let anchor, let position, let uniformScale, let scaleHeight, let scaleWidth, let skew,
                        let skewAxis, let rotation, let opacity):
            let height = finite(scaleHeight.value(at: frame))
            let width = uniformScale.value(at: frame) != 0 ? height : finite(scaleWidth.value(at: frame))
            func point(_ track: PropertyTrack<Vector2>) -> Vector2 {
                let value = track.value(at: frame)
                return Vector2(x: finite(value.x), y: finite(value.y))
            }
            return .transform(SceneEffect.TransformEffect(
                anchor: point(anchor), position: point(position), scale: Vector2(x: width, y: height),
                skew: finite(skew.value(at: frame)), skewAxis: finite(skewAxis.value(at: frame)),
                rotation: finite(rotation.value(at: frame)), opacity: unit(opacity.value(at: frame) / 100)))
        case .stroke(let mask, let allMasks, let color, let size, let opacity, let start, let end, let spacing,
                     let style):
            // Paint style: 1 on the original image, 2 on transparent, 3 revealing the original.
            let choice = style.value(at: frame)
            let paint: SceneEffect.StrokeEffect.PaintStyle = choice >= 1.5 && choice < 2.5 ? .onTransparent
                : choice >= 2.5 && choice < 3.5 ? .revealOriginal : .onOriginal
            // Masks are numbered from 1.
            let index = finite(mask.value(at: frame)).rounded() - 1
            return .stroke(SceneEffect.StrokeEffect(
                mask: allMasks.value(at: frame) != 0 ? nil : index >= 0 && index < 1e6 ? Int(index) : -1,
                color: color.value(at: frame), size: Swift.max(finite(size.value(at: frame)), 0),
                opacity: unit(opacity.value(at: frame)), start: finite(start.value(at: frame)),
                end: finite(end.value(at: frame)), spacing: Swift.max(finite(spacing.value(at: frame)), 0),
                paintStyle: paint))
        case .shadowStyle(let color, let opacity, let angle, let size, let distance):
            // Light from `angle` casts the shadow `(-d cos a, d sin a)` away (y down; Skottie):
            // the Drop Shadow direction `270 - a` (clockwise from up).
            return .dropShadow(color: color.value(at: frame), opacity: unit(opacity.value(at: frame) / 100),
                               direction: 270 - finite(angle.value(at: frame)),
                               distance: finite(distance.value(at: frame)),
                               softness: Swift.max(finite(size.value(at: frame)), 0), shadowOnly: false)
        case .colorOverlay(let color, let opacity):
            let overlay = color.value(at: frame)
            return .tint(black: overlay, white: overlay, amount: unit(opacity.value(at: frame) / 100))
        case .boxBlur(let radius, let iterations, let dimensions, let repeatEdges):
            // After Effects allows 1 to 50 iterations.
            let count = finite(iterations.value(at: frame)).rounded()
            return .boxBlur(radius: Swift.max(finite(radius.value(at: frame)), 0),
                            iterations: Int(Swift.min(Swift.max(count, 1), 50)),
                            dimensions: Self.axes(dimensions.value(at: frame)),
                            repeatEdges: repeatEdges.value(at: frame) != 0)
        }
    }

    /// The axes of a blur's dimensions dropdown: 1 both, 2 horizontal, 3 vertical.
    private static func axes(_ choice: Double) -> SceneEffect.BlurDimensions {
        choice >= 1.5 && choice < 2.5 ? .horizontal : choice >= 2.5 && choice < 3.5 ? .vertical : .both
    }
}

/// Reads an effect's parameters by place as tracks, remembering the first one listed whose
/// value is not of the kind asked for.
private struct ParameterReader {
    let effect: Effect
    let context: ValueContext
    var unreadable: Int?

    init(effect: Effect, context: ValueContext) {
        self.effect = effect
        self.context = context
    }

    mutating func number(_ index: Int, _ fallback: Double) -> PropertyTrack<Double> {
        let effect = effect
        return PropertyTrack(read(index) { effect.number(at: $0) }, fallback: fallback, context: context)
    }

    mutating func point(_ index: Int, _ fallback: Vector2) -> PropertyTrack<Vector2> {
        let effect = effect
        return PropertyTrack(read(index) { effect.point(at: $0) }, fallback: fallback, context: context)
    }

    mutating func color(_ index: Int, _ fallback: RGBAColor) -> PropertyTrack<RGBAColor> {
        let effect = effect
        return PropertyTrack(read(index) { effect.color(at: $0) }, fallback: fallback, context: context)
    }

    /// The value of parameter `index` read by `decode`; nil (and noted) when the parameter is
    /// listed with a value that `decode` cannot read.
    private mutating func read<Value>(_ index: Int, _ decode: (Int) -> Value?) -> Value? {
        guard let parameters = effect.parameters, parameters.indices.contains(index),
              parameters[index].value != nil else { return nil }
        guard let value = decode(index) else {
            if unreadable == nil { unreadable = index }
            return nil
        }
        return value
    }
}
