import Foundation
import LottieModel

// MARK: - ImageStore

/// The bitmaps of an animation's image assets, decoded once, by asset id.
///
/// Images embedded as data URLs (`p` = `data:image/...;base64,...`) and image files beside the
/// animation (`u` + `p`, when a base folder is given) or in an images folder are decoded with our
/// own decoders, whatever their format by content (`ImageFile`). Files that cannot be read or
/// decoded are not drawn; each is listed in `problems` with the reason.
public struct ImageStore: Sendable {
    /// Decoded images by asset id.
    public private(set) var images: [String: PremultipliedImage] = [:]
    /// Why an image is missing, at its asset's JSON path and naming its id, in asset order.
    public private(set) var problems: [LottieDiagnostic] = []
    /// The PNG bytes of each image, for writers that embed them again (SVG).
    private(set) var pngData: [String: [UInt8]] = [:]
    /// Tells stores apart (`RenderedFrame`): 0 for every empty store, a number no other store has
    /// for one decoded from an animation (its copies share it; the store never changes).
    let identity: UInt64

    /// An empty store: image layers draw nothing.
    public init() {
        identity = 0
    }

    /// Decodes the image assets of `animation`. An image file is looked up as `p` in
    /// `imagesFolder` when one is given (as lottie-android's `imageAssetsFolder`), else as `u` +
    /// `p` under `baseDirectory` (nil: only embedded images); an asset that names a slot takes the
    /// slot's file. All images together decode to at
    /// most `limits.maxImagePixels` pixels: an image that would pass the budget is not decoded and
    /// is listed in `problems` (an image of 8192 x 8192 pixels compresses to a few kilobytes).
    public init(animation: LottieAnimation, baseDirectory: URL? = nil, imagesFolder: URL? = nil,
                limits: LottieLimits = .default) {
        identity = Revisions.next()
        var budget = limits.maxImagePixels
        // Image assets that name a slot take the slot's picture (`LottieAnimation.resolvingSlots`).
        let assets = animation.slots == nil ? animation.assets
            : ((try? animation.resolvingSlots().animation) ?? animation).assets
        for (position, asset) in assets.enumerated() {
            guard case .image(let image) = asset else { continue }
            do {
                guard let bytes = try Self.fileBytes(image, baseDirectory: baseDirectory, imagesFolder: imagesFolder) else {
                    continue
                }
                let (format, width, height) = try ImageFile.size(of: bytes)
                guard width * height <= budget else {
                    throw ImageFile.Failure(description: "a \(format.rawValue) of \(width) x \(height) pixels takes the "
                        + "images past the limit maxImagePixels (\(limits.maxImagePixels)); not drawn")
                }
                let decoded = try ImageFile.decode(bytes, format: format, maxPixelCount: max(budget, 0))
                images[image.id] = PremultipliedImage(decoded)
                pngData[image.id] = format == .png ? bytes : try? PNGEncoder().encode(decoded)
                budget -= width * height
            } catch {
                problems.append(LottieDiagnostic(.warning, .image, path: "assets[\(position)]",
                                                 message: "image '\(image.id)': \(error)"))
            }
        }
    }

    /// Adds or replaces one image.
    public mutating func set(_ image: RGBAImage, forAssetID id: String) {
        images[id] = PremultipliedImage(image)
        pngData[id] = try? PNGEncoder().encode(image)
    }

    /// The image file of an asset: a data URL's bytes or a file's; nil when the asset has no path.
    private static func fileBytes(_ asset: ImageAsset, baseDirectory: URL?, imagesFolder: URL?) throws -> [UInt8]? {
        guard let path = asset.path, !path.isEmpty else { return nil }
        if path.hasPrefix("data:") {
            guard let comma = path.firstIndex(of: ",") else { throw ImageFile.Failure(description: "malformed data URI") }
            let header = path[path.index(path.startIndex, offsetBy: 5)..<comma].lowercased()
            guard header.hasSuffix(";base64"),
                  let data = Data(base64Encoded: String(path[path.index(after: comma)...]),
                                  options: .ignoreUnknownCharacters) else {
                throw ImageFile.Failure(description: "data URI is not valid base64")
            }
            return [UInt8](data)
        }
        let url: URL
        if let imagesFolder {
            url = imagesFolder.appendingPathComponent(path)
        } else if let baseDirectory {
            url = baseDirectory.appendingPathComponent(asset.directory ?? "").appendingPathComponent(path)
        } else {
            throw ImageFile.Failure(description: "external image '\(path)' not loaded")
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw ImageFile.Failure(description: "no image file at \(url.path)")
        }
        return [UInt8](data)
    }
}
