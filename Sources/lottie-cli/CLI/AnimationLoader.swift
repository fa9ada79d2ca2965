import Foundation
import LottieModel
import LottiePlay

// MARK: - Loading an animation

/// An animation read from a file, with what the file was.
struct LoadedAnimation {
    /// The path as the user gave it.
    var path: String
    var byteCount: Int
    var animation: LottieAnimation
    /// The animation's JSON: the file itself, a `.tgs` gunzipped, or the entry of an archive.
    var json: [UInt8]
    /// What held the animation when the file is not plain JSON; nil for a JSON file.
    var container: LoadedContainer?
    /// The limits it was read within, and that evaluating and rendering it keep to.
    var limits: LottieLimits = .default
    /// The font files its text may be drawn with: those it embeds or has beside it, those of its
    /// container, and those of `--fonts DIR`.
    var fonts = FontStore()
    /// `--images DIR`: where image files are looked up (`p` in it) instead of beside the file.
    var imagesFolder: URL?

    var source: AnimationReport.SourceFile {
        AnimationReport.SourceFile(path: InputFile.label(path), byteCount: byteCount)
    }
}

/// A `.tgs`, `.lottie` or zip bundle, and which of its animations was loaded.
struct LoadedContainer {
    var file: LottieFile
    /// The animation's id and archive path (nil for a `.tgs`).
    var animationID: String?
    var animationPath: String?
    /// The image assets that refer to files, and whether each was found in the archive.
    var images: [ImageResolution]
}

extension Option {
    /// `--images DIR`: the folder image files are looked up in, for the commands that draw images
    /// (`snapshot` and `check` have a `--images` flag of their own), read by `imagesFolder(_:)`.
    static let images = Option(
        "images", value: "DIR", help: "A folder the image assets' files are in (default: beside the file, in its 'u' folder)")

    /// `--slot ID=VALUE`: a value for one of the file's slots (repeatable), put in by the loader.
    static let slot = Option(
        "slot", value: "ID=VALUE",
        help: "Give slot ID a value: #rrggbb[aa], numbers (150,100) or JSON (repeatable)")

    /// `--set KEYPATH=VALUE`: a value for every property a keypath matches (repeatable).
    static let set = Option(
        "set", value: "KEYPATH=VALUE",
        help: "Give the properties KEYPATH matches (* one name, ** any) a value: #rrggbb[aa], numbers or JSON (repeatable)")

    /// `--theme ID`: a theme of a `.lottie` file, its rules given to the slots they name.
    static let theme = Option("theme", value: "ID", help: "Apply a theme of the .lottie file (t/ID.json) to its slots")

    /// `--fonts DIR`: font files for text the file has no glyph outlines for. A command that
    /// declares it gets it read by `loadAnimation(_:)`.
    static let fonts = Option(
        "fonts", value: "DIR", help: "A folder of font files (.ttf, .otf, .ttc) for text the file has no glyph outlines for")

    /// `--animation ID`: the animation a command loads from a `.lottie` file or zip bundle. A
    /// command that declares it gets it read by `loadAnimation(_:)`.
    static let animation = Option(
        "animation", value: "ID", help: "The animation to use in a .lottie file or zip bundle (default: the initial one)")
}

/// The folder `--images DIR` names, nil when not given; a failure when it is not a folder.
func imagesFolder(_ arguments: Arguments) throws -> URL? {
    guard let folder = arguments.value("images") else { return nil }
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
        throw CommandFailure("--images '\(folder)': no such folder")
    }
    return URL(fileURLWithPath: folder, isDirectory: true)
}

/// Loads the command's FILE (the positional at `index`) with the animation `--animation`
/// names and within the limits of `--limits` and `--limit`, when the command declares them.
func loadAnimation(_ arguments: Arguments, positional index: Int = 0) throws -> LoadedAnimation {
    try loadAnimation(arguments.positionals[index], arguments)
}

/// Loads `path` with the command's `--animation`, `--limits` and `--limit` (for commands that
/// load several files with the same options).
func loadAnimation(_ path: String, _ arguments: Arguments) throws -> LoadedAnimation {
    let limits = try LimitOptions.limits(from: arguments)
    var loaded = try loadAnimation(path, animation: arguments.value("animation"), limits: limits)
    if let folder = arguments.value("fonts") {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw CommandFailure("--fonts '\(folder)': no such folder")
        }
        try loaded.fonts.addFolder(URL(fileURLWithPath: folder, isDirectory: true))
    }
    try applyValueOptions(arguments, to: &loaded)
    return loaded
}

/// Applies `--theme`, `--slot` and `--set` (when the command declares them) to `loaded`, in
/// that order.
func applyValueOptions(_ arguments: Arguments, to loaded: inout LoadedAnimation) throws {
    try applySlots(arguments.values("slot"), theme: arguments.value("theme"), to: &loaded)
    try applyOverrides(arguments.values("set"), to: &loaded)
}

/// `NAME=VALUE` of `--option`, split at the first `=` (names hold none; values may), the value
/// read by `JSONValue(valueText:)`.
private func nameAndValue(_ setting: String, option: String, name: String,
                          example: String) throws(UsageError) -> (String, JSONValue) {
    guard let equals = setting.firstIndex(of: "="), equals != setting.startIndex else {
        throw UsageError("--\(option) '\(setting)': expected \(name)=VALUE, e.g. --\(option) \(example)")
    }
    guard let value = JSONValue(valueText: String(setting[setting.index(after: equals)...])) else {
        throw UsageError("--\(option) '\(setting)': the value is not a colour (#rrggbb or #rrggbbaa), numbers (150,100) "
            + "or JSON")
    }
    return (String(setting[..<equals]), value)
}

/// Puts the values of `--set KEYPATH=VALUE` into the properties each keypath matches; a keypath
/// that matches nothing is a warning naming the nearest keypath there is.
private func applyOverrides(_ settings: [String], to loaded: inout LoadedAnimation) throws {
    guard !settings.isEmpty else { return }
    var overrides: [PropertyOverride] = []
    for setting in settings {
        let (keypath, value) = try nameAndValue(setting, option: "set", name: "KEYPATH", example: "'**.Fill 1.Color=#00ff00'")
        overrides.append(PropertyOverride(AnimationKeypath(keypath), value))
    }
    do {
        let result = try loaded.animation.overriding(overrides)
        loaded.animation = result.animation
        for (override, matched) in zip(overrides, result.matches) where matched.isEmpty {
            let hint = result.nearest[override.keypath].map { "; the nearest is '\($0)'" } ?? ""
            Console.writeError("lottie-cli: warning: --set \(override.keypath): matches no property of "
                + "\(loaded.displayName)\(hint) (see inspect --keypaths)\n")
        }
    } catch {
        throw CommandFailure("--set \(error)")
    }
}

/// Puts the values of `--theme ID` (a theme of the `.lottie` file) and then of `--slot ID=VALUE`
/// into the slots of `loaded`'s animation; a `--slot` nothing names is a warning that lists the
/// slots there are.
private func applySlots(_ settings: [String], theme: String?, to loaded: inout LoadedAnimation) throws {
    guard !settings.isEmpty || theme != nil else { return }
    var overrides: [String: JSONValue] = [:]
    if let theme { overrides = try themeValues(theme, of: loaded) }
    for setting in settings {
        let (id, value) = try nameAndValue(setting, option: "slot", name: "ID", example: "color=#00ff00")
        overrides[id] = value
    }
    do {
        let resolution = try loaded.animation.resolvingSlots(overrides)
        loaded.animation = resolution.animation
        for id in resolution.unusedOverrides where settings.contains(where: { $0.hasPrefix(id + "=") }) {
            let named = resolution.referenced.isEmpty
                ? "it names no slots" : "its slots: " + resolution.referenced.joined(separator: ", ")
            Console.writeError("lottie-cli: warning: --slot \(id): no property or image of \(loaded.displayName) "
                + "names slot '\(id)' (\(named))\n")
        }
    } catch {
        throw CommandFailure((theme.map { "--theme \($0)" } ?? "--slot") + ": \(error)")
    }
}

/// The slot values theme `id` of `loaded`'s `.lottie` file gives its animation.
private func themeValues(_ id: String, of loaded: LoadedAnimation) throws -> [String: JSONValue] {
    guard let container = loaded.container, container.file.kind == .dotLottie else {
        throw CommandFailure("--theme \(id): \(loaded.displayName) is not a .lottie file; only those carry themes")
    }
    let found: DotLottieTheme?
    do {
        found = try container.file.theme(id)
    } catch {
        throw CommandFailure("--theme \(id): \(error)")
    }
    guard let theme = found else {
        let themes = container.file.themes
        let listed = themes.isEmpty ? "it has none" : "it has: " + themes.map(\.id).joined(separator: ", ")
        throw CommandFailure("--theme \(id): \(loaded.displayName) has no theme '\(id)' (\(listed))")
    }
    return theme.slotValues(forAnimation: container.animationID)
}

extension LoadedAnimation {
    /// The animation compiled for evaluation, within the same limits.
    func compile() -> Timeline {
        Timeline(animation, limits: limits, fonts: fonts)
    }

    /// How messages name the file: `'icons/home.json'`, or `standard input`.
    var displayName: String { InputFile.name(path) }

    /// The folder relative image paths are looked up in: the file's, or the current one for
    /// standard input.
    var baseDirectory: URL { InputFile.baseDirectory(path) }

    /// Its images, decoded within its limits (relative paths looked up beside the file).
    var images: ImageStore {
        ImageStore(animation: animation, baseDirectory: baseDirectory, imagesFolder: imagesFolder, limits: limits)
    }
}

/// Reads and decodes the Lottie file at `path` (`-`: standard input), whatever it holds: JSON, a
/// Telegram sticker (`.tgs`, gzip), a dotLottie (`.lottie`) or a zip bundle, recognised by
/// content. `animation` picks one in a `.lottie` or bundle (default: the manifest's initial one).
/// Every way it can fail is a `CommandFailure` with a one-line message that names the file:
///
///     no such file: 'icons/home.json'
///     'icons' is a directory, not a Lottie file
///     cannot decode 'bad.json': layers[0].shapes[0].c.k (line 9, column 21): expected a number, found a string
///     cannot decode 'list.json': not a Lottie animation: the top level is an array, expected an object with 'layers'
///     cannot read 'emoji.lottie': byte 146437: entry 'animations/cool.json': CRC-32 mismatch: stored ..., computed ...
///     'emoji.lottie' has no animation 'wave' (it has: anger, blush, cool)
func loadAnimation(_ path: String, animation id: String? = nil,
                   limits: LottieLimits = .default) throws(CommandFailure) -> LoadedAnimation {
    let data = try InputFile.read(path, maxBytes: limits.maxFileBytes)
    let name = InputFile.name(path)
    let decoder = LottieDecoder(limits: limits)
    let bytes = [UInt8](data)
    guard let file = try openContainer(bytes, name: name, animation: id) else {
        // JSON, and anything unrecognised: the JSON decoder says what is wrong with it.
        do {
            let animation = try decoder.decode(data)
            var loaded = LoadedAnimation(path: path, byteCount: data.count, animation: animation, json: bytes, limits: limits)
            loaded.fonts.addEmbedded(in: animation, baseDirectory: path == "-" ? nil : loaded.baseDirectory)
            return loaded
        } catch {
            throw CommandFailure("cannot decode \(name): \(describe(error))")
        }
    }
    let extracted: ExtractedAnimation
    do {
        extracted = try file.extract(id, decoder: decoder)
    } catch {
        throw failure(error, name: name, file: file)
    }
    let container = LoadedContainer(file: file, animationID: extracted.id, animationPath: extracted.path,
                                    images: extracted.images)
    var loaded = LoadedAnimation(path: path, byteCount: data.count, animation: extracted.animation,
                                 json: extracted.json, container: container, limits: limits)
    loaded.fonts.addEmbedded(in: extracted.animation, baseDirectory: nil)
    loaded.fonts.addFonts(in: file)
    return loaded
}

/// The JSON of the animation in the file at `path`, not decoded: the file itself, a `.tgs`
/// gunzipped, or the entry `--animation` names in a `.lottie` or zip bundle. For commands that
/// read the JSON themselves (`validate`), so that a file that does not decode is still examined.
func loadAnimationJSON(_ path: String, _ arguments: Arguments) throws -> (json: [UInt8], container: LottieFile?) {
    let limits = try LimitOptions.limits(from: arguments)
    let id = arguments.value("animation")
    let name = InputFile.name(path)
    let bytes = [UInt8](try InputFile.read(path, maxBytes: limits.maxFileBytes))
    guard let file = try openContainer(bytes, name: name, animation: id) else { return (bytes, nil) }
    do {
        return (try file.json(of: id).bytes, file)
    } catch {
        throw failure(error, name: name, file: file)
    }
}

/// The container in `bytes` (gzip or zip, recognised by content), nil for anything else; a
/// failure that names the file when it cannot be opened, or when `--animation` is given for a
/// file that holds one animation.
private func openContainer(_ bytes: [UInt8], name: String, animation id: String?) throws(CommandFailure) -> LottieFile? {
    let format = LottieFile.Format.of(bytes)
    guard format == .gzip || format == .zip else {
        if let id { throw singleAnimation(name, id: id, kind: "a JSON file") }
        return nil
    }
    let file: LottieFile
    do {
        file = try LottieFile(bytes: bytes, fileName: name)
    } catch {
        throw failure(error, name: name, file: nil)
    }
    if file.kind == .gzip, let id { throw singleAnimation(name, id: id, kind: "a Telegram sticker (gzip)") }
    return file
}

/// The one-line failure for a container error: decoding problems as for JSON files, a wrong id
/// with the ids there are, anything else as "cannot read".
private func failure(_ error: ContainerError, name: String, file: LottieFile?) -> CommandFailure {
    var failure: CommandFailure
    switch error.kind {
    case .decoding(let decoding):
        let entry = error.entry.map { " (\($0))" } ?? ""
        failure = CommandFailure("cannot decode \(name)\(entry): \(describe(decoding))")
    case .unknownAnimation(let id, let available):
        failure = CommandFailure("\(name) has no animation '\(id)' (it has \(list(available)))")
    case .ambiguousAnimation(let candidates):
        failure = CommandFailure("\(name) holds \(candidates.count) animations (\(list(candidates))); "
            + "pick one with --animation ID")
    default:
        failure = CommandFailure("cannot read \(name): \(error)")
    }
    if let missing = file?.archive?.missingByteCount, missing > 0, error.entry != nil {
        failure.message += "; the archive lost \(missing) bytes before its central directory (a transfer in text mode?)"
    }
    return failure
}

/// "a, b, c", or the first 10 and how to see the rest.
private func list(_ ids: [String]) -> String {
    guard ids.count > 10 else { return ids.joined(separator: ", ") }
    return ids.prefix(10).joined(separator: ", ") + ", ... \(ids.count) in all, listed by 'lottie-cli inspect'"
}

private func singleAnimation(_ name: String, id: String, kind: String) -> CommandFailure {
    CommandFailure("--animation '\(id)': \(name) is \(kind), which holds a single animation; "
        + "--animation picks one in a .lottie file or zip bundle")
}

/// The decoding error's description, without the "(root)" of errors about the whole file:
/// "line 2, column 10: invalid JSON: ...", "not a Lottie animation: ...".
private func describe(_ error: LottieDecodingError) -> String {
    guard error.path.components.isEmpty else { return error.description }
    return (error.location.map { "\($0): " } ?? "") + error.message
}
