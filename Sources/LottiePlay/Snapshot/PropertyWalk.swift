import LottieModel

// MARK: - NamedProperty

/// One property of a layer or shape item: its names below the item (`["Transform", "Position"]`),
/// its JSON path below the item (`ks.p`), and its model value.
struct NamedProperty: Sendable {
    var names: [String]
    var jsonPath: [JSONPathComponent]
    var property: ModelProperty
}

// MARK: - PropertyWalk

/// The properties of layers and shape items with their names, in file order, shared by
/// snapshots (every property, evaluated) and diffs (properties compared keyframe by keyframe):
/// what `ModelWalk` visits below one layer or item, with the names and JSON paths below it.
///
/// A layer has `In Point` and `Out Point` (as static scalars, so that a layer that appears
/// later shows in a snapshot), `Transform.*`, `Masks.<mask>.*`, and by type `Time Remap`,
/// `Text.Source Text`, `Text.Animators.<animator>.*` or `Perspective`. A shape item has its
/// own properties directly under its name: `Door Rect.Size`, `Trace Trim.End`,
/// `Transform.Position` for a group's `tr`, `Repeater.Transform.Rotation` for a repeater's.
enum PropertyWalk {
    static func properties(of layer: Layer) -> [NamedProperty] {
        var collector = Collector(list: [
            NamedProperty(names: ["In Point"], jsonPath: [.key("ip")], property: .scalar(Animatable(layer.inPoint))),
            NamedProperty(names: ["Out Point"], jsonPath: [.key("op")], property: .scalar(Animatable(layer.outPoint))),
        ])
        ModelWalk.walk(layer, at: JSONPath(), with: &collector)
        return collector.list
    }

    /// The item's own properties (a group's items are its children, not its properties).
    static func properties(of item: ShapeItem) -> [NamedProperty] {
        var collector = Collector(list: [])
        ModelWalk.walk(item, at: JSONPath(), with: &collector)
        return collector.list
    }

    /// A group's items; nothing for other items.
    static func children(of item: ShapeItem) -> [ShapeItem] {
        if case .group(let group) = item { return group.items }
        return []
    }

    /// Collects the properties of the layer or item walked from the empty path, not those of
    /// the shape items below it.
    private struct Collector: ModelVisitor {
        var list: [NamedProperty]

        mutating func enter(_ node: ModelNode, at path: JSONPath) -> Bool {
            if case .shapeItem = node { return path.components.isEmpty }
            return true
        }

        mutating func visit(
            _ property: ModelProperty, _ field: PropertyField, names: @autoclosure () -> [String],
            at path: @autoclosure () -> JSONPath
        ) {
            list.append(NamedProperty(names: names(), jsonPath: path().components, property: property))
        }
    }
}
