import LottieModel

// MARK: - TextAnimatorTrack

/// A compiled text animator (`t.a[i]`): its range selector and the style it gives the
/// characters it selects. Properties the file leaves out are nil and change nothing.
struct TextAnimatorTrack: Sendable {
    /// What a range selector counts (`b`).
    enum Units: Int, Sendable {
        case characters = 1, charactersExcludingSpaces = 2, words = 3, lines = 4
    }

    let start: PropertyTrack<Double>
    /// Nil when the file has no end: the whole text (100% or every unit).
    let end: PropertyTrack<Double>?
    let offset: PropertyTrack<Double>
    let amount: PropertyTrack<Double>
    let maxEase: PropertyTrack<Double>
    let minEase: PropertyTrack<Double>
    let smoothness: PropertyTrack<Double>
    let units: Units
    let shape: TextRangeShape
    let inPercent: Bool
    let randomize: Bool

    let position: PropertyTrack<Vector2>?
    let anchor: PropertyTrack<Vector2>?
    let scale: PropertyTrack<PlainVector2>?
    let rotation: PropertyTrack<Double>?
    let skew: PropertyTrack<Double>?
    let skewAxis: PropertyTrack<Double>?
    let opacity: PropertyTrack<Double>?
    let fillColor: PropertyTrack<RGBAColor>?
    let strokeColor: PropertyTrack<RGBAColor>?
    let fillOpacity: PropertyTrack<Double>?
    let strokeOpacity: PropertyTrack<Double>?
    let fillHue: PropertyTrack<Double>?
    let fillSaturation: PropertyTrack<Double>?
    let fillBrightness: PropertyTrack<Double>?
    let strokeWidth: PropertyTrack<Double>?
    let tracking: PropertyTrack<Double>?

    init(_ animator: TextAnimator, context: ValueContext) {
        let selector = animator.selector ?? TextRangeSelector()
        start = PropertyTrack(selector.start, fallback: 0, context: context)
        end = selector.end.map { PropertyTrack($0, fallback: 100, context: context) }
        offset = PropertyTrack(selector.offset, fallback: 0, context: context)
        amount = PropertyTrack(selector.amount, fallback: 100, context: context)
        maxEase = PropertyTrack(selector.maxEase, fallback: 0, context: context)
        minEase = PropertyTrack(selector.minEase, fallback: 0, context: context)
        smoothness = PropertyTrack(selector.smoothness, fallback: 100, context: context)
        units = selector.basedOn.flatMap(Units.init(rawValue:)) ?? .characters
        shape = selector.shape.flatMap(TextRangeShape.init(rawValue:)) ?? .square
        inPercent = selector.units != 2
        randomize = selector.randomize ?? false

        let style = animator.style ?? TextStyle()
        func track(_ property: Animatable<Double>?) -> PropertyTrack<Double>? {
            property.map { PropertyTrack($0, fallback: 0, context: context) }
        }
        position = style.position.map { PropertyTrack($0, fallback: .zero, context: context) }
        anchor = style.anchor.map { PropertyTrack($0, fallback: .zero, context: context) }
        scale = style.scale.map { PropertyTrack($0, fallback: PlainVector2(Vector2(x: 100, y: 100)), context: context) }
        rotation = track(style.rotation)
        skew = track(style.skew)
        skewAxis = track(style.skewAxis)
        opacity = style.opacity.map { PropertyTrack($0, fallback: 100, context: context) }
        fillColor = style.fillColor.map { PropertyTrack($0, fallback: .black, context: context) }
        strokeColor = style.strokeColor.map { PropertyTrack($0, fallback: .black, context: context) }
        fillOpacity = style.fillOpacity.map { PropertyTrack($0, fallback: 100, context: context) }
        strokeOpacity = style.strokeOpacity.map { PropertyTrack($0, fallback: 100, context: context) }
        fillHue = track(style.fillHue)
        fillSaturation = track(style.fillSaturation)
        fillBrightness = track(style.fillBrightness)
        strokeWidth = track(style.strokeWidth)
        tracking = track(style.tracking)
    }

    /// Adds every track to `motion`, so that the text is laid out again where one moves.
    func addMotion(to motion: inout MotionCollector) {
        for track in [start, offset, amount, maxEase, minEase, smoothness, rotation, skew, skewAxis, opacity,
                      fillOpacity, strokeOpacity, fillHue, fillSaturation, fillBrightness, strokeWidth,
                      tracking].compactMap({ $0 }) {
            motion.add(track)
        }
        if let end { motion.add(end) }
        if let position { motion.add(position) }
        if let anchor { motion.add(anchor) }
        if let scale { motion.add(scale) }
        if let fillColor { motion.add(fillColor) }
        if let strokeColor { motion.add(strokeColor) }
    }

    /// The animator's values at a frame.
    func values(at frame: Double) -> TextAnimatorValues {
        TextAnimatorValues(
            range: TextRangeValues(start: start.value(at: frame), end: end?.value(at: frame),
                                   offset: offset.value(at: frame), amount: amount.value(at: frame),
                                   maxEase: maxEase.value(at: frame), minEase: minEase.value(at: frame),
                                   smoothness: smoothness.value(at: frame), shape: shape, inPercent: inPercent),
            units: units, randomize: randomize,
            position: position?.value(at: frame), anchor: anchor?.value(at: frame),
            scale: scale?.value(at: frame).value, rotation: rotation?.value(at: frame),
            skew: skew?.value(at: frame), skewAxis: skewAxis?.value(at: frame) ?? 0,
            opacity: opacity?.value(at: frame), fillColor: fillColor?.value(at: frame),
            strokeColor: strokeColor?.value(at: frame), fillOpacity: fillOpacity?.value(at: frame),
            strokeOpacity: strokeOpacity?.value(at: frame), fillHue: fillHue?.value(at: frame),
            fillSaturation: fillSaturation?.value(at: frame), fillBrightness: fillBrightness?.value(at: frame),
            strokeWidth: strokeWidth?.value(at: frame),
            tracking: tracking?.value(at: frame))
    }
}

/// A text animator's values at one frame (see `TextAnimatorTrack`).
struct TextAnimatorValues: Sendable {
    var range: TextRangeValues
    var units: TextAnimatorTrack.Units = .characters
    var randomize = false
    var position: Vector2?
    var anchor: Vector2?
    /// Percent, as in the file.
    var scale: Vector2?
    var rotation: Double?
    var skew: Double?
    var skewAxis: Double = 0
    /// Percent.
    var opacity: Double?
    var fillColor: RGBAColor?
    var strokeColor: RGBAColor?
    var fillOpacity: Double?
    var strokeOpacity: Double?
    /// Degrees added to the fill's hue; percent added to its saturation and brightness (HSV).
    var fillHue: Double?
    var fillSaturation: Double?
    var fillBrightness: Double?
    var strokeWidth: Double?
    /// Thousandths of an em, as the document's tracking.
    var tracking: Double?
}
