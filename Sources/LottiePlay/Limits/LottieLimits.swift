import LottieModel

// MARK: - LottieLimits

/// The caps that keep a hostile or broken file from exhausting time or memory, in one value
/// for the whole pipeline:
///
///     let limits = LottieLimits.strict                      // e.g. a server checking uploads
///     let animation = try LottieDecoder(limits: limits).decode(data)
///     let timeline = Timeline(animation, limits: limits)    // warnings name each limit met
///
/// No real animation comes near the `default` values; they only stop bombs (a repeater of 1e9
/// copies, a polystar of 1e9 points, precomps that double at every level). What happens when a
/// value passes a limit:
///
/// - Reading (`maxFileBytes`, `maxJSONDepth`): decoding fails with a `LottieDecodingError` that
///   names the value, the limit and the JSON path.
/// - Everything else: the animation still loads and draws up to the limit (the first copies, the
///   first vertices, the layers that fit), and `Timeline.warnings` says so, e.g.
///   `layers[0].shapes[1].c: 1000000000 repeater copies, more than the limit maxRepeaterCopies (1000); 1000 are drawn`.
///
/// `maxRenderPixels` and `maxImagePixels` are for renderers and their callers (the output size,
/// `checkRenderSize(width:height:)`; the images an `ImageStore` decodes).
public struct LottieLimits: Sendable, Equatable {
    // MARK: Reading

    /// The largest file accepted, in bytes (`LottieDecoder.maxBytes`).
    public var maxFileBytes: Int
    /// The deepest nesting of JSON arrays and objects accepted (`LottieDecoder.maxDepth`). Keep it
    /// at 256 or below: the `Codable` path, which words every decoding error, recurses once per
    /// level and overflows an 8 MiB stack at about 400 levels in a debug build.
    public var maxJSONDepth: Int

    // MARK: Compositions

    /// The most layers one frame evaluates, counting the layers of every precomp instance (a precomp
    /// used twice counts twice). Layers past the limit are not drawn.
    public var maxLayers: Int
    /// The deepest precomp nesting drawn; deeper precomps draw nothing.
    public var maxPrecompDepth: Int

    // MARK: Time

    /// The highest frame rate used; a higher `fr` is replaced by this one.
    public var maxFrameRate: Int
    /// The most frames from `ip` to `op`; a longer animation ends `maxDurationFrames` after `ip`
    /// (what iterates over every frame, e.g. `render --all`, stays bounded).
    public var maxDurationFrames: Int

    // MARK: Shapes

    /// The most copies one repeater makes.
    public var maxRepeaterCopies: Int
    /// The most paths (and as many drawings) one shape layer holds at a frame: repeaters, nested
    /// repeaters and path items together; paths past the limit are not drawn.
    public var maxPaths: Int
    /// The most vertices one path has: a longer path is cut to its first `maxPathVertices`
    /// vertices, and a modifier (zig-zag, round corners, offset) that would make more is skipped.
    public var maxPathVertices: Int
    /// The most vertices one frame evaluates, all layers, paths and glyphs together (a path
    /// painted by three styles counts three times, an empty path counts one); paths and drawings
    /// past it are dropped. This bounds the time and memory of a frame.
    public var maxFrameVertices: Int
    /// The most dash and gap lengths one stroke's `d` list has; later entries are ignored
    /// (After Effects offers 3 dashes and 3 gaps).
    public var maxDashEntries: Int
    /// The most dashes one stroke is cut into: a stroke whose pattern would make more (a dash of
    /// 1e-7 along a long path) is drawn solid, as Skia does (`SkDashPath`'s dash-count limit).
    public var maxDashes: Int
    /// Polystar points above this count are drawn as this many (`BezierContour.maximumPolystarPoints`
    /// is the geometry's own ceiling).
    public var maxPolystarPoints: Int
    /// Zig-zag ridges per segment above this count are drawn as this many.
    public var maxZigZagRidges: Int
    /// The most straight pieces one Boolean operation of a merge paths item works on (its two
    /// paths flattened), and a 64th of the crossing tests and splits it may make: a merge that
    /// would pass them draws its paths unmerged.
    public var maxMergeSegments: Int
    /// The most effects drawn on one layer; those after are not drawn (with a warning). Each
    /// blur or shadow costs a few passes over the canvas.
    public var maxLayerEffects: Int

    // MARK: Expressions

    /// The most steps one expression evaluation may take (a statement or a node evaluated each);
    /// one that takes more stops, and its property keeps its keyframed value. Expressions it
    /// reads run within the same budget.
    public var maxExpressionSteps: Int
    /// The most array elements, object members and string characters one evaluation may create.
    public var maxExpressionMemory: Int
    /// The deepest nesting of one evaluation: nested syntax, calls and the expressions of the
    /// properties it reads together (what bounds the thread's stack).
    public var maxExpressionDepth: Int

    // MARK: Rendering

    /// The most pixels (width x height) of one rendered image.
    public var maxRenderPixels: Int
    /// The most pixels of all the embedded images of an animation together, once decoded (a PNG
    /// of 8192 x 8192 pixels compresses to 8 KB and decodes to 1 GiB of premultiplied floats).
    public var maxImagePixels: Int

    // MARK: Reporting

    /// The most warnings a `Timeline` keeps; the last one says how many more were found.
    public var maxWarnings: Int

    public init(
        maxFileBytes: Int = 256 << 20, maxJSONDepth: Int = 256, maxLayers: Int = 10_000, maxPrecompDepth: Int = 32,
        maxFrameRate: Int = 1000, maxDurationFrames: Int = 1_000_000, maxRepeaterCopies: Int = 1000,
        maxPaths: Int = 10_000, maxPathVertices: Int = 100_000, maxFrameVertices: Int = 500_000, maxDashEntries: Int = 64, maxDashes: Int = 10_000,
        maxPolystarPoints: Int = 1000, maxZigZagRidges: Int = 100, maxMergeSegments: Int = 20_000,
        maxLayerEffects: Int = 32, maxExpressionSteps: Int = 200_000, maxExpressionMemory: Int = 1_000_000,
        maxExpressionDepth: Int = 300, maxRenderPixels: Int = 4096 * 4096,
        maxImagePixels: Int = 4096 * 4096, maxWarnings: Int = 200
    ) {
        self.maxFileBytes = maxFileBytes
        self.maxJSONDepth = maxJSONDepth
        self.maxLayers = maxLayers
        self.maxPrecompDepth = maxPrecompDepth
        self.maxFrameRate = maxFrameRate
        self.maxDurationFrames = maxDurationFrames
        self.maxRepeaterCopies = maxRepeaterCopies
        self.maxPaths = maxPaths
        self.maxPathVertices = maxPathVertices
        self.maxFrameVertices = maxFrameVertices
        self.maxDashEntries = maxDashEntries
        self.maxDashes = maxDashes
        self.maxPolystarPoints = maxPolystarPoints
        self.maxZigZagRidges = maxZigZagRidges
        self.maxMergeSegments = maxMergeSegments
        self.maxLayerEffects = maxLayerEffects
        self.maxExpressionSteps = maxExpressionSteps
        self.maxExpressionMemory = maxExpressionMemory
        self.maxExpressionDepth = maxExpressionDepth
        self.maxRenderPixels = maxRenderPixels
        self.maxImagePixels = maxImagePixels
        self.maxWarnings = maxWarnings
    }

    // MARK: Presets

    /// Generous for any real animation, fatal for bombs: 256 MiB, JSON depth 256, 10 000 layers a
    /// frame, precomps 32 deep, 1000 fps, 1 000 000 frames, 1000 copies a repeater, 10 000 paths a
    /// shape layer, 100 000 vertices a path, 500 000 vertices a frame, 64 dash entries and 10 000 dashes a stroke,
    /// 1000 polystar points, 100 zig-zag ridges, 20 000 pieces a merge, 32 effects a layer, 200 000 steps, 1 000 000
    /// values and 300 levels an expression, 4096 x 4096 pixels rendered
    /// and as many in images, 200 warnings.
    public static let `default` = LottieLimits()

    /// For untrusted uploads on a shared machine (chat stickers, a CI check): 16 MiB, depth 128,
    /// 2000 layers, precomps 16 deep, 240 fps, 100 000 frames, 200 copies, 5000 paths, 20 000
    /// vertices a path, 200 000 a frame, 16 dash entries and 5000 dashes, 200 points, 100 ridges, 5000 pieces a
    /// merge, 8 effects a layer, 50 000 steps, 200 000 values and 150 levels an expression, 1024 x 1024 pixels rendered, 2048 x 2048 in images, 100 warnings.
    public static let strict = LottieLimits(
        maxFileBytes: 16 << 20, maxJSONDepth: 128, maxLayers: 2000, maxPrecompDepth: 16, maxFrameRate: 240,
        maxDurationFrames: 100_000, maxRepeaterCopies: 200, maxPaths: 5000, maxPathVertices: 20_000, maxFrameVertices: 200_000, maxDashEntries: 16, maxDashes: 5000,
        maxPolystarPoints: 200, maxZigZagRidges: 100, maxMergeSegments: 5000, maxLayerEffects: 8,
        maxExpressionSteps: 50_000, maxExpressionMemory: 200_000, maxExpressionDepth: 150, maxRenderPixels: 1024 * 1024,
        maxImagePixels: 2048 * 2048,
        maxWarnings: 100)

    /// For trusted files that really are big (posters, long explainers): 1 GiB, depth 256 (as deep
    /// as decoding safely goes), 100 000 layers, precomps 128 deep, 10 000 fps, 100 000 000 frames,
    /// 10 000 copies, 100 000 paths, 1 000 000 vertices a path, 5 000 000 a frame, 1024 dash entries and 100 000 dashes, 10 000
    /// points, 1000 ridges, 200 000 pieces a merge, 256 effects a layer, 2 000 000 steps, 10 000 000 values and
    /// 600 levels an expression, 16 384 x 16 384 pixels rendered and as
    /// many in images, 1000 warnings.
    public static let generous = LottieLimits(
        maxFileBytes: 1 << 30, maxJSONDepth: 256, maxLayers: 100_000, maxPrecompDepth: 128,
        maxFrameRate: 10_000, maxDurationFrames: 100_000_000, maxRepeaterCopies: 10_000, maxPaths: 100_000,
        maxPathVertices: 1_000_000, maxFrameVertices: 5_000_000,
        maxDashEntries: 1024, maxDashes: 100_000, maxPolystarPoints: 10_000, maxZigZagRidges: 1000,
        maxMergeSegments: 200_000, maxLayerEffects: 256,
        maxExpressionSteps: 2_000_000, maxExpressionMemory: 10_000_000, maxExpressionDepth: 600, maxRenderPixels: 16_384 * 16_384, maxImagePixels: 16_384 * 16_384, maxWarnings: 1000)

    /// The preset with this name: "strict", "default" or "generous".
    public static func preset(named name: String) -> LottieLimits? {
        switch name {
        case "strict": .strict
        case "default": .default
        case "generous": .generous
        default: nil
        }
    }

    // MARK: Checks

    /// Nil when an image of `width` x `height` pixels may be rendered, else the reason:
    /// "the image would be 20000 x 20000 = 400000000 pixels, more than the limit maxRenderPixels (16777216)".
    public func checkRenderSize(width: Int, height: Int) -> String? {
        guard width > 0, height > 0 else { return "the image size \(width) x \(height) is not positive" }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard overflow || pixels > maxRenderPixels else { return nil }
        let count = overflow ? "more than \(Int.max)" : "\(pixels)"
        return "the image would be \(width) x \(height) = \(count) pixels, more than the limit maxRenderPixels (\(maxRenderPixels))"
    }
}

// MARK: - Decoder

extension LottieDecoder {
    /// A decoder with the reading limits of `limits` (`maxFileBytes`, `maxJSONDepth`).
    public init(limits: LottieLimits, strategy: Strategy = .fast) {
        self.init(maxBytes: limits.maxFileBytes, maxDepth: limits.maxJSONDepth, strategy: strategy)
    }
}
