import LottieModel

// MARK: - ModifierNode

/// A compiled path modifier: it changes every path listed before it in its group.
enum ModifierNode: Sendable {
    case trim(start: PropertyTrack<Double>, end: PropertyTrack<Double>, offset: PropertyTrack<Double>, sequential: Bool,
              memo: SegmentLengthMemo)
    case roundedCorners(radius: PropertyTrack<Double>)
    case repeater(RepeaterTracks)
    case puckerBloat(amount: PropertyTrack<Double>)
    case zigZag(ridges: PropertyTrack<Double>, size: PropertyTrack<Double>, smooth: PropertyTrack<Double>)
    case offsetPath(amount: PropertyTrack<Double>, join: StrokeStyleValues.Join, miterLimit: PropertyTrack<Double>)

    init?(_ item: ShapeItem, context: ValueContext) {
        switch item {
        case .trimPath(let trim):
            guard trim.hidden != true else { return nil }
            self = .trim(
                start: PropertyTrack(trim.start, fallback: 0, context: context),
                end: PropertyTrack(trim.end, fallback: 100, context: context),
                offset: PropertyTrack(trim.offset, fallback: 0, context: context),
                sequential: trim.mode == 2, memo: SegmentLengthMemo())
        case .roundedCorners(let corners):
            guard corners.hidden != true else { return nil }
            self = .roundedCorners(radius: PropertyTrack(corners.radius, fallback: 0, context: context))
        case .repeater(let repeater):
            guard repeater.hidden != true else { return nil }
            self = .repeater(RepeaterTracks(repeater, context: context))
        case .puckerBloat(let puckerBloat):
            guard puckerBloat.hidden != true else { return nil }
            self = .puckerBloat(amount: PropertyTrack(puckerBloat.amount, fallback: 0, context: context))
        case .zigZag(let zigZag):
            guard zigZag.hidden != true else { return nil }
            self = .zigZag(
                ridges: PropertyTrack(zigZag.ridges, fallback: 0, context: context),
                size: PropertyTrack(zigZag.size, fallback: 0, context: context),
                smooth: PropertyTrack(zigZag.pointType, fallback: 1, context: context))
        case .offsetPath(let offset):
            guard offset.hidden != true else { return nil }
            let join: StrokeStyleValues.Join = switch offset.lineJoin { case 2: .round; case 3: .bevel; default: .miter }
            self = .offsetPath(
                amount: PropertyTrack(offset.amount, fallback: 0, context: context), join: join,
                miterLimit: PropertyTrack(offset.miterLimit, fallback: 4, context: context))
        default:
            return nil
        }
    }
}

/// A compiled repeater.
struct RepeaterTracks: Sendable {
    var copies: PropertyTrack<Double>
    var offset: PropertyTrack<Double>
    /// `m` 2: copies are stacked below the original instead of above.
    var stacksBelow: Bool
    var transform: TransformTrack

    init(_ repeater: Repeater, context: ValueContext) {
        copies = PropertyTrack(repeater.copies, fallback: 1, context: context)
        offset = PropertyTrack(repeater.offset, fallback: 0, context: context)
        stacksBelow = repeater.composite == 2
        transform = TransformTrack(repeater.transform, context: context)
    }
}
