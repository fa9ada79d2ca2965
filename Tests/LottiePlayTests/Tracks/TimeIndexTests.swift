import XCTest
import LottieModel
@testable import LottiePlay

/// The table that finds a frame among sorted times without a binary search: where it answers,
/// its answer is the count of times at or before the frame, found here by walking every time.
final class TimeIndexTests: XCTestCase {
    private static func index(_ times: [Double]) -> TimeIndex {
        TimeIndex(count: times.count) { times[$0] }
    }

    private static func walked(_ times: [Double], _ frame: Double) -> Int {
        times.filter { $0 <= frame }.count
    }

    // MARK: Answers

    /// Whole-frame times with repeats and gaps, asked every eighth of a frame over and around
    /// their range: the table answers inside it, each time with the walk's count.
    func testTheCountOfTimesAtOrBeforeAFrameIsTheWalksCount() {
        let lists: [[Double]] = [
            [0, 1, 2, 3],
            [0, 1, 2, 3, 10, 10, 11, 30, 31],
            [5, 5, 5, 8, 40],
            [2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32],
        ]
        for times in lists {
            let index = Self.index(times)
            XCTAssertTrue(index.isIndexed, "\(times)")
            var answered = 0
            for frame in stride(from: -2.0, through: (times.last ?? 0) + 2, by: 0.125) {
                guard let count = index.count(atOrBefore: frame) else { continue }
                answered += 1
                XCTAssertEqual(count, Self.walked(times, frame), "\(times) at \(frame)")
            }
            // Every frame from 0 up to the last time's is in the table.
            XCTAssertEqual(answered, Int((times.last ?? 0) * 8) + 8, "\(times)")
        }
    }

    func testHandCountsAtKeysBetweenThemAndJustBefore() throws {
        let index = Self.index([0, 1, 2, 3, 10, 10, 11, 30, 31])
        XCTAssertEqual(index.count(atOrBefore: 0), 1)
        XCTAssertEqual(index.count(atOrBefore: 9.999), 4)
        XCTAssertEqual(index.count(atOrBefore: 10), 6, "both keys at 10 are at or before it")
        XCTAssertEqual(index.count(atOrBefore: 10.5), 6)
        XCTAssertEqual(index.count(atOrBefore: 29.5), 7)
        XCTAssertEqual(index.count(atOrBefore: 31.75), 9)
        XCTAssertEqual(index.count(atOrBefore: 30.0.nextDown), 7)
    }

    /// Outside the table the caller searches: before 0, past the last time's whole frame, and
    /// frames that are not numbers.
    func testFramesOutsideTheTableAreLeftToTheCaller() {
        let index = Self.index([0, 4, 8, 12])
        for frame in [-0.5, -1e300, 13, 1e300, .infinity, -.infinity, .nan] {
            XCTAssertNil(index.count(atOrBefore: frame), "\(frame)")
        }
        XCTAssertEqual(index.count(atOrBefore: 12.99), 4)
    }

    // MARK: Where no table is made

    func testNoTableForFewTimesFractionalOrNegativeTimesOrAWideSpread() {
        XCTAssertFalse(Self.index([0, 1, 2]).isIndexed, "three times: a search takes two steps")
        XCTAssertFalse(Self.index([0, 1, 2.5, 3]).isIndexed, "a time between whole frames")
        XCTAssertFalse(Self.index([-1, 0, 1, 2]).isIndexed, "a time before 0")
        XCTAssertFalse(Self.index([0, 1, 2, .infinity]).isIndexed)
        // Four times may span 16 frames each and 64 more: 128 frames, not 128 or more.
        XCTAssertTrue(Self.index([0, 1, 2, 127]).isIndexed)
        XCTAssertFalse(Self.index([0, 1, 2, 128]).isIndexed, "a table much larger than the times")
        XCTAssertFalse(Self.index([0, 1, 2, 1e15]).isIndexed)
    }

    // MARK: Through the tracks

    /// A still stretch found through the table is the one the search finds: tracks keyed at
    /// whole frames, asked at whole, half and odd frames and past their last key.
    func testStillSpansAnswerTheSameWithTheTable() throws {
        let json = """
        {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 3, "s": [0], "h": 1}, {"t": 6, "s": [2]},
                        {"t": 9, "s": [2]}, {"t": 12, "s": [2]}, {"t": 15, "s": [7]}]}
        """
        let property = try JSONDecoder().decode(Animatable<Double>.self, from: Data(json.utf8))
        let track = PropertyTrack(property, fallback: 0, context: ValueContext())
        XCTAssertTrue(track.timeIndex.isIndexed)
        var motion = MotionCollector()
        motion.add(track)
        let spans = try XCTUnwrap(motion.spans())
        // Stretches: (-inf, 0) [0, 3) [3, 6) [6, 9) [9, 12) [12, 15) [15, +inf); still where the
        // value does not move: before 0, 0 -> 0, the hold, 2 -> 2 twice, and after 15.
        let expected: [(Double, Int?)] = [
            (-1, 0), (0, 1), (2.5, 1), (3, 2), (5.999, 2), (6, 3), (8.5, 3), (9, 4), (11, 4),
            (12, nil), (14.5, nil), (15, 6), (15.5, 6), (100, 6),
        ]
        for (frame, span) in expected {
            XCTAssertEqual(spans.span(at: frame), span, "frame \(frame)")
        }
    }
}
