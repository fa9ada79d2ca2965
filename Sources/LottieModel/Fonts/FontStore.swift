import Foundation

// MARK: - FontStore

/// The font faces an animation's text may be drawn with when the file carries no glyph outlines
/// (`chars`) for its fonts (FORMAT.md "Text", "Font files"). A Lottie font (`fonts.list`) is
/// matched to a face by its `fName` as a PostScript name, then as a full name, then by its
/// `fFamily` and `fStyle`, then by its family alone (the regular face first); names are compared
/// without case, spaces, hyphens or underscores.
///
/// Faces come from font files an app or the command line supplies (`add(fontData:name:)`,
/// `addFolder(_:)`), from a `.lottie` file's fonts, and from fonts the animation embeds
/// (`addEmbedded(in:baseDirectory:)`: `fPath` data URLs, or files beside the animation).
public struct FontStore: Sendable {
    /// Every face read, in the order added.
    public private(set) var faces: [FontFace] = []
    /// What could not be read, one warning each (category `.font`) naming the file:
    /// "fonts/Bad.ttf: font: table 'glyf': ...".
    public private(set) var problems: [LottieDiagnostic] = []

    private mutating func problem(_ message: String) {
        problems.append(LottieDiagnostic(.warning, .font, path: "", message: message))
    }

    public init() {}

    /// A store of the given faces.
    public init(faces: [FontFace]) {
        self.faces = faces
    }

    public var isEmpty: Bool { faces.isEmpty }

    /// The font file extensions read from folders and archives.
    public static let fontFileExtensions: Set<String> = ["ttf", "otf", "ttc", "otc"]

    /// Adds every face of the font file `data` (a collection has several); a file that cannot be
    /// read adds a problem naming it instead.
    public mutating func add(fontData data: [UInt8], name: String, limits: FontLimits = .default) {
        do {
            faces += try FontFace.faces(in: data, limits: limits)
        } catch {
            problem("\(name): \(error)")
        }
    }

    /// Adds the font files (`.ttf`, `.otf`, `.ttc`, `.otc`) of a folder and its subfolders, in
    /// the order of their paths. Throws when the folder cannot be listed; a file that cannot be
    /// read is a problem.
    public mutating func addFolder(_ folder: URL, limits: FontLimits = .default) throws {
        let manager = FileManager.default
        guard let walker = manager.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: folder.path])
        }
        var files: [URL] = []
        for case let url as URL in walker where Self.fontFileExtensions.contains(url.pathExtension.lowercased()) {
            files.append(url)
        }
        for url in files.sorted(by: { $0.path < $1.path }) {
            let name = String(url.path.dropFirst(folder.path.count).drop { $0 == "/" })
            add(file: url, name: name.isEmpty ? url.lastPathComponent : name, limits: limits)
        }
    }

    /// Adds the fonts `animation` embeds: each `fonts.list` entry's `fPath` that is a data URL
    /// (base64) of a font file, or a relative path to a font file under `baseDirectory`. Web
    /// addresses are left alone: nothing is downloaded.
    public mutating func addEmbedded(in animation: LottieAnimation, baseDirectory: URL?, limits: FontLimits = .default) {
        for font in animation.fonts?.list ?? [] {
            guard let path = font.path, !path.isEmpty else { continue }
            if path.hasPrefix("data:") {
                guard let comma = path.firstIndex(of: ","), path[..<comma].hasSuffix(";base64"),
                      let data = Data(base64Encoded: String(path[path.index(after: comma)...]),
                                      options: .ignoreUnknownCharacters) else {
                    problem("font '\(font.name)': its fPath is a data URL that is not base64")
                    continue
                }
                add(fontData: [UInt8](data), name: "font '\(font.name)' (embedded)", limits: limits)
            } else if let baseDirectory, !path.contains("://"), !path.hasPrefix("/"),
                      Self.fontFileExtensions.contains((path as NSString).pathExtension.lowercased()) {
                add(file: baseDirectory.appendingPathComponent(path), name: path, limits: limits)
            }
        }
    }

    private mutating func add(file url: URL, name: String, limits: FontLimits) {
        do {
            let size = (try url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
            guard size <= limits.maxFileBytes else {
                problem("\(name): \(size) bytes, over the \(limits.maxFileBytes) a font file may have")
                return
            }
            add(fontData: [UInt8](try Data(contentsOf: url)), name: name, limits: limits)
        } catch {
            problem("\(name): cannot be read (\(error.localizedDescription))")
        }
    }

    // MARK: Matching

    /// The face for the font named `fontName` in `animation`'s `fonts.list` (its family and style
    /// from there), nil when none matches.
    public func face(for fontName: String, in animation: LottieAnimation) -> FontFace? {
        let font = animation.fonts?.list.first { $0.name == fontName } ?? LottieFont(name: fontName)
        return face(for: font)
    }

    /// The face for a Lottie font, nil when none matches.
    public func face(for font: LottieFont) -> FontFace? {
        let name = Self.key(font.name)
        if let face = faces.first(where: { Self.key($0.postScriptName) == name }) { return face }
        if let face = faces.first(where: { Self.key($0.fullName) == name }) { return face }
        let family = Self.key(font.family ?? font.name)
        let sameFamily = faces.filter { Self.key($0.familyName) == family }
        let style = Self.styleKey(font.style ?? "")
        return sameFamily.first { Self.styleKey($0.styleName) == style }
            ?? sameFamily.first { Self.styleKey($0.styleName) == "regular" }
            ?? sameFamily.first
    }

    /// A name as compared: lower case, without spaces, hyphens or underscores.
    private static func key(_ name: String) -> String {
        String(name.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" })
    }

    /// A style as compared, the usual names of the regular style as one.
    private static func styleKey(_ style: String) -> String {
        let key = key(style)
        return ["", "normal", "book", "roman", "plain"].contains(key) ? "regular" : key
    }
}

// MARK: - Fonts in containers

extension FontStore {
    /// Adds the font files of a `.lottie` file or zip bundle: its entries named `.ttf`, `.otf`,
    /// `.ttc` or `.otc`, wherever they are (dotLottie keeps them in `f/`), in archive order.
    public mutating func addFonts(in file: LottieFile, limits: FontLimits = .default) {
        guard let archive = file.archive else { return }
        for entry in archive.entries where !entry.isDirectory
            && Self.fontFileExtensions.contains((entry.path as NSString).pathExtension.lowercased()) {
            do {
                add(fontData: try archive.contents(of: entry), name: entry.path, limits: limits)
            } catch {
                problem("\(entry.path): \(error)")
            }
        }
    }
}
