// MARK: - LottieFile
//
// What a user points the toolkit at, recognised by its first bytes, never by its extension:
//
//     first bytes (after a UTF-8 BOM and whitespace)   kind
//     '{' or '['                                       .json        plain Lottie JSON
//     1F 8B                                            .gzip        gzipped JSON: Telegram's .tgs
//     'P' 'K' 03 04 (or an empty archive's PK 05 06)   .dotLottie   zip with manifest.json
//                                                      .zipBundle   zip without: JSON + images
//
// Opening reads the container (gunzips a `.tgs`, reads a zip's directory and manifest); each
// animation is decoded only when asked for, by id, with its images embedded (ImageEmbedding.swift).

/// A Lottie file of any kind: JSON, `.tgs`, `.lottie` or a zip bundle, with the animations it holds.
///
/// ```swift
/// let file = try LottieFile(bytes: Array(data), fileName: "emoji.lottie")
/// print(file.kind, file.animations.map(\.id), file.defaultAnimationID ?? "-")
/// let smile = try file.extract("smile")        // decoded, images embedded as data URIs
/// ```
public struct LottieFile: Sendable {
    /// The kind of container, as recognised from the content.
    public let kind: Kind
    /// The size of the file.
    public let byteCount: Int
    /// The zip archive of a `.lottie` or bundle.
    public let archive: ZipArchive?
    /// The manifest of a `.lottie`.
    public let manifest: DotLottieManifest?
    /// The header of a gzip (`.tgs`) file's first member.
    public let gzipHeader: GZip.Header?
    /// The animations of a `.lottie` or bundle, in manifest (or archive) order; empty for a JSON
    /// or `.tgs` file, which holds exactly one.
    public let animations: [Item]
    /// The animation `extract()` gives without an id: the manifest's initial one, else the first;
    /// in a bundle the only JSON, `data.json`, or the one named like the archive. Nil when a bundle
    /// holds several animations and none of these rules picks one.
    public let defaultAnimationID: String?
    /// The themes and state machines a `.lottie` lists, with where each is in the archive.
    public let themes: [Item]
    public let stateMachines: [Item]
    /// Image files in the archive (`i/`, `images/`, or any image file of a bundle).
    public let imagePaths: [String]
    /// The JSON of a JSON or `.tgs` file.
    let singleJSON: [UInt8]?

    /// The kinds of Lottie file.
    public enum Kind: String, Sendable, Equatable, CustomStringConvertible {
        /// Plain Lottie JSON.
        case json
        /// Gzip-compressed Lottie JSON: a Telegram sticker (`.tgs`).
        case gzip
        /// A dotLottie archive (`.lottie`): zip with `manifest.json`.
        case dotLottie
        /// A zip archive of Lottie JSON and images, without a manifest.
        case zipBundle

        public var description: String {
            switch self {
            case .json: "JSON"
            case .gzip: "gzip-compressed JSON (Telegram sticker)"
            case .dotLottie: "dotLottie"
            case .zipBundle: "zip bundle"
            }
        }
    }

    /// An animation, theme or state machine packed in an archive.
    public struct Item: Sendable, Equatable {
        /// The id the manifest gives it (in a bundle: the JSON path without `.json`).
        public var id: String
        /// Its `name` in the manifest, when given.
        public var name: String?
        /// Where it is in the archive, or nil when the manifest lists it but no file matches.
        public var path: String?
        /// Its uncompressed size, when it is in the archive.
        public var byteCount: Int?
    }

    // MARK: Recognising content

    /// What the first bytes of a file say it is.
    public enum Format: String, Sendable {
        case json, gzip, zip, unknown

        /// The format of `bytes`: JSON after an optional UTF-8 BOM and whitespace (`{` or `[`),
        /// gzip (`1F 8B`), zip (`PK 03 04`, or `PK 05 06` for an empty archive), else unknown.
        public static func of(_ bytes: [UInt8]) -> Format {
            if bytes.starts(with: [0x1F, 0x8B]) { return .gzip }
            if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) || bytes.starts(with: [0x50, 0x4B, 0x05, 0x06]) { return .zip }
            var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
            if index < bytes.count, bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[") { return .json }
            return .unknown
        }
    }

    // MARK: Opening

    /// Opens a Lottie file of any kind from its bytes.
    ///
    /// - Parameters:
    ///   - fileName: the file's name, used only to pick a bundle's animation named like the archive.
    ///   - limits: bounds against decompression and zip bombs.
    /// - Throws: `ContainerError`: unknown content, a broken gzip stream, an unreadable archive or
    ///   manifest. Animations are not decoded yet (see `extract`).
    public init(bytes: [UInt8], fileName: String? = nil, limits: ArchiveLimits = .default) throws(ContainerError) {
        switch Format.of(bytes) {
        case .json:
            self.init(kind: .json, byteCount: bytes.count, singleJSON: bytes)
        case .gzip:
            let members: [GZip.Member]
            do {
                members = try GZip.members(bytes, limits: limits.entry)
            } catch {
                throw ContainerError(.compression(error), offset: error.offset)
            }
            self.init(kind: .gzip, byteCount: bytes.count, singleJSON: members.flatMap(\.data),
                      gzipHeader: members.first?.header)
        case .zip:
            try self.init(archive: try ZipArchive(bytes, limits: limits), byteCount: bytes.count, fileName: fileName)
        case .unknown:
            let start = bytes.prefix(4).map { byte in
                let digits = String(byte, radix: 16)
                return digits.count == 1 ? "0" + digits : digits
            }.joined(separator: " ")
            throw ContainerError(.unknownFormat(start: bytes.isEmpty ? "nothing (the file is empty)" : start))
        }
    }

    private init(kind: Kind, byteCount: Int, singleJSON: [UInt8], gzipHeader: GZip.Header? = nil) {
        self.kind = kind
        self.byteCount = byteCount
        self.singleJSON = singleJSON
        self.gzipHeader = gzipHeader
        archive = nil
        manifest = nil
        animations = []
        defaultAnimationID = nil
        themes = []
        stateMachines = []
        imagePaths = []
    }

    private init(archive: ZipArchive, byteCount: Int, fileName: String?) throws(ContainerError) {
        self.archive = archive
        self.byteCount = byteCount
        singleJSON = nil
        gzipHeader = nil
        let files = archive.entries.filter { !$0.isDirectory && !Self.isMetadata($0.path) }
        if archive.entry("manifest.json") != nil {
            let manifest = try DotLottieManifest(json: try archive.contents(of: "manifest.json"))
            let v2 = manifest.layoutVersion >= 2
            kind = .dotLottie
            self.manifest = manifest
            animations = manifest.animations.map { item in
                Self.item(item, in: archive, candidates: v2 ? ["a/", "animations/"] : ["animations/", "a/"],
                          extensions: [".json", ".lot"])
            }
            themes = manifest.themes.map { item in
                Self.item(item, in: archive, candidates: v2 ? ["t/", "themes/"] : ["themes/", "t/"],
                          extensions: [".json", ".lss"])
            }
            stateMachines = manifest.stateMachines.map { item in
                Self.item(item, in: archive, candidates: v2 ? ["s/", "states/"] : ["states/", "s/"],
                          extensions: [".json"])
            }
            defaultAnimationID = manifest.initialAnimationID ?? manifest.animations.first?.id
            imagePaths = files.map(\.path).filter { $0.hasPrefix("i/") || $0.hasPrefix("images/") }
        } else {
            kind = .zipBundle
            manifest = nil
            themes = []
            stateMachines = []
            let jsonFiles = files.filter { $0.path.lowercased().hasSuffix(".json") }
            guard !jsonFiles.isEmpty else { throw ContainerError(.noAnimation) }
            animations = jsonFiles.map { entry in
                Item(id: String(entry.path.dropLast(5)), name: nil, path: entry.path, byteCount: entry.uncompressedSize)
            }
            defaultAnimationID = Self.bundleDefault(jsonFiles, fileName: fileName)
            imagePaths = files.map(\.path).filter { ImageEmbedding.isImageFileName($0) }
        }
    }

    /// The manifest item with the archive file that holds it: the first of `candidates` folders
    /// and `extensions` that exists.
    private static func item(_ item: DotLottieManifest.Item, in archive: ZipArchive, candidates: [String],
                             extensions: [String]) -> Item {
        for folder in candidates {
            for fileExtension in extensions {
                if let entry = archive.entry(folder + item.id + fileExtension) {
                    return Item(id: item.id, name: item.name, path: entry.path, byteCount: entry.uncompressedSize)
                }
            }
        }
        return Item(id: item.id, name: item.name, path: nil, byteCount: nil)
    }

    /// A bundle's animation without an id: the only JSON, else `data.json`, else the JSON named
    /// like the archive (the shallowest of each).
    private static func bundleDefault(_ jsonFiles: [ZipEntry], fileName: String?) -> String? {
        if jsonFiles.count == 1 { return String(jsonFiles[0].path.dropLast(5)) }
        let byDepth = jsonFiles.sorted { $0.path.split(separator: "/").count < $1.path.split(separator: "/").count }
        if let data = byDepth.first(where: { $0.fileName.lowercased() == "data.json" }) {
            return String(data.path.dropLast(5))
        }
        if let fileName {
            let stem = fileName.split(separator: "/").last.map { $0.split(separator: ".").first.map(String.init) ?? "" } ?? ""
            if let named = byDepth.first(where: { String($0.fileName.dropLast(5)) == stem }) {
                return String(named.path.dropLast(5))
            }
        }
        return nil
    }

    /// macOS resource forks and hidden files that zip tools add: `__MACOSX/...`, `.DS_Store`.
    private static func isMetadata(_ path: String) -> Bool {
        path.hasPrefix("__MACOSX/") || path.split(separator: "/").contains { $0.hasPrefix(".") }
    }
}
