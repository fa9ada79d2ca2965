// MARK: - Layer

/// A layer of a composition: the fields every layer has, and its `content`, which depends
/// on the layer type `ty`.
public struct Layer: Equatable, Sendable {
    /// `nm`: the name shown in After Effects.
    public var name: String?
    /// `mn`: After Effects' match name.
    public var matchName: String?
    /// `ind`: the index other layers use to name this one as parent or matte.
    public var index: Int?
    /// `parent`: the `ind` of the parent layer.
    public var parent: Int?
    /// `ddd`: the layer is 3D.
    public var is3D: Bool
    /// `ip`, `op`: the frames between which the layer is visible (`ip <= t < op`).
    public var inPoint: Double
    public var outPoint: Double
    /// `st`: the start time (shifts precomp content).
    public var startTime: Double
    /// `sr`: time stretch (precomp layers).
    public var timeStretch: Double
    /// `ks`: the layer's transform.
    public var transform: Transform
    /// `ao`: auto-orient along the position's path.
    public var autoOrient: Bool
    /// `hd`: hidden.
    public var hidden: Bool
    /// `bm`: blend mode.
    public var blendMode: BlendMode
    /// `tt`: this layer is masked by a track matte.
    public var matteMode: MatteMode?
    /// `tp`: the `ind` of the matte layer (when not simply the layer above).
    public var matteParent: Int?
    /// `td`: this layer is a matte source and is not drawn itself.
    public var isMatteSource: Bool
    /// `hasMask` and `masksProperties`.
    public var hasMask: Bool?
    public var masks: [Mask]?
    /// `ef`: effects, in the order they apply.
    public var effects: [Effect]?
    /// `sy`: layer styles, applied after the effects.
    public var styles: [LayerStyle]?
    /// `cl`, `ln`: CSS class and HTML id used by the web player.
    public var className: String?
    public var htmlID: String?
    /// What the layer draws.
    public var content: LayerContent

    public init(name: String? = nil, index: Int? = nil, inPoint: Double = 0, outPoint: Double, content: LayerContent) {
        self.name = name
        self.index = index
        self.is3D = false
        self.inPoint = inPoint
        self.outPoint = outPoint
        self.startTime = 0
        self.timeStretch = 1
        self.transform = Transform()
        self.autoOrient = false
        self.hidden = false
        self.blendMode = .normal
        self.isMatteSource = false
        self.content = content
    }

    /// `ty`: the layer type.
    public var type: LayerType { content.type }
}

// MARK: - Codable

extension Layer: Codable {
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        name = try container.decodeIfPresent(String.self, forKey: "nm")
        matchName = try container.decodeIfPresent(String.self, forKey: "mn")
        index = try container.decodeIfPresent(Int.self, forKey: "ind")
        parent = try container.decodeIfPresent(Int.self, forKey: "parent")
        is3D = try container.decodeIfPresent(Bool.self, forKey: "ddd") ?? false
        inPoint = try container.decodeIfPresent(Double.self, forKey: "ip") ?? 0
        outPoint = try container.decodeIfPresent(Double.self, forKey: "op") ?? 0
        startTime = try container.decodeIfPresent(Double.self, forKey: "st") ?? 0
        timeStretch = try container.decodeIfPresent(Double.self, forKey: "sr") ?? 1
        transform = try container.decodeIfPresent(Transform.self, forKey: "ks") ?? Transform()
        autoOrient = try container.decodeIfPresent(Bool.self, forKey: "ao") ?? false
        hidden = try container.decodeIfPresent(Bool.self, forKey: "hd") ?? false
        blendMode = try container.decodeIfPresent(BlendMode.self, forKey: "bm") ?? .normal
        matteMode = try container.decodeIfPresent(MatteMode.self, forKey: "tt")
        matteParent = try container.decodeIfPresent(Int.self, forKey: "tp")
        isMatteSource = try container.decodeIfPresent(Bool.self, forKey: "td") ?? false
        hasMask = try container.decodeIfPresent(Bool.self, forKey: "hasMask")
        masks = try container.decodeIfPresent([Mask].self, forKey: "masksProperties")
        effects = try container.decodeIfPresent([Effect].self, forKey: "ef")
        styles = try container.decodeIfPresent([LayerStyle].self, forKey: "sy")
        className = try container.decodeIfPresent(String.self, forKey: "cl")
        htmlID = try container.decodeIfPresent(String.self, forKey: "ln")
        content = try LayerContent(from: decoder)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encodeIfPresent(name, forKey: "nm")
        try container.encodeIfPresent(matchName, forKey: "mn")
        try container.encodeIfPresent(index, forKey: "ind")
        try container.encodeIfPresent(parent, forKey: "parent")
        try container.encode(is3D ? 1 : 0, forKey: "ddd")
        try container.encode(inPoint, forKey: "ip")
        try container.encode(outPoint, forKey: "op")
        try container.encode(startTime, forKey: "st")
        try container.encode(timeStretch, forKey: "sr")
        try container.encode(transform, forKey: "ks")
        try container.encode(autoOrient ? 1 : 0, forKey: "ao")
        if hidden { try container.encode(true, forKey: "hd") }
        try container.encode(blendMode, forKey: "bm")
        try container.encodeIfPresent(matteMode, forKey: "tt")
        try container.encodeIfPresent(matteParent, forKey: "tp")
        if isMatteSource { try container.encode(1, forKey: "td") }
        try container.encodeIfPresent(hasMask, forKey: "hasMask")
        try container.encodeIfPresent(masks, forKey: "masksProperties")
        try container.encodeIfPresent(effects, forKey: "ef")
        try container.encodeIfPresent(styles, forKey: "sy")
        try container.encodeIfPresent(className, forKey: "cl")
        try container.encodeIfPresent(htmlID, forKey: "ln")
        try content.encode(to: encoder)
    }
}
