import XCTest
import LottieModel
import LottiePlay

/// Every hostile fixture through the whole pipeline (decode, compile, scenes at progress 0,
/// 0.37 and 1, render at 32 x 32), timed. Timing is measured and printed, not asserted; the
/// goal is that no input takes more than about 2 s in a debug build (the slowest ones are
/// listed first in the log).
final class HostilePipelineTests: XCTestCase {
    func testEveryFixtureRunsThroughThePipeline() throws {
        var timings: [(name: String, outcome: HostileFixtures.Outcome)] = []
        for name in HostileFixtures.names() {
            timings.append((name, HostileFixtures.run(try HostileFixtures.data(name))))
        }
        XCTAssertGreaterThan(timings.count, 40)
        timings.sort { $0.outcome.totalSeconds > $1.outcome.totalSeconds }
        print("hostile fixtures, slowest first (decode + evaluate + render 3 frames at 32x32):")
        for (name, outcome) in timings {
            print(String(format: "  %7.3f s  (%.3f + %.3f + %.3f)  %@", outcome.totalSeconds, outcome.decodeSeconds,
                         outcome.evaluateSeconds, outcome.renderSeconds, name))
        }
    }

    /// The same inputs under the strict preset: smaller caps, the same outcome class (nothing
    /// that decoded fails, nothing crashes).
    func testEveryFixtureRunsUnderStrictLimits() throws {
        for name in HostileFixtures.names() {
            let data = try HostileFixtures.data(name)
            let normal = HostileFixtures.run(data)
            let strict = HostileFixtures.run(data, limits: .strict)
            XCTAssertEqual(normal.error == nil, strict.error == nil, name)
        }
    }
}
