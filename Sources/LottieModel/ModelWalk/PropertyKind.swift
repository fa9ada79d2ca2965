// MARK: - PropertyKind

/// What an animatable property holds, which decides the shape of its JSON values and how it is
/// interpolated and printed.
public enum PropertyKind: Hashable, Sendable {
    /// One number: rotation, opacity, a radius.
    case scalar
    /// A point that may move along spatial curves (`to`/`ti`): positions, anchors, gradient points.
    case position
    /// Numbers interpolated per component: scale, size, orientation.
    case vector
    case color
    /// A bezier path (`{ "c", "v", "i", "o" }`).
    case path
    /// Gradient stops (`g.k`), read with the colour stop count `g.p` beside them.
    case gradient
    /// A text document (`t.d`).
    case text
}
