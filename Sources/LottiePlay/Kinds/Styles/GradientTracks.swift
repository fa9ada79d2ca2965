import LottieModel

// MARK: - GradientTracks

struct GradientTracks: Sendable {
    var kind: GradientPaint.Kind
    var start: PropertyTrack<Vector2>
    var end: PropertyTrack<Vector2>
    var highlightLength: PropertyTrack<Double>
    var highlightAngle: PropertyTrack<Double>
    var colorStopCount: Int
    var stops: PropertyTrack<GradientStopValues>

    init(_ gradient: LottieGradient, context: ValueContext) {
        kind = gradient.type == .radial ? .radial : .linear
        start = PropertyTrack(gradient.startPoint, fallback: .zero, context: context)
        end = PropertyTrack(gradient.endPoint, fallback: .zero, context: context)
        highlightLength = PropertyTrack(gradient.highlightLength, fallback: 0, context: context)
        highlightAngle = PropertyTrack(gradient.highlightAngle, fallback: 0, context: context)
        colorStopCount = gradient.colors.colorStopCount
        stops = PropertyTrack(gradient.colors.stops, fallback: GradientStopValues([]), context: context)
    }

    var isAnimated: Bool {
        start.isAnimated || end.isAnimated || highlightLength.isAnimated || highlightAngle.isAnimated
            || stops.isAnimated
    }

    /// What `value(at:)` gives, carried by `transform` (`GradientPaint.mapped(by:)` when it moves
    /// anything), written into `gradient`.
    func write(at frame: Double, carriedBy transform: AffineMatrix, into gradient: inout GradientPaint) {
        var (start, end) = (start.value(at: frame), end.value(at: frame))
        if !transform.isIdentity { (start, end) = (transform.apply(to: start), transform.apply(to: end)) }
        gradient.write(kind: kind, start: start, end: end, highlightLength: highlightLength.value(at: frame),
                       highlightAngle: highlightAngle.value(at: frame))
        stops.writeStops(at: frame, colorStopCount: colorStopCount, into: &gradient)
    }

    func value(at frame: Double) -> GradientPaint {
        let (colors, opacities) = GradientPaint.stops(from: stops.value(at: frame).values, colorStopCount: colorStopCount)
        return GradientPaint(
            kind: kind, start: start.value(at: frame), end: end.value(at: frame),
            highlightLength: highlightLength.value(at: frame), highlightAngle: highlightAngle.value(at: frame),
            colorStops: colors, opacityStops: opacities)
    }
}
