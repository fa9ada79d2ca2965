import Foundation

// MARK: - AnimationFolder

/// The Lottie files in a folder and the folders under it, for tools that check many animations
/// at once (`lottie-cli validate animations/`, `AnimationSnapshot.assertFolderMatches`).
///
/// A file is taken when its content is a Lottie file, whatever its name: JSON that names
/// `"layers"`, gzip (a Telegram sticker, `.tgs`) or zip (a `.lottie` or a bundle). Hidden files
/// and folders are left out; what is taken comes sorted by its path inside the folder.
///
///     let folder = try AnimationFolder(URL(fileURLWithPath: "Animations"))
///     for file in folder.files { print(file.relativePath) }
public struct AnimationFolder: Sendable {
    /// A file found in the folder.
    public struct File: Equatable, Sendable {
        public var url: URL
        /// Its path inside the folder: `icons/home.json`.
        public var relativePath: String
    }

    public var files: [File] = []
    /// The files passed over: not Lottie files.
    public var skipped: [File] = []

    /// Searches `folder` and the folders under it.
    /// - Throws: `CocoaError(.fileReadNoSuchFile)` when there is no such folder or it cannot be listed.
    public init(_ folder: URL) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue,
              let enumerator = FileManager.default.enumerator(
            at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: folder.path]) }
        let root = folder.standardizedFileURL.path
        var found: [(String, URL)] = []
        for case let url as URL in enumerator {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            var relative = url.standardizedFileURL.path
            if relative.hasPrefix(root + "/") { relative.removeFirst(root.count + 1) }
            found.append((relative, url))
        }
        for (relative, url) in found.sorted(by: { $0.0 < $1.0 }) {
            if Self.isLottieFile(at: url) {
                files.append(File(url: url, relativePath: relative))
            } else {
                skipped.append(File(url: url, relativePath: relative))
            }
        }
    }

    /// The bytes read of a file to tell what it holds (a JSON file is then searched for `"layers"`).
    static let headByteCount = 64

    /// Whether the file's content is a Lottie file (see the type's description).
    public static func isLottieFile(at url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: headByteCount), !head.isEmpty else { return false }
        switch LottieFile.Format.of([UInt8](head)) {
        case .gzip, .zip:
            return true
        case .json:
            guard let data = try? Data(contentsOf: url, options: .mappedIfSafe) else { return false }
            return data.range(of: Data("\"layers\"".utf8)) != nil
        case .unknown:
            return false
        }
    }

    /// The animation in a file of any kind (JSON, `.tgs`, `.lottie`, zip bundle: its default
    /// animation), with the images it refers to in the archive embedded.
    /// - Throws: a read error, or `ContainerError` (`.decoding` for JSON that is not a valid animation).
    public static func animation(at url: URL, decoder: LottieDecoder = LottieDecoder()) throws -> LottieAnimation {
        let bytes = [UInt8](try Data(contentsOf: url))
        return try LottieFile(bytes: bytes, fileName: url.lastPathComponent).extract(nil, decoder: decoder).animation
    }
}
