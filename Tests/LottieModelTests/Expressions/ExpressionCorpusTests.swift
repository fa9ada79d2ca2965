import Foundation
import TestSupport
import XCTest
import LottieModel

/// Every expression of the corpus parses: the files whose manifest row counts expressions are
/// walked for property objects with a string `x` member.
final class ExpressionCorpusTests: XCTestCase {
    /// The corpus files (relative paths) whose manifest row has `expressions` > 0.
    private func filesWithExpressions() throws -> [String] {
        let manifest = try String(decoding: Corpus.data("manifest.tsv"), as: UTF8.self)
        let rows = manifest.split(whereSeparator: \.isNewline).map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        guard let header = rows.first, let pathColumn = header.firstIndex(of: "path"),
              let countColumn = header.firstIndex(of: "expressions") else {
            XCTFail("manifest.tsv has no path or expressions column")
            return []
        }
        return rows.dropFirst().compactMap { row in
            guard row.count > max(pathColumn, countColumn), let count = Int(row[countColumn]), count > 0 else { return nil }
            return String(row[pathColumn])
        }
    }

    /// Every string `x` member of an object, anywhere in the JSON (walked with an explicit stack).
    private func expressions(in json: Any) -> [String] {
        var found: [String] = []
        var stack: [Any] = [json]
        while let item = stack.popLast() {
            if let object = item as? [String: Any] {
                if let text = object["x"] as? String { found.append(text) }
                stack.append(contentsOf: object.values)
            } else if let array = item as? [Any] {
                stack.append(contentsOf: array)
            }
        }
        return found
    }

    func testEveryCorpusExpressionParses() throws {
        guard Corpus.root != nil else { throw XCTSkip(Corpus.missingMessage) }
        let files = try filesWithExpressions()
        XCTAssertFalse(files.isEmpty, "no corpus file lists expressions")
        var total = 0
        var distinct = Set<String>()
        var failures: [String: String] = [:]
        for file in files {
            let json = try JSONSerialization.jsonObject(with: Corpus.data(file), options: [.fragmentsAllowed])
            for source in expressions(in: json) {
                total += 1
                guard distinct.insert(source).inserted else { continue }
                do {
                    _ = try ExpressionParser.parse(source)
                } catch {
                    failures[source] = "\(file): \(error)"
                }
            }
        }
        XCTAssertGreaterThan(distinct.count, 0)
        for (source, failure) in failures.sorted(by: { $0.key < $1.key }) {
            XCTFail("\(failure)\n\(source)")
        }
        print("corpus expressions: \(total) in \(files.count) files, \(distinct.count) distinct, \(failures.count) failed")
    }
}
