import Foundation
import XCTest

// MARK: - Text snapshots

/// Text output compared with a file stored beside the tests, e.g. `Tests/CLITests/Snapshots/help.txt`.
///
/// With `RECORD_SNAPSHOTS=1` in the environment the file is (re)written and the assertion
/// passes; otherwise the text must equal the file, and a failure shows a line diff. A missing
/// file is a failure that says how to record it.
public enum Snapshot {
    /// True when `RECORD_SNAPSHOTS=1`.
    public static var isRecording: Bool {
        ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    }

    /// The snapshot folder of a test target: `Tests/<target>/Snapshots`.
    public static func directory(forTarget target: String) -> URL {
        Corpus.repositoryRoot.appendingPathComponent("Tests").appendingPathComponent(target)
            .appendingPathComponent("Snapshots")
    }
}

/// Asserts that `actual` equals the snapshot `name` (a file name such as `inspect-home.txt`) in
/// `directory`, or records it when `RECORD_SNAPSHOTS=1`.
public func assertSnapshot(
    _ actual: String, named name: String, in directory: URL,
    file: StaticString = #filePath, line: UInt = #line
) {
    let url = directory.appendingPathComponent(name)
    if Snapshot.isRecording {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
        } catch {
            XCTFail("could not record snapshot \(url.path): \(error)", file: file, line: line)
        }
        return
    }
    guard let data = FileManager.default.contents(atPath: url.path) else {
        XCTFail("no snapshot \(url.path); record it with RECORD_SNAPSHOTS=1 swift test", file: file, line: line)
        return
    }
    let expected = String(decoding: data, as: UTF8.self)
    assertEqualLines(actual, expected, "snapshot \(name) differs (re-record with RECORD_SNAPSHOTS=1 swift test)",
                     file: file, line: line)
}

/// Asserts that two texts are equal; on failure the message shows a line diff
/// (`-` expected, `+` actual, with line numbers and context).
public func assertEqualLines(
    _ actual: String, _ expected: String, _ message: String = "texts differ",
    file: StaticString = #filePath, line: UInt = #line
) {
    guard actual != expected else { return }
    let diff = LineDiff(expected: expected, actual: actual)
    XCTFail("\(message):\n\(diff.rendered())", file: file, line: line)
}
