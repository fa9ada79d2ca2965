import LottieModel

// MARK: - RenderedFrame

/// A rendered frame kept from one frame to the next, as a player keeps its buffer: rendering
/// into it a scene that draws what the one it holds drew leaves the pixels as they are, so a
/// frame in which nothing moved costs almost nothing. It also keeps what the next frame can start
/// from (`CanvasCheckpoints`): the bottom of the last frame's canvas up to the first layer that
/// changed, the canvas itself (so that only what changed is copied back and written out), and the
/// coverage of shapes drawn again. The pixels are the same as a frame drawn in full.
///
/// Two scenes draw the same when they list the same layers with the same revisions
/// (`SceneLayer.revision`: `Timeline.update(_:toFrame:)` gives a layer a new one whenever what it
/// draws changes, and no two layers of any timeline share one), on the same canvas, rendered at
/// the same size and background with the same images. A layer made by hand (revision 0) is never
/// taken as unchanged.
///
///     var frame = RenderedFrame()
///     var scene = timeline.scene(atFrame: 0)
///     for moment in frames {
///         timeline.update(&scene, toFrame: moment)
///         renderer.render(scene, images: images, into: &frame)
///         show(frame.image)
///     }
///
/// A frame made with `RenderedFrame(alpha: .premultiplied)` keeps its pixels premultiplied, as
/// the renderer composites them and as platform surfaces take them: it skips the conversion to
/// straight alpha, and its pixels are read with `withPremultipliedPixels(_:)`.
public struct RenderedFrame: Sendable {
    /// How a frame keeps its pixels.
    public enum Alpha: Sendable {
        /// In `image`, 8-bit RGBA with straight alpha (what PNG encoders take).
        case straight
        /// Only premultiplied, read with `withPremultipliedPixels(_:)`; `image` stays empty.
        case premultiplied
    }

    /// How this frame keeps its pixels.
    public let alpha: Alpha
    /// The pixels of the last scene rendered into the frame, with straight alpha; empty (0 x 0)
    /// in a frame that keeps them premultiplied.
    public private(set) var image = RGBAImage(width: 0, height: 0)
    /// What the renderer met and drew approximately or not at all, in that scene.
    public private(set) var issues: [LottieDiagnostic] = []
    /// What the image shows: the scene's layers by revision, its canvas, and the output.
    private var revisions: [UInt64] = []
    private var canvas = (width: 0.0, height: 0.0)
    private var output = (width: 0, height: 0, background: RGBAColor?.none, images: UInt64(0))
    /// False when what the image shows cannot be told (nothing rendered yet, a hand-made layer).
    private var isKnown = false
    /// Whether a scene was rendered into the frame.
    private var isRendered = false
    /// Whether the next render forgets the checkpoints (`invalidate()`; they hold the pixels
    /// until then).
    private var forgetsCheckpoints = false
    /// What the last frames leave for the next to start from (`CanvasCheckpoints`).
    private var checkpoints = CanvasCheckpoints()

    /// An empty frame that keeps its pixels as `alpha` says.
    public init(alpha: Alpha = .straight) {
        self.alpha = alpha
    }

    /// Calls `body` with the pixels of the last scene rendered (in either kind of frame) as
    /// premultiplied RGBA: 4 bytes a pixel (red, green, blue, alpha; no colour byte exceeds
    /// alpha), rows from the top, no padding. The buffer is empty before the first render, and
    /// valid only inside `body`.
    public func withPremultipliedPixels<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows
        -> Result {
        guard isRendered else { return try body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        return try checkpoints.withFrameCanvas(body)
    }

    /// Forgets what the image shows, keeping its storage: the next render draws in full.
    public mutating func invalidate() {
        isKnown = false
        forgetsCheckpoints = true
    }

    /// How many layers at the bottom of the canvas (of the precomp that is layer `path` of the
    /// canvas, then of its canvas, and so on) the frame keeps drawn for the next frame.
    func keptLayers(inIsolatedLayerAt path: [Int] = []) -> Int {
        checkpoints.heldUnits(path.reduce(CanvasCheckpoints.rootKey) { CanvasCheckpoints.nested(in: $0, at: $1) })
    }

    /// The checkpoints, first made the frame's own when a copy of the frame shares them.
    private mutating func ownCheckpoints() -> CanvasCheckpoints {
        if !isKnownUniquelyReferenced(&checkpoints) { checkpoints = CanvasCheckpoints() }
        return checkpoints
    }

    /// Whether the image shows what `scene` rendered by `renderer` with `images` draws. Compared
    /// in place: a frame that is not drawn allocates nothing.
    func shows(_ scene: LottieScene, renderer: SceneRenderer, images: ImageStore) -> Bool {
        guard isKnown, revisions.count == scene.layers.count, canvas == (scene.width, scene.height),
              output == (renderer.width, renderer.height, renderer.background, images.identity) else { return false }
        for (index, layer) in scene.layers.enumerated() where layer.revision != revisions[index] { return false }
        return true
    }

    /// Keeps what was rendered: `write` renders `scene` into the image in place, with the
    /// frame's checkpoints, and returns the issues met.
    mutating func update(_ scene: LottieScene, renderer: SceneRenderer, images: ImageStore,
                         write: (inout RGBAImage, CanvasCheckpoints) -> [LottieDiagnostic]) {
        let checkpoints = ownCheckpoints()
        if forgetsCheckpoints { checkpoints.forget() }
        forgetsCheckpoints = false
        issues = write(&image, checkpoints)
        isRendered = true
        revisions.removeAll(keepingCapacity: true)
        for layer in scene.layers { revisions.append(layer.revision) }
        canvas = (scene.width, scene.height)
        output = (renderer.width, renderer.height, renderer.background, images.identity)
        isKnown = !revisions.contains(0)
    }
}

extension SceneRenderer {
    /// Renders `scene` into `frame`, unless the frame already shows what the scene draws
    /// (`RenderedFrame`): then its pixels and issues stay. The image's storage is reused.
    /// Returns whether it rendered.
    @discardableResult
    public func render(_ scene: LottieScene, images: ImageStore = ImageStore(), into frame: inout RenderedFrame) -> Bool {
        guard !frame.shows(scene, renderer: self, images: images) else { return false }
        let writesImage = frame.alpha == .straight
        frame.update(scene, renderer: self, images: images) { image, checkpoints in
            var issues: [LottieDiagnostic] = []
            render(scene, images: images, into: &image, writesImage: writesImage, issues: &issues,
                   checkpoints: checkpoints)
            return issues
        }
        return true
    }
}
