// MARK: - ShapeItem

/// One entry of a shape layer's `shapes` or a group's `it`, by its `ty`.
///
/// Stacking and scope (FORMAT.md): the first item is drawn on top; a style paints every
/// path listed before it; a modifier changes every path listed before it; a group's
/// transform `tr` is its last item.
///
/// `indirect` keeps each item in a box of its own size: inline, every item of a shapes
/// array would take the size of the largest case (a transform, about 1 KB), which made most
/// of a decoded file's memory (issue 7).
public indirect enum ShapeItem: Equatable, Sendable {
    case group(ShapeGroup)             // gr
    case path(PathShape)               // sh
    case rectangle(RectangleShape)     // rc
    case ellipse(EllipseShape)         // el
    case polystar(PolystarShape)       // sr
    case fill(Fill)                    // fl
    case stroke(Stroke)                // st
    case gradientFill(GradientFill)    // gf
    case gradientStroke(GradientStroke) // gs
    case transform(ShapeTransform)     // tr
    case trimPath(TrimPath)            // tm
    case roundedCorners(RoundedCorners) // rd
    case repeater(Repeater)            // rp
    case merge(MergePaths)             // mm
    case puckerBloat(PuckerBloat)      // pb
    case zigZag(ZigZag)                // zz
    case offsetPath(OffsetPath)        // op
    /// Any other `ty`, kept verbatim so that it round-trips.
    case unknown(type: String, raw: JSONValue)

    /// The `ty` code of the item.
    public var typeCode: String {
        switch self {
        case .group: "gr"
        case .path: "sh"
        case .rectangle: "rc"
        case .ellipse: "el"
        case .polystar: "sr"
        case .fill: "fl"
        case .stroke: "st"
        case .gradientFill: "gf"
        case .gradientStroke: "gs"
        case .transform: "tr"
        case .trimPath: "tm"
        case .roundedCorners: "rd"
        case .repeater: "rp"
        case .merge: "mm"
        case .puckerBloat: "pb"
        case .zigZag: "zz"
        case .offsetPath: "op"
        case .unknown(let type, _): type
        }
    }

    /// The item's name (`nm`), if any.
    public var name: String? {
        switch self {
        case .group(let item): item.name
        case .path(let item): item.name
        case .rectangle(let item): item.name
        case .ellipse(let item): item.name
        case .polystar(let item): item.name
        case .fill(let item): item.name
        case .stroke(let item): item.name
        case .gradientFill(let item): item.name
        case .gradientStroke(let item): item.name
        case .transform(let item): item.name
        case .trimPath(let item): item.name
        case .roundedCorners(let item): item.name
        case .repeater(let item): item.name
        case .merge(let item): item.name
        case .puckerBloat(let item): item.name
        case .zigZag(let item): item.name
        case .offsetPath(let item): item.name
        case .unknown(_, let raw): raw["nm"]?.stringValue
        }
    }
}

// MARK: - Codable

extension ShapeItem: Codable {
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        let type = try container.decode(String.self, forKey: "ty")
        switch type {
        case "gr": self = .group(try ShapeGroup(from: decoder))
        case "sh": self = .path(try PathShape(from: decoder))
        case "rc": self = .rectangle(try RectangleShape(from: decoder))
        case "el": self = .ellipse(try EllipseShape(from: decoder))
        case "sr": self = .polystar(try PolystarShape(from: decoder))
        case "fl": self = .fill(try Fill(from: decoder))
        case "st": self = .stroke(try Stroke(from: decoder))
        case "gf": self = .gradientFill(try GradientFill(from: decoder))
        case "gs": self = .gradientStroke(try GradientStroke(from: decoder))
        case "tr": self = .transform(try ShapeTransform(from: decoder))
        case "tm": self = .trimPath(try TrimPath(from: decoder))
        case "rd": self = .roundedCorners(try RoundedCorners(from: decoder))
        case "rp": self = .repeater(try Repeater(from: decoder))
        case "mm": self = .merge(try MergePaths(from: decoder))
        case "pb": self = .puckerBloat(try PuckerBloat(from: decoder))
        case "zz": self = .zigZag(try ZigZag(from: decoder))
        case "op": self = .offsetPath(try OffsetPath(from: decoder))
        default: self = .unknown(type: type, raw: try JSONValue(from: decoder))
        }
    }

    public func encode(to encoder: Encoder) throws {
        if case .unknown(_, let raw) = self {
            try raw.encode(to: encoder)
            return
        }
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(typeCode, forKey: "ty")
        switch self {
        case .group(let item): try item.encode(to: encoder)
        case .path(let item): try item.encode(to: encoder)
        case .rectangle(let item): try item.encode(to: encoder)
        case .ellipse(let item): try item.encode(to: encoder)
        case .polystar(let item): try item.encode(to: encoder)
        case .fill(let item): try item.encode(to: encoder)
        case .stroke(let item): try item.encode(to: encoder)
        case .gradientFill(let item): try item.encode(to: encoder)
        case .gradientStroke(let item): try item.encode(to: encoder)
        case .transform(let item): try item.encode(to: encoder)
        case .trimPath(let item): try item.encode(to: encoder)
        case .roundedCorners(let item): try item.encode(to: encoder)
        case .repeater(let item): try item.encode(to: encoder)
        case .merge(let item): try item.encode(to: encoder)
        case .puckerBloat(let item): try item.encode(to: encoder)
        case .zigZag(let item): try item.encode(to: encoder)
        case .offsetPath(let item): try item.encode(to: encoder)
        case .unknown: break
        }
    }
}
