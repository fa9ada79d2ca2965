import Foundation

// MARK: - Loading a file

extension LottieFile {
    /// Reads the file at `url`, whatever it holds: JSON, a `.tgs` sticker, a `.lottie` or a zip
    /// bundle, recognised by content. Its animations are decoded when asked for (`extract`).
    ///
    ///     let file = try LottieFile.load(contentsOf: url)
    ///     let animation = try file.extract().animation       // the default one, images embedded
    ///     let dark = try file.theme("dark")?.slotValues(forAnimation: file.defaultAnimationID)
    ///
    /// - Throws: the file system's error when the file cannot be read, a `ContainerError` when it
    ///   is not a Lottie file of any kind or the archive is damaged or over `limits`.
    public static func load(contentsOf url: URL, limits: ArchiveLimits = .default) throws -> LottieFile {
        let data = try Data(contentsOf: url)
        return try LottieFile(bytes: Array(data), fileName: url.lastPathComponent, limits: limits)
    }

    /// Reads a file's bytes, as `load(contentsOf:)` does; `fileName` names it in messages.
    public static func load(data: Data, fileName: String? = nil, limits: ArchiveLimits = .default) throws(ContainerError)
        -> LottieFile {
        try LottieFile(bytes: Array(data), fileName: fileName, limits: limits)
    }

    /// The theme `id` of a `.lottie` file, read; nil when the file has no theme of that id.
    ///
    /// - Throws: `ContainerError` when the manifest lists it but the archive cannot give it,
    ///   `ThemeError` when its JSON is not a theme.
    public func theme(_ id: String) throws -> DotLottieTheme? {
        guard let item = themes.first(where: { $0.id == id }) else { return nil }
        guard let path = item.path, let archive else {
            throw ContainerError(.missingEntry(manifest?.layoutVersion == 2 ? "t/\(id).json" : "themes/\(id).json"))
        }
        return try DotLottieTheme(json: try archive.contents(of: path))
    }
}
