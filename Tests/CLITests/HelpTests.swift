import XCTest
import TestSupport

/// `lottie-cli --help`, `help`, and each command's `--help`.
final class HelpTests: XCTestCase {
    func testToolHelp() throws {
        let run = try lottieCLI("--help")
        XCTAssertEqual(run.exitCode, 0)
        XCTAssertEqual(run.standardError, "")
        assertSnapshot(run.standardOutput, named: "help.txt", in: snapshots)
    }

    func testHelpCommandPrintsTheSameAsDashDashHelp() throws {
        XCTAssertEqual(try lottieCLI("help"), try lottieCLI("--help"))
        XCTAssertEqual(try lottieCLI("-h"), try lottieCLI("--help"))
    }

    func testInspectHelp() throws {
        let run = try lottieCLI("inspect", "--help")
        XCTAssertEqual(run.exitCode, 0)
        XCTAssertEqual(run.standardError, "")
        assertSnapshot(run.standardOutput, named: "inspect-help.txt", in: snapshots)
    }

    func testHelpWinsOverOtherProblems() throws {
        let run = try lottieCLI("inspect", "--bogus", "missing.json", "-h")
        XCTAssertEqual(run.exitCode, 0)
        XCTAssertEqual(run, try lottieCLI("help", "inspect"))
    }

    func testVersion() throws {
        let run = try lottieCLI("--version")
        XCTAssertEqual(run.exitCode, 0)
        XCTAssertEqual(run.standardOutput, "lottie-cli 0.1.0\n")
        XCTAssertEqual(run.standardError, "")
    }

    func testEveryOptionOfInspectIsDocumented() throws {
        let help = try lottieCLI("inspect", "--help").standardOutput
        for option in ["--json", "-h, --help", "FILE"] {
            XCTAssertTrue(help.contains(option), "inspect --help does not mention \(option)")
        }
    }
}
