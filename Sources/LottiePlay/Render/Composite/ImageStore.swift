import Foundation
import LottieModel

// MARK: - ImageStore

/// The bitmaps of an animation's image assets, decoded once, by asset id.
///
/// Embedded PNGs (`p` = `data:image/png;base64,...`) are decoded with our own `PNGDecoder`; so are
/// PNG files next to the animation (`u` + `p`) when a base folder is given. Other formats (JPEG,
/// WebP...) and files that cannot be read are not drawn; each is listed in `problems`.
public struct ImageStore: Sendable {
    /// Decoded images by asset id.
    public private(set) var images: [String: PremultipliedImage] = [:]
    /// Asset id and why its image is missing, in asset order.
    public private(set) var problems: [(assetID: String, reason: String)] = []
    /// The PNG bytes of each image, for writers that embed them again (SVG).
    private(set) var pngData: [String: [UInt8]] = [:]
    /// Tells stores apart (`RenderedFrame`): 0 for every empty store, a number no other store has
    /// for one decoded from an animation (its copies share it; the store never changes).
    let identity: UInt64

    /// An empty store: image layers draw nothing.
    public init() {
        identity = 0
    }

    /// Decodes the image assets of `animation`; `baseDirectory` is where relative image paths
    /// are looked up (nil: only embedded images). All images together decode to at most
    /// `limits.maxImagePixels` pixels: an image that would pass the budget is not decoded and is
    /// listed in `problems` (a PNG of 8192 x 8192 pixels compresses to a few kilobytes).
    public init(animation: Animation, baseDirectory: URL? = nil, limits: LottieLimits = .default) {
        identity = Revisions.next()
        var budget = limits.maxImagePixels
        for asset in animation.assets {
            guard case .image(let image) = asset else { continue }
            do {
                if let bytes = try Self.pngBytes(image, baseDirectory: baseDirectory) {
                    let decoder = PNGDecoder(limits: .init(maxPixelCount: max(budget, 0)))
                    let header = try decoder.header(of: bytes)
                    guard header.width * header.height <= budget else {
                        throw Problem(description: Self.overBudget(header, limit: limits.maxImagePixels))
                    }
                    images[image.id] = PremultipliedImage(try decoder.decode(bytes))
                    pngData[image.id] = bytes
                    budget -= header.width * header.height
                }
            } catch {
                problems.append((image.id, "\(error)"))
            }
        }
    }

    private static func overBudget(_ header: PNGHeader, limit: Int) -> String {
        "a PNG of \(header.width) x \(header.height) pixels takes the images past the limit maxImagePixels (\(limit)); not drawn"
    }

    /// Adds or replaces one image.
    public mutating func set(_ image: RGBAImage, forAssetID id: String) {
        images[id] = PremultipliedImage(image)
        pngData[id] = try? PNGEncoder().encode(image)
    }

    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    /// The PNG file of an asset: a data URI's bytes or a file's; nil when the asset has no path.
    private static func pngBytes(_ asset: ImageAsset, baseDirectory: URL?) throws -> [UInt8]? {
        guard let path = asset.path, !path.isEmpty else { return nil }
        let bytes: [UInt8]
        if path.hasPrefix("data:") {
            guard let comma = path.firstIndex(of: ",") else { throw Problem(description: "malformed data URI") }
            let header = path[path.index(path.startIndex, offsetBy: 5)..<comma].lowercased()
            guard header.hasPrefix("image/png") else {
                throw Problem(description: "\(header.split(separator: ";").first ?? "unknown") images are not supported")
            }
            guard header.hasSuffix(";base64"),
                  let data = Data(base64Encoded: String(path[path.index(after: comma)...]),
                                  options: .ignoreUnknownCharacters) else {
                throw Problem(description: "data URI is not valid base64")
            }
            bytes = [UInt8](data)
        } else {
            guard let baseDirectory else { throw Problem(description: "external image '\(path)' not loaded") }
            let url = baseDirectory.appendingPathComponent(asset.directory ?? "").appendingPathComponent(path)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw Problem(description: "no image file at \(url.path)")
            }
            bytes = [UInt8](data)
        }
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) else {
            let kind = bytes.starts(with: [0xFF, 0xD8]) ? "JPEG" : "non-PNG"
            throw Problem(description: "\(kind) images are not supported")
        }
        return bytes
    }
}
