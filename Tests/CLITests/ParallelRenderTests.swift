import Foundation
import XCTest
import TestSupport
@testable import lottie_cli

/// `render --jobs N`: frames rendered (and encoded) on several threads give the same files, byte
/// for byte, as on one; a frame that cannot be written stops the render with its error; `--jobs`
/// where it does nothing is a usage error.
final class ParallelRenderTests: XCTestCase {
    func testFoldersAndAnimationsAreTheSameWhateverTheJobs() throws {
        let folder = try temporaryDirectory(for: self)
        for jobs in ["1", "3"] {
            let frames = try lottieCLI("render", "Samples/user.json", "--all", "--size", "40x40", "--jobs", jobs,
                                       "--out", folder.appendingPathComponent("frames-\(jobs)/").path)
            XCTAssertEqual(frames.exitCode, 0, frames.standardError)
            for format in ["apng", "gif"] {
                let animation = try lottieCLI("render", "Samples/home.json", "--all", "--size", "40x40", "--jobs", jobs,
                                              "--out", folder.appendingPathComponent("home-\(jobs).\(format)").path)
                XCTAssertEqual(animation.exitCode, 0, animation.standardError)
            }
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("frames-1").path).sorted()
        XCTAssertEqual(names.count, 30)
        for name in names {
            XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("frames-1/\(name)")),
                           try Data(contentsOf: folder.appendingPathComponent("frames-3/\(name)")), name)
        }
        for format in ["apng", "gif"] {
            XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("home-1.\(format)")),
                           try Data(contentsOf: folder.appendingPathComponent("home-3.\(format)")), format)
        }
    }

    func testBlocksShareShortRendersEvenly() {
        // 24 frames on 2 threads: blocks of 3, four per thread (blocks of 8 would be two and one).
        XCTAssertEqual(ParallelFrames.blockSize(frames: 24, jobs: 2), 3)
        // Long renders keep blocks of 8 consecutive frames; a few frames go one at a time.
        XCTAssertEqual(ParallelFrames.blockSize(frames: 138, jobs: 2), 8)
        XCTAssertEqual(ParallelFrames.blockSize(frames: 5, jobs: 2), 1)
        XCTAssertEqual(ParallelFrames.blockSize(frames: 0, jobs: 0), 1)
    }

    func testAFrameThatCannotBeWrittenStopsTheRender() throws {
        let folder = try temporaryDirectory(for: self)
        // A folder where frame 20 would be written.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("out/f020.png"), withIntermediateDirectories: true)
        let run = try lottieCLI("render", "Samples/user.json", "--all", "--size", "16x16", "--jobs", "2",
                                "--out", folder.appendingPathComponent("out/").path)
        XCTAssertEqual(run.exitCode, 1)
        XCTAssertTrue(run.standardError.contains("f020.png"), run.standardError)
        // The frames before it were written (threads may have written some after it too).
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/f019.png").path))
    }

    func testJobsWhereTheyDoNothing() throws {
        let single = try lottieCLI("render", "Samples/user.json", "--frame", "0", "--out", "-", "--jobs", "2")
        XCTAssertEqual(single.exitCode, 2)
        XCTAssertTrue(single.standardError.contains("--jobs renders several frames at once"), single.standardError)
        let bench = try lottieCLI("render", "Samples/user.json", "--all", "--bench", "--jobs", "2")
        XCTAssertEqual(bench.exitCode, 2)
        XCTAssertTrue(bench.standardError.contains("--bench times one thread"), bench.standardError)
    }
}
