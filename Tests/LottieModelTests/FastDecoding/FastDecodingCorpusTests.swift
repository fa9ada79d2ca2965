import Foundation
import XCTest
import TestSupport
@testable import LottieModel

/// Every `.json` and `.lot` file of the shared corpus decodes to the same model on the fast
/// path as on the `Codable` path.
final class FastDecodingCorpusTests: XCTestCase {
    func testEveryCorpusFileDecodesToTheSameModelBothWays() throws {
        let files = Corpus.lottieJSONFiles()
        try XCTSkipIf(files.isEmpty, Corpus.missingMessage)
        var failures: [String] = []
        var compared = 0
        for file in files {
            let data = try Corpus.data(file)
            let reference: LottieAnimation
            do {
                reference = try LottieDecoder(strategy: .codable).decode(data)
            } catch {
                // The Codable path refuses it: the fast path must refuse it too.
                if let fast = try? LottieDecoder().decodeFastOnly(data) {
                    failures.append("\(file): the fast path decodes a file the Codable path refuses (\(error)); layers: \(fast.layers.count)")
                }
                continue
            }
            do {
                let fast = try LottieDecoder().decodeFastOnly(data)
                compared += 1
                if fast != reference {
                    failures.append("\(file): models differ at \(ModelDifference.first(fast, reference) ?? "?")")
                }
            } catch {
                failures.append("\(file): the fast path fails: \(error)")
            }
        }
        XCTAssertGreaterThan(compared, 300, "the corpus should hold over 300 decodable JSON files")
        XCTAssertEqual(failures, [], "\(failures.count) of \(files.count) corpus files differ")
    }
}
