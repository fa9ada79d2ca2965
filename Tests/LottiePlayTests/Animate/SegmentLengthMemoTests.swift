import XCTest
import LottieModel
@testable import LottiePlay

/// The segment lengths a trim path remembers between frames must always be those of the
/// contours it is given now.
final class SegmentLengthMemoTests: XCTestCase {
    private func rectangle(_ width: Double, _ height: Double) -> BezierContour {
        BezierContour(polygon: [Vector2(0, 0), Vector2(width, 0), Vector2(width, height), Vector2(0, height)],
                      closed: true)
    }

    func testLengthsFollowTheContoursGiven() {
        let memo = SegmentLengthMemo()
        let small = [rectangle(10, 20)]
        let large = [rectangle(30, 40), rectangle(1, 2)]
        XCTAssertEqual(memo.segmentLengths(of: small), [10, 20, 10, 20])
        XCTAssertEqual(memo.segmentLengths(of: small), [10, 20, 10, 20])
        XCTAssertEqual(memo.segmentLengths(of: large), [30, 40, 30, 40, 1, 2, 1, 2])
        XCTAssertEqual(memo.segmentLengths(of: small), [10, 20, 10, 20])
        XCTAssertEqual(memo.segmentLengths(of: []), [])
    }

    func testChangedVerticesAreMeasuredAgain() {
        let memo = SegmentLengthMemo()
        var contour = rectangle(10, 20)
        XCTAssertEqual(memo.segmentLengths(of: [contour]), [10, 20, 10, 20])
        contour.vertices[2] = Vector2(10, 50)
        contour.vertices[3] = Vector2(0, 50)
        XCTAssertEqual(memo.segmentLengths(of: [contour]), [10, 50, 10, 50])
    }

    func testTrimWithMemoMatchesTrimWithout() {
        // Half of a 10 x 20 rectangle's 60 units: from (0, 0) along the top and right side to (10, 20).
        let memo = SegmentLengthMemo()
        let slots = [[rectangle(10, 20)], [rectangle(4, 4)]]
        for (start, end) in [(0.0, 50.0), (25, 75), (10, 10), (0, 100), (90, 20)] {
            for sequential in [false, true] {
                let remembered = ShapeOperations.trim(slots, start: start, end: end, offset: 0,
                                                      sequential: sequential, memo: memo)
                let measured = ShapeOperations.trim(slots, start: start, end: end, offset: 0, sequential: sequential)
                XCTAssertEqual(remembered, measured, "s \(start) e \(end) sequential \(sequential)")
            }
        }
        let half = ShapeOperations.trim([[rectangle(10, 20)]], start: 0, end: 50, offset: 0, sequential: false,
                                        memo: memo)
        XCTAssertEqual(half.first?.first?.vertices, [Vector2(0, 0), Vector2(10, 0), Vector2(10, 20)])
    }
}
