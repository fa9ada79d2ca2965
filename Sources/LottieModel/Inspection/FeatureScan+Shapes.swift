// MARK: - FeatureScan: shape items

// The features `FeatureScan` notes for shape items: modifiers, stars, blend modes and unknown
// items (their properties, gradients and dashes are counted as the walk reaches them).

extension FeatureScan {
    mutating func noteItem(_ item: ShapeItem, at path: JSONPath) {
        switch item {
        case .group(let group): noteBlendMode(group.blendMode, at: path)
        case .polystar: note(.polystars, at: path, item.kind.singular)
        case .fill(let fill): noteBlendMode(fill.blendMode, at: path)
        case .stroke(let stroke): noteBlendMode(stroke.blendMode, at: path)
        case .gradientFill(let fill): noteBlendMode(fill.blendMode, at: path)
        case .gradientStroke(let stroke): noteBlendMode(stroke.stroke.blendMode, at: path)
        case .trimPath: note(.trimPaths, at: path)
        case .roundedCorners: note(.roundedCorners, at: path)
        case .repeater: note(.repeaters, at: path)
        case .merge(let merge): note(.mergePaths, at: path, Self.describe(merge))
        case .puckerBloat: note(.puckerBloat, at: path)
        case .zigZag: note(.zigZag, at: path)
        case .offsetPath: note(.offsetPaths, at: path)
        case .unknown(let type, _):
            note(.unknownShapes, at: path, (item.name.map { "'\($0)' of " } ?? "") + "type '\(type)'")
        case .path, .rectangle, .ellipse, .transform:
            break
        }
    }

    private mutating func noteBlendMode(_ mode: BlendMode?, at path: JSONPath) {
        guard let mode, mode != .normal else { return }
        note(.blendModes, at: path.appending(.key("bm")), mode.description)
    }

    private static func describe(_ merge: MergePaths) -> String {
        let modes: [MergeMode: String] = [
            .merge: "merge", .add: "add", .subtract: "subtract", .intersect: "intersect",
            .excludeIntersections: "exclude intersections",
        ]
        var text = merge.name.map { "'\($0)'" } ?? "merge paths"
        if let mode = merge.mode { text += ", mode \(mode.rawValue)" + (modes[mode].map { " (\($0))" } ?? "") }
        return text
    }
}
