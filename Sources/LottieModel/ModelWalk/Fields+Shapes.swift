// MARK: - Field tables: shape items

// The animatable properties and parts of each kind of shape item, in the order files write
// them and every walk lists them, with their names in After Effects keypaths.

extension ShapeGroup: ListedFields {
    static let members: [Member<ShapeGroup>] = [.items(key: "it") { $0.items }]
}

extension PathShape: ListedFields {
    static let members: [Member<PathShape>] = [.path("ks", "Path", .required("the path")) { $0.path }]
}

extension RectangleShape: ListedFields {
    static let members: [Member<RectangleShape>] = [
        .point("p", "Position", .expected("the centre")) { $0.position },
        .vector("s", "Size", .required("the size")) { $0.size },
        .scalar("r", "Roundness") { $0.roundness },
    ]
}

extension EllipseShape: ListedFields {
    static let members: [Member<EllipseShape>] = [
        .point("p", "Position", .expected("the centre")) { $0.position },
        .vector("s", "Size", .required("the size")) { $0.size },
    ]
}

extension PolystarShape: ListedFields {
    static let members: [Member<PolystarShape>] = [
        .point("p", "Position", .expected("the centre")) { $0.position },
        .scalar("pt", "Points", .required("the number of points")) { $0.points },
        .scalar("r", "Rotation", .expected("the rotation")) { $0.rotation },
        .scalar("or", "Outer Radius", .required("the outer radius")) { $0.outerRadius },
        .scalar("os", "Outer Roundness", .expected("the outer roundness")) { $0.outerRoundness },
        .scalar("ir", "Inner Radius", .expectedOfStars("the inner radius of a star")) { $0.innerRadius },
        .scalar("is", "Inner Roundness", .expectedOfStars("the inner roundness of a star")) { $0.innerRoundness },
    ]
}

extension Fill: ListedFields {
    static let members: [Member<Fill>] = [
        .color("c", "Color", .required("the colour")) { $0.color },
        .scalar("o", "Opacity", .expected("the opacity"), range: .opacity) { $0.opacity },
    ]
}

extension Stroke: ListedFields, StrokeMembers {
    static let members: [Member<Stroke>] = [.color("c", "Color", .required("the colour")) { $0.color }] + strokeMembers()
}

extension GradientFill: ListedFields {
    static let members: [Member<GradientFill>] = [
        .scalar("o", "Opacity", .expected("the opacity"), range: .opacity) { $0.opacity },
        .gradient { $0.gradient },
    ]
}

extension GradientStroke: ListedFields, StrokeMembers {
    static let members: [Member<GradientStroke>] = strokeMembers() + [.gradient { $0.gradient }]

    var opacity: Animatable<Double>? { stroke.opacity }
    var width: Animatable<Double>? { stroke.width }
    var animatedMiterLimit: Animatable<Double>? { stroke.animatedMiterLimit }
    var dashes: [StrokeDash]? { stroke.dashes }
}

extension ShapeTransform: ListedFields {
    static let members: [Member<ShapeTransform>] = [.transform(key: nil, .optional) { $0.transform }]
}

extension TrimPath: ListedFields {
    static let members: [Member<TrimPath>] = [
        .scalar("s", "Start", .required("the start")) { $0.start },
        .scalar("e", "End", .required("the end")) { $0.end },
        .scalar("o", "Offset", .expected("the offset")) { $0.offset },
    ]
}

extension RoundedCorners: ListedFields {
    static let members: [Member<RoundedCorners>] = [.scalar("r", "Radius", .required("the radius")) { $0.radius }]
}

extension Repeater: ListedFields {
    static let members: [Member<Repeater>] = [
        .scalar("c", "Copies", .required("the number of copies")) { $0.copies },
        .scalar("o", "Offset") { $0.offset },
        .transform(key: "tr", .expected("the transform of each copy")) { $0.transform },
    ]
}

extension MergePaths: ListedFields {
    static let members: [Member<MergePaths>] = []
}

extension PuckerBloat: ListedFields {
    static let members: [Member<PuckerBloat>] = [.scalar("a", "Amount", .required("the amount")) { $0.amount }]
}

extension ZigZag: ListedFields {
    static let members: [Member<ZigZag>] = [
        .scalar("r", "Ridges") { $0.ridges },
        .scalar("s", "Size") { $0.size },
        .scalar("pt", "Point Type") { $0.pointType },
    ]
}

extension OffsetPath: ListedFields {
    static let members: [Member<OffsetPath>] = [
        .scalar("a", "Amount") { $0.amount },
        .scalar("ml", "Miter Limit") { $0.miterLimit },
    ]
}

// MARK: Parts of items

extension LottieGradient: ListedFields {
    /// The fields of a gradient fill or stroke that make its gradient.
    static let members: [Member<LottieGradient>] = [
        .point("s", "Start Point", .required("the start point")) { $0.startPoint },
        .point("e", "End Point", .required("the end point")) { $0.endPoint },
        .scalar("h", "Highlight Length") { $0.highlightLength },
        .scalar("a", "Highlight Angle") { $0.highlightAngle },
        .property(PropertyField(["g", "k"], "Colors", .gradient, .required("the stops"))) {
            .gradient($0.colors.stops, colorStops: $0.colors.colorStopCount)
        },
    ]
}

/// What strokes and gradient strokes share.
protocol StrokeMembers: Sendable {
    var opacity: Animatable<Double>? { get }
    var width: Animatable<Double>? { get }
    var animatedMiterLimit: Animatable<Double>? { get }
    var dashes: [StrokeDash]? { get }
}

extension StrokeMembers {
    static func strokeMembers() -> [Member<Self>] {
        [
            .scalar("o", "Opacity", .expected("the opacity"), range: .opacity) { $0.opacity },
            .scalar("w", "Stroke Width", .expected("the stroke width")) { $0.width },
            .scalar("ml2", "Miter Limit") { $0.animatedMiterLimit },
            .dashes(key: "d") { $0.dashes },
        ]
    }
}

extension StrokeDash {
    /// `v` of a dash: its length, named in keypaths by the dash's kind (`Dashes.Gap`).
    static let lengthField = PropertyField(["v"], "Length", .scalar, .expected("the dash length"))
    /// The names of the dash kinds `n`.
    static let kindNames = ["d": "Dash", "g": "Gap", "o": "Offset"]
}

// MARK: - Items by kind

extension ShapeItem {
    /// Whether the item is hidden (`hd`): it is neither drawn nor changes other items. Unknown
    /// items are not.
    public var isHidden: Bool {
        switch self {
        case .group(let item): item.hidden == true
        case .path(let item): item.hidden == true
        case .rectangle(let item): item.hidden == true
        case .ellipse(let item): item.hidden == true
        case .polystar(let item): item.hidden == true
        case .fill(let item): item.hidden == true
        case .stroke(let item): item.hidden == true
        case .gradientFill(let item): item.hidden == true
        case .gradientStroke(let item): item.stroke.hidden == true
        case .transform(let item): item.hidden == true
        case .trimPath(let item): item.hidden == true
        case .roundedCorners(let item): item.hidden == true
        case .repeater(let item): item.hidden == true
        case .merge(let item): item.hidden == true
        case .puckerBloat(let item): item.hidden == true
        case .zigZag(let item): item.hidden == true
        case .offsetPath(let item): item.hidden == true
        case .unknown: false
        }
    }

    /// The type whose field table lists the members of items of type `code` (`ty`), for the
    /// schema check; nil for an unknown type.
    static func listedType(ofTypeCode code: String) -> (any ListedFields.Type)? {
        switch code {
        case "gr": ShapeGroup.self
        case "sh": PathShape.self
        case "rc": RectangleShape.self
        case "el": EllipseShape.self
        case "sr": PolystarShape.self
        case "fl": Fill.self
        case "st": Stroke.self
        case "gf": GradientFill.self
        case "gs": GradientStroke.self
        case "tr": ShapeTransform.self
        case "tm": TrimPath.self
        case "rd": RoundedCorners.self
        case "rp": Repeater.self
        case "mm": MergePaths.self
        case "pb": PuckerBloat.self
        case "zz": ZigZag.self
        case "op": OffsetPath.self
        default: nil
        }
    }
}
