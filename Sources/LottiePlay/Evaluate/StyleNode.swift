import LottieModel

// MARK: - StyleNode

/// A compiled fill, stroke, gradient fill or gradient stroke. A class, shared by every frame's
/// drawings; it never changes once compiled.
final class StyleNode: Sendable {
    enum Kind: Sendable {
        case fill(color: PropertyTrack<RGBAColor>)
        case stroke(color: PropertyTrack<RGBAColor>, StrokeTracks)
        case gradientFill(GradientTracks)
        case gradientStroke(GradientTracks, StrokeTracks)
    }

    // What writing a frame's paint reads comes first, in the order read (`ShapePlan.writePaint`):
    // a style is read for every drawing of every frame, and its first cache line then holds it.
    /// The colour and rule of a fill that never changes (most styles): seen alike from any
    /// space, so a drawing that has it already keeps it.
    let fixedFill: (color: RGBAColor, rule: FillRule)?
    /// A gradient fill or stroke (`writeGradient`).
    let isGradient: Bool
    let opacity: PropertyTrack<Double>
    let blendMode: BlendMode
    let jsonPath: String
    let kind: Kind
    let fillRule: FillRule
    /// The paint, made once, when none of its properties is animated.
    let fixedPaint: Paint?

    init?(_ item: ShapeItem, jsonPath: String, context: ValueContext) {
        self.jsonPath = jsonPath
        let black = RGBAColor.black
        switch item {
        case .fill(let fill):
            guard fill.hidden != true else { return nil }
            kind = .fill(color: PropertyTrack(fill.color, fallback: black, context: context))
            opacity = PropertyTrack(fill.opacity, fallback: 100, context: context)
            fillRule = FillRule(fill.fillRule)
            blendMode = fill.blendMode ?? .normal
        case .stroke(let stroke):
            guard stroke.hidden != true else { return nil }
            let style = StrokeStyle.from(stroke)
            kind = .stroke(color: PropertyTrack(stroke.color, fallback: black, context: context),
                           StrokeTracks(style, context: context))
            opacity = PropertyTrack(stroke.opacity, fallback: 100, context: context)
            fillRule = .nonZero
            blendMode = stroke.blendMode ?? .normal
        case .gradientFill(let fill):
            guard fill.hidden != true else { return nil }
            kind = .gradientFill(GradientTracks(fill.gradient, context: context))
            opacity = PropertyTrack(fill.opacity, fallback: 100, context: context)
            fillRule = FillRule(fill.fillRule)
            blendMode = fill.blendMode ?? .normal
        case .gradientStroke(let stroke):
            guard stroke.stroke.hidden != true else { return nil }
            kind = .gradientStroke(GradientTracks(stroke.gradient, context: context),
                                   StrokeTracks(stroke.stroke, context: context))
            opacity = PropertyTrack(stroke.stroke.opacity, fallback: 100, context: context)
            fillRule = .nonZero
            blendMode = stroke.stroke.blendMode ?? .normal
        default:
            return nil
        }
        fixedPaint = Self.isAnimated(kind) ? nil : Self.paint(kind, fillRule: fillRule, at: 0)
        if case .fill(let color, let rule)? = fixedPaint { fixedFill = (color, rule) } else { fixedFill = nil }
        switch kind {
        case .gradientFill, .gradientStroke: isGradient = true
        case .fill, .stroke: isGradient = false
        }
    }

    /// The paint at a frame, in the style's own group space.
    func paint(at frame: Double) -> Paint {
        fixedPaint ?? Self.paint(kind, fillRule: fillRule, at: frame)
    }

    private static func paint(_ kind: Kind, fillRule: FillRule, at frame: Double) -> Paint {
        switch kind {
        case .fill(let color): .fill(color.value(at: frame), fillRule)
        case .stroke(let color, let stroke): .stroke(color.value(at: frame), stroke.value(at: frame))
        case .gradientFill(let gradient): .gradientFill(gradient.value(at: frame), fillRule)
        case .gradientStroke(let gradient, let stroke): .gradientStroke(gradient.value(at: frame), stroke.value(at: frame))
        }
    }

    /// Writes the paint at a frame of a gradient style (`isGradient`), carried into layer space
    /// by `transform`, over `paint`: the gradient there, the drawing's from the frame before, is
    /// written over, so an animated gradient makes no new lists. The same paint as `paint(at:)`
    /// checked by `ShapeEvaluation.dashesWithinLimit` against `paths`, then `carried(by:)`.
    /// Out of line: the plan writing a frame stays small enough to be inlined where it is called.
    @inline(never)
    func writeGradient(at frame: Double, carriedBy transform: AffineMatrix, paths: [BezierContour], maxDashes: Int,
                       over paint: inout Paint) {
        switch kind {
        case .gradientFill(let tracks):
            var gradient = Self.takeGradient(from: &paint)
            tracks.write(at: frame, carriedBy: transform, into: &gradient)
            paint = .gradientFill(gradient, fillRule)
        case .gradientStroke(let tracks, let strokeTracks):
            var gradient = Self.takeGradient(from: &paint)
            tracks.write(at: frame, carriedBy: transform, into: &gradient)
            var stroke = strokeTracks.value(at: frame)
            if stroke.hasTooManyDashes(for: paths, maxDashes: maxDashes) { stroke.dashes = [] }
            paint = .gradientStroke(gradient, stroke.carried(by: transform))
        case .fill, .stroke:
            break
        }
    }

    /// The gradient `paint` holds, taken out so that nothing else holds its values (a blank one
    /// when it holds none); `paint` is left a flat fill.
    private static func takeGradient(from paint: inout Paint) -> GradientPaint {
        var taken = Paint.fill(.black, .nonZero)
        swap(&taken, &paint)
        switch consume taken {
        case .gradientFill(let gradient, _), .gradientStroke(let gradient, _):
            return gradient
        case .fill, .stroke:
            return GradientPaint(kind: .linear, start: .zero, end: .zero, colorStops: [], opacityStops: [])
        }
    }

    private static func isAnimated(_ kind: Kind) -> Bool {
        switch kind {
        case .fill(let color): color.isAnimated
        case .stroke(let color, let stroke): color.isAnimated || stroke.isAnimated
        case .gradientFill(let gradient): gradient.isAnimated
        case .gradientStroke(let gradient, let stroke): gradient.isAnimated || stroke.isAnimated
        }
    }
}

extension StrokeStyle {
    /// The stroke fields of a plain stroke.
    static func from(_ stroke: Stroke) -> StrokeStyle {
        var style = StrokeStyle(width: stroke.width)
        style.lineCap = stroke.lineCap
        style.lineJoin = stroke.lineJoin
        style.miterLimit = stroke.miterLimit
        style.animatedMiterLimit = stroke.animatedMiterLimit
        style.dashes = stroke.dashes
        return style
    }
}

// MARK: - StrokeTracks

struct StrokeTracks: Sendable {
    var width: PropertyTrack<Double>
    var cap: StrokeStyleValues.Cap
    var join: StrokeStyleValues.Join
    var miterLimit: PropertyTrack<Double>
    /// Dash and gap lengths in file order, and the offset.
    var dashes: [PropertyTrack<Double>]
    var dashOffset: PropertyTrack<Double>

    init(_ style: StrokeStyle, context: ValueContext) {
        width = PropertyTrack(style.width, fallback: 1, context: context)
        cap = switch style.lineCap { case 2: .round; case 3: .square; default: .butt }
        join = switch style.lineJoin { case 2: .round; case 3: .bevel; default: .miter }
        miterLimit = style.animatedMiterLimit.map { PropertyTrack($0, fallback: 4, context: context) }
            ?? PropertyTrack(constant: style.miterLimit ?? 4)
        var lengths: [PropertyTrack<Double>] = []
        var offset = PropertyTrack<Double>(constant: 0)
        // Dash and gap lengths past `maxDashEntries` are ignored (`FaultScan` warns).
        for dash in style.dashes ?? [] {
            if dash.kind == "o" {
                offset = PropertyTrack(dash.length, fallback: 0, context: context)
            } else if lengths.count < context.limits.maxDashEntries {
                lengths.append(PropertyTrack(dash.length, fallback: 0, context: context))
            }
        }
        dashes = lengths
        dashOffset = offset
    }

    var isAnimated: Bool {
        width.isAnimated || miterLimit.isAnimated || dashOffset.isAnimated || dashes.contains { $0.isAnimated }
    }

    func value(at frame: Double) -> StrokeStyleValues {
        var lengths = dashes.map { max(0, $0.value(at: frame)) }
        // A pattern with nothing but zeros draws a solid line, as the players do.
        if lengths.allSatisfy({ $0 == 0 }) { lengths = [] }
        if lengths.count % 2 == 1 { lengths += lengths }
        return StrokeStyleValues(
            width: max(0, width.value(at: frame)), cap: cap, join: join,
            miterLimit: miterLimit.value(at: frame), dashes: lengths, dashOffset: dashOffset.value(at: frame))
    }
}

// MARK: - GradientTracks

struct GradientTracks: Sendable {
    var kind: GradientPaint.Kind
    var start: PropertyTrack<Vector2>
    var end: PropertyTrack<Vector2>
    var highlightLength: PropertyTrack<Double>
    var highlightAngle: PropertyTrack<Double>
    var colorStopCount: Int
    var stops: PropertyTrack<GradientStopValues>

    init(_ gradient: Gradient, context: ValueContext) {
        kind = gradient.type == 2 ? .radial : .linear
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
