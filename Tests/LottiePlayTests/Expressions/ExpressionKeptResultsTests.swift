import XCTest
@testable import LottiePlay

/// The set of properties an evaluation read (`ExpressionReadSet`), by which kept results are
/// refused while one of their reads is in progress, and the kept results themselves.
final class ExpressionKeptResultsTests: XCTestCase {
    func testMembersAcrossWords() {
        var set = ExpressionReadSet()
        XCTAssertFalse(set.contains(0))
        set.insert(3)
        set.insert(64)
        set.insert(130)
        XCTAssertEqual([0, 3, 63, 64, 65, 130, 131, 1000].filter(set.contains), [3, 64, 130])
    }

    func testUnionKeepsBothSides() {
        var small = ExpressionReadSet()
        small.insert(1)
        var large = ExpressionReadSet()
        large.insert(200)
        large.insert(2)
        small.formUnion(large)
        XCTAssertEqual((0..<256).filter(small.contains), [1, 2, 200])
        large.formUnion(ExpressionReadSet())
        XCTAssertEqual((0..<256).filter(large.contains), [2, 200])
    }

    // MARK: Kept results

    private func result(_ value: Double, from: Double, until: Double, exact: Bool = false) -> KeptExpressionResult {
        KeptExpressionResult(value: value, from: from, until: until, exact: exact, reads: ExpressionReadSet())
    }

    private func value(_ results: KeptExpressionResults, at frame: Double) -> Double? {
        results.result(at: frame)?.value as? Double
    }

    func testResultsKeptSideBySide() {
        var results = KeptExpressionResults()
        results.keep(result(1, from: 10, until: 10, exact: true), capacity: 3)
        results.keep(result(2, from: 20, until: 30), capacity: 3)
        XCTAssertEqual(value(results, at: 10), 1)
        XCTAssertEqual(value(results, at: 25), 2)
        XCTAssertNil(value(results, at: 10.5))
        XCTAssertNil(value(results, at: 30))
        // A result that holds where the new one starts is replaced, not kept beside it.
        results.keep(result(3, from: 22, until: 40), capacity: 3)
        XCTAssertEqual(value(results, at: 35), 3)
        XCTAssertEqual(value(results, at: 21), nil)
        XCTAssertEqual(value(results, at: 10), 1)
    }

    func testOldestResultReplacedPastCapacity() {
        var results = KeptExpressionResults()
        for frame in 1...4 { results.keep(result(Double(frame) * 10, from: Double(frame), until: Double(frame), exact: true), capacity: 3) }
        XCTAssertNil(value(results, at: 1))
        XCTAssertEqual([2.0, 3, 4].map { value(results, at: $0) }, [20, 30, 40])
        results.keep(result(50, from: 5, until: 5, exact: true), capacity: 3)
        XCTAssertNil(value(results, at: 2))
        XCTAssertEqual([3.0, 4, 5].map { value(results, at: $0) }, [30, 40, 50])
    }
}
