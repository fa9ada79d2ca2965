import LottieModel

// MARK: - GroupItem

/// `gr`: a group of items with its own transform (its `tr` item), in the space of which they are
/// drawn; paths, styles and modifiers act within their group.
enum GroupItem: ShapeItemKind {
    static let typeCode = "gr"

    static func node(for item: ShapeItem, jsonPath: String, context: ValueContext) -> ShapeNode? {
        guard case .group(let group) = item, group.hidden != true else { return nil }
        return .group(ShapeGroupNode(items: group.items, transform: group.transform?.transform,
                                     jsonPath: jsonPath + ".it", context: context))
    }
}
