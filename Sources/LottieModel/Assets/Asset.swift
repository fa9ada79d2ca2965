// MARK: - Asset

/// An entry of `assets`: a precomposition other layers instance, an image, a sound or a
/// data source. The kind is decided by the fields present: `layers` makes a
/// precomposition, `t: 3` a data source, a path `p` an image (or a sound when it has no size
/// and a sound file name).
public enum Asset: Equatable, Sendable {
    case precomposition(PrecompositionAsset)
    case image(ImageAsset)
    case sound(ImageAsset)
    case dataSource(id: String, raw: JSONValue)
    case unknown(id: String, raw: JSONValue)

    /// `id`: the asset's identifier.
    public var id: String {
        switch self {
        case .precomposition(let asset): asset.id
        case .image(let asset), .sound(let asset): asset.id
        case .dataSource(let id, _), .unknown(let id, _): id
        }
    }
}

/// A precomposition: layers that precomp layers instance by `refId`.
public struct PrecompositionAsset: Equatable, Sendable, Codable {
    public var id: String
    public var name: String?
    /// `fr`: its own frame rate (rare; the animation's is used otherwise).
    public var frameRate: Double?
    public var layers: [Layer]

    public init(id: String, layers: [Layer]) {
        self.id = id
        self.layers = layers
    }

    enum CodingKeys: String, CodingKey {
        case id, name = "nm", frameRate = "fr", layers
    }
}

/// An image (or sound) file: embedded as a data URI (`e: 1`) or a path `u` + `p`.
public struct ImageAsset: Equatable, Sendable, Codable {
    public var id: String
    public var name: String?
    public var width: Double?
    public var height: Double?
    /// `u`: folder; `p`: file name or data URI.
    public var directory: String?
    public var path: String?
    /// `e`: `p` is a data URI.
    public var embedded: Bool?
    /// `t`: `"seq"` for an image sequence frame.
    public var type: JSONValue?
    /// `sid`: slot id.
    public var slotID: String?

    public init(id: String, path: String?, embedded: Bool? = nil) {
        self.id = id
        self.path = path
        self.embedded = embedded
    }

    enum CodingKeys: String, CodingKey {
        case id, name = "nm", width = "w", height = "h", directory = "u", path = "p", embedded = "e"
        case type = "t", slotID = "sid"
    }
}

// MARK: - Codable

extension Asset: Codable {
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        let id = try container.decodeIfPresent(String.self, forKey: "id") ?? ""
        if container.contains("layers") {
            self = .precomposition(try PrecompositionAsset(from: decoder))
        } else if (try? container.decode(Int.self, forKey: "t")) == 3 {
            self = .dataSource(id: id, raw: try JSONValue(from: decoder))
        } else if container.contains("p") || container.contains("sid") {
            let asset = try ImageAsset(from: decoder)
            self = Self.isSound(asset) ? .sound(asset) : .image(asset)
        } else {
            self = .unknown(id: id, raw: try JSONValue(from: decoder))
        }
    }

    /// A file with no size whose path names a sound (`.mp3`, `data:audio...`).
    static func isSound(_ asset: ImageAsset) -> Bool {
        guard asset.width == nil, asset.height == nil, let path = asset.path?.lowercased() else { return false }
        return [".mp3", ".wav", ".aac", ".ogg", ".m4a"].contains { path.hasSuffix($0) }
            || path.hasPrefix("data:audio")
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .precomposition(let asset): try asset.encode(to: encoder)
        case .image(let asset), .sound(let asset): try asset.encode(to: encoder)
        case .dataSource(_, let raw), .unknown(_, let raw): try raw.encode(to: encoder)
        }
    }
}
