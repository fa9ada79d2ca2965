import LottieModel

// MARK: - Timeline

/// An animation compiled for evaluation: everything that does not depend on time is done
/// once here (keyframes resolved, easing curves and arc-length tables built, references
/// resolved, cycles cut), so that `scene(atFrame:)` only evaluates what moves.
///
/// Data flows one way: `LottieAnimation` (model) -> `Timeline` -> `LottieScene` (one frame) -> renderers.
public struct Timeline: Sendable {
    /// Canvas size, frame rate and frame range of the animation. A frame rate that is not a
    /// positive number is replaced by 30, one above `limits.maxFrameRate` by that limit; an out
    /// point that is not after the in point makes the animation one still frame (`outPoint ==
    /// inPoint`), one more than `limits.maxDurationFrames` after it is moved back to that
    /// distance; see `warnings`.
    public let width: Double
    public let height: Double
    public let frameRate: Double
    public let inPoint: Double
    public let outPoint: Double
    /// Problems met while compiling, each a warning with its JSON path (cycles cut, dangling
    /// references, keyframes out of order, values a limit caps, fonts missing...); never fatal.
    /// At most `limits.maxWarnings`, the last of which then says how many more there were.
    public let warnings: [LottieDiagnostic]
    /// Every place that uses a feature this toolkit does not evaluate (expressions, effects,
    /// 3D...): listed, never fatal. The value under an expression is used.
    public let unsupported: [LottieDiagnostic]
    /// The caps evaluation keeps to.
    public let limits: LottieLimits
    /// The expressions that stopped on a frame evaluated so far (an error thrown, a result of the
    /// wrong type, a budget spent) and gave the keyframed value there, each once: a warning at the
    /// expression's JSON path, with the line and column in the expression and the reason
    /// (FORMAT.md "Expressions"). Expressions that do not run at all are in `unsupported`
    /// (`expressionsNotRun`).
    public var expressionFaults: [LottieDiagnostic] { compiled.expressions?.faults ?? [] }
    /// The deepest precomp nesting evaluated (`limits.maxPrecompDepth`).
    public var maxPrecompDepth: Int { limits.maxPrecompDepth }
    /// The animation as given, before `overrides` (and before its slots are resolved): what
    /// `overriding(_:)` and `removingOverride(for:)` compile again.
    public let source: LottieAnimation
    /// The overrides compiled in, in the order they apply; empty for a timeline made from an
    /// animation (`overriding(_:)`).
    public let overrides: [PropertyOverride]
    /// The faces text is drawn with, for compiling again.
    let fonts: FontStore

    /// The root composition, compiled.
    let root: CompiledComposition
    /// What a frame's evaluation reads besides the root, in one shared object.
    let compiled: CompiledParts
    /// States of the graph (each layer's last outputs), lent from frame to frame: a frame takes
    /// one, or makes one when other threads hold them all, and gives it back once its scene is
    /// made. Steady playback on one thread gets the same state every frame.
    let graphStates = IdlePool<GraphState>(capacity: 4)

    /// Compiles an animation within `limits`. Properties that name a slot (`sid`) take the value
    /// of the file's `slots` (`LottieAnimation.resolvingSlots`; give other values by resolving before).
    /// Text in fonts the file has no glyph outlines for is drawn with the matching faces of
    /// `fonts` (`FontStore`), when there are any.
    public init(_ animation: LottieAnimation, limits: LottieLimits = .default, fonts: FontStore = FontStore()) {
        self.init(compiling: animation, source: animation, overrides: [], limits: limits, fonts: fonts)
    }

    /// Compiles `animation`, which is `source` with `overrides` put in.
    init(compiling animation: LottieAnimation, source: LottieAnimation, overrides: [PropertyOverride],
         limits: LottieLimits, fonts: FontStore) {
        self.source = source
        self.overrides = overrides
        self.fonts = fonts
        let (animation, slotWarnings) = Self.resolvingSlots(animation)
        let timing = TimingFaults(animation, limits: limits)
        var compiler = TimelineCompiler(animation: animation, limits: limits, frameRate: timing.frameRate)
        root = CompiledComposition(layers: compiler.compileLayers(animation.layers, pathPrefix: "layers"))
        var context = compiler.context
        context.expressionSite = nil
        compiled = CompiledParts(precompLists: compiler.precompLists,
                                 glyphs: GlyphTable(animation, fonts: fonts, context: context), context: context,
                                 expressions: compiler.expressionWorld)
        // Font files that could not be read come first: what they were for is not drawn.
        var found = fonts.problems + slotWarnings + timing.warnings + compiler.warnings
        found += CompositionSize(root: root.layers, precomps: compiler.precomps, limits: limits).warnings
        let scan = FaultScan(animation, limits: limits, fonts: fonts)
        found += scan.warnings
        warnings = FaultScan.capped(found, omitted: scan.omitted, at: limits.maxWarnings)
        // The expressions were parsed while compiling: their results are used again.
        let world = compiler.expressionWorld
        unsupported = AnimationReport.unsupportedFeatures(in: animation, fonts: fonts, parse: world.map { world in
            { source in world.program(for: source) }
        })
        width = animation.width
        height = animation.height
        frameRate = timing.frameRate
        inPoint = timing.inPoint
        outPoint = timing.outPoint
        self.limits = limits
    }

    /// `animation` with its own slots' values put in, and what went wrong doing so. A slot with
    /// no value is not a fault: files name slots for apps to fill, and keep their own values.
    private static func resolvingSlots(_ animation: LottieAnimation) -> (LottieAnimation, [LottieDiagnostic]) {
        guard animation.slots != nil else { return (animation, []) }
        do {
            return (try animation.resolvingSlots().animation, [])
        } catch {
            return (animation, [LottieDiagnostic(.warning, .schema, path: "slots",
                                                 message: "\(error); every slotted property keeps its own value")])
        }
    }

    /// Compiles an animation, drawing precomps at most `maxPrecompDepth` deep.
    public init(_ animation: LottieAnimation, maxPrecompDepth: Int) {
        var limits = LottieLimits.default
        limits.maxPrecompDepth = maxPrecompDepth
        self.init(animation, limits: limits)
    }

    /// The frame shown at progress `p` in [0, 1]: `ip + p * (op - ip)` (FORMAT.md "Time").
    public func frame(forProgress progress: Double) -> Double {
        inPoint + min(max(progress, 0), 1) * (outPoint - inPoint)
    }

    /// The progress of a frame, 0 at `ip` and 1 at `op`.
    public func progress(forFrame frame: Double) -> Double {
        outPoint > inPoint ? (frame - inPoint) / (outPoint - inPoint) : 0
    }

    /// The scene at progress `p` in [0, 1]; progress 1 shows the final pose.
    public func scene(atProgress progress: Double) -> LottieScene {
        scene(atFrame: frame(forProgress: progress))
    }

    /// The scene at a (real-valued) composition frame. At `op` itself the last instant of
    /// the animation is shown: layers that end at `op` are still drawn.
    public func scene(atFrame frame: Double) -> LottieScene {
        var scene = LottieScene(frame: frame, width: width, height: height, layers: [])
        update(&scene, toFrame: frame)
        return scene
    }

    /// Replaces `scene` with the scene at progress `p` in [0, 1], as `update(_:toFrame:)` does.
    public func update(_ scene: inout LottieScene, toProgress progress: Double) {
        update(&scene, toFrame: frame(forProgress: progress))
    }

    /// Replaces `scene` (usually one of this timeline's, at another frame) with the scene at
    /// `frame`, equal to `scene(atFrame: frame)`. The timeline keeps each layer's last outputs
    /// and makes again only what changed since (`GraphState`); the scene's entries are updated
    /// where they stand, and an entry whose layer draws what it drew is left as it is (its
    /// `SceneLayer.revision` too). A player or renderer that keeps one scene and updates it from
    /// frame to frame then allocates almost nothing for the shapes that move: each is written into
    /// the storage it had. Storage still shared with a copy of the old scene kept elsewhere is
    /// not written over: it is copied, as any value would be.
    public func update(_ scene: inout LottieScene, toFrame frame: Double) {
        let graph = graphStates.take() ?? GraphState()
        defer { graphStates.put(graph) }
        var evaluator = FrameEvaluator(compiled: compiled, limits: limits, frameRate: frameRate,
                                       inclusiveEnd: frame >= outPoint, graph: graph,
                                       counts: graph.beginFrame(limits: limits))
        var layers: [SceneLayer] = []
        swap(&layers, &scene.layers)
        evaluator.list(root, state: graph.root, at: frame, size: Vector2(x: width, y: height), parentTransform: .identity,
                       depth: 0, over: &layers)
        scene.layers = consume layers
        graph.endFrame(evaluator.counts, limits: limits)
        scene.frame = frame
        scene.width = width
        scene.height = height
    }
}

// MARK: - Compiled parts

/// The parts of a timeline a frame's evaluation reads besides its root layers.
final class CompiledParts: Sendable {
    /// Every precomp asset drawn, compiled (`CompiledLayer.Content.precomp`'s place).
    let precomps: [CompiledComposition]
    let glyphs: GlyphTable
    let context: ValueContext
    /// What the expressions read (held here: their sites hold it weakly).
    let expressions: ExpressionWorld?

    init(precompLists: [[CompiledLayer]], glyphs: GlyphTable, context: ValueContext, expressions: ExpressionWorld? = nil) {
        precomps = precompLists.map { CompiledComposition(layers: $0) }
        self.glyphs = glyphs
        self.context = context
        self.expressions = expressions
    }
}
