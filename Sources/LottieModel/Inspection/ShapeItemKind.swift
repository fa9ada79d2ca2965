// MARK: - ShapeItemKind

/// The kind of a shape item in words, singular and plural: "path" / "paths".
public struct ShapeItemKind: Hashable, Sendable {
    public var singular: String
    public var plural: String

    public init(_ singular: String, plural: String? = nil) {
        self.singular = singular
        self.plural = plural ?? singular + "s"
    }
}

extension ShapeItem {
    /// What the item is, for people: "group", "trim path", "gradient stroke", "star".
    public var kind: ShapeItemKind {
        switch self {
        case .group: ShapeItemKind("group")
        case .path: ShapeItemKind("path")
        case .rectangle: ShapeItemKind("rectangle")
        case .ellipse: ShapeItemKind("ellipse")
        case .polystar(let star): star.starType == .polygon ? ShapeItemKind("polygon") : ShapeItemKind("star")
        case .fill: ShapeItemKind("fill")
        case .stroke: ShapeItemKind("stroke")
        case .gradientFill: ShapeItemKind("gradient fill")
        case .gradientStroke: ShapeItemKind("gradient stroke")
        case .transform: ShapeItemKind("transform")
        case .trimPath: ShapeItemKind("trim path")
        case .roundedCorners: ShapeItemKind("rounded corners", plural: "rounded corners")
        case .repeater: ShapeItemKind("repeater")
        case .merge: ShapeItemKind("merge paths", plural: "merge paths")
        case .puckerBloat: ShapeItemKind("pucker/bloat", plural: "pucker/bloats")
        case .zigZag: ShapeItemKind("zig-zag")
        case .offsetPath: ShapeItemKind("offset path")
        case .unknown(let type, _): ShapeItemKind("type '\(type)' item")
        }
    }
}
