import LottieModel

// MARK: - LayerTree

/// A layer's properties as After Effects names them, for expressions to find by name, match name
/// or index (`thisLayer(2)('Admin')`, `content('Group 1').transform.scale`,
/// `effect('Slider Control')('Slider')`): built from the model the first time an expression reads
/// the layer, its properties compiled with their own expressions.
final class LayerTree: Sendable {
    let address: LayerAddress
    let layer: Layer
    /// The parent's place in the same composition (by `ind`), when it has one.
    let parentPosition: Int?
    let transform: TransformTrack
    /// `ADBE Transform Group`, `ADBE Root Vectors Group` (shape layers), `ADBE Effect Parade`.
    let transformGroup: PropertyTreeGroup
    let contents: PropertyTreeGroup
    let effects: PropertyTreeGroup
    let timeRemap: PropertyTrack<Double>?
    /// A text layer's document (`text.sourceText`).
    let sourceText: PropertyTrack<TextDocument>?

    init(_ layer: Layer, address: LayerAddress, in layers: [Layer], context: ValueContext) {
        self.address = address
        self.layer = layer
        parentPosition = layer.parent.flatMap { parent in
            layers.firstIndex { $0.index == parent }.flatMap { $0 == address.position ? nil : $0 }
        }
        transform = TransformTrack(layer.transform, autoOrient: layer.autoOrient, context: context)
        transformGroup = PropertyTreeGroup.transform(transform, of: layer.transform, layer: true)
        if case .shape(let items) = layer.content {
            contents = PropertyTreeGroup(PropertyNames(name: "Contents", matchName: "ADBE Root Vectors Group",
                                                       member: "content", index: 2),
                                         children: PropertyTreeGroup.items(items, context: context))
        } else {
            contents = PropertyTreeGroup(PropertyNames(name: "Contents", matchName: "ADBE Root Vectors Group",
                                                       member: "content", index: 2), children: [])
        }
        effects = PropertyTreeGroup(
            PropertyNames(name: "Effects", matchName: "ADBE Effect Parade", member: "effect", index: 4),
            children: (layer.effects ?? []).enumerated().map { position, effect in
                .group(PropertyTreeGroup.effect(effect, position: position, context: context))
            })
        if case .precomp(let fields) = layer.content, let remap = fields.timeRemap {
            timeRemap = PropertyTrack(remap, fallback: 0, context: context)
        } else {
            timeRemap = nil
        }
        if case .text(let data) = layer.content {
            sourceText = PropertyTrack(data.document, fallback: TextDocument(text: ""), context: context)
        } else {
            sourceText = nil
        }
    }

    /// The layer's own matrix at a frame, its tracks read within the evaluation under way.
    func matrix(at frame: Double, in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> AffineMatrix {
        let position: Vector2 = switch transform.position {
        case .combined(let track): try track.value(at: frame, in: interpreter)
        case .split(let x, let y): Vector2(x: try x.value(at: frame, in: interpreter), y: try y.value(at: frame, in: interpreter))
        }
        return AffineMatrix.lottie(
            anchor: try transform.anchor.value(at: frame, in: interpreter), position: position,
            scale: try transform.scale.value(at: frame, in: interpreter).value,
            rotation: try transform.rotation.value(at: frame, in: interpreter),
            skew: try transform.skew.value(at: frame, in: interpreter),
            skewAxis: try transform.skewAxis.value(at: frame, in: interpreter),
            tilt: try tilt(at: frame, in: interpreter))
    }

    /// A 3D layer's turns out of the screen's plane at a frame, read within the evaluation.
    private func tilt(at frame: Double, in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> AffineMatrix.Tilt? {
        guard let tilt = transform.tilt else { return nil }
        let orientation = try tilt.orientation.value(at: frame, in: interpreter)
        return AffineMatrix.Tilt(orientation: (orientation.x, orientation.y, orientation.z),
                                 rotationX: try tilt.rotationX.value(at: frame, in: interpreter),
                                 rotationY: try tilt.rotationY.value(at: frame, in: interpreter))
    }
}

extension TransformTrack {
    /// The stretch around `frame` over which the keyframed tracks that place the layer keep their
    /// values, or nil when one moves there (see `PropertyTrack.stillStretch(at:)`).
    func stillStretch(at frame: Double) -> (from: Double, until: Double)? {
        var stretches = [anchor.stillStretch(at: frame), scale.stillStretch(at: frame), rotation.stillStretch(at: frame),
                         skew.stillStretch(at: frame), skewAxis.stillStretch(at: frame)]
        if let tilt {
            stretches += [tilt.rotationX.stillStretch(at: frame), tilt.rotationY.stillStretch(at: frame),
                          tilt.orientation.stillStretch(at: frame)]
        }
        switch position {
        case .combined(let track): stretches.append(track.stillStretch(at: frame))
        case .split(let x, let y): stretches += [x.stillStretch(at: frame), y.stillStretch(at: frame)]
        }
        var from = -Double.infinity
        var until = Double.infinity
        for stretch in stretches {
            guard let stretch else { return nil }
            from = max(from, stretch.from)
            until = min(until, stretch.until)
        }
        return (from, until)
    }
}

// MARK: - Nodes

/// A property of the tree, or a group of them.
enum PropertyTreeNode: Sendable {
    case group(PropertyTreeGroup)
    case scalar(PropertyNames, PropertyTrack<Double>)
    case position(PropertyNames, PropertyTrack<Vector2>)
    case vector(PropertyNames, PropertyTrack<PlainVector2>)
    case color(PropertyNames, PropertyTrack<RGBAColor>)
    case path(PropertyNames, PropertyTrack<BezierContour>)
    /// A position split into x and y: reads as `[x, y]`.
    case splitPosition(PropertyNames, x: PropertyTrack<Double>, y: PropertyTrack<Double>)
    /// A Layer control (effect parameter type 10): the `ind` of a layer of the same composition,
    /// read as that layer.
    case layerControl(PropertyNames, PropertyTrack<Double>)

    /// The expression of a property node.
    var expression: ExpressionBinding? {
        switch self {
        case .group: nil
        case .scalar(_, let track): track.expression
        case .position(_, let track): track.expression
        case .vector(_, let track): track.expression
        case .color(_, let track): track.expression
        case .path(_, let track): track.expression
        case .splitPosition(_, let x, let y): x.expression ?? y.expression
        case .layerControl(_, let track): track.expression
        }
    }

    var names: PropertyNames {
        switch self {
        case .group(let group): group.names
        case .scalar(let names, _), .position(let names, _), .vector(let names, _), .color(let names, _),
             .path(let names, _), .splitPosition(let names, _, _), .layerControl(let names, _): names
        }
    }
}

/// A named group of properties: a layer's contents or transform, a shape group, a shape item, an
/// effect.
final class PropertyTreeGroup: Sendable {
    let names: PropertyNames
    let children: [PropertyTreeNode]
    /// The place of the first child each name answers to (rigs look children up by name at every
    /// frame).
    private let places: [String: Int]
    /// The place of the first child of each member name (`position`), and of each index (`ix`).
    private let memberPlaces: [String: Int]
    private let indexPlaces: [Int: Int]

    init(_ names: PropertyNames, children: [PropertyTreeNode]) {
        self.names = names
        self.children = children
        var places: [String: Int] = [:]
        var memberPlaces: [String: Int] = [:]
        var indexPlaces: [Int: Int] = [:]
        for (place, child) in children.enumerated() {
            let names = child.names
            for key in [names.name, names.matchName, names.member].compactMap(\.self) where places[key] == nil {
                places[key] = place
            }
            if let member = names.member, memberPlaces[member] == nil { memberPlaces[member] = place }
            if let index = names.index, indexPlaces[index] == nil { indexPlaces[index] = place }
        }
        self.places = places
        self.memberPlaces = memberPlaces
        self.indexPlaces = indexPlaces
    }

    /// The child a name (display name, match name, member name) picks: the first that answers to it.
    func child(named key: String) -> PropertyTreeNode? {
        places[key].map { children[$0] }
    }

    /// The first child whose member name (`position`, `opacity`) is `member`.
    func child(member: String) -> PropertyTreeNode? {
        memberPlaces[member].map { children[$0] }
    }

    /// The first child of index (`ix`) `index`, else the child at `index` counted from 1.
    func child(at index: Int) -> PropertyTreeNode? {
        if let place = indexPlaces[index] { return children[place] }
        return children.indices.contains(index - 1) ? children[index - 1] : nil
    }

    // MARK: Building

    private static func names(_ name: String, _ matchName: String, _ member: String, _ index: Int?) -> PropertyNames {
        PropertyNames(name: name, matchName: matchName, member: member, index: index)
    }

    /// A transform's properties, with the match names of a layer's (`layer`) or a group's.
    static func transform(_ track: TransformTrack, of model: Transform, layer: Bool) -> PropertyTreeGroup {
        var children: [PropertyTreeNode] = [
            .position(names("Anchor Point", layer ? "ADBE Anchor Point" : "ADBE Vector Anchor", "anchorPoint",
                            model.anchor?.propertyIndex ?? 1), track.anchor),
        ]
        let positionNames = names("Position", layer ? "ADBE Position" : "ADBE Vector Position", "position", 2)
        switch track.position {
        case .combined(let position):
            children.append(.position(positionNames, position))
        case .split(let x, let y):
            children.append(.splitPosition(positionNames, x: x, y: y))
            children.append(.scalar(names("X Position", "ADBE Position_0", "xPosition", 3), x))
            children.append(.scalar(names("Y Position", "ADBE Position_1", "yPosition", 4), y))
        }
        children += [
            .vector(names("Scale", layer ? "ADBE Scale" : "ADBE Vector Scale", "scale",
                          model.scale?.propertyIndex ?? (layer ? 6 : 3)), track.scale),
            .scalar(names("Rotation", layer ? "ADBE Rotate Z" : "ADBE Vector Rotation", "rotation",
                          model.rotation?.propertyIndex ?? (layer ? 10 : 6)), track.rotation),
            .scalar(names("Opacity", layer ? "ADBE Opacity" : "ADBE Vector Group Opacity", "opacity",
                          model.opacity?.propertyIndex ?? (layer ? 11 : 7)), track.opacity),
            .scalar(names("Skew", "ADBE Vector Skew", "skew", model.skew?.propertyIndex ?? 4), track.skew),
            .scalar(names("Skew Axis", "ADBE Vector Skew Axis", "skewAxis", model.skewAxis?.propertyIndex ?? 5),
                    track.skewAxis),
        ]
        return PropertyTreeGroup(names("Transform", layer ? "ADBE Transform Group" : "ADBE Vector Transform Group",
                                       "transform", layer ? nil : 3), children: children)
    }

    /// The items of a shape list (its transform aside: that is its group's `transform`).
    static func items(_ items: [ShapeItem], context: ValueContext) -> [PropertyTreeNode] {
        var nodes: [PropertyTreeNode] = []
        for item in items {
            if case .transform = item { continue }
            nodes.append(.group(Self.item(item, index: nodes.count + 1, context: context)))
        }
        return nodes
    }

    private static func item(_ item: ShapeItem, index: Int, context: ValueContext) -> PropertyTreeGroup {
        func scalar(_ property: Animatable<Double>?, _ name: String, _ matchName: String, _ member: String,
                    _ index: Int, fallback: Double = 0) -> PropertyTreeNode {
            .scalar(names(name, matchName, member, property?.propertyIndex ?? index),
                    PropertyTrack(property, fallback: fallback, context: context))
        }
        func point(_ property: Animatable<Vector>?, _ name: String, _ matchName: String, _ member: String,
                   _ index: Int) -> PropertyTreeNode {
            .position(names(name, matchName, member, property?.propertyIndex ?? index),
                      PropertyTrack(property, fallback: .zero, context: context))
        }
        func color(_ property: Animatable<LottieColor>, _ matchName: String, _ index: Int) -> PropertyTreeNode {
            .color(names("Color", matchName, "color", property.propertyIndex ?? index),
                   PropertyTrack(property, fallback: .black, context: context))
        }
        let children: [PropertyTreeNode]
        var matchName: String
        switch item {
        case .group(let group):
            matchName = "ADBE Vector Group"
            let transform = group.transform.map {
                PropertyTreeGroup.transform(TransformTrack($0.transform, context: context), of: $0.transform, layer: false)
            } ?? PropertyTreeGroup.transform(TransformTrack(Transform(), context: context), of: Transform(), layer: false)
            children = [
                .group(PropertyTreeGroup(names("Contents", "ADBE Vectors Group", "content", 2),
                                         children: Self.items(group.items, context: context))),
                .group(transform),
            ]
        case .path(let path):
            matchName = "ADBE Vector Shape - Group"
            children = [.path(names("Path", "ADBE Vector Shape", "path", path.path.propertyIndex ?? 2),
                              PropertyTrack(path.path, fallback: BezierContour(polygon: [], closed: false), context: context))]
        case .rectangle(let rectangle):
            matchName = "ADBE Vector Shape - Rect"
            children = [
                .position(names("Size", "ADBE Vector Rect Size", "size", rectangle.size.propertyIndex ?? 2),
                          PropertyTrack(rectangle.size, fallback: .zero, context: context)),
                point(rectangle.position, "Position", "ADBE Vector Rect Position", "position", 3),
                scalar(rectangle.roundness, "Roundness", "ADBE Vector Rect Roundness", "roundness", 4),
            ]
        case .ellipse(let ellipse):
            matchName = "ADBE Vector Shape - Ellipse"
            children = [
                .position(names("Size", "ADBE Vector Ellipse Size", "size", ellipse.size.propertyIndex ?? 2),
                          PropertyTrack(ellipse.size, fallback: .zero, context: context)),
                point(ellipse.position, "Position", "ADBE Vector Ellipse Position", "position", 3),
            ]
        case .polystar(let star):
            matchName = "ADBE Vector Shape - Star"
            children = [
                scalar(star.points, "Points", "ADBE Vector Star Points", "points", 3),
                point(star.position, "Position", "ADBE Vector Star Position", "position", 4),
                scalar(star.rotation, "Rotation", "ADBE Vector Star Rotation", "rotation", 5),
                scalar(star.innerRadius, "Inner Radius", "ADBE Vector Star Inner Radius", "innerRadius", 6),
                scalar(star.outerRadius, "Outer Radius", "ADBE Vector Star Outer Radius", "outerRadius", 7),
                scalar(star.innerRoundness, "Inner Roundness", "ADBE Vector Star Inner Roundess", "innerRoundness", 8),
                scalar(star.outerRoundness, "Outer Roundness", "ADBE Vector Star Outer Roundess", "outerRoundness", 9),
            ]
        case .fill(let fill):
            matchName = "ADBE Vector Graphic - Fill"
            children = [color(fill.color, "ADBE Vector Fill Color", 4),
                        scalar(fill.opacity, "Opacity", "ADBE Vector Fill Opacity", "opacity", 5, fallback: 100)]
        case .stroke(let stroke):
            matchName = "ADBE Vector Graphic - Stroke"
            children = [color(stroke.color, "ADBE Vector Stroke Color", 4),
                        scalar(stroke.opacity, "Opacity", "ADBE Vector Stroke Opacity", "opacity", 5, fallback: 100),
                        scalar(stroke.width, "Stroke Width", "ADBE Vector Stroke Width", "strokeWidth", 6)]
        case .trimPath(let trim):
            matchName = "ADBE Vector Filter - Trim"
            children = [scalar(trim.start, "Start", "ADBE Vector Trim Start", "start", 1),
                        scalar(trim.end, "End", "ADBE Vector Trim End", "end", 2, fallback: 100),
                        scalar(trim.offset, "Offset", "ADBE Vector Trim Offset", "offset", 3)]
        default:
            matchName = ""
            children = []
        }
        let model = Self.modelNames(item)
        if let given = model.matchName { matchName = given }
        return PropertyTreeGroup(PropertyNames(name: model.name, matchName: matchName, member: nil, index: index),
                                 children: children)
    }

    private static func modelNames(_ item: ShapeItem) -> (name: String?, matchName: String?) {
        switch item {
        case .group(let item): (item.name, item.matchName)
        case .path(let item): (item.name, item.matchName)
        case .rectangle(let item): (item.name, item.matchName)
        case .ellipse(let item): (item.name, item.matchName)
        case .polystar(let item): (item.name, item.matchName)
        case .fill(let item): (item.name, item.matchName)
        case .stroke(let item): (item.name, item.matchName)
        case .trimPath(let item): (item.name, item.matchName)
        default: (item.name, nil)
        }
    }

    /// An effect and its parameters (colours, points, and numbers for the rest).
    static func effect(_ effect: Effect, position: Int, context: ValueContext) -> PropertyTreeGroup {
        let parameters = (effect.parameters ?? []).enumerated().map { place, parameter -> PropertyTreeNode in
            let names = PropertyNames(name: parameter.name, matchName: parameter.matchName, member: nil,
                                      index: parameter.propertyIndex ?? place + 1)
            switch parameter.type {
            case 2:
                if let color = effect.color(at: place) {
                    return .color(names, PropertyTrack(color, fallback: .black, context: context))
                }
            case 3:
                if let point = effect.point(at: place) {
                    return .position(names, PropertyTrack(point, fallback: .zero, context: context))
                }
            case 10:
                if let layer = effect.number(at: place) {
                    return .layerControl(names, PropertyTrack(layer, fallback: 0, context: context))
                }
            default:
                if let number = effect.number(at: place) {
                    return .scalar(names, PropertyTrack(number, fallback: 0, context: context))
                }
            }
            return .group(PropertyTreeGroup(names, children: []))
        }
        return PropertyTreeGroup(PropertyNames(name: effect.name, matchName: effect.matchName, member: nil,
                                               index: effect.propertyIndex ?? position + 1),
                                 children: parameters)
    }
}
