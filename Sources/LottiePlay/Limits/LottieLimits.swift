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
/// `maxRenderPixels` and `maxDashes` are for renderers: `checkRenderSize(width:height:)` is the
/// test for an output size.
public struct LottieLimits: Sendable, Equatable {
    // MARK: Reading

    /// The largest file accepted, in bytes (`LottieDecoder.maxBytes`).
    public var maxFileBytes: Int
    /// The deepest nesting of JSON arrays and objects accepted (`LottieDecoder.maxDepth`).
    public var maxJSONDepth: Int

    // MARK: Compositions

    /// The most layers one frame evaluates, counting the layers of every precomp instance (a precomp
    /// used twice counts twice). Layers past the limit are not drawn.
    public var maxLayers: Int
    /// The deepest precomp nesting drawn; deeper precomps draw nothing.
    public var maxPrecompDepth: Int

    // MARK: Shapes

    /// The most copies one repeater makes.
    public var maxRepeaterCopies: Int
    /// The most paths one shape layer holds at a frame (repeaters, nested repeaters and paths
    /// together); paths past the limit are not drawn.
    public var maxPaths: Int
    /// The most vertices one path has: a longer path is cut to its first `maxPathVertices`
    /// vertices, and a modifier (zig-zag, round corners, offset) that would make more is skipped.
    public var maxPathVertices: Int
    /// The most vertices one shape layer draws at a frame, all paths and all styles together
    /// (a path painted by three styles counts three times); drawings past it are dropped.
    public var maxLayerVertices: Int
    /// The most dash and gap lengths one stroke's `d` list has; later entries are ignored
    /// (After Effects offers 3 dashes and 3 gaps).
    public var maxDashEntries: Int
    /// The most dashes a renderer cuts one stroke into; the rest of the stroke is not drawn.
    public var maxDashes: Int
    /// Polystar points above this count are drawn as this many (`BezierContour.maximumPolystarPoints`
    /// is the geometry's own ceiling).
    public var maxPolystarPoints: Int
    /// Zig-zag ridges per segment above this count are drawn as this many.
    public var maxZigZagRidges: Int

    // MARK: Rendering

    /// The most pixels (width x height) of one rendered image.
    public var maxRenderPixels: Int

    // MARK: Reporting

    /// The most warnings a `Timeline` keeps; the last one says how many more were found.
    public var maxWarnings: Int

    public init(
        maxFileBytes: Int = 256 << 20, maxJSONDepth: Int = 256, maxLayers: Int = 10_000, maxPrecompDepth: Int = 32,
        maxRepeaterCopies: Int = 1000, maxPaths: Int = 100_000, maxPathVertices: Int = 100_000,
        maxLayerVertices: Int = 2_000_000, maxDashEntries: Int = 64, maxDashes: Int = 100_000,
        maxPolystarPoints: Int = 10_000, maxZigZagRidges: Int = 1000, maxRenderPixels: Int = 4096 * 4096,
        maxWarnings: Int = 200
    ) {
        self.maxFileBytes = maxFileBytes
        self.maxJSONDepth = maxJSONDepth
        self.maxLayers = maxLayers
        self.maxPrecompDepth = maxPrecompDepth
        self.maxRepeaterCopies = maxRepeaterCopies
        self.maxPaths = maxPaths
        self.maxPathVertices = maxPathVertices
        self.maxLayerVertices = maxLayerVertices
        self.maxDashEntries = maxDashEntries
        self.maxDashes = maxDashes
        self.maxPolystarPoints = maxPolystarPoints
        self.maxZigZagRidges = maxZigZagRidges
        self.maxRenderPixels = maxRenderPixels
        self.maxWarnings = maxWarnings
    }

    // MARK: Presets

    /// Generous for any real animation, fatal for bombs: 256 MiB, JSON depth 256, 10 000 layers per
    /// frame, precomps 32 deep, 1000 repeater copies, 100 000 paths of at most 100 000 vertices and
    /// 2 000 000 vertices per shape layer, 64 dash entries, 100 000 dashes, 10 000 polystar points,
    /// 1000 zig-zag ridges, 4096 x 4096 pixels, 200 warnings.
    public static let `default` = LottieLimits()

    /// For untrusted uploads on a shared machine (chat stickers, a CI check): 4 MiB, depth 64,
    /// 1000 layers, precomps 8 deep, 100 copies, 10 000 paths of 10 000 vertices, 200 000 vertices
    /// per layer, 16 dash entries, 10 000 dashes, 1000 points, 100 ridges, 1024 x 1024 pixels.
    public static let strict = LottieLimits(
        maxFileBytes: 4 << 20, maxJSONDepth: 64, maxLayers: 1000, maxPrecompDepth: 8, maxRepeaterCopies: 100,
        maxPaths: 10_000, maxPathVertices: 10_000, maxLayerVertices: 200_000, maxDashEntries: 16,
        maxDashes: 10_000, maxPolystarPoints: 1000, maxZigZagRidges: 100, maxRenderPixels: 1024 * 1024,
        maxWarnings: 100)

    /// For trusted files that really are big (posters, long explainers): 1 GiB, depth 1024,
    /// 100 000 layers, precomps 128 deep, 10 000 copies, 1 000 000 paths and vertices per path,
    /// 20 000 000 vertices per layer, 1024 dash entries, 1 000 000 dashes, 10 000 points,
    /// 10 000 ridges, 16 384 x 16 384 pixels.
    public static let generous = LottieLimits(
        maxFileBytes: 1 << 30, maxJSONDepth: 1024, maxLayers: 100_000, maxPrecompDepth: 128,
        maxRepeaterCopies: 10_000, maxPaths: 1_000_000, maxPathVertices: 1_000_000,
        maxLayerVertices: 20_000_000, maxDashEntries: 1024, maxDashes: 1_000_000, maxPolystarPoints: 10_000,
        maxZigZagRidges: 10_000, maxRenderPixels: 16_384 * 16_384, maxWarnings: 1000)

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
