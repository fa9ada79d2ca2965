// MARK: - Member

/// One thing an object of the model holds below it, in a field table: an animatable property,
/// or a part made of properties. `read` gets it from a decoded object (`ModelWalk`); the schema
/// check, which has only the raw JSON, uses the rest of the description.
enum Member<Object>: Sendable {
    /// An animatable property.
    case property(PropertyField, read: @Sendable (Object) -> ModelProperty?)
    /// A transform's position `p`: one property, or split into `p.x`, `p.y` and `p.z`.
    case transformPosition(read: @Sendable (Object) -> PositionProperty?)
    /// A transform under `key`, named "Transform" in keypaths; when `key` is nil, its fields
    /// are the object's own (a group's `tr` item).
    case transform(key: String?, FieldRequirement, read: @Sendable (Object) -> Transform)
    /// A gradient, whose fields are the object's own (gradient fills and strokes).
    case gradient(read: @Sendable (Object) -> LottieGradient)
    /// A stroke's dashes.
    case dashes(key: String, read: @Sendable (Object) -> [StrokeDash]?)
    /// A group's items.
    case items(key: String, read: @Sendable (Object) -> [ShapeItem])

    // MARK: Properties by kind

    static func scalar(
        _ key: String, _ name: String, _ requirement: FieldRequirement = .optional, range: ValueRange? = nil,
        is3DOnly: Bool = false, _ read: @escaping @Sendable (Object) -> Animatable<Double>?
    ) -> Member {
        property(PropertyField([key], name, .scalar, requirement, range: range, is3DOnly: is3DOnly), ModelProperty.scalar, read)
    }

    /// A position: a point that may move along spatial curves.
    static func point(
        _ key: String, _ name: String, _ requirement: FieldRequirement = .optional,
        _ read: @escaping @Sendable (Object) -> Animatable<Vector>?
    ) -> Member {
        property(PropertyField([key], name, .position, requirement), ModelProperty.position, read)
    }

    static func vector(
        _ key: String, _ name: String, _ requirement: FieldRequirement = .optional, is3DOnly: Bool = false,
        _ read: @escaping @Sendable (Object) -> Animatable<Vector>?
    ) -> Member {
        property(PropertyField([key], name, .vector, requirement, is3DOnly: is3DOnly), ModelProperty.vector, read)
    }

    static func color(
        _ key: String, _ name: String, _ requirement: FieldRequirement = .optional,
        _ read: @escaping @Sendable (Object) -> Animatable<LottieColor>?
    ) -> Member {
        property(PropertyField([key], name, .color, requirement), ModelProperty.color, read)
    }

    static func path(
        _ key: String, _ name: String, _ requirement: FieldRequirement, _ read: @escaping @Sendable (Object) -> Animatable<BezierPath>?
    ) -> Member {
        property(PropertyField([key], name, .path, requirement), ModelProperty.path, read)
    }

    static func text(
        _ key: String, _ name: String, _ requirement: FieldRequirement, _ read: @escaping @Sendable (Object) -> Animatable<TextDocument>?
    ) -> Member {
        property(PropertyField([key], name, .text, requirement), ModelProperty.text, read)
    }

    private static func property<Value>(
        _ field: PropertyField, _ wrap: @escaping @Sendable (Animatable<Value>) -> ModelProperty,
        _ read: @escaping @Sendable (Object) -> Animatable<Value>?
    ) -> Member {
        .property(field) { read($0).map(wrap) }
    }
}

// MARK: - ListedFields

/// A type of the model whose members a field table lists.
protocol ListedFields: Sendable {
    static var members: [Member<Self>] { get }
}
