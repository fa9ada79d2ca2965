import Foundation
import LottieModel
import LottiePlay

// MARK: - Loading an animation

/// An animation read from a file, with what the file was.
struct LoadedAnimation {
    /// The path as the user gave it.
    var path: String
    var byteCount: Int
    var animation: Animation
    /// The animation's JSON: the file itself, a `.tgs` gunzipped, or the entry of an archive.
    var json: [UInt8]
    /// What held the animation when the file is not plain JSON; nil for a JSON file.
    var container: LoadedContainer?
    /// The limits it was read within, and that evaluating and rendering it keep to.
    var limits: LottieLimits = .default

    var source: AnimationReport.SourceFile {
        AnimationReport.SourceFile(path: path, byteCount: byteCount)
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
    /// `--animation ID`: the animation a command loads from a `.lottie` file or zip bundle. A
    /// command that declares it gets it read by `loadAnimation(_:)`.
    static let animation = Option(
        "animation", value: "ID", help: "The animation to use in a .lottie file or zip bundle (default: the initial one)")
}

/// Loads the command's FILE (the positional at `index`) with the animation `--animation`
/// names and within the limits of `--limits` and `--limit`, when the command declares them.
func loadAnimation(_ arguments: Arguments, positional index: Int = 0) throws -> LoadedAnimation {
    let limits = try LimitOptions.limits(from: arguments)
    return try loadAnimation(arguments.positionals[index], animation: arguments.value("animation"), limits: limits)
}

extension LoadedAnimation {
    /// The animation compiled for evaluation, within the same limits.
    func compile() -> Timeline {
        Timeline(animation, limits: limits)
    }
}

/// Reads and decodes the Lottie file at `path`, whatever it holds: JSON, a Telegram sticker
/// (`.tgs`, gzip), a dotLottie (`.lottie`) or a zip bundle, recognised by content. `animation`
/// picks one in a `.lottie` or bundle (default: the manifest's initial one). Every way it can
/// fail is a `CommandFailure` with a one-line message that names the file:
///
///     no such file: 'icons/home.json'
///     'icons' is a directory, not a Lottie file
///     cannot decode 'bad.json': layers[0].shapes[0].c.k (line 9, column 21): expected a number, found a string
///     cannot decode 'list.json': not a Lottie animation: the top level is an array, expected an object with 'layers'
///     cannot read 'emoji.lottie': byte 146437: entry 'animations/cool.json': CRC-32 mismatch: stored ..., computed ...
///     'emoji.lottie' has no animation 'wave' (it has: anger, blush, cool)
func loadAnimation(_ path: String, animation id: String? = nil,
                   limits: LottieLimits = .default) throws(CommandFailure) -> LoadedAnimation {
    let data = try readFile(path)
    let decoder = LottieDecoder(limits: limits)
    let bytes = [UInt8](data)
    let format = LottieFile.Format.of(bytes)
    guard format == .gzip || format == .zip else {
        // JSON, and anything unrecognised: the JSON decoder says what is wrong with it.
        if let id { throw singleAnimation(path, id: id, kind: "a JSON file") }
        do {
            let animation = try decoder.decode(data)
            return LoadedAnimation(path: path, byteCount: data.count, animation: animation, json: bytes, limits: limits)
        } catch {
            throw CommandFailure("cannot decode '\(path)': \(describe(error))")
        }
    }
    let file: LottieFile
    do {
        file = try LottieFile(bytes: bytes, fileName: path)
    } catch {
        throw failure(error, path: path)
    }
    if file.kind == .gzip, let id { throw singleAnimation(path, id: id, kind: "a Telegram sticker (gzip)") }
    let extracted: ExtractedAnimation
    do {
        extracted = try file.extract(id, decoder: decoder)
    } catch {
        var failure = failure(error, path: path)
        if let missing = file.archive?.missingByteCount, missing > 0, error.entry != nil {
            failure.message += "; the archive lost \(missing) bytes before its central directory (a transfer in text mode?)"
        }
        throw failure
    }
    let container = LoadedContainer(file: file, animationID: extracted.id, animationPath: extracted.path,
                                    images: extracted.images)
    return LoadedAnimation(path: path, byteCount: data.count, animation: extracted.animation, json: extracted.json,
                           container: container, limits: limits)
}

/// The bytes of the file at `path`, or a failure that says why not.
private func readFile(_ path: String) throws(CommandFailure) -> Data {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw CommandFailure("no such file: '\(path)'")
    }
    guard !isDirectory.boolValue else {
        throw CommandFailure("'\(path)' is a directory, not a Lottie file")
    }
    guard FileManager.default.isReadableFile(atPath: path) else {
        throw CommandFailure("cannot read '\(path)': permission denied")
    }
    do {
        return try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
        throw CommandFailure("cannot read '\(path)': \(error.localizedDescription)")
    }
}

/// The one-line failure for a container error: decoding problems as for JSON files, a wrong id
/// with the ids there are, anything else as "cannot read".
private func failure(_ error: ContainerError, path: String) -> CommandFailure {
    switch error.kind {
    case .decoding(let decoding):
        let entry = error.entry.map { " (\($0))" } ?? ""
        return CommandFailure("cannot decode '\(path)'\(entry): \(describe(decoding))")
    case .unknownAnimation(let id, let available):
        return CommandFailure("'\(path)' has no animation '\(id)' (it has \(list(available)))")
    case .ambiguousAnimation(let candidates):
        return CommandFailure("'\(path)' holds \(candidates.count) animations (\(list(candidates))); "
            + "pick one with --animation ID")
    default:
        return CommandFailure("cannot read '\(path)': \(error)")
    }
}

/// "a, b, c", or the first 10 and how to see the rest.
private func list(_ ids: [String]) -> String {
    guard ids.count > 10 else { return ids.joined(separator: ", ") }
    return ids.prefix(10).joined(separator: ", ") + ", ... \(ids.count) in all, listed by 'lottie-cli inspect'"
}

private func singleAnimation(_ path: String, id: String, kind: String) -> CommandFailure {
    CommandFailure("--animation '\(id)': '\(path)' is \(kind), which holds a single animation; "
        + "--animation picks one in a .lottie file or zip bundle")
}

/// The decoding error's description, without the "(root)" of errors about the whole file:
/// "line 2, column 10: invalid JSON: ...", "not a Lottie animation: ...".
private func describe(_ error: LottieDecodingError) -> String {
    guard error.path.components.isEmpty else { return error.description }
    return (error.location.map { "\($0): " } ?? "") + error.message
}
