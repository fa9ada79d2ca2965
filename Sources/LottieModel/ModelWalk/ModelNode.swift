// MARK: - ModelNode

/// A part of the model that `ModelWalk` enters and leaves around the properties and parts
/// below it, each at the JSON path where it is written.
public enum ModelNode: Sendable {
    /// A composition's layer list: `layers`, `assets[i].layers`.
    case layers([Layer])
    /// A layer: `layers[i]`. Below it, in order: its transform `ks`, its masks, its effects,
    /// then `content`.
    case layer(Layer)
    /// The fields of the layer's type (`layer.content`), at the layer's path, after its
    /// transform, masks and effects: a precomp's `tm`, a shape layer's `shapes`, a text
    /// layer's `t`, a camera's `pe`.
    case content(Layer)
    /// A mask: `masksProperties[i]`.
    case mask(Mask)
    /// An effect of a layer: `ef[i]`. Its parameters follow as `effectParameter`.
    case effect(Effect)
    /// A parameter of an effect, at any depth: `ef[i].ef[j]`.
    case effectParameter(Effect)
    /// A split position (`p` with `x`, `y` and maybe `z`), around its axes.
    case splitPosition
    /// A text layer's path options `t.p` (kept as JSON).
    case textPath(TextPathOptions)
    /// A text animator: `t.a[i]`, around its style's properties `t.a[i].a.*`.
    case textAnimator(TextAnimator)
    /// A shape item: `shapes[i]`, `it[i]`.
    case shapeItem(ShapeItem)
    /// The gradient of a gradient fill or stroke, at the item's path (its fields are the item's).
    case gradient(LottieGradient)
    /// A stroke's dashes `d`, when there are any.
    case dashes([StrokeDash])
    /// An asset: `assets[i]`; a precomposition's layers follow.
    case asset(Asset)
    /// A glyph: `chars[i]`; its shapes follow.
    case glyph(Glyph)
}
