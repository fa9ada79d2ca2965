import LottieModel

// MARK: - StrokeTracks

struct StrokeTracks: Sendable {
    var width: PropertyTrack<Double>
    var cap: StrokeStyleValues.Cap
    var join: StrokeStyleValues.Join
    var miterLimit: PropertyTrack<Double>
    /// Dash and gap lengths in file order, and the offset.
    var dashes: [PropertyTrack<Double>]
    var dashOffset: PropertyTrack<Double>

    init(_ style: LottieStrokeStyle, context: ValueContext) {
        width = PropertyTrack(style.width, fallback: 1, context: context)
        cap = StrokeStyleValues.Cap(style.lineCap)
        join = StrokeStyleValues.Join(style.lineJoin)
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

extension LottieStrokeStyle {
    /// The stroke fields of a plain stroke.
    static func from(_ stroke: Stroke) -> LottieStrokeStyle {
        var style = LottieStrokeStyle(width: stroke.width)
        style.lineCap = stroke.lineCap
        style.lineJoin = stroke.lineJoin
        style.miterLimit = stroke.miterLimit
        style.animatedMiterLimit = stroke.animatedMiterLimit
        style.dashes = stroke.dashes
        return style
    }
}

extension StrokeStyleValues.Cap {
    /// How `lc` is drawn: butt when absent or unknown.
    init(_ cap: LineCap?) {
        self = switch cap {
        case .round: .round
        case .square: .square
        case .butt, .unknown, nil: .butt
        }
    }
}

extension StrokeStyleValues.Join {
    /// How `lj` is drawn: mitered when absent or unknown.
    init(_ join: LineJoin?) {
        self = switch join {
        case .round: .round
        case .bevel: .bevel
        case .miter, .unknown, nil: .miter
        }
    }
}
