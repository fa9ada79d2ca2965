import Foundation
import XCTest
import TestSupport
@testable import LottieModel

/// Every `.json` and `.lot` file of the shared corpus decodes, and round-trips.
final class CorpusDecodingTests: XCTestCase {
    /// The lottie-spec examples that break the schema on purpose. Both reference players load
    /// and draw them (see `shared/reference/renders/manifest.tsv`), so, like them, we decode
    /// them; `validate` is where their faults are reported.
    static let schemaInvalidExamples = [
        "lottie-spec/tests/animations/invalid/invalid-animated-val.json",
        "lottie-spec/tests/animations/invalid/malformed-embedded-image.json",
    ]

    func testEveryCorpusFileDecodesAndRoundTrips() throws {
        let files = Corpus.lottieJSONFiles()
        try XCTSkipIf(files.isEmpty, Corpus.missingMessage)
        var failures: [String] = []
        for file in files {
            do {
                let data = try Corpus.data(file)
                let animation = try LottieDecoder().decode(data)
                let encoded = try JSONEncoder().encode(animation)
                let again = try LottieDecoder().decode(encoded)
                if again != animation { failures.append("\(file): decode -> encode -> decode differs") }
            } catch {
                failures.append("\(file): \(error)")
            }
        }
        XCTAssertGreaterThan(files.count, 300, "the corpus should hold over 300 JSON files")
        XCTAssertEqual(failures, [], "\(failures.count) of \(files.count) corpus files failed")
    }

    func testSchemaInvalidExamplesDecodeLikeThePlayersDo() throws {
        try XCTSkipIf(Corpus.root == nil, Corpus.missingMessage)
        let animated = try LottieDecoder().decode(Corpus.data(Self.schemaInvalidExamples[0]))
        XCTAssertEqual(animated.layers.count, 1)
        let image = try LottieDecoder().decode(Corpus.data(Self.schemaInvalidExamples[1]))
        guard case .image(let asset) = image.assets.first else { return XCTFail("expected an image asset") }
        XCTAssertEqual(asset.path, "MalformedDataUrl")
        XCTAssertEqual(asset.embedded, true)
    }
}
