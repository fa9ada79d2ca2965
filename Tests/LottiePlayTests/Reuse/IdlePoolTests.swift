import XCTest
import LottieModel
@testable import LottiePlay

final class IdlePoolTests: XCTestCase {
    private final class Box {}

    func testGivesBackWhatWasPutUpToItsCapacity() {
        let pool = IdlePool<Box>(capacity: 2)
        XCTAssertNil(pool.take())
        let (first, second, third) = (Box(), Box(), Box())
        pool.put(first)
        pool.put(second)
        pool.put(third)  // over capacity: dropped
        let taken = [pool.take(), pool.take()].compactMap { $0 }
        XCTAssertEqual(Set(taken.map(ObjectIdentifier.init)), [ObjectIdentifier(first), ObjectIdentifier(second)])
        XCTAssertNil(pool.take())
    }

    func testTimelineFramesGiveTheirBudgetBack() throws {
        let timeline = Timeline(try LottieDecoder().decode(Data(#"{"v":"5.7","fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":[]}"#.utf8)))
        _ = timeline.scene(atFrame: 1)
        let budget = try XCTUnwrap(timeline.frameScratch.take())
        timeline.frameScratch.put(budget)
        _ = timeline.scene(atFrame: 2)
        XCTAssertTrue(timeline.frameScratch.take() === budget, "the next frame reuses the same budget")
    }
}
