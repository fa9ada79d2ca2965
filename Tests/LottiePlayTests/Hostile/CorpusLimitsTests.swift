import XCTest
import LottieModel
import LottiePlay
import TestSupport

/// Real animations never meet a limit: every file of the shared corpus compiles without a
/// warning that names one, under the default and under the strict preset. (The corpus's largest
/// figures when the limits were chosen: 628 layers a frame, precomps 5 deep, JSON 21 deep,
/// 692 paths and 7246 vertices a frame, 1141 vertices in one path.)
final class CorpusLimitsTests: XCTestCase {
    func testNoCorpusFileMeetsALimit() throws {
        let files = Corpus.lottieJSONFiles()
        guard !files.isEmpty else { throw XCTSkip(Corpus.missingMessage) }
        var checked = 0
        // rlottie's own crash reproducers (`test/repro_*.json`) are hostile files, not animations:
        // repro_sbof.json runs 29 140 721 frames.
        for file in files where !file.contains("/test/repro_") {
            for limits in [LottieLimits.default, .strict] {
                guard let animation = try? LottieDecoder(limits: limits).decode(try Corpus.data(file)) else { continue }
                let timeline = Timeline(animation, limits: limits)
                let met = timeline.warnings.map(\.description).filter { $0.contains("the limit") }
                XCTAssertEqual(met, [], file)
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 100)
    }
}
