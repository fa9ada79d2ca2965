// MARK: - FeatureScan: shape items

// What `FeatureScan` counts and notes in shape lists: every item's properties, and the
// features of modifiers, gradients, dashes, stars, blend modes and unknown items.

extension FeatureScan {
    /// The items of a `shapes` or `it` list at `path`.
    mutating func visit(_ items: [ShapeItem], at path: JSONPath) {
        for (index, item) in items.enumerated() { visit(item, at: path.appending(.index(index))) }
    }

    private mutating func visit(_ item: ShapeItem, at path: JSONPath) {
        func key(_ name: String) -> JSONPath { path.appending(.key(name)) }
        switch item {
        case .group(let group):
            noteBlendMode(group.blendMode, at: path)
            visit(group.items, at: key("it"))
        case .path(let shape):
            visit(shape.path, at: key("ks"))
        case .rectangle(let shape):
            visit(shape.position, at: key("p"))
            visit(shape.size, at: key("s"))
            visit(shape.roundness, at: key("r"))
        case .ellipse(let shape):
            visit(shape.position, at: key("p"))
            visit(shape.size, at: key("s"))
        case .polystar(let shape):
            note(.polystars, at: path, item.kind.singular)
            visit(shape.position, at: key("p"))
            visit(shape.points, at: key("pt"))
            visit(shape.rotation, at: key("r"))
            visit(shape.outerRadius, at: key("or"))
            visit(shape.outerRoundness, at: key("os"))
            visit(shape.innerRadius, at: key("ir"))
            visit(shape.innerRoundness, at: key("is"))
        case .fill(let fill):
            noteBlendMode(fill.blendMode, at: path)
            visit(fill.color, at: key("c"))
            visit(fill.opacity, at: key("o"))
        case .stroke(let stroke):
            noteBlendMode(stroke.blendMode, at: path)
            visit(stroke.color, at: key("c"))
            visit(stroke.opacity, at: key("o"))
            visit(stroke.width, at: key("w"))
            visit(stroke.animatedMiterLimit, at: key("ml2"))
            visit(stroke.dashes, at: key("d"))
        case .gradientFill(let fill):
            noteBlendMode(fill.blendMode, at: path)
            visit(fill.opacity, at: key("o"))
            visit(fill.gradient, at: path)
        case .gradientStroke(let stroke):
            noteBlendMode(stroke.stroke.blendMode, at: path)
            visit(stroke.stroke.opacity, at: key("o"))
            visit(stroke.stroke.width, at: key("w"))
            visit(stroke.stroke.animatedMiterLimit, at: key("ml2"))
            visit(stroke.stroke.dashes, at: key("d"))
            visit(stroke.gradient, at: path)
        case .transform(let transform):
            visit(transform.transform, at: path)
        case .trimPath(let trim):
            note(.trimPaths, at: path)
            visit(trim.start, at: key("s"))
            visit(trim.end, at: key("e"))
            visit(trim.offset, at: key("o"))
        case .roundedCorners(let corners):
            note(.roundedCorners, at: path)
            visit(corners.radius, at: key("r"))
        case .repeater(let repeater):
            note(.repeaters, at: path)
            visit(repeater.copies, at: key("c"))
            visit(repeater.offset, at: key("o"))
            visit(repeater.transform, at: key("tr"))
        case .merge(let merge):
            note(.mergePaths, at: path, Self.describe(merge))
        case .puckerBloat(let modifier):
            note(.puckerBloat, at: path)
            visit(modifier.amount, at: key("a"))
        case .zigZag(let modifier):
            note(.zigZag, at: path)
            visit(modifier.ridges, at: key("r"))
            visit(modifier.size, at: key("s"))
            visit(modifier.pointType, at: key("pt"))
        case .offsetPath(let modifier):
            note(.offsetPaths, at: path)
            visit(modifier.amount, at: key("a"))
            visit(modifier.miterLimit, at: key("ml"))
        case .unknown(let type, _):
            note(.unknownShapes, at: path, (item.name.map { "'\($0)' of " } ?? "") + "type '\(type)'")
        }
    }

    private mutating func visit(_ gradient: Gradient, at path: JSONPath) {
        note(.gradients, at: path, gradient.type == 2 ? "radial" : "linear")
        visit(gradient.startPoint, at: path.appending(.key("s")))
        visit(gradient.endPoint, at: path.appending(.key("e")))
        visit(gradient.highlightLength, at: path.appending(.key("h")))
        visit(gradient.highlightAngle, at: path.appending(.key("a")))
        visit(gradient.colors.stops, at: path.appending(.key("g")).appending(.key("k")))
    }

    private mutating func visit(_ dashes: [StrokeDash]?, at path: JSONPath) {
        guard let dashes, !dashes.isEmpty else { return }
        note(.dashes, at: path)
        for (index, dash) in dashes.enumerated() {
            visit(dash.length, at: path.appending(.index(index)).appending(.key("v")))
        }
    }

    private mutating func noteBlendMode(_ mode: BlendMode?, at path: JSONPath) {
        guard let mode, mode != .normal else { return }
        note(.blendModes, at: path.appending(.key("bm")), mode.description)
    }

    private static func describe(_ merge: MergePaths) -> String {
        let modes = [1: "merge", 2: "add", 3: "subtract", 4: "intersect", 5: "exclude intersections"]
        var text = merge.name.map { "'\($0)'" } ?? "merge paths"
        if let mode = merge.mode { text += ", mode \(mode)" + (modes[mode].map { " (\($0))" } ?? "") }
        return text
    }
}
