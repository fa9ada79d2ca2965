import Foundation

// MARK: - InputFile

/// Reading the files a command is given: a path, or `-` for standard input
/// (`cat icon.json | lottie-cli inspect -`). Every way it can fail is a `CommandFailure` with a
/// one-line message that names the file.
enum InputFile {
    /// How messages name a file: `'icons/home.json'`, or `standard input` for `-`.
    static func name(_ path: String) -> String {
        path == Arguments.standardInput ? "standard input" : "'\(path)'"
    }

    /// How reports title a file: the path as given, or `standard input` for `-`.
    static func label(_ path: String) -> String {
        path == Arguments.standardInput ? "standard input" : path
    }

    /// The folder relative paths inside the file are looked up in: the file's folder, or the
    /// current folder for standard input.
    static func baseDirectory(_ path: String) -> URL {
        path == Arguments.standardInput
            ? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            : URL(fileURLWithPath: path).deletingLastPathComponent()
    }

    /// The bytes of the file at `path` (`-`: standard input), at most `maxBytes` of them: a larger
    /// file is refused before it is read (`maxFileBytes`), so that no input exhausts memory.
    /// `kind` names what the file should be, for the message about a directory.
    static func read(_ path: String, maxBytes: Int, kind: String = "a Lottie file") throws(CommandFailure) -> Data {
        if path == Arguments.standardInput { return try readStandardInput(maxBytes: maxBytes) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CommandFailure("no such file: '\(path)'")
        }
        guard !isDirectory.boolValue else {
            throw CommandFailure("'\(path)' is a directory, not \(kind)")
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw CommandFailure("cannot read '\(path)': permission denied")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        if size > maxBytes {
            throw CommandFailure("cannot decode '\(path)': the file is \(size) bytes, more than the limit maxFileBytes (\(maxBytes))")
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CommandFailure("cannot read '\(path)': \(error.localizedDescription)")
        }
    }

    /// Standard input to its end, refused once it passes `maxBytes`.
    private static func readStandardInput(maxBytes: Int) throws(CommandFailure) -> Data {
        var data = Data()
        let input = FileHandle.standardInput
        while true {
            let chunk: Data?
            do {
                chunk = try input.read(upToCount: 1 << 16)
            } catch {
                throw CommandFailure("cannot read standard input: \(error.localizedDescription)")
            }
            guard let chunk, !chunk.isEmpty else { return data }
            data.append(chunk)
            if data.count > maxBytes {
                throw CommandFailure("cannot decode standard input: it holds more than \(maxBytes) bytes, "
                    + "the limit maxFileBytes")
            }
        }
    }
}
