import LottieModel

// MARK: - ModelProperty

/// An animatable property of the model, by what it holds (which decides how it is evaluated
/// and printed): the same track value types the evaluator uses.
enum ModelProperty: Equatable, Sendable {
    case scalar(Animatable<Double>)
    /// A point that moves along spatial curves (`to`/`ti`): positions, anchors, gradient points.
    case position(Animatable<Vector>)
    /// A vector interpolated per component: scale, size.
    case vector(Animatable<Vector>)
    case color(Animatable<Color>)
    case path(Animatable<BezierPath>)
    case gradient(Animatable<GradientStops>, colorStops: Int)
    case text(Animatable<TextDocument>)

    var isAnimated: Bool {
        switch self {
        case .scalar(let property): property.isAnimated
        case .position(let property), .vector(let property): property.isAnimated
        case .color(let property): property.isAnimated
        case .path(let property): property.isAnimated
        case .gradient(let property, _): property.isAnimated
        case .text(let property): property.isAnimated
        }
    }
}

// MARK: - NamedProperty

/// One property of a layer or shape item: its names below the item (`["Transform", "Position"]`),
/// its JSON path below the item (`ks.p`), and its model value.
struct NamedProperty: Sendable {
    var names: [String]
    var jsonPath: [JSONPathComponent]
    var property: ModelProperty
}

// MARK: - PropertyWalk

/// The properties of layers and shape items with their names, in file order: which animatable
/// properties each object has and what they are called, shared by snapshots (every property,
/// evaluated) and diffs (properties compared keyframe by keyframe). It lists the same fields,
/// in the same order, as `FeatureScan` in LottieModel, which walks them by JSON path to count
/// features; names and the JSON path below the item go together here.
///
/// A layer has `In Point` and `Out Point` (as static scalars, so that a layer that appears
/// later shows in a snapshot), `Transform.*`, `Masks.<mask>.*`, and by type `Time Remap`,
/// `Text.Source Text`, `Text.Animators.<animator>.*` or `Perspective`. A shape item has its
/// own properties directly under its name: `Door Rect.Size`, `Trace Trim.End`,
/// `Transform.Position` for a group's `tr`, `Repeater.Transform.Rotation` for a repeater's.
enum PropertyWalk {
    static func properties(of layer: Layer) -> [NamedProperty] {
        var list = [
            NamedProperty(names: ["In Point"], jsonPath: [.key("ip")], property: .scalar(Animatable(layer.inPoint))),
            NamedProperty(names: ["Out Point"], jsonPath: [.key("op")], property: .scalar(Animatable(layer.outPoint))),
        ]
        list += prefixed(["Transform"], [.key("ks")], transform(layer.transform))
        let masks = layer.masks ?? []
        let maskNames = Keypath.unique(masks.map { $0.name ?? "Mask" })
        for (position, mask) in masks.enumerated() {
            var own: [NamedProperty] = []
            add(mask.path.map(ModelProperty.path), "Path", "pt", to: &own)
            add(mask.opacity.map(ModelProperty.scalar), "Opacity", "o", to: &own)
            add(mask.expansion.map(ModelProperty.scalar), "Expansion", "x", to: &own)
            list += prefixed(["Masks", maskNames[position]], [.key("masksProperties"), .index(position)], own)
        }
        switch layer.content {
        case .precomp(let fields):
            add(fields.timeRemap.map(ModelProperty.scalar), "Time Remap", "tm", to: &list)
        case .text(let data):
            list.append(NamedProperty(names: ["Text", "Source Text"], jsonPath: [.key("t"), .key("d")],
                                      property: .text(data.document)))
            let animators = data.animators ?? []
            let names = Keypath.unique(animators.map { $0.name ?? "Animator" })
            for (position, animator) in animators.enumerated() {
                guard let style = animator.style else { continue }
                list += prefixed(["Text", "Animators", names[position]],
                                 [.key("t"), .key("a"), .index(position), .key("a")], textStyle(style))
            }
        case .camera(let perspective):
            add(perspective.map(ModelProperty.scalar), "Perspective", "pe", to: &list)
        default:
            break
        }
        return list
    }

    /// The item's own properties (a group's items are its children, not its properties).
    static func properties(of item: ShapeItem) -> [NamedProperty] {
        var list: [NamedProperty] = []
        switch item {
        case .group, .merge, .unknown:
            break
        case .path(let shape):
            add(.path(shape.path), "Path", "ks", to: &list)
        case .rectangle(let shape):
            add(shape.position.map(ModelProperty.position), "Position", "p", to: &list)
            add(.vector(shape.size), "Size", "s", to: &list)
            add(shape.roundness.map(ModelProperty.scalar), "Roundness", "r", to: &list)
        case .ellipse(let shape):
            add(shape.position.map(ModelProperty.position), "Position", "p", to: &list)
            add(.vector(shape.size), "Size", "s", to: &list)
        case .polystar(let shape):
            add(shape.position.map(ModelProperty.position), "Position", "p", to: &list)
            add(.scalar(shape.points), "Points", "pt", to: &list)
            add(shape.rotation.map(ModelProperty.scalar), "Rotation", "r", to: &list)
            add(.scalar(shape.outerRadius), "Outer Radius", "or", to: &list)
            add(shape.outerRoundness.map(ModelProperty.scalar), "Outer Roundness", "os", to: &list)
            add(shape.innerRadius.map(ModelProperty.scalar), "Inner Radius", "ir", to: &list)
            add(shape.innerRoundness.map(ModelProperty.scalar), "Inner Roundness", "is", to: &list)
        case .fill(let fill):
            add(.color(fill.color), "Color", "c", to: &list)
            add(fill.opacity.map(ModelProperty.scalar), "Opacity", "o", to: &list)
        case .stroke(let stroke):
            add(.color(stroke.color), "Color", "c", to: &list)
            add(stroke.opacity.map(ModelProperty.scalar), "Opacity", "o", to: &list)
            add(stroke.width.map(ModelProperty.scalar), "Stroke Width", "w", to: &list)
            add(stroke.animatedMiterLimit.map(ModelProperty.scalar), "Miter Limit", "ml2", to: &list)
            list += dashes(stroke.dashes)
        case .gradientFill(let fill):
            add(fill.opacity.map(ModelProperty.scalar), "Opacity", "o", to: &list)
            list += gradient(fill.gradient)
        case .gradientStroke(let stroke):
            add(stroke.stroke.opacity.map(ModelProperty.scalar), "Opacity", "o", to: &list)
            add(stroke.stroke.width.map(ModelProperty.scalar), "Stroke Width", "w", to: &list)
            add(stroke.stroke.animatedMiterLimit.map(ModelProperty.scalar), "Miter Limit", "ml2", to: &list)
            list += dashes(stroke.stroke.dashes)
            list += gradient(stroke.gradient)
        case .transform(let groupTransform):
            list += transform(groupTransform.transform)
        case .trimPath(let trim):
            add(.scalar(trim.start), "Start", "s", to: &list)
            add(.scalar(trim.end), "End", "e", to: &list)
            add(trim.offset.map(ModelProperty.scalar), "Offset", "o", to: &list)
        case .roundedCorners(let corners):
            add(.scalar(corners.radius), "Radius", "r", to: &list)
        case .repeater(let repeater):
            add(.scalar(repeater.copies), "Copies", "c", to: &list)
            add(repeater.offset.map(ModelProperty.scalar), "Offset", "o", to: &list)
            list += prefixed(["Transform"], [.key("tr")], transform(repeater.transform))
        case .puckerBloat(let modifier):
            add(.scalar(modifier.amount), "Amount", "a", to: &list)
        case .zigZag(let modifier):
            add(modifier.ridges.map(ModelProperty.scalar), "Ridges", "r", to: &list)
            add(modifier.size.map(ModelProperty.scalar), "Size", "s", to: &list)
            add(modifier.pointType.map(ModelProperty.scalar), "Point Type", "pt", to: &list)
        case .offsetPath(let modifier):
            add(modifier.amount.map(ModelProperty.scalar), "Amount", "a", to: &list)
            add(modifier.miterLimit.map(ModelProperty.scalar), "Miter Limit", "ml", to: &list)
        }
        return list
    }

    /// A group's items; nothing for other items.
    static func children(of item: ShapeItem) -> [ShapeItem] {
        if case .group(let group) = item { return group.items }
        return []
    }

    // MARK: Parts

    static func transform(_ transform: Transform) -> [NamedProperty] {
        var list: [NamedProperty] = []
        add(transform.anchor.map(ModelProperty.position), "Anchor Point", "a", to: &list)
        switch transform.position {
        case .combined(let position)?:
            add(.position(position), "Position", "p", to: &list)
        case .split(let x, let y, let z)?:
            list.append(NamedProperty(names: ["Position X"], jsonPath: [.key("p"), .key("x")], property: .scalar(x)))
            list.append(NamedProperty(names: ["Position Y"], jsonPath: [.key("p"), .key("y")], property: .scalar(y)))
            if let z {
                list.append(NamedProperty(names: ["Position Z"], jsonPath: [.key("p"), .key("z")], property: .scalar(z)))
            }
        case nil:
            break
        }
        add(transform.scale.map(ModelProperty.vector), "Scale", "s", to: &list)
        add(transform.rotation.map(ModelProperty.scalar), "Rotation", "r", to: &list)
        add(transform.rotationX.map(ModelProperty.scalar), "X Rotation", "rx", to: &list)
        add(transform.rotationY.map(ModelProperty.scalar), "Y Rotation", "ry", to: &list)
        add(transform.rotationZ.map(ModelProperty.scalar), "Z Rotation", "rz", to: &list)
        add(transform.orientation.map(ModelProperty.vector), "Orientation", "or", to: &list)
        add(transform.opacity.map(ModelProperty.scalar), "Opacity", "o", to: &list)
        add(transform.skew.map(ModelProperty.scalar), "Skew", "sk", to: &list)
        add(transform.skewAxis.map(ModelProperty.scalar), "Skew Axis", "sa", to: &list)
        add(transform.startOpacity.map(ModelProperty.scalar), "Start Opacity", "so", to: &list)
        add(transform.endOpacity.map(ModelProperty.scalar), "End Opacity", "eo", to: &list)
        return list
    }

    private static func gradient(_ gradient: Gradient) -> [NamedProperty] {
        var list: [NamedProperty] = []
        add(.position(gradient.startPoint), "Start Point", "s", to: &list)
        add(.position(gradient.endPoint), "End Point", "e", to: &list)
        add(gradient.highlightLength.map(ModelProperty.scalar), "Highlight Length", "h", to: &list)
        add(gradient.highlightAngle.map(ModelProperty.scalar), "Highlight Angle", "a", to: &list)
        list.append(NamedProperty(
            names: ["Colors"], jsonPath: [.key("g"), .key("k")],
            property: .gradient(gradient.colors.stops, colorStops: gradient.colors.colorStopCount)))
        return list
    }

    /// Dashes by kind: `Dash`, `Gap`, `Offset` (`Dash[1]` when a kind repeats).
    private static func dashes(_ dashes: [StrokeDash]?) -> [NamedProperty] {
        let dashes = dashes ?? []
        let kinds = ["d": "Dash", "g": "Gap", "o": "Offset"]
        let names = Keypath.unique(dashes.map { kinds[$0.kind] ?? "Dash \($0.kind)" })
        return dashes.enumerated().map { position, dash in
            NamedProperty(names: ["Dashes", names[position]], jsonPath: [.key("d"), .index(position), .key("v")],
                          property: .scalar(dash.length))
        }
    }

    private static func textStyle(_ style: TextStyle) -> [NamedProperty] {
        var list: [NamedProperty] = []
        add(style.position.map(ModelProperty.position), "Position", "p", to: &list)
        add(style.anchor.map(ModelProperty.position), "Anchor Point", "a", to: &list)
        add(style.scale.map(ModelProperty.vector), "Scale", "s", to: &list)
        add(style.rotation.map(ModelProperty.scalar), "Rotation", "r", to: &list)
        add(style.opacity.map(ModelProperty.scalar), "Opacity", "o", to: &list)
        add(style.skew.map(ModelProperty.scalar), "Skew", "sk", to: &list)
        add(style.skewAxis.map(ModelProperty.scalar), "Skew Axis", "sa", to: &list)
        add(style.fillColor.map(ModelProperty.color), "Fill Color", "fc", to: &list)
        add(style.strokeColor.map(ModelProperty.color), "Stroke Color", "sc", to: &list)
        add(style.strokeWidth.map(ModelProperty.scalar), "Stroke Width", "sw", to: &list)
        add(style.tracking.map(ModelProperty.scalar), "Tracking", "t", to: &list)
        add(style.fillOpacity.map(ModelProperty.scalar), "Fill Opacity", "fo", to: &list)
        add(style.strokeOpacity.map(ModelProperty.scalar), "Stroke Opacity", "so", to: &list)
        return list
    }

    private static func add(_ property: ModelProperty?, _ name: String, _ key: String, to list: inout [NamedProperty]) {
        guard let property else { return }
        list.append(NamedProperty(names: [name], jsonPath: [.key(key)], property: property))
    }

    private static func prefixed(_ names: [String], _ path: [JSONPathComponent], _ list: [NamedProperty]) -> [NamedProperty] {
        list.map { NamedProperty(names: names + $0.names, jsonPath: path + $0.jsonPath, property: $0.property) }
    }
}
