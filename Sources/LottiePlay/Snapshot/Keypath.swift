import LottieModel

// MARK: - Keypath

/// Where a property is, by the names people see in After Effects: the layer, the groups and
/// the item it belongs to, then the property, joined with dots:
///
///     House Root.Transform.Position
///     Door.Door.Door Rect.Size
///     Outline Trace.Roof.Transform.Opacity
///
/// Names come from `nm`. A missing name is replaced by the kind of thing (`Layer`, `Group`,
/// `Fill`...); when names repeat among siblings, each of them gets its occurrence index,
/// `Dot[0]`, `Dot[1]`, so that every keypath names one property. Names are written as they
/// are, except that a backslash, `@` and control characters are escaped (`\\`, `\@`, `\n`),
/// which keeps a snapshot line's keypath and `@frame` apart.
public struct Keypath: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var components: [String]

    public init(_ components: [String]) {
        self.components = components
    }

    public func appending(_ names: [String]) -> Keypath {
        Keypath(components + names)
    }

    public var description: String {
        components.map(Self.escaped).joined(separator: ".")
    }

    /// Byte order of the printed form: the same on every platform and locale.
    public static func < (lhs: Keypath, rhs: Keypath) -> Bool {
        lhs.description.utf8.lexicographicallyPrecedes(rhs.description.utf8)
    }

    // MARK: Names

    /// The names of siblings, made unique: names that occur more than once get `[k]`, their
    /// occurrence index among the siblings of that name (the rule `ModelWalk` names masks,
    /// animators and dashes by).
    static func unique(_ names: [String]) -> [String] {
        ModelWalk.uniqueNames(names)
    }

    /// A name as it appears in a keypath: `\`, `@` and control characters escaped.
    static func escaped(_ name: String) -> String {
        guard name.unicodeScalars.contains(where: { $0 == "\\" || $0 == "@" || $0.value < 0x20 || $0.value == 0x7F })
        else { return name }
        var text = ""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\\": text += "\\\\"
            case "@": text += "\\@"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    text += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        return text
    }
}

// MARK: - Display names

extension Layer {
    /// The layer's name in keypaths: `nm`, or "Layer".
    var keypathName: String { name ?? "Layer" }
}

extension ShapeItem {
    /// The item's name in keypaths: `nm`, or the kind of item ("Group", "Rectangle", "Fill"...).
    var keypathName: String {
        if let name { return name }
        switch self {
        case .group: return "Group"
        case .path: return "Path"
        case .rectangle: return "Rectangle"
        case .ellipse: return "Ellipse"
        case .polystar: return "Polystar"
        case .fill: return "Fill"
        case .stroke: return "Stroke"
        case .gradientFill: return "Gradient Fill"
        case .gradientStroke: return "Gradient Stroke"
        case .transform: return "Transform"
        case .trimPath: return "Trim Paths"
        case .roundedCorners: return "Round Corners"
        case .repeater: return "Repeater"
        case .merge: return "Merge Paths"
        case .puckerBloat: return "Pucker Bloat"
        case .zigZag: return "Zig Zag"
        case .offsetPath: return "Offset Path"
        case .unknown(let type, _): return "Item \(type)"
        }
    }
}
