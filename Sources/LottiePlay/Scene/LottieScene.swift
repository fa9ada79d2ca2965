import LottieModel

// MARK: - Scene

/// Everything drawn at one moment of an animation, as plain values: no renderer types.
///
/// Layers are listed in painter's order: the first is drawn first (bottom), the last on
/// top. (The JSON lists the top layer first; the scene has already reversed that.) Matte
/// sources are not listed on their own: each is attached to the layer it masks.
public struct LottieScene: Sendable {
    /// The composition frame this scene shows.
    public var frame: Double
    /// The canvas size.
    public var width: Double
    public var height: Double
    /// The visible layers, bottom first.
    public var layers: [SceneLayer]

    public init(frame: Double, width: Double, height: Double, layers: [SceneLayer]) {
        self.frame = frame
        self.width = width
        self.height = height
        self.layers = layers
    }

    /// Every layer, depth first through precomps, with its nesting depth (for reports): bottom
    /// first, or in file order (top first) when `topFirst`.
    public func flattenedLayers(topFirst: Bool = false) -> [(layer: SceneLayer, depth: Int)] {
        var result: [(SceneLayer, Int)] = []
        func visit(_ layers: [SceneLayer], depth: Int) {
            for layer in topFirst ? layers.reversed() : layers {
                result.append((layer, depth))
                if case .precomp(let children, _) = layer.content { visit(children, depth: depth + 1) }
            }
        }
        visit(layers, depth: 0)
        return result
    }
}


// MARK: - SceneLayer

/// One visible layer at a moment.
public struct SceneLayer: Sendable {
    /// Name, index, type and path, shared by the scenes of every frame: one reference to copy
    /// instead of two strings (a scene's layers are copied as it is built, and released after).
    var identity: LayerIdentity

    /// `nm`, `ind` and `ty` of the layer.
    public var name: String? {
        get { identity.name }
        set { identity = LayerIdentity(name: newValue, index: index, type: type, jsonPath: jsonPath) }
    }
    public var index: Int? {
        get { identity.index }
        set { identity = LayerIdentity(name: name, index: newValue, type: type, jsonPath: jsonPath) }
    }
    public var type: LayerType {
        get { identity.type }
        set { identity = LayerIdentity(name: name, index: index, type: newValue, jsonPath: jsonPath) }
    }
    /// Where the layer is in the file, e.g. `layers[2]` or `assets[0].layers[1]`.
    public var jsonPath: String {
        get { identity.jsonPath }
        set { identity = LayerIdentity(name: name, index: index, type: type, jsonPath: newValue) }
    }
    /// The layer's own frame: the composition frame mapped through its precomps' time.
    public var localFrame: Double
    /// Layer space to canvas: parent chain and enclosing precomp layers included. For a layer
    /// with a `projection`, the affine map that agrees with it at the layer's origin.
    public var transform: AffineMatrix
    /// How a 3D layer seen in perspective by a camera lands on the canvas (nil for every other
    /// layer): renderers draw `projectedOntoCanvas()`.
    public var projection: LayerProjection?
    /// The layer's opacity 0...1 (parents' opacity is not inherited).
    public var opacity: Double
    public var blendMode: BlendMode
    /// Masks in layer space, in file order.
    public var masks: [SceneMask]
    /// The track matte that masks this layer.
    public var matte: SceneMatte?
    /// The effects drawn on the layer's pixels after its masks and before its matte, in order.
    public var effects: [SceneEffect] = []
    public var content: SceneContent
    /// Names what the layer draws: two scene layers with the same identity (`jsonPath`, in the
    /// same precomp instance) and the same revision draw the same (the same transform, opacity,
    /// masks, matte and content). A renderer keeps what it drew of a layer as long as its
    /// revision stays (`Timeline.update(_:toFrame:)` changes it only when the layer changed);
    /// 0 for a layer made by hand.
    public internal(set) var revision: UInt64 = 0

    public init(name: String?, index: Int?, type: LayerType, jsonPath: String, localFrame: Double,
                transform: AffineMatrix, opacity: Double, blendMode: BlendMode,
                masks: [SceneMask] = [], matte: SceneMatte? = nil, content: SceneContent) {
        self.init(identity: LayerIdentity(name: name, index: index, type: type, jsonPath: jsonPath),
                  localFrame: localFrame, transform: transform, opacity: opacity, blendMode: blendMode,
                  masks: masks, matte: matte, content: content)
    }

    init(identity: LayerIdentity, localFrame: Double, transform: AffineMatrix, opacity: Double,
         blendMode: BlendMode, masks: [SceneMask] = [], matte: SceneMatte? = nil, content: SceneContent) {
        self.identity = identity
        self.localFrame = localFrame
        self.transform = transform
        self.opacity = opacity
        self.blendMode = blendMode
        self.masks = masks
        self.matte = matte
        self.content = content
    }
}

// Reflected as what the layer shows: its name, index, type and path rather than the object that
// holds them, and without its revision (two scenes that show the same, made by two states, print
// the same).
extension SceneLayer: CustomReflectable {
    public var customMirror: Mirror {
        var children: [Mirror.Child] = [
            ("name", name as Any), ("index", index as Any), ("type", type), ("jsonPath", jsonPath),
            ("localFrame", localFrame), ("transform", transform), ("opacity", opacity), ("blendMode", blendMode),
            ("masks", masks), ("matte", matte as Any), ("effects", effects), ("content", content),
        ]
        // A projection is listed where there is one, so that flat layers print as they did.
        if let projection { children.insert(("projection", projection), at: 6) }
        return Mirror(self, children: children, displayStyle: .struct)
    }
}

// MARK: - Opacity

extension SceneLayer {
    /// Whether a layer of this opacity draws anything: the renderers draw nothing for an opacity
    /// that is not a finite number above 0, nor for what it contains (whose evaluation the scene
    /// builder then skips). Two comparisons (NaN fails both): `isFinite` took a dozen integer
    /// instructions for every listed layer.
    @inline(__always)
    static func isDrawn(opacity: Double) -> Bool {
        opacity > 0 && opacity <= .greatestFiniteMagnitude
    }
}

// MARK: - Updating in place

extension SceneLayer {
    /// The layer's content, moved out (the layer is left with none).
    mutating func takeContent() -> SceneContent {
        var taken = SceneContent.empty
        swap(&taken, &content)
        return taken
    }

    /// The layer's masks, moved out (the layer is left with none).
    mutating func takeMasks() -> [SceneMask] {
        var taken: [SceneMask] = []
        swap(&taken, &masks)
        return taken
    }
}

extension SceneContent {
    /// The drawings of shape content, moved out (the content left empty); nil for other content.
    mutating func takeDrawings() -> [ShapeDrawing]? {
        guard case .shapes(let drawings) = self else { return nil }
        self = .empty  // Releases the content's hold: `drawings` is then the only one.
        return drawings
    }

    /// The layers of precomp content, moved out (the content left empty), and whether it was
    /// precomp content (the list is empty for other content).
    mutating func takePrecompLayers() -> (layers: [SceneLayer], wasPrecomp: Bool) {
        guard case .precomp(let layers, _) = self else { return ([], false) }
        self = .empty
        return (layers, true)
    }
}

/// What names a layer in every scene: made once per compiled layer.
final class LayerIdentity: Sendable {
    let name: String?
    let index: Int?
    let type: LayerType
    let jsonPath: String
    init(name: String?, index: Int?, type: LayerType, jsonPath: String) {
        self.name = name
        self.index = index
        self.type = type
        self.jsonPath = jsonPath
    }
}

/// What a layer draws.
public enum SceneContent: Sendable {
    /// Shapes, bottom first, in layer space.
    case shapes([ShapeDrawing])
    /// A rectangle of colour from (0, 0) to (width, height).
    case solid(color: RGBAColor, width: Double, height: Double)
    /// An image asset drawn from (0, 0) to (width, height).
    case image(assetID: String, width: Double, height: Double)
    /// Text.
    // Boxed: a text document is several times larger than the other cases, and scene layers
    // are copied as they are built.
    indirect case text(SceneText)
    /// A precomposition's layers (bottom first), clipped to `clip` (in this layer's space) when given.
    case precomp([SceneLayer], clip: Rect?)
    /// Nothing (null layers are not listed; this is for layers whose content is unsupported).
    case empty
}

/// An axis-aligned rectangle.
public struct Rect: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

// MARK: - Masks and mattes

/// A layer mask at a moment.
public struct SceneMask: Sendable {
    public var mode: MaskMode
    /// The outline, in layer space.
    public var path: BezierContour
    /// Opacity 0...1.
    public var opacity: Double
    /// Expansion in layer units.
    public var expansion: Double
    public var inverted: Bool

    public init(mode: MaskMode, path: BezierContour, opacity: Double, expansion: Double, inverted: Bool) {
        self.mode = mode
        self.path = path
        self.opacity = opacity
        self.expansion = expansion
        self.inverted = inverted
    }
}

/// A track matte: the layer whose alpha or luma masks another.
public struct SceneMatte: Sendable {
    public var mode: MatteMode
    private var storage: [SceneLayer]

    /// The matte source layer (drawn only to make the mask).
    public var source: SceneLayer { storage[0] }

    public init(mode: MatteMode, source: SceneLayer) {
        self.mode = mode
        self.storage = [source]
    }

    /// Rewrites the source in place (in the matte's own storage when no copy of the matte holds
    /// it too): a new matte would be a new list for it.
    mutating func rewriteSource(_ body: (inout SceneLayer) -> Void) {
        storage.withUnsafeMutableBufferPointer { body(&$0[0]) }
    }
}
