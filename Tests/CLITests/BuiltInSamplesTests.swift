import Foundation
import XCTest
import TestSupport
@testable import lottie_cli

/// The samples compiled into `lottie-cli` (`BuiltInSamples.swift`) are the files of `Samples/`.
final class BuiltInSamplesTests: XCTestCase {
    func testEmbeddedSamplesMatchTheFiles() throws {
        let embedded = ["home.json": BuiltInSamples.home, "user.json": BuiltInSamples.user]
        for (name, text) in embedded.sorted(by: { $0.key < $1.key }) {
            let file = try String(contentsOf: Corpus.samples.appendingPathComponent(name), encoding: .utf8)
            XCTAssertTrue(text == file, """
                Sources/lottie-cli/BuiltInSamples.swift holds an old copy of Samples/\(name); \
                run Scripts/embed-samples.sh to regenerate it
                """)
        }
    }

    func testTabsWorksFromAnyDirectory() throws {
        let folder = try temporaryDirectory(for: self)
        let executable = try XCTUnwrap(BuiltExecutable.url(named: "lottie-cli"), "lottie-cli is not built")
        let run = try BuiltExecutable.run(executable, ["tabs", "--script", "tick 2f"], in: folder)
        XCTAssertEqual(run.exitCode, 0, run.standardError)
        XCTAssertTrue(run.standardOutput.contains("[Home]"))
        XCTAssertTrue(run.standardOutput.contains("Profile"))
    }
}
