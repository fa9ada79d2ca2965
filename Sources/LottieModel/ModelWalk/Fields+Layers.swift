// MARK: - Field tables: layers

// The animatable properties of a layer's parts, in the order files write them and every walk
// lists them: the transform, a split position's axes, masks, the fields of precomp, text and
// camera layers, text animator styles. Names are those of After Effects keypaths.

extension Transform: ListedFields {
    /// A layer's `ks`, a group's `tr` item, a repeater's `tr`.
    static let members: [Member<Transform>] = [
        .point("a", "Anchor Point") { $0.anchor },
        .transformPosition { $0.position },
        .vector("s", "Scale") { $0.scale },
        .scalar("r", "Rotation") { $0.rotation },
        .scalar("rx", "X Rotation", is3DOnly: true) { $0.rotationX },
        .scalar("ry", "Y Rotation", is3DOnly: true) { $0.rotationY },
        .scalar("rz", "Z Rotation") { $0.rotationZ },
        .vector("or", "Orientation", is3DOnly: true) { $0.orientation },
        .scalar("o", "Opacity", range: .opacity) { $0.opacity },
        .scalar("sk", "Skew") { $0.skew },
        .scalar("sa", "Skew Axis") { $0.skewAxis },
        .scalar("so", "Start Opacity", range: .opacity) { $0.startOpacity },
        .scalar("eo", "End Opacity", range: .opacity) { $0.endOpacity },
    ]
}

extension PositionProperty {
    /// `p` as one property.
    static let combinedField = PropertyField(["p"], "Position", .position)
    /// `p.x`, `p.y`, `p.z` of a split position.
    static let splitFields = [
        PropertyField(["p", "x"], "Position X", .scalar, .required("the split position's x")),
        PropertyField(["p", "y"], "Position Y", .scalar, .required("the split position's y")),
        PropertyField(["p", "z"], "Position Z", .scalar),
    ]
}

extension Mask: ListedFields {
    /// `masksProperties[i]`.
    static let members: [Member<Mask>] = [
        .path("pt", "Path", .required("the mask's path")) { $0.path },
        .scalar("o", "Opacity", range: .opacity) { $0.opacity },
        .scalar("x", "Expansion") { $0.expansion },
    ]
}

extension PrecompLayerContent: ListedFields {
    /// The fields of a precomp layer.
    static let members: [Member<PrecompLayerContent>] = [
        .scalar("tm", "Time Remap") { $0.timeRemap },
    ]
}

extension TextData: ListedFields {
    /// `t` of a text layer; its path options and animators follow (`ModelWalk`).
    static let members: [Member<TextData>] = [
        .text("d", "Source Text", .required("the text document")) { $0.document },
    ]
}

extension TextStyle: ListedFields {
    /// `t.a[i].a`: what a text animator changes.
    static let members: [Member<TextStyle>] = [
        .point("p", "Position") { $0.position },
        .point("a", "Anchor Point") { $0.anchor },
        .vector("s", "Scale") { $0.scale },
        .scalar("r", "Rotation") { $0.rotation },
        .scalar("o", "Opacity", range: .opacity) { $0.opacity },
        .scalar("sk", "Skew") { $0.skew },
        .scalar("sa", "Skew Axis") { $0.skewAxis },
        .color("fc", "Fill Color") { $0.fillColor },
        .color("sc", "Stroke Color") { $0.strokeColor },
        .scalar("sw", "Stroke Width") { $0.strokeWidth },
        .scalar("t", "Tracking") { $0.tracking },
        .scalar("fo", "Fill Opacity", range: .opacity) { $0.fillOpacity },
        .scalar("so", "Stroke Opacity", range: .opacity) { $0.strokeOpacity },
        .scalar("fh", "Fill Hue") { $0.fillHue },
        .scalar("fs", "Fill Saturation") { $0.fillSaturation },
        .scalar("fb", "Fill Brightness") { $0.fillBrightness },
    ]
}

extension TextPathOptions: ListedFields {
    /// `t.p`: how a text follows its mask.
    static let members: [Member<TextPathOptions>] = [
        .scalar("f", "First Margin") { $0.firstMargin },
        .scalar("l", "Last Margin") { $0.lastMargin },
        .scalar("a", "Force Alignment") { $0.forceAlignment },
        .scalar("p", "Perpendicular To Path") { $0.perpendicular },
        .scalar("r", "Reverse Path") { $0.reversed },
    ]
}

extension TextRangeSelector: ListedFields {
    /// `t.a[i].s`: which characters a text animator changes, and how much.
    static let members: [Member<TextRangeSelector>] = [
        .scalar("s", "Start") { $0.start },
        .scalar("e", "End") { $0.end },
        .scalar("o", "Offset") { $0.offset },
        .scalar("a", "Amount") { $0.amount },
        .scalar("xe", "Ease High") { $0.maxEase },
        .scalar("ne", "Ease Low") { $0.minEase },
        .scalar("sm", "Smoothness") { $0.smoothness },
    ]
}

extension LayerContent {
    /// A camera layer's perspective `pe`.
    static let perspectiveField = PropertyField(["pe"], "Perspective", .scalar, is3DOnly: true)
}
