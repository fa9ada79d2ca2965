import LottieModel

// MARK: - CompiledLayer

/// A layer made ready for evaluation: tracks compiled, references (parent, matte) resolved
/// to positions in its composition's layer list. A class, so that evaluating a frame reads the
/// layer in place instead of copying its tracks; it never changes once compiled.
final class CompiledLayer: Sendable {
    enum Content: Sendable {
        case shapes(ShapeProgram)
        /// Boxed. `place`: where the precomp's compiled layers are in `CompiledParts.precomps` (read
        /// every frame: looking them up by asset id hashed the id each time).
        indirect case precomp(assetID: String, place: Int, width: Double?, height: Double?,
                              timeRemap: PropertyTrack<Double>?)
        case solid(RGBAColor, width: Double, height: Double)
        case image(assetID: String, width: Double, height: Double)
        /// Boxed: a text track is several times larger than the other cases.
        indirect case text(TextTrack)
        /// A camera (drawn as nothing) with its zoom `pe`.
        case camera(zoom: PropertyTrack<Double>)
        /// Drawn as nothing: null layers, and types this toolkit does not draw.
        case none
    }

    // What listing a layer reads comes first, in the order read: a frame visits every layer of
    // every composition instance, most of them not drawn then, and a layer whose flags and
    // points are in its first cache line costs one line to pass over, not two.
    let inPoint: Double
    let outPoint: Double
    let hidden: Bool
    let isMatteSource: Bool
    /// True for content drawn as nothing (`Content.none`): the layer is never listed in a scene.
    let drawsNothing: Bool
    /// The matrix and opacity of a transform that does not change over time (most layers'),
    /// read here without reading the transform.
    let fixedPlacement: (matrix: AffineMatrix, opacity: Double)?
    /// Where the matrix and opacity hold still, when they move at all.
    let placementSpans: StillSpans?
    /// Where the masks hold still, when they move at all.
    let maskSpans: StillSpans?
    let transform: TransformTrack
    /// `ddd`: a 3D layer, seen in perspective where its composition has a camera.
    let is3D: Bool
    /// The program of a shape layer (most layers), read without copying `content` out.
    let shapeProgram: ShapeProgram?
    /// Where a precomp layer's list is and how it is clipped, read without copying `content`
    /// out (which retained and released its box for every precomp of every frame).
    let precomp: PrecompReference?
    /// Name, index, type and path as every scene lists them.
    let identity: LayerIdentity
    /// Position of the parent layer in the same list (cycles already cut).
    let parentPosition: Int?
    let matteMode: MatteMode?
    let blendMode: BlendMode
    let masks: [MaskTrack]
    /// The effects drawn, in list order.
    let effects: [EffectTrack]

    let name: String?
    let index: Int?
    let type: LayerType
    let jsonPath: String
    let startTime: Double
    let timeStretch: Double
    let content: Content
    /// Position of the matte source layer in the same list.
    let mattePosition: Int?

    init(name: String?, index: Int?, type: LayerType, jsonPath: String, inPoint: Double, outPoint: Double,
         startTime: Double, timeStretch: Double, hidden: Bool, transform: TransformTrack, is3D: Bool = false, blendMode: BlendMode,
         masks: [MaskTrack], effects: [EffectTrack] = [], matteMode: MatteMode?, isMatteSource: Bool,
         content: Content, parentPosition: Int? = nil, mattePosition: Int? = nil) {
        self.name = name
        self.index = index
        self.type = type
        self.jsonPath = jsonPath
        self.inPoint = inPoint
        self.outPoint = outPoint
        self.startTime = startTime
        self.timeStretch = timeStretch
        self.hidden = hidden
        self.transform = transform
        self.is3D = is3D
        self.blendMode = blendMode
        self.masks = masks
        self.effects = effects
        self.matteMode = matteMode
        self.isMatteSource = isMatteSource
        self.content = content
        self.parentPosition = parentPosition
        self.mattePosition = mattePosition
        if case .shapes(let program) = content { shapeProgram = program } else { shapeProgram = nil }
        switch content {
        case .none, .camera: drawsNothing = true
        default: drawsNothing = false
        }
        if case .precomp(_, let place, let width, let height, let timeRemap) = content {
            precomp = PrecompReference(place: place, width: width, height: height, timeRemap: timeRemap)
        } else {
            precomp = nil
        }
        identity = LayerIdentity(name: name, index: index, type: type, jsonPath: jsonPath)
        fixedPlacement = transform.isAnimated ? nil : (transform.matrix(at: 0), transform.opacity(at: 0))
        if transform.isAnimated {
            var motion = MotionCollector()
            transform.addMotion(to: &motion)
            placementSpans = motion.spans()
        } else {
            placementSpans = nil
        }
        var maskMotion = MotionCollector()
        for mask in masks { mask.addMotion(to: &maskMotion) }
        maskSpans = masks.isEmpty ? nil : maskMotion.spans()
    }

    /// The same layer with its references resolved.
    func resolved(parentPosition: Int?, mattePosition: Int?, matteMode: MatteMode?) -> CompiledLayer {
        CompiledLayer(
            name: name, index: index, type: type, jsonPath: jsonPath, inPoint: inPoint, outPoint: outPoint,
            startTime: startTime, timeStretch: timeStretch, hidden: hidden, transform: transform,
            is3D: is3D, blendMode: blendMode, masks: masks, effects: effects, matteMode: matteMode, isMatteSource: isMatteSource,
            content: content, parentPosition: parentPosition, mattePosition: mattePosition)
    }

    /// Whether the layer is drawn at local frame `frame`: `ip <= t < op`, or `t <= op` at the
    /// very end of the animation (FORMAT.md: the final pose must still show).
    func isActive(at frame: Double, inclusiveEnd: Bool) -> Bool {
        frame >= inPoint && (frame < outPoint || (inclusiveEnd && frame <= outPoint))
    }

    /// What listing a composition does with a layer at a frame.
    enum Listing {
        /// Not listed, and not counted against `LottieLimits.maxLayers`: hidden, a matte source,
        /// or outside its in and out points.
        case skipped
        /// Counted against the limit, but drawing nothing (a null layer): not listed.
        case counted
        case listed
    }

    /// Whether the layer is listed at local frame `frame` (`isActive`).
    func listing(at frame: Double, inclusiveEnd: Bool) -> Listing {
        guard !hidden, !isMatteSource, isActive(at: frame, inclusiveEnd: inclusiveEnd) else { return .skipped }
        return drawsNothing ? .counted : .listed
    }
}

// MARK: - PrecompReference

/// A precomp layer's compiled list (its place in `CompiledParts.precomps`), clip and time remapping.
struct PrecompReference: Sendable {
    let place: Int
    /// The precomp's own size, clipping what it draws (nil: no size given, nothing clipped).
    let clip: Rect?
    let timeRemap: PropertyTrack<Double>?

    init(place: Int, width: Double?, height: Double?, timeRemap: PropertyTrack<Double>?) {
        self.place = place
        let (width, height) = (width ?? 0, height ?? 0)
        clip = width > 0 && height > 0 ? Rect(x: 0, y: 0, width: width, height: height) : nil
        self.timeRemap = timeRemap
    }
}

// MARK: - MaskTrack

/// A compiled mask. A class, so that evaluating a frame reads the mask in place: a struct of
/// three tracks was copied for each mask of each frame.
final class MaskTrack: Sendable {
    let mode: MaskMode
    let path: PropertyTrack<BezierContour>
    let opacity: PropertyTrack<Double>
    let expansion: PropertyTrack<Double>
    let inverted: Bool

    init(_ mask: Mask, context: ValueContext) {
        mode = mask.mode
        path = PropertyTrack(mask.path, fallback: BezierContour(polygon: [], closed: true), context: context)
        opacity = PropertyTrack(mask.opacity, fallback: 100, context: context)
        expansion = PropertyTrack(mask.expansion, fallback: 0, context: context)
        inverted = mask.inverted ?? false
    }

    /// Adds where the mask's outline, opacity and expansion move.
    func addMotion(to motion: inout MotionCollector) {
        motion.add(path)
        motion.add(opacity)
        motion.add(expansion)
    }

    func value(at frame: Double) -> SceneMask {
        SceneMask(mode: mode, path: path.value(at: frame),
                  opacity: min(max(opacity.value(at: frame) / 100, 0), 1),
                  expansion: expansion.value(at: frame), inverted: inverted)
    }

    /// The mask at a frame written over `mask`, its outline in the storage of the one there.
    func write(at frame: Double, into mask: inout SceneMask) {
        mask.mode = mode
        path.contour(at: frame, into: &mask.path)
        mask.opacity = min(max(opacity.value(at: frame) / 100, 0), 1)
        mask.expansion = expansion.value(at: frame)
        mask.inverted = inverted
    }
}

// MARK: - TextTrack

/// A compiled text layer: its document over time, and the stretches over which it stays one
/// document (every keyframe of a document holds until the next).
struct TextTrack: Sendable {
    var document: PropertyTrack<TextDocument>
    let animators: [TextAnimatorTrack]
    /// `m.g`: what animators scale and rotate as one (1 characters, 2 words, 3 lines, 4 all).
    let grouping: Int
    /// `m.a`: the grouping alignment, percent.
    let alignment: PropertyTrack<Vector2>
    /// `p`: the mask the text follows, when it names one the layer has.
    let path: TextPathTrack?
    let spans: StillSpans?

    /// Whether the layout depends on more than the document: animators or a path.
    var hasAnimatorsOrPath: Bool { !animators.isEmpty || path != nil }

    /// `masks`: the layer's masks, one of which the text may follow.
    init(_ data: TextData, masks: [Mask] = [], context: ValueContext) {
        document = PropertyTrack(data.document, fallback: TextDocument(text: ""), context: context)
        animators = (data.animators ?? []).map { TextAnimatorTrack($0, context: context) }
        grouping = data.moreOptions?.grouping ?? 1
        alignment = PropertyTrack(data.moreOptions?.anchor, fallback: .zero, context: context)
        path = data.pathOptions.flatMap { options in
            options.mask.flatMap { masks.indices.contains($0) ? TextPathTrack(options, mask: masks[$0], context: context) : nil }
        }
        var motion = MotionCollector()
        motion.add(document)
        if !animators.isEmpty || path != nil {
            motion.add(alignment)
            for animator in animators { animator.addMotion(to: &motion) }
            path?.addMotion(to: &motion)
        }
        spans = motion.spans()
    }

    /// The animators, grouping and path at a frame.
    func animation(at frame: Double) -> TextAnimation {
        guard hasAnimatorsOrPath else { return .none }
        return TextAnimation(animators: animators.map { $0.values(at: frame) }, grouping: grouping,
                             alignment: alignment.value(at: frame), path: path?.values(at: frame))
    }
}

/// A text's path options (`t.p`) compiled with the mask they name.
struct TextPathTrack: Sendable {
    let contour: PropertyTrack<BezierContour>
    let firstMargin: PropertyTrack<Double>
    let lastMargin: PropertyTrack<Double>
    let forceAlignment: PropertyTrack<Double>
    let perpendicular: PropertyTrack<Double>
    let reversed: PropertyTrack<Double>

    init(_ options: TextPathOptions, mask: Mask, context: ValueContext) {
        contour = PropertyTrack(mask.path, fallback: BezierContour(polygon: [], closed: false), context: context)
        firstMargin = PropertyTrack(options.firstMargin, fallback: 0, context: context)
        lastMargin = PropertyTrack(options.lastMargin, fallback: 0, context: context)
        forceAlignment = PropertyTrack(options.forceAlignment, fallback: 0, context: context)
        perpendicular = PropertyTrack(options.perpendicular, fallback: 1, context: context)
        reversed = PropertyTrack(options.reversed, fallback: 0, context: context)
    }

    func addMotion(to motion: inout MotionCollector) {
        motion.add(contour)
        for track in [firstMargin, lastMargin, forceAlignment, perpendicular, reversed] { motion.add(track) }
    }

    func values(at frame: Double) -> TextPathValues {
        let path = contour.value(at: frame)
        return TextPathValues(contour: reversed.value(at: frame) != 0 ? path.reversed() : path,
                              firstMargin: firstMargin.value(at: frame), lastMargin: lastMargin.value(at: frame),
                              forceAlignment: forceAlignment.value(at: frame) != 0,
                              perpendicular: perpendicular.value(at: frame) != 0)
    }
}

/// A text's path at one frame (see `TextPathTrack`).
struct TextPathValues: Sendable {
    /// The mask's path, reversed when the options say so, in layer space.
    var contour: BezierContour
    var firstMargin: Double
    var lastMargin: Double
    var forceAlignment: Bool
    var perpendicular: Bool
}
