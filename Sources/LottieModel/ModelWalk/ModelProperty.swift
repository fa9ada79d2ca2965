// MARK: - ModelProperty

/// An animatable property of the model with its value type, which decides how it is evaluated
/// and printed. `ModelWalk` hands each property to a visitor as one of these.
public enum ModelProperty: Equatable, Sendable {
    case scalar(Animatable<Double>)
    /// A point that moves along spatial curves (`to`/`ti`): positions, anchors, gradient points.
    case position(Animatable<Vector>)
    /// A vector interpolated per component: scale, size.
    case vector(Animatable<Vector>)
    case color(Animatable<LottieColor>)
    case path(Animatable<BezierPath>)
    /// Gradient stops and the number of colour stops `p` among their numbers.
    case gradient(Animatable<GradientStops>, colorStops: Int)
    case text(Animatable<TextDocument>)

    /// Whether it has keyframes.
    public var isAnimated: Bool {
        switch self {
        case .scalar(let property): property.isAnimated
        case .position(let property), .vector(let property): property.isAnimated
        case .color(let property): property.isAnimated
        case .path(let property): property.isAnimated
        case .gradient(let property, _): property.isAnimated
        case .text(let property): property.isAnimated
        }
    }

    /// What it holds.
    public var kind: PropertyKind {
        switch self {
        case .scalar: .scalar
        case .position: .position
        case .vector: .vector
        case .color: .color
        case .path: .path
        case .gradient: .gradient
        case .text: .text
        }
    }
}
