import Foundation
import LottieModel

// MARK: - Loading an animation

/// An animation read from a file, with what the file was.
struct LoadedAnimation {
    /// The path as the user gave it.
    var path: String
    var byteCount: Int
    var animation: Animation

    var source: AnimationReport.SourceFile {
        AnimationReport.SourceFile(path: path, byteCount: byteCount)
    }
}

/// Reads and decodes the Lottie file at `path`; every way it can fail is a `CommandFailure`
/// with a one-line message that names the file:
///
///     no such file: 'icons/home.json'
///     'icons' is a directory, not a Lottie file
///     cannot decode 'bad.json': layers[0].shapes[0].c.k (line 9, column 21): expected a number, found a string
///     cannot decode 'list.json': not a Lottie animation: the top level is an array, expected an object with 'layers'
func loadAnimation(_ path: String) throws(CommandFailure) -> LoadedAnimation {
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
    let data: Data
    do {
        data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
        throw CommandFailure("cannot read '\(path)': \(error.localizedDescription)")
    }
    do {
        let animation = try LottieDecoder().decode(data)
        return LoadedAnimation(path: path, byteCount: data.count, animation: animation)
    } catch {
        throw CommandFailure("cannot decode '\(path)': \(describe(error))")
    }
}

/// The decoding error's description, without the "(root)" of errors about the whole file:
/// "line 2, column 10: invalid JSON: ...", "not a Lottie animation: ...".
private func describe(_ error: LottieDecodingError) -> String {
    guard error.path.components.isEmpty else { return error.description }
    return (error.location.map { "\($0): " } ?? "") + error.message
}
