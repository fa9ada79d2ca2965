// MARK: - Animation

/// A Lottie animation: the top-level object of a Lottie JSON file.
public struct LottieAnimation: Equatable, Sendable {
    /// `v`: the bodymovin version that wrote the file, e.g. `"5.7.4"`.
    public var version: String?
    /// `nm`: the composition's name.
    public var name: String?
    /// `fr`: frames per second.
    public var frameRate: Double
    /// `ip`, `op`: the first frame and the frame after the last.
    public var inPoint: Double
    public var outPoint: Double
    /// `w`, `h`: the canvas size.
    public var width: Double
    public var height: Double
    /// `ddd`: the composition has 3D layers.
    public var is3D: Bool
    /// `assets`: precompositions, images, sounds, data sources.
    public var assets: [Asset]
    /// `layers`: the layers, first on top.
    public var layers: [Layer]
    /// `markers`: named moments and segments.
    public var markers: [Marker]
    /// `fonts`, `chars`: fonts and glyph shapes for text layers.
    public var fonts: FontList?
    public var glyphs: [Glyph]?
    /// `slots`: values that may replace slotted properties (kept verbatim).
    public var slots: JSONValue?
    /// `meta`: generator, author, keywords... (kept verbatim).
    public var metadata: JSONValue?
    /// `mb`: motion blur settings (kept verbatim).
    public var motionBlur: JSONValue?

    public init(frameRate: Double, inPoint: Double, outPoint: Double, width: Double, height: Double, layers: [Layer]) {
        self.frameRate = frameRate
        self.inPoint = inPoint
        self.outPoint = outPoint
        self.width = width
        self.height = height
        self.is3D = false
        self.assets = []
        self.layers = layers
        self.markers = []
    }

    /// The duration in frames, `op - ip`.
    public var durationFrames: Double { outPoint - inPoint }

    /// The duration in seconds (0 when the frame rate is not positive).
    public var durationSeconds: Double { frameRate > 0 ? durationFrames / frameRate : 0 }

    /// The precomposition asset with this id.
    public func precomposition(id: String) -> PrecompositionAsset? {
        for asset in assets {
            if case .precomposition(let precomp) = asset, precomp.id == id { return precomp }
        }
        return nil
    }
}

// MARK: - Codable

extension LottieAnimation: Codable {
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        version = try container.decodeIfPresent(String.self, forKey: "v")
        name = try container.decodeIfPresent(String.self, forKey: "nm")
        frameRate = try container.decode(Double.self, forKey: "fr")
        inPoint = try container.decode(Double.self, forKey: "ip")
        outPoint = try container.decode(Double.self, forKey: "op")
        width = try container.decode(Double.self, forKey: "w")
        height = try container.decode(Double.self, forKey: "h")
        is3D = try container.decodeIfPresent(Bool.self, forKey: "ddd") ?? false
        assets = try container.decodeIfPresent([Asset].self, forKey: "assets") ?? []
        layers = try container.decode([Layer].self, forKey: "layers")
        markers = try container.decodeIfPresent([Marker].self, forKey: "markers") ?? []
        fonts = try container.decodeIfPresent(FontList.self, forKey: "fonts")
        glyphs = try container.decodeIfPresent([Glyph].self, forKey: "chars")
        slots = try container.decodeIfPresent(JSONValue.self, forKey: "slots")
        metadata = try container.decodeIfPresent(JSONValue.self, forKey: "meta")
        motionBlur = try container.decodeIfPresent(JSONValue.self, forKey: "mb")
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encodeIfPresent(version, forKey: "v")
        try container.encodeIfPresent(name, forKey: "nm")
        try container.encode(frameRate, forKey: "fr")
        try container.encode(inPoint, forKey: "ip")
        try container.encode(outPoint, forKey: "op")
        try container.encode(width, forKey: "w")
        try container.encode(height, forKey: "h")
        try container.encode(is3D ? 1 : 0, forKey: "ddd")
        try container.encode(assets, forKey: "assets")
        try container.encode(layers, forKey: "layers")
        if !markers.isEmpty { try container.encode(markers, forKey: "markers") }
        try container.encodeIfPresent(fonts, forKey: "fonts")
        try container.encodeIfPresent(glyphs, forKey: "chars")
        try container.encodeIfPresent(slots, forKey: "slots")
        try container.encodeIfPresent(metadata, forKey: "meta")
        try container.encodeIfPresent(motionBlur, forKey: "mb")
    }
}
