// MARK: - ModelWalk

/// Walks the decoded model in file order and calls a `ModelVisitor` with every part and every
/// animatable property, each at its JSON path; properties come with their field (JSON keys,
/// name, kind) and their keypath names. Which properties each part has is written once, in the
/// field tables (`Fields+Layers.swift`, `Fields+Shapes.swift`), which the schema check also
/// reads to check the raw JSON.
///
/// The whole animation is walked one composition at a time: the main one under `layers`, then
/// each asset (`assets[i]`, a precomposition's layers under `assets[i].layers`), then glyphs
/// and their shapes under `chars[i].data.shapes`. Precomp layers are not followed into their
/// asset, so each composition is walked once.
///
/// A layer: its transform `ks`, masks, effects, then its type's fields (`content`): a precomp's
/// time remap `tm`, a shape layer's items, a text layer's document `t.d`, path options `t.p`
/// and animators `t.a`, a camera's perspective `pe`. A shape item: its properties and parts
/// (a repeater's transform `tr`, a gradient's fields, a stroke's dashes `d`, a group's items
/// `it`). Absent optional properties are not visited.
public enum ModelWalk {
    /// Walks every composition of `animation`.
    public static func walk<Visitor: ModelVisitor>(_ animation: LottieAnimation, with visitor: inout Visitor) {
        erasing(&visitor) { walk(animation, &$0) }
    }

    /// Walks one layer written at `path` (an empty path: paths below the layer), with its shape
    /// items.
    public static func walk<Visitor: ModelVisitor>(_ layer: Layer, at path: JSONPath, with visitor: inout Visitor) {
        erasing(&visitor) { walk(layer, at: path, &$0) }
    }

    /// Walks one shape item written at `path` (an empty path: paths below the item), with the
    /// items of a group.
    public static func walk<Visitor: ModelVisitor>(_ item: ShapeItem, at path: JSONPath, with visitor: inout Visitor) {
        erasing(&visitor) { walk(item, at: path, &$0) }
    }

    /// Runs `walk` with the visitor as `any ModelVisitor`: the walk is then compiled once, with
    /// the types of its field tables known, instead of running as unspecialized generic code
    /// when the visitor comes from another module.
    private static func erasing<Visitor: ModelVisitor>(_ visitor: inout Visitor, _ walk: (inout any ModelVisitor) -> Void) {
        var erased: any ModelVisitor = visitor
        walk(&erased)
        // The walk mutates the visitor in place: the value is still a `Visitor`.
        if let walked = erased as? Visitor { visitor = walked }
    }

    private static func walk(_ animation: LottieAnimation, _ visitor: inout any ModelVisitor) {
        let root = JSONPath()
        walk(animation.layers, at: root.appending(.key("layers")), &visitor)
        for (index, asset) in animation.assets.enumerated() {
            let path = root.appending(.key("assets")).appending(.index(index))
            guard visitor.enter(.asset(asset), at: path) else { continue }
            if case .precomposition(let precomp) = asset {
                walk(precomp.layers, at: path.appending(.key("layers")), &visitor)
            }
            visitor.leave(.asset(asset), at: path)
        }
        for (index, glyph) in (animation.glyphs ?? []).enumerated() {
            let path = root.appending(.key("chars")).appending(.index(index))
            guard visitor.enter(.glyph(glyph), at: path) else { continue }
            if let shapes = glyph.data?.shapes {
                walk(shapes, at: path.appending(.key("data")).appending(.key("shapes")), &visitor)
            }
            visitor.leave(.glyph(glyph), at: path)
        }
    }

    private static func walk(_ layer: Layer, at path: JSONPath, _ visitor: inout any ModelVisitor) {
        guard visitor.enter(.layer(layer), at: path) else { return }
        walk(Transform.members, of: layer.transform, at: path.appending(.key("ks")), names: ["Transform"], &visitor)
        let masks = layer.masks ?? []
        let maskNames = uniqueNames(masks.map { $0.name ?? "Mask" })
        for (index, mask) in masks.enumerated() {
            let maskPath = path.appending(.key("masksProperties")).appending(.index(index))
            guard visitor.enter(.mask(mask), at: maskPath) else { continue }
            walk(Mask.members, of: mask, at: maskPath, names: ["Masks", maskNames[index]], &visitor)
            visitor.leave(.mask(mask), at: maskPath)
        }
        for (index, effect) in (layer.effects ?? []).enumerated() {
            walk(effect, as: ModelNode.effect, at: path.appending(.key("ef")).appending(.index(index)), &visitor)
        }
        if visitor.enter(.content(layer), at: path) {
            walkContent(of: layer, at: path, &visitor)
            visitor.leave(.content(layer), at: path)
        }
        visitor.leave(.layer(layer), at: path)
    }

    private static func walk(_ item: ShapeItem, at path: JSONPath, _ visitor: inout any ModelVisitor) {
        guard visitor.enter(.shapeItem(item), at: path) else { return }
        switch item {
        case .group(let item): walk(ShapeGroup.members, of: item, at: path, names: [], &visitor)
        case .path(let item): walk(PathShape.members, of: item, at: path, names: [], &visitor)
        case .rectangle(let item): walk(RectangleShape.members, of: item, at: path, names: [], &visitor)
        case .ellipse(let item): walk(EllipseShape.members, of: item, at: path, names: [], &visitor)
        case .polystar(let item): walk(PolystarShape.members, of: item, at: path, names: [], &visitor)
        case .fill(let item): walk(Fill.members, of: item, at: path, names: [], &visitor)
        case .stroke(let item): walk(Stroke.members, of: item, at: path, names: [], &visitor)
        case .gradientFill(let item): walk(GradientFill.members, of: item, at: path, names: [], &visitor)
        case .gradientStroke(let item): walk(GradientStroke.members, of: item, at: path, names: [], &visitor)
        case .transform(let item): walk(ShapeTransform.members, of: item, at: path, names: [], &visitor)
        case .trimPath(let item): walk(TrimPath.members, of: item, at: path, names: [], &visitor)
        case .roundedCorners(let item): walk(RoundedCorners.members, of: item, at: path, names: [], &visitor)
        case .repeater(let item): walk(Repeater.members, of: item, at: path, names: [], &visitor)
        case .merge(let item): walk(MergePaths.members, of: item, at: path, names: [], &visitor)
        case .puckerBloat(let item): walk(PuckerBloat.members, of: item, at: path, names: [], &visitor)
        case .zigZag(let item): walk(ZigZag.members, of: item, at: path, names: [], &visitor)
        case .offsetPath(let item): walk(OffsetPath.members, of: item, at: path, names: [], &visitor)
        case .unknown: break
        }
        visitor.leave(.shapeItem(item), at: path)
    }

    /// The names of siblings, made unique: names that occur more than once get `[k]`, their
    /// occurrence index among the siblings of that name (`Mask`, `Dot[0]`, `Dot[1]`).
    public static func uniqueNames(_ names: [String]) -> [String] {
        var counts: [String: Int] = [:]
        for name in names { counts[name, default: 0] += 1 }
        var seen: [String: Int] = [:]
        return names.map { name in
            guard let count = counts[name], count > 1 else { return name }
            let occurrence = seen[name, default: 0]
            seen[name] = occurrence + 1
            return "\(name)[\(occurrence)]"
        }
    }

    // MARK: Layers

    private static func walk(_ layers: [Layer], at path: JSONPath, _ visitor: inout any ModelVisitor) {
        guard visitor.enter(.layers(layers), at: path) else { return }
        for (index, layer) in layers.enumerated() { walk(layer, at: path.appending(.index(index)), &visitor) }
        visitor.leave(.layers(layers), at: path)
    }

    /// An effect or a parameter, then its parameters.
    private static func walk(
        _ effect: Effect, as node: (Effect) -> ModelNode, at path: JSONPath, _ visitor: inout any ModelVisitor
    ) {
        guard visitor.enter(node(effect), at: path) else { return }
        for (index, parameter) in (effect.parameters ?? []).enumerated() {
            walk(parameter, as: ModelNode.effectParameter, at: path.appending(.key("ef")).appending(.index(index)), &visitor)
        }
        visitor.leave(node(effect), at: path)
    }

    private static func walkContent(of layer: Layer, at path: JSONPath, _ visitor: inout any ModelVisitor) {
        switch layer.content {
        case .precomp(let fields):
            walk(PrecompLayerContent.members, of: fields, at: path, names: [], &visitor)
        case .shape(let items):
            walk(items, at: path.appending(.key("shapes")), &visitor)
        case .text(let data):
            walk(data, at: path.appending(.key("t")), &visitor)
        case .camera(let perspective):
            if let perspective {
                let field = LayerContent.perspectiveField
                visitor.visit(.scalar(perspective), field, names: [field.name], at: path.appending(keys: field.keys))
            }
        case .solid, .image, .null, .audio, .videoPlaceholder, .imageSequence, .video, .imagePlaceholder,
             .guide, .adjustment, .light, .data, .unknown:
            break
        }
    }

    /// A text layer's `t`: the document, the path options, the animators.
    private static func walk(_ text: TextData, at path: JSONPath, _ visitor: inout any ModelVisitor) {
        walk(TextData.members, of: text, at: path, names: ["Text"], &visitor)
        if let options = text.pathOptions {
            let optionsPath = path.appending(.key("p"))
            if visitor.enter(.textPath(options), at: optionsPath) {
                walk(TextPathOptions.members, of: options, at: optionsPath, names: ["Text", "Path Options"], &visitor)
                visitor.leave(.textPath(options), at: optionsPath)
            }
        }
        let animators = text.animators ?? []
        let names = uniqueNames(animators.map { $0.name ?? "Animator" })
        for (index, animator) in animators.enumerated() {
            let animatorPath = path.appending(.key("a")).appending(.index(index))
            guard visitor.enter(.textAnimator(animator), at: animatorPath) else { continue }
            if let style = animator.style {
                walk(TextStyle.members, of: style, at: animatorPath.appending(.key("a")),
                     names: ["Text", "Animators", names[index]], &visitor)
            }
            if let selector = animator.selector {
                walk(TextRangeSelector.members, of: selector, at: animatorPath.appending(.key("s")),
                     names: ["Text", "Animators", names[index], "Range Selector"], &visitor)
            }
            visitor.leave(.textAnimator(animator), at: animatorPath)
        }
    }

    // MARK: Shape items

    private static func walk(_ items: [ShapeItem], at path: JSONPath, _ visitor: inout any ModelVisitor) {
        for (index, item) in items.enumerated() { walk(item, at: path.appending(.index(index)), &visitor) }
    }

    // MARK: Members

    /// The members of `object`, written at `path`; `names` are the keypath names above them.
    static func walk<Object>(
        _ members: [Member<Object>], of object: Object, at path: JSONPath, names: [String], _ visitor: inout any ModelVisitor
    ) {
        for member in members {
            switch member {
            case .property(let field, let read):
                guard let property = read(object) else { continue }
                visitor.visit(property, field, names: names.appending(field.name), at: path.appending(keys: field.keys))
            case .transformPosition(let read):
                walk(read(object), at: path, names: names, &visitor)
            case .transform(let key, _, let read):
                if let key {
                    walk(Transform.members, of: read(object), at: path.appending(.key(key)),
                         names: names.appending("Transform"), &visitor)
                } else {
                    walk(Transform.members, of: read(object), at: path, names: names, &visitor)
                }
            case .gradient(let read):
                let gradient = read(object)
                guard visitor.enter(.gradient(gradient), at: path) else { continue }
                walk(LottieGradient.members, of: gradient, at: path, names: names, &visitor)
                visitor.leave(.gradient(gradient), at: path)
            case .dashes(let key, let read):
                guard let dashes = read(object), !dashes.isEmpty else { continue }
                walk(dashes, at: path.appending(.key(key)), names: names, &visitor)
            case .items(let key, let read):
                walk(read(object), at: path.appending(.key(key)), &visitor)
            }
        }
    }

    /// A transform's position: `p`, or `p.x`, `p.y`, `p.z` inside a `splitPosition`.
    private static func walk(
        _ position: PositionProperty?, at path: JSONPath, names: [String], _ visitor: inout any ModelVisitor
    ) {
        switch position {
        case .combined(let property)?:
            let field = PositionProperty.combinedField
            visitor.visit(.position(property), field, names: names.appending(field.name), at: path.appending(keys: field.keys))
        case .split(let x, let y, let z)?:
            let splitPath = path.appending(.key("p"))
            guard visitor.enter(.splitPosition, at: splitPath) else { return }
            for (axis, field) in zip([x, y, z], PositionProperty.splitFields) {
                guard let axis else { continue }
                visitor.visit(.scalar(axis), field, names: names.appending(field.name), at: path.appending(keys: field.keys))
            }
            visitor.leave(.splitPosition, at: splitPath)
        case nil:
            break
        }
    }

    /// A stroke's dashes, each named by its kind: `Dashes.Dash`, `Dashes.Gap`, `Dashes.Offset`.
    private static func walk(
        _ dashes: [StrokeDash], at path: JSONPath, names: [String], _ visitor: inout any ModelVisitor
    ) {
        guard visitor.enter(.dashes(dashes), at: path) else { return }
        let field = StrokeDash.lengthField
        let dashNames = uniqueNames(dashes.map { StrokeDash.kindNames[$0.kind] ?? "Dash \($0.kind)" })
        for (index, dash) in dashes.enumerated() {
            visitor.visit(.scalar(dash.length), field, names: names.appending("Dashes").appending(dashNames[index]),
                          at: path.appending(.index(index)).appending(keys: field.keys))
        }
        visitor.leave(.dashes(dashes), at: path)
    }
}

extension JSONPath {
    /// The path with `keys` appended, in one new array.
    func appending(keys: [String]) -> JSONPath {
        var appended: [JSONPathComponent] = []
        appended.reserveCapacity(components.count + keys.count)
        appended.append(contentsOf: components)
        for key in keys { appended.append(.key(key)) }
        return JSONPath(appended)
    }
}

extension Array where Element == String {
    /// The names with `name` appended, in one new array.
    fileprivate func appending(_ name: String) -> [String] {
        var all: [String] = []
        all.reserveCapacity(count + 1)
        all.append(contentsOf: self)
        all.append(name)
        return all
    }
}
