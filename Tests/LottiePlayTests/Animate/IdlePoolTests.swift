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

    func testTimelineFramesGiveTheirStateBack() throws {
        let timeline = Timeline(try LottieDecoder().decode(Data(#"{"v":"5.7","fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":[]}"#.utf8)))
        _ = timeline.scene(atFrame: 1)
        let state = try XCTUnwrap(timeline.graphStates.take())
        timeline.graphStates.put(state)
        _ = timeline.scene(atFrame: 2)
        XCTAssertTrue(timeline.graphStates.take() === state, "the next frame reuses the same graph state")
    }
}
