import Foundation
import XCTest
import LottieModel
import TestSupport
@testable import LottiePlay

/// Every file of the shared corpus compiles and evaluates at five moments without a crash.
final class CorpusEvaluationTests: XCTestCase {
    func testEveryCorpusFileEvaluatesAtFiveMoments() throws {
        let files = Corpus.lottieJSONFiles()
        try XCTSkipIf(files.isEmpty, Corpus.missingMessage)
        var failures: [String] = []
        var layersDrawn = 0
        for file in files {
            guard let animation = try? LottieDecoder().decode(Corpus.data(file)) else {
                failures.append("\(file): does not decode")
                continue
            }
            let timeline = Timeline(animation)
            for progress in [0, 0.25, 0.5, 0.75, 1] {
                let scene = timeline.scene(atProgress: progress)
                layersDrawn += scene.flattenedLayers().count
            }
        }
        XCTAssertEqual(failures, [])
        XCTAssertGreaterThan(layersDrawn, 10_000, "the corpus draws many layers over its sampled moments")
    }
}
