import Foundation
import XCTest
import TestSupport
@testable import LottieModel

/// Inflate speed on the largest `.lottie` of the corpus, printed in MB/s of output. Meaningful
/// in a release build only:
///
///     swift test -c release --filter InflateSpeedTests
final class InflateSpeedTests: XCTestCase {
    func testInflateSpeedOnTheLargestDotLottie() throws {
        let files = Corpus.files(withExtensions: ["lottie"])
        try XCTSkipIf(files.isEmpty, Corpus.missingMessage)
        let sizes = try files.map { ($0, try Corpus.data($0).count) }
        let (largest, size) = try XCTUnwrap(sizes.max { $0.1 < $1.1 })
        let bytes = [UInt8](try Corpus.data(largest))
        #if DEBUG
        let repeats = 1
        #else
        let repeats = 20
        #endif
        // multi.lottie has entries damaged upstream (see CorpusContainerTests): only the intact
        // ones are timed, so that the rate is of output that passed its CRC-32.
        let first = try ZipArchive(bytes)
        let intact = first.entries.filter { entry in
            do { _ = try first.contents(of: entry); return true } catch { return false }
        }
        var best = Double.infinity
        var output = 0
        for _ in 0..<repeats {
            let start = DispatchTime.now().uptimeNanoseconds
            let archive = try ZipArchive(bytes)
            output = 0
            for entry in intact { output += try archive.contents(of: entry).count }
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        let megabytes = Double(output) / 1_000_000
        print("inflate: \(largest) (\(size) bytes): \(intact.count) intact entries, \(output) bytes, "
            + "CRC-32 checked, best of \(repeats): \(String(format: "%.2f", best * 1000)) ms, "
            + "\(String(format: "%.0f", megabytes / best)) MB/s of output")
        XCTAssertGreaterThan(output, 1_000_000)
    }
}
