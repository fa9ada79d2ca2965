import Foundation
import XCTest

// MARK: - Running lottie-cli

/// The result of running a built executable: its exit code and what it printed.
public struct CommandLineRun: Equatable {
    public var exitCode: Int32
    public var standardOutput: String
    public var standardError: String
    /// Standard output as bytes (a PNG written to `--out -`).
    public var standardOutputBytes: Data
}

/// Finds and runs the `lottie-cli` executable that `swift build` / `swift test` put beside the test bundle.
public enum BuiltExecutable {
    /// The executable `name` in the build folder of the running tests, or nil.
    ///
    /// Looks beside the test bundle (`.build/<triple>/debug/*.xctest`), then in
    /// `.build/debug`, `.build/release` and every `.build/*/debug` of the repository.
    public static func url(named name: String) -> URL? {
        var folders: [URL] = []
        for bundle in [Bundle.main] + Bundle.allBundles {
            let url = bundle.bundleURL
            folders.append(url.pathExtension == "xctest" ? url.deletingLastPathComponent() : url)
        }
        if let testBinary = CommandLine.arguments.first {
            folders.append(URL(fileURLWithPath: testBinary).deletingLastPathComponent())
        }
        let build = Corpus.repositoryRoot.appendingPathComponent(".build")
        folders += ["debug", "release"].map { build.appendingPathComponent($0) }
        if let triples = try? FileManager.default.contentsOfDirectory(atPath: build.path) {
            folders += triples.sorted().map { build.appendingPathComponent($0).appendingPathComponent("debug") }
        }
        return folders.map { $0.appendingPathComponent(name) }.first {
            FileManager.default.isExecutableFile(atPath: $0.path)
        }
    }

    /// Runs `executable` with `arguments` in `directory` (the repository root by default) and
    /// returns what it printed; standard input is `input`, or empty.
    public static func run(
        _ executable: URL, _ arguments: [String], in directory: URL = Corpus.repositoryRoot, input: Data? = nil
    ) throws -> CommandLineRun {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let inputPipe = input.map { _ in Pipe() }
        process.standardInput = inputPipe ?? FileHandle.nullDevice
        try process.run()
        // Read both pipes (and write the input) before waiting, so that no pipe can fill and block.
        let group = DispatchGroup()
        if let input, let inputPipe {
            DispatchQueue.global().async(group: group) {
                try? inputPipe.fileHandleForWriting.write(contentsOf: input)
                try? inputPipe.fileHandleForWriting.close()
            }
        }
        nonisolated(unsafe) var errorData = Data()
        DispatchQueue.global().async(group: group) {
            errorData = errors.fileHandleForReading.readDataToEndOfFile()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return CommandLineRun(
            exitCode: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self),
            standardOutputBytes: outputData)
    }
}
