// MARK: - LayerSummary

/// One layer as reports show it: what it is, when it shows, what it holds, and, for a precomp
/// layer, the layers of its composition.
public struct LayerSummary: Codable, Equatable, Sendable {
    /// Where the layer is: `layers[2]`, `assets[0].layers[1]`.
    public var path: String
    /// `ind`, `nm`, `parent`.
    public var index: Int?
    public var name: String?
    public var parent: Int?
    /// `ty` and its name ("shape", "precomp", "unknown type 42").
    public var type: LayerType
    public var typeName: String
    /// `ip`, `op`: the layer shows for `inPoint <= t < outPoint`.
    public var inPoint: Double
    public var outPoint: Double
    /// `st`, `sr`.
    public var startTime: Double
    public var timeStretch: Double
    /// What the layer draws, in words: "2 items: group 'Roof' (path, transform), stroke 'Outline'".
    public var contents: String
    /// `hd`, `ddd`, `ao`.
    public var isHidden: Bool
    public var is3D: Bool
    public var autoOrients: Bool
    /// `bm`, when not normal ("multiply").
    public var blendMode: String?
    /// `tt` ("alpha", "luma inverted") and `tp`, when the layer is matted; `td`.
    public var matteMode: String?
    public var matteLayer: Int?
    public var isMatteSource: Bool
    /// `masksProperties`, `ef`.
    public var maskCount: Int
    public var effectCount: Int
    /// A precomp layer's `refId`.
    public var precompID: String?
    /// A precomp layer's composition, listed once: the first layer that uses a composition holds
    /// its layers; later ones, and cycles, say why they do not in `childrenNote`.
    public var children: [LayerSummary]
    public var childrenNote: String?

    public init(_ layer: Layer, path: String, contents: String) {
        self.path = path
        index = layer.index
        name = layer.name
        parent = layer.parent
        type = layer.type
        typeName = layer.type.description
        inPoint = layer.inPoint
        outPoint = layer.outPoint
        startTime = layer.startTime
        timeStretch = layer.timeStretch
        self.contents = contents
        isHidden = layer.hidden
        is3D = layer.is3D
        autoOrients = layer.autoOrient
        blendMode = layer.blendMode == .normal ? nil : layer.blendMode.description
        if let mode = layer.matteMode, mode != .normal {
            matteMode = mode.description
            matteLayer = layer.matteParent
        }
        isMatteSource = layer.isMatteSource
        maskCount = layer.masks?.count ?? 0
        effectCount = layer.effects?.count ?? 0
        if case .precomp(let fields) = layer.content { precompID = fields.assetID }
        children = []
    }
}
