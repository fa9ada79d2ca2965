import XCTest
import LottieModel
import LottiePlay

final class SurveyTests: XCTestCase {
    func testSurvey() throws {
        for name in HostileFixtures.names() {
            let outcome = HostileFixtures.run(try HostileFixtures.data(name))
            print("== \(name) \(String(format: "%.3f", outcome.totalSeconds)) s (decode \(String(format: "%.3f", outcome.decodeSeconds)), eval \(String(format: "%.3f", outcome.evaluateSeconds)), render \(String(format: "%.3f", outcome.renderSeconds)))")
            if let error = outcome.error { print("  ERROR \(error)") }
            for warning in outcome.warnings { print("  W \(warning)") }
        }
    }
}
