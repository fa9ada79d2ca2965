import Foundation
import XCTest
import TestSupport

// MARK: - Running lottie-cli in tests

/// Runs the built `lottie-cli` from the repository root, failing clearly when it is not built.
func lottieCLI(_ arguments: String..., file: StaticString = #filePath, line: UInt = #line) throws -> CommandLineRun {
    try lottieCLI(arguments, file: file, line: line)
}

/// Runs the built `lottie-cli` with an argument list built at run time.
func lottieCLI(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> CommandLineRun {
    let executable = try XCTUnwrap(
        BuiltExecutable.url(named: "lottie-cli"),
        "lottie-cli is not built beside the tests (looked beside the test bundle and in .build); run swift build",
        file: file, line: line)
    return try BuiltExecutable.run(executable, arguments)
}

/// `Tests/CLITests/Snapshots`.
let snapshots = Snapshot.directory(forTarget: "CLITests")

/// A fresh temporary folder for a test's input files, removed when the test ends.
func temporaryDirectory(for test: XCTestCase) throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("lottie-cli-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
}

/// Runs the built `lottie-cli` with `input` on its standard input.
func lottieCLI(input: Data, _ arguments: String..., file: StaticString = #filePath, line: UInt = #line) throws -> CommandLineRun {
    let executable = try XCTUnwrap(BuiltExecutable.url(named: "lottie-cli"), "lottie-cli is not built; run swift build",
                                   file: file, line: line)
    return try BuiltExecutable.run(executable, arguments, input: input)
}
