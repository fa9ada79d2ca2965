import LottieModel

// MARK: - SceneRenderer

/// Draws a `LottieScene` into an RGBA image of any size.
///
/// The composition (`scene.width` x `scene.height`) is scaled uniformly to fit the output and
/// centred ("contain", the fit of the reference renders); the margin shows the background, and
/// nothing drawn reaches into it (the composition's rectangle clips everything).
/// Pixels are anti-aliased by exact area coverage; layers are composited in premultiplied RGBA8
/// and converted to 8-bit straight alpha at the end.
///
///     let timeline = Timeline(animation)
///     let renderer = SceneRenderer(width: 256, height: 256)
///     let image = renderer.render(timeline.scene(atFrame: 30), images: ImageStore(animation: animation))
///     let png = try PNGEncoder().encode(image)
public struct SceneRenderer: Sendable {
    /// Output size in pixels. A new size gives the renderer a pool of its own: copies made
    /// before keep theirs.
    public var width: Int { didSet { resized(from: oldValue, to: width) } }
    public var height: Int { didSet { resized(from: oldValue, to: height) } }
    /// The colour under everything; nil leaves the background transparent.
    public var background: RGBAColor?
    /// Idle compositors of this output size with their canvases, so that rendering frame after
    /// frame does not allocate canvases each time; shared by copies of the same size (rendering
    /// on several threads at once takes several).
    private var pool = Self.newPool()

    private static func newPool() -> IdlePool<LayerCompositor> { IdlePool(capacity: 4) }

    private mutating func resized(from old: Int, to new: Int) {
        precondition(new > 0, "SceneRenderer needs a positive size")
        if new != old { pool = Self.newPool() }
    }

    public init(width: Int, height: Int, background: RGBAColor? = nil) {
        precondition(width > 0 && height > 0, "SceneRenderer needs a positive size")
        self.width = width
        self.height = height
        self.background = background
    }

    /// The frame as an 8-bit straight-alpha image.
    public func render(_ scene: LottieScene, images: ImageStore = ImageStore()) -> RGBAImage {
        var issues: [LottieDiagnostic] = []
        return render(scene, images: images, issues: &issues)
    }

    /// The frame, and every feature met that was drawn approximately or not at all.
    public func render(_ scene: LottieScene, images: ImageStore, issues: inout [LottieDiagnostic]) -> RGBAImage {
        var image = RGBAImage(width: 0, height: 0)
        render(scene, images: images, into: &image, issues: &issues)
        return image
    }

    /// Renders `scene` into `image`, reusing its storage when it already has the renderer's size
    /// and is not shared (otherwise it is replaced): drawing frame after frame into the same
    /// image, as a player does, allocates no pixels.
    public func render(_ scene: LottieScene, images: ImageStore = ImageStore(), into image: inout RGBAImage,
                       issues: inout [LottieDiagnostic]) {
        render(scene, images: images, into: &image, issues: &issues, checkpoints: nil)
    }

    /// `render(_:images:into:issues:)` starting from what `checkpoints` hold of the frame before
    /// (`CanvasCheckpoint`), and keeping them up to date. With checkpoints, `writesImage` false
    /// leaves `image` as it is: the frame is read from the checkpoints' canvas.
    func render(_ scene: LottieScene, images: ImageStore, into image: inout RGBAImage, writesImage: Bool = true,
                issues: inout [LottieDiagnostic], checkpoints: CanvasCheckpoints?) {
        // A compositor of another size (a copy's, changed since) is left for the allocator.
        let idle = pool.take().flatMap { $0.width == width && $0.height == height ? $0 : nil }
        let compositor = idle ?? LayerCompositor(width: width, height: height)
        defer { pool.put(compositor) }
        let canvas = compositor.render(scene, images: images, fit: fitTransform(for: scene), checkpoints: checkpoints)
        if let background {
            compositor.underlay(background.premultiplied(), beneath: canvas)
        }
        issues = compositor.issues
        if let checkpoints {
            // The frame's own canvas, kept for the next frame.
            if writesImage { checkpoints.write(canvas, into: &image) }
        } else {
            canvas.takeImage(into: &image)
            compositor.release(canvas)
        }
    }

    /// Scene canvas to output pixels: the uniform scale that fits the composition inside the
    /// output, centred.
    public func fitTransform(for scene: LottieScene) -> AffineMatrix {
        Self.fitTransform(width: scene.width, height: scene.height, into: width, height)
    }

    /// The "contain" fit of a `width` x `height` canvas into `outputWidth` x `outputHeight` pixels.
    public static func fitTransform(width: Double, height: Double, into outputWidth: Int, _ outputHeight: Int)
        -> AffineMatrix {
        guard width > 0, height > 0, width.isFinite, height.isFinite else { return .identity }
        let scale = Swift.min(Double(outputWidth) / width, Double(outputHeight) / height)
        return AffineMatrix(a: scale, b: 0, c: 0, d: scale,
                               tx: (Double(outputWidth) - width * scale) / 2,
                               ty: (Double(outputHeight) - height * scale) / 2)
    }
}
