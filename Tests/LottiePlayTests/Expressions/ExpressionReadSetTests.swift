import XCTest
@testable import LottiePlay

/// The set of properties an evaluation read (`ExpressionReadSet`), by which kept results are
/// refused while one of their reads is in progress.
final class ExpressionReadSetTests: XCTestCase {
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
}
