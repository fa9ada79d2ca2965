import Foundation

// MARK: - ImageResolution

/// What became of an image asset that refers to a file (`u` + `p`) when its animation was
/// extracted from an archive.
public struct ImageResolution: Sendable, Equatable {
    /// The asset's `id`.
    public var assetID: String
    /// The reference as written: `u` + `p` (`/images/img_0.png`).
    public var reference: String
    public var outcome: Outcome

    public enum Outcome: Sendable, Equatable {
        /// Found at `path` in the archive and embedded as a data URI of `mimeType`.
        case embedded(path: String, byteCount: Int, mimeType: String)
        /// No archive entry matches the reference (the asset keeps its path).
        case notFound
        /// The entry exists but could not be read (the asset keeps its path).
        case unreadable(path: String, error: ContainerError)
    }
}

// MARK: - ImageEmbedding
//
// An image asset refers to a file by folder `u` and name `p`. Renderers cannot open files inside
// an archive, so the bytes are put into the asset itself: `p` becomes `data:MIME;base64,...`,
// `u` becomes "" and `e` 1, which every Lottie player reads.
//
// The file is looked for, first match wins, at (normalised: no leading `/`, `..` resolved):
//   1. the animation's folder + u + p      (a bundle: `anim/data.json` with `images/img_0.png`)
//   2. u + p                               (dotLottie v1 writes u = "/images/")
//   3. i/ + p, images/ + p                 (dotLottie v2 and v1 image folders)
//   4. the animation's folder + images/ + p, then + p; then p alone

enum ImageEmbedding {
    /// Embeds every image asset of `animation` that refers to a file found in `archive`.
    static func embed(in animation: inout LottieAnimation, from archive: ZipArchive, animationPath: String?) -> [ImageResolution] {
        let folder = animationPath.map { path in
            path.split(separator: "/").dropLast().map { $0 + "/" }.joined()
        } ?? ""
        var results: [ImageResolution] = []
        for index in animation.assets.indices {
            guard case .image(var asset) = animation.assets[index], let name = asset.path,
                  !name.hasPrefix("data:") else { continue }
            let directory = asset.directory ?? ""
            let reference = directory + name
            if directory.contains("://") || name.contains("://") { continue }  // a URL, not a file of the archive
            let candidates = [folder + directory + name, directory + name, "i/" + name, "images/" + name,
                              folder + "images/" + name, folder + name, name]
            guard let entry = candidates.lazy.compactMap({ archive.entry($0) }).first(where: { !$0.isDirectory }) else {
                results.append(ImageResolution(assetID: asset.id, reference: reference, outcome: .notFound))
                continue
            }
            do {
                let bytes = try archive.contents(of: entry)
                let mimeType = mimeType(of: bytes, fileName: entry.fileName)
                asset.path = "data:\(mimeType);base64," + Data(bytes).base64EncodedString()
                asset.directory = ""
                asset.embedded = true
                animation.assets[index] = .image(asset)
                results.append(ImageResolution(
                    assetID: asset.id, reference: reference,
                    outcome: .embedded(path: entry.path, byteCount: bytes.count, mimeType: mimeType)))
            } catch {
                results.append(ImageResolution(assetID: asset.id, reference: reference,
                                               outcome: .unreadable(path: entry.path, error: error)))
            }
        }
        return results
    }

    /// The MIME type from the first bytes, else from the file extension.
    static func mimeType(of bytes: [UInt8], fileName: String) -> String {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if bytes.starts(with: Array("GIF8".utf8)) { return "image/gif" }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return "image/webp"
        }
        switch fileExtension(fileName) {
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "svg": return "image/svg+xml"
        case "bmp": return "image/bmp"
        default: return "application/octet-stream"
        }
    }

    /// Whether a file name looks like an image by its extension.
    static func isImageFileName(_ name: String) -> Bool {
        ["png", "jpg", "jpeg", "gif", "webp", "svg", "bmp"].contains(fileExtension(name))
    }

    private static func fileExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), !name[dot...].contains("/") else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }
}
