import Foundation
import LottieModel

// MARK: - BatchInputs

/// The animations a multi-file command works on: the files it is given, and the files found in
/// the folders it is given (searched recursively, hidden files and folders left out), in a
/// stable order: the arguments' order, and within a folder its paths sorted.
///
/// In a folder, a file is taken when its content is a Lottie file (`AnimationFolder`); anything
/// else is skipped and counted. A file given by name is always taken, so that what is wrong with
/// it is reported.
struct BatchInputs: Equatable, Sendable {
    /// One file to work on.
    struct File: Equatable, Sendable {
        /// The path to open, as given or joined to the folder given.
        var path: String
        /// The path inside the folder it was found in (its name, for a file given by name): where
        /// its snapshot goes in a snapshot folder.
        var relativePath: String
    }

    /// The files and folders given.
    var roots: [String]
    var files: [File] = []
    /// Files found in folders and passed over: not Lottie files.
    var skipped: [String] = []

    /// Expands `paths` (files, folders, or `-` for standard input).
    init(_ paths: [String]) throws(CommandFailure) {
        roots = paths
        for path in paths {
            var isDirectory: ObjCBool = false
            guard path == Arguments.standardInput || FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            else { throw CommandFailure("no such file or folder: '\(path)'") }
            if isDirectory.boolValue {
                try addFolder(path)
            } else {
                let name = path == Arguments.standardInput ? "standard input" : URL(fileURLWithPath: path).lastPathComponent
                files.append(File(path: path, relativePath: name))
            }
        }
    }

    private mutating func addFolder(_ folder: String) throws(CommandFailure) {
        let found: AnimationFolder
        do {
            found = try AnimationFolder(URL(fileURLWithPath: folder))
        } catch {
            throw CommandFailure("cannot read the folder '\(folder)'")
        }
        for file in found.files {
            files.append(File(path: (folder as NSString).appendingPathComponent(file.relativePath),
                              relativePath: file.relativePath))
        }
        skipped += found.skipped.map { (folder as NSString).appendingPathComponent($0.relativePath) }
    }
}
