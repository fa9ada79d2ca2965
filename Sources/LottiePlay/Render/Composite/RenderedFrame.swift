// MARK: - RenderedFrame

/// A rendered frame kept from one frame to the next, as a player keeps its buffer: rendering
/// into it a scene that draws what the one it holds drew leaves the pixels as they are, so a
/// frame in which nothing moved costs almost nothing.
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
public struct RenderedFrame: Sendable {
    /// The pixels of the last scene rendered into the frame.
    public private(set) var image = RGBAImage(width: 0, height: 0)
    /// What the renderer met and drew approximately or not at all, in that scene.
    public private(set) var issues: [RenderIssue] = []
    /// What the image shows; nil when it cannot be told (nothing rendered yet, a hand-made layer).
    private var shown: Shown?

    /// What a rendered image shows: the scene's layers by revision, its canvas, the output.
    struct Shown: Equatable, Sendable {
        var revisions: [UInt64]
        var canvas: [Double]
        var output: [Int]
        var background: RGBAColor?
        var images: UInt64
    }

    public init() {}

    /// Forgets what the image shows, keeping its storage: the next render draws in full.
    public mutating func invalidate() {
        shown = nil
    }

    /// What `scene` rendered by `renderer` with `images` would show; nil when a layer was made by hand.
    static func shown(_ scene: Scene, renderer: SceneRenderer, images: ImageStore) -> Shown? {
        var revisions: [UInt64] = []
        revisions.reserveCapacity(scene.layers.count)
        for layer in scene.layers {
            guard layer.revision != 0 else { return nil }
            revisions.append(layer.revision)
        }
        return Shown(revisions: revisions, canvas: [scene.width, scene.height], output: [renderer.width, renderer.height],
                     background: renderer.background, images: images.identity)
    }

    /// Whether the frame already shows `shown`.
    func shows(_ shown: Shown?) -> Bool {
        shown != nil && shown == self.shown
    }

    /// Keeps what was rendered: `write` renders into the image in place and returns the issues.
    mutating func update(shown: Shown?, write: (inout RGBAImage) -> [RenderIssue]) {
        self.shown = nil
        issues = write(&image)
        self.shown = shown
    }
}

extension SceneRenderer {
    /// Renders `scene` into `frame`, unless the frame already shows what the scene draws
    /// (`RenderedFrame`): then its pixels and issues stay. The image's storage is reused.
    /// Returns whether it rendered.
    @discardableResult
    public func render(_ scene: Scene, images: ImageStore = ImageStore(), into frame: inout RenderedFrame) -> Bool {
        let shown = RenderedFrame.shown(scene, renderer: self, images: images)
        guard !frame.shows(shown) else { return false }
        frame.update(shown: shown) { image in
            var issues: [RenderIssue] = []
            render(scene, images: images, into: &image, issues: &issues)
            return issues
        }
        return true
    }
}
