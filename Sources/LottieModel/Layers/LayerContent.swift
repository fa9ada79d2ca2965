// MARK: - LayerContent

/// What a layer draws, by layer type `ty` (`LayerType`). Unknown types are kept with their
/// number and skipped by players, never a decode failure.
///
/// The cases with large fields are `indirect`: inline, every layer of a file took the size
/// of the largest (text, about 270 bytes), and a layer array grows by doubling.
public enum LayerContent: Equatable, Sendable {
    /// 0: an instance of a precomposition asset.
    indirect case precomp(PrecompLayerContent)
    /// 1: a rectangle of solid colour.
    indirect case solid(SolidLayerContent)
    /// 2: an image asset.
    case image(assetID: String)
    /// 3: nothing drawn; a parent for other layers.
    case null
    /// 4: vector shapes.
    case shape([ShapeItem])
    /// 5: text.
    indirect case text(TextData)
    /// 6: a sound asset.
    case audio(assetID: String?)
    /// 7: video placeholder; 8: image sequence; 9: video; 10: image placeholder.
    case videoPlaceholder
    case imageSequence
    case video
    case imagePlaceholder
    /// 11: guide layer, never rendered.
    case guide
    /// 12: adjustment layer (applies its effects to the layers below).
    case adjustment
    /// 13: a 3D camera with perspective `pe`.
    indirect case camera(perspective: Animatable<Double>?)
    /// 14: a light.
    case light
    /// 15: a data layer (`refId` to a data source asset).
    case data(assetID: String?)
    /// Any other type number.
    case unknown(type: Int)

    /// `ty`: the layer type of this content.
    public var type: LayerType {
        switch self {
        case .precomp: .precomp
        case .solid: .solid
        case .image: .image
        case .null: .null
        case .shape: .shape
        case .text: .text
        case .audio: .audio
        case .videoPlaceholder: .videoPlaceholder
        case .imageSequence: .imageSequence
        case .video: .video
        case .imagePlaceholder: .imagePlaceholder
        case .guide: .guide
        case .adjustment: .adjustment
        case .camera: .camera
        case .light: .light
        case .data: .data
        case .unknown(let type): LayerType(rawValue: type)
        }
    }
}

// MARK: - Type-specific fields

/// The fields of a precomp layer (`ty` 0).
public struct PrecompLayerContent: Equatable, Sendable, Codable {
    /// `refId`: the id of the precomposition asset.
    public var assetID: String
    /// `w`, `h`: the size of the precomp's viewport.
    public var width: Double?
    public var height: Double?
    /// `tm`: time remapping, in seconds (supersedes `st`/`sr`).
    public var timeRemap: Animatable<Double>?

    public init(assetID: String, width: Double? = nil, height: Double? = nil, timeRemap: Animatable<Double>? = nil) {
        self.assetID = assetID
        self.width = width
        self.height = height
        self.timeRemap = timeRemap
    }

    enum CodingKeys: String, CodingKey {
        case assetID = "refId", width = "w", height = "h", timeRemap = "tm"
    }
}

/// The fields of a solid layer (`ty` 1).
public struct SolidLayerContent: Equatable, Sendable, Codable {
    /// `sc`: the colour as a hex string, `#rrggbb`.
    public var color: String
    /// `sw`, `sh`: the size of the rectangle.
    public var width: Double
    public var height: Double

    public init(color: String, width: Double, height: Double) {
        self.color = color
        self.width = width
        self.height = height
    }

    enum CodingKeys: String, CodingKey {
        case color = "sc", width = "sw", height = "sh"
    }
}

// MARK: - Codable

extension LayerContent {
    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        let type = try container.decode(LayerType.self, forKey: "ty")
        switch type {
        case .precomp: self = .precomp(try PrecompLayerContent(from: decoder))
        case .solid: self = .solid(try SolidLayerContent(from: decoder))
        case .image: self = .image(assetID: try container.decodeIfPresent(String.self, forKey: "refId") ?? "")
        case .null: self = .null
        case .shape: self = .shape(try container.decodeIfPresent([ShapeItem].self, forKey: "shapes") ?? [])
        case .text: self = .text(try container.decode(TextData.self, forKey: "t"))
        case .audio: self = .audio(assetID: try container.decodeIfPresent(String.self, forKey: "refId"))
        case .videoPlaceholder: self = .videoPlaceholder
        case .imageSequence: self = .imageSequence
        case .video: self = .video
        case .imagePlaceholder: self = .imagePlaceholder
        case .guide: self = .guide
        case .adjustment: self = .adjustment
        case .camera: self = .camera(perspective: try container.decodeIfPresent(Animatable<Double>.self, forKey: "pe"))
        case .light: self = .light
        case .data: self = .data(assetID: try container.decodeIfPresent(String.self, forKey: "refId"))
        case .unknown(let code): self = .unknown(type: code)
        }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(type, forKey: "ty")
        switch self {
        case .precomp(let fields): try fields.encode(to: encoder)
        case .solid(let fields): try fields.encode(to: encoder)
        case .image(let assetID): try container.encode(assetID, forKey: "refId")
        case .shape(let items): try container.encode(items, forKey: "shapes")
        case .text(let data): try container.encode(data, forKey: "t")
        case .audio(let assetID), .data(let assetID): try container.encodeIfPresent(assetID, forKey: "refId")
        case .camera(let perspective): try container.encodeIfPresent(perspective, forKey: "pe")
        case .null, .videoPlaceholder, .imageSequence, .video, .imagePlaceholder, .guide,
             .adjustment, .light, .unknown:
            break
        }
    }
}
