// MARK: - PositionProperty

/// A layer's position: one vector property, or split into independent x, y (and z)
/// scalar properties (`"p": { "s": true, "x": {...}, "y": {...} }`).
public enum PositionProperty: Equatable, Sendable {
    case combined(Animatable<Vector>)
    /// `indirect`: three properties inline would make every transform, split or not, 70
    /// bytes larger, and most positions are combined.
    indirect case split(x: Animatable<Double>, y: Animatable<Double>, z: Animatable<Double>?)
}

extension PositionProperty: Codable {
    public init(from decoder: Decoder) throws {
        guard let container = try? decoder.container(keyedBy: JSONKey.self) else {
            // A bare value where the property object belongs (`"p": [10, 20]`), as `Animatable` accepts.
            self = .combined(try Animatable<Vector>(from: decoder))
            return
        }
        let isSplit = try container.decodeIfPresent(Bool.self, forKey: "s") ?? false
        if isSplit || (!container.contains("k") && container.contains("x") && container.contains("y")) {
            self = .split(
                x: try container.decode(Animatable<Double>.self, forKey: "x"),
                y: try container.decode(Animatable<Double>.self, forKey: "y"),
                z: try container.decodeIfPresent(Animatable<Double>.self, forKey: "z"))
        } else {
            self = .combined(try Animatable<Vector>(from: decoder))
        }
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .combined(let property):
            try property.encode(to: encoder)
        case .split(let x, let y, let z):
            var container = encoder.container(keyedBy: JSONKey.self)
            try container.encode(true, forKey: "s")
            try container.encode(x, forKey: "x")
            try container.encode(y, forKey: "y")
            try container.encodeIfPresent(z, forKey: "z")
        }
    }
}
