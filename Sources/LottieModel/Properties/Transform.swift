// MARK: - Transform

/// A transform: a layer's `ks`, a group's `tr`, or a repeater's `tr`.
///
/// Order (FORMAT.md): translate by -anchor, scale, skew, rotate, translate by position.
/// Every field is optional because files omit what is at its default.
public struct Transform: Equatable, Sendable {
    /// `a`: anchor point.
    public var anchor: Animatable<Vector>?
    /// `p`: position, possibly split into x/y.
    public var position: PositionProperty?
    /// `s`: scale in percent.
    public var scale: Animatable<Vector>?
    /// `r`: rotation in degrees, clockwise on screen.
    public var rotation: Animatable<Double>?
    /// `o`: opacity 0...100.
    public var opacity: Animatable<Double>?
    /// `sk`: skew in degrees; `sa`: the axis it acts along, in degrees.
    public var skew: Animatable<Double>?
    public var skewAxis: Animatable<Double>?
    /// The 3D and repeater fields, in a box shared by copies: few transforms have any, and
    /// inline they made every transform of every layer and group 250 bytes larger. (Skew
    /// stays inline: After Effects writes `sk` and `sa` on every group transform.)
    private var rareFields: TransformRareFields?

    public init() {}

    // MARK: Rare fields

    /// `rx`: 3D rotation about the x axis, in degrees.
    public var rotationX: Animatable<Double>? {
        get { rareFields?.rotationX }
        set { updateRareFields { $0.rotationX = newValue } }
    }

    /// `ry`: 3D rotation about the y axis, in degrees.
    public var rotationY: Animatable<Double>? {
        get { rareFields?.rotationY }
        set { updateRareFields { $0.rotationY = newValue } }
    }

    /// `rz`: 3D rotation about the z axis (acts as `r` on 3D layers), in degrees.
    public var rotationZ: Animatable<Double>? {
        get { rareFields?.rotationZ }
        set { updateRareFields { $0.rotationZ = newValue } }
    }

    /// `or`: 3D orientation.
    public var orientation: Animatable<Vector>? {
        get { rareFields?.orientation }
        set { updateRareFields { $0.orientation = newValue } }
    }

    /// `so`: a repeater's start opacity, 0...100.
    public var startOpacity: Animatable<Double>? {
        get { rareFields?.startOpacity }
        set { updateRareFields { $0.startOpacity = newValue } }
    }

    /// `eo`: a repeater's end opacity, 0...100.
    public var endOpacity: Animatable<Double>? {
        get { rareFields?.endOpacity }
        set { updateRareFields { $0.endOpacity = newValue } }
    }

    /// Replaces the box with a changed copy (the box is shared, so never changed in place),
    /// or with none when no rare field is left.
    private mutating func updateRareFields(_ change: (inout TransformRareFields.Values) -> Void) {
        var values = rareFields?.values ?? TransformRareFields.Values()
        change(&values)
        rareFields = TransformRareFields.make(values)
    }
}

// MARK: - Codable

extension Transform: Codable {
    enum CodingKeys: String, CodingKey {
        case anchor = "a", position = "p", scale = "s", rotation = "r"
        case rotationX = "rx", rotationY = "ry", rotationZ = "rz", orientation = "or"
        case opacity = "o", skew = "sk", skewAxis = "sa"
        case startOpacity = "so", endOpacity = "eo"
    }

    // Written out because the rare fields are computed properties; the order and the
    // `IfPresent` forms are what the synthesized conformance did.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        anchor = try container.decodeIfPresent(Animatable<Vector>.self, forKey: .anchor)
        position = try container.decodeIfPresent(PositionProperty.self, forKey: .position)
        scale = try container.decodeIfPresent(Animatable<Vector>.self, forKey: .scale)
        rotation = try container.decodeIfPresent(Animatable<Double>.self, forKey: .rotation)
        var rare = TransformRareFields.Values()
        rare.rotationX = try container.decodeIfPresent(Animatable<Double>.self, forKey: .rotationX)
        rare.rotationY = try container.decodeIfPresent(Animatable<Double>.self, forKey: .rotationY)
        rare.rotationZ = try container.decodeIfPresent(Animatable<Double>.self, forKey: .rotationZ)
        rare.orientation = try container.decodeIfPresent(Animatable<Vector>.self, forKey: .orientation)
        opacity = try container.decodeIfPresent(Animatable<Double>.self, forKey: .opacity)
        skew = try container.decodeIfPresent(Animatable<Double>.self, forKey: .skew)
        skewAxis = try container.decodeIfPresent(Animatable<Double>.self, forKey: .skewAxis)
        rare.startOpacity = try container.decodeIfPresent(Animatable<Double>.self, forKey: .startOpacity)
        rare.endOpacity = try container.decodeIfPresent(Animatable<Double>.self, forKey: .endOpacity)
        rareFields = TransformRareFields.make(rare)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(anchor, forKey: .anchor)
        try container.encodeIfPresent(position, forKey: .position)
        try container.encodeIfPresent(scale, forKey: .scale)
        try container.encodeIfPresent(rotation, forKey: .rotation)
        try container.encodeIfPresent(rotationX, forKey: .rotationX)
        try container.encodeIfPresent(rotationY, forKey: .rotationY)
        try container.encodeIfPresent(rotationZ, forKey: .rotationZ)
        try container.encodeIfPresent(orientation, forKey: .orientation)
        try container.encodeIfPresent(opacity, forKey: .opacity)
        try container.encodeIfPresent(skew, forKey: .skew)
        try container.encodeIfPresent(skewAxis, forKey: .skewAxis)
        try container.encodeIfPresent(startOpacity, forKey: .startOpacity)
        try container.encodeIfPresent(endOpacity, forKey: .endOpacity)
    }
}

// MARK: - TransformRareFields

/// The fields of a transform that few files write, boxed. Immutable, so that copies of a
/// transform may share it: a setter puts a new box in place.
final class TransformRareFields: Equatable, Sendable {
    /// The boxed fields as a value, to build a box from.
    struct Values: Equatable, Sendable {
        var rotationX: Animatable<Double>?
        var rotationY: Animatable<Double>?
        var rotationZ: Animatable<Double>?
        var orientation: Animatable<Vector>?
        var startOpacity: Animatable<Double>?
        var endOpacity: Animatable<Double>?

        var isEmpty: Bool {
            rotationX == nil && rotationY == nil && rotationZ == nil && orientation == nil
                && startOpacity == nil && endOpacity == nil
        }
    }

    let values: Values

    var rotationX: Animatable<Double>? { values.rotationX }
    var rotationY: Animatable<Double>? { values.rotationY }
    var rotationZ: Animatable<Double>? { values.rotationZ }
    var orientation: Animatable<Vector>? { values.orientation }
    var startOpacity: Animatable<Double>? { values.startOpacity }
    var endOpacity: Animatable<Double>? { values.endOpacity }

    private init(_ values: Values) {
        self.values = values
    }

    /// A box for `values`, or nil when none of them is there, so that a transform without
    /// rare fields equals one whose rare fields were set and cleared.
    static func make(_ values: Values) -> TransformRareFields? {
        values.isEmpty ? nil : TransformRareFields(values)
    }

    /// Equal by content, as the inline properties were.
    static func == (lhs: TransformRareFields, rhs: TransformRareFields) -> Bool {
        lhs === rhs || lhs.values == rhs.values
    }
}
