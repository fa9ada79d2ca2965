// MARK: - AssetSummary

/// One entry of `assets` as reports show it.
public struct AssetSummary: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, Sendable, CustomStringConvertible {
        case precomp, image, sound, dataSource, unknown

        public var description: String {
            switch self {
            case .precomp: "precomp"
            case .image: "image"
            case .sound: "sound"
            case .dataSource: "data source"
            case .unknown: "unknown"
            }
        }
    }

    public var id: String
    public var kind: Kind
    public var name: String?
    /// `assets[3]`.
    public var path: String
    /// How many layers of any composition refer to the asset by `refId`.
    public var useCount: Int
    /// A precomp's layer count.
    public var layerCount: Int?
    /// An image's size.
    public var width: Double?
    public var height: Double?
    /// An image or sound: true when its data is in the file as a data URI.
    public var isEmbedded: Bool?
    /// The file it refers to (`u` + `p`), when not embedded.
    public var file: String?
    /// The media type of embedded data (`image/png`), when the data URI names it.
    public var mediaType: String?
    /// The size of the embedded data once decoded, in bytes.
    public var embeddedByteCount: Int?

    public init(_ asset: Asset, at index: Int, in animation: LottieAnimation) {
        self.init(asset, at: index, useCount: Self.useCounts(in: animation)[asset.id] ?? 0)
    }

    /// A summary whose use count is already known (`useCounts(in:)`, counted once for all assets).
    init(_ asset: Asset, at index: Int, useCount: Int) {
        id = asset.id
        path = JSONPath([.key("assets"), .index(index)]).description
        self.useCount = useCount
        switch asset {
        case .precomposition(let precomp):
            kind = .precomp
            name = precomp.name
            layerCount = precomp.layers.count
        case .image(let media), .sound(let media):
            if case .image = asset { kind = .image } else { kind = .sound }
            name = media.name
            width = media.width
            height = media.height
            // `e: 1` is not trusted: some files set it on a plain path. A data URI is embedded.
            let reference = media.path ?? ""
            let embedded = reference.hasPrefix("data:")
            isEmbedded = embedded
            if embedded {
                let uri = DataURI(reference)
                mediaType = uri.mediaType
                embeddedByteCount = uri.decodedByteCount
            } else {
                file = (media.directory ?? "") + reference
            }
        case .dataSource:
            kind = .dataSource
        case .unknown:
            kind = .unknown
        }
    }

    /// How many layers of any composition refer to each asset id, in one pass over the layers
    /// (a file of 100 000 precomps must not cost 10^10 steps).
    static func useCounts(in animation: LottieAnimation) -> [String: Int] {
        var counts: [String: Int] = [:]
        func count(_ layers: [Layer]) {
            for layer in layers {
                if let id = layer.assetID { counts[id, default: 0] += 1 }
            }
        }
        count(animation.layers)
        for asset in animation.assets {
            if case .precomposition(let precomp) = asset { count(precomp.layers) }
        }
        return counts
    }
}

extension Layer {
    /// The `refId` of a precomp, image, audio or data layer.
    var assetID: String? {
        switch content {
        case .precomp(let fields): fields.assetID
        case .image(let id): id
        case .audio(let id), .data(let id): id
        default: nil
        }
    }
}

// MARK: - DataURI

/// The parts of a `data:` URI a report needs, read without decoding the payload.
struct DataURI {
    var mediaType: String?
    var decodedByteCount: Int?

    init(_ text: String) {
        guard text.hasPrefix("data:"), let comma = text.firstIndex(of: ",") else { return }
        let header = text[text.index(text.startIndex, offsetBy: 5)..<comma]
        let parts = header.split(separator: ";")
        if let type = parts.first, type.contains("/") { mediaType = String(type) }
        let payload = text.utf8.count - text[...comma].utf8.count
        if parts.contains("base64") {
            let padding = text.hasSuffix("==") ? 2 : text.hasSuffix("=") ? 1 : 0
            decodedByteCount = max(0, payload / 4 * 3 + (payload % 4 == 0 ? 0 : payload % 4 - 1) - padding)
        } else {
            decodedByteCount = payload
        }
    }
}
