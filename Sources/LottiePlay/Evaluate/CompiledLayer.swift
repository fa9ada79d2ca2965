import LottieModel

// MARK: - CompiledLayer

/// A layer made ready for evaluation: tracks compiled, references (parent, matte) resolved
/// to positions in its composition's layer list.
struct CompiledLayer: Sendable {
    enum Content: Sendable {
        case shapes(ShapeProgram)
        case precomp(assetID: String, width: Double?, height: Double?, timeRemap: PropertyTrack<Double>?)
        case solid(RGBAColor, width: Double, height: Double)
        case image(assetID: String, width: Double, height: Double)
        case text(TextTrack)
        /// Drawn as nothing: null layers, and types this toolkit does not draw.
        case none
    }

    var name: String?
    var index: Int?
    var type: Int
    var jsonPath: String
    var inPoint: Double
    var outPoint: Double
    var startTime: Double
    var timeStretch: Double
    var hidden: Bool
    var transform: TransformTrack
    var blendMode: BlendMode
    var masks: [MaskTrack]
    var matteMode: MatteMode?
    var isMatteSource: Bool
    var content: Content
    /// Position of the parent layer in the same list (cycles already cut).
    var parentPosition: Int?
    /// Position of the matte source layer in the same list.
    var mattePosition: Int?

    /// Whether the layer is drawn at local frame `frame`: `ip <= t < op`, or `t <= op` at the
    /// very end of the animation (FORMAT.md: the final pose must still show).
    func isActive(at frame: Double, inclusiveEnd: Bool) -> Bool {
        frame >= inPoint && (frame < outPoint || (inclusiveEnd && frame <= outPoint))
    }
}

// MARK: - MaskTrack

/// A compiled mask.
struct MaskTrack: Sendable {
    var mode: MaskMode
    var path: PropertyTrack<BezierContour>
    var opacity: PropertyTrack<Double>
    var expansion: PropertyTrack<Double>
    var inverted: Bool

    init(_ mask: Mask, context: ValueContext) {
        mode = mask.mode
        path = PropertyTrack(mask.path, fallback: BezierContour(polygon: [], closed: true), context: context)
        opacity = PropertyTrack(mask.opacity, fallback: 100, context: context)
        expansion = PropertyTrack(mask.expansion, fallback: 0, context: context)
        inverted = mask.inverted ?? false
    }

    func value(at frame: Double) -> SceneMask {
        SceneMask(mode: mode, path: path.value(at: frame),
                  opacity: min(max(opacity.value(at: frame) / 100, 0), 1),
                  expansion: expansion.value(at: frame), inverted: inverted)
    }
}

// MARK: - TextTrack

/// A compiled text layer: its document over time.
struct TextTrack: Sendable {
    var document: PropertyTrack<TextDocument>
    var hasAnimators: Bool

    init(_ data: TextData, context: ValueContext) {
        document = PropertyTrack(data.document, fallback: TextDocument(text: ""), context: context)
        hasAnimators = !(data.animators ?? []).isEmpty
    }
}
