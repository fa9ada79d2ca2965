import XCTest
import LottieModel
@testable import LottiePlay

/// `ContourKeys` holds an animated path's keyframe contours in one block of memory; the contour
/// written from it at any frame must be the track's value there, to the last bit.
final class ContourKeysTests: XCTestCase {
    /// A triangle eased into a curved square (more vertices: the lerp keeps the first three),
    /// held as a square, then an open pentagon from which the path moves back to the triangle.
    private static func makeTrack() throws -> PropertyTrack<BezierContour> {
        let json = """
        {"a": 1, "k": [
          {"t": 0, "s": [{"c": true, "v": [[0, 0], [10, 0], [10, 10]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}],
           "o": {"x": [0.7], "y": [0.1]}, "i": {"x": [0.3], "y": [0.9]}},
          {"t": 10, "s": [{"c": true, "v": [[1, 2], [20, 1], [22, 18], [0, 21]], "i": [[1, 1], [0, 2], [-3, 0], [0, 0]], "o": [[0, -1], [2, 0], [0, 3], [-1, -1]]}], "h": 1},
          {"t": 15, "s": [{"c": false, "v": [[5, 5], [15, 0], [25, 5], [20, 15], [10, 15]], "i": [[0, 0], [0, 0], [0, 0], [0, 0], [0, 0]], "o": [[1, 0], [1, 0], [1, 0], [1, 0], [1, 0]]}]},
          {"t": 25, "s": [{"c": true, "v": [[0, 0], [10, 0], [10, 10]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}]}]}
        """
        let property = try JSONDecoder().decode(Animatable<BezierPath>.self, from: Data(json.utf8))
        return PropertyTrack(property, fallback: BezierContour(polygon: [], closed: true), context: ValueContext())
    }

    func testEveryFrameIsTheTracksValue() throws {
        let track = try Self.makeTrack()
        let keys = try XCTUnwrap(track.contourKeys())
        XCTAssertEqual(keys.count, 4)
        var contour = BezierContour(polygon: [], closed: false)
        // Forwards, then backwards: the contour's storage grows and shrinks between 3, 4 and 5 vertices.
        let frames = Array(stride(from: -2.0, through: 28, by: 0.25))
        for frame in frames + frames.reversed() {
            track.contour(at: frame, into: &contour, keys: keys)
            XCTAssertEqual(contour, track.value(at: frame), "frame \(frame)")
        }
    }

    /// A segment's end that is the next key's value is not stored again: the keys' 3, 4, 5 and 3
    /// vertices (three lists each) once, and the last key's end (its own value: no next key) again.
    func testEachKeysContourIsStoredOnce() throws {
        let keys = try XCTUnwrap(Self.makeTrack().contourKeys())
        XCTAssertEqual(keys.storedPoints, 3 * (3 + 4 + 5 + 3) + 3 * 3)
    }

    func testHandComputedFrames() throws {
        let track = try Self.makeTrack()
        let keys = try XCTUnwrap(track.contourKeys())
        var contour = BezierContour(polygon: [], closed: false)
        track.contour(at: 12, into: &contour, keys: keys)
        XCTAssertEqual(contour.vertices, [Vector2(1, 2), Vector2(20, 1), Vector2(22, 18), Vector2(0, 21)], "held")
        // Halfway from the pentagon (linear easing) to the triangle: three vertices, open as the pentagon.
        track.contour(at: 20, into: &contour, keys: keys)
        XCTAssertEqual(contour.vertices, [Vector2(2.5, 2.5), Vector2(12.5, 0), Vector2(17.5, 7.5)])
        XCTAssertEqual(contour.outTangents, [Vector2(0.5, 0), Vector2(0.5, 0), Vector2(0.5, 0)])
        XCTAssertFalse(contour.closed)
    }

    func testAContourSharingItsStorageIsNotWrittenThrough() throws {
        let track = try Self.makeTrack()
        let keys = try XCTUnwrap(track.contourKeys())
        var contour = BezierContour(polygon: [], closed: false)
        track.contour(at: 3, into: &contour, keys: keys)
        let kept = contour
        track.contour(at: 7, into: &contour, keys: keys)
        XCTAssertEqual(kept, track.value(at: 3))
        XCTAssertEqual(contour, track.value(at: 7))
    }

    func testATrackThatDoesNotMoveHasNone() {
        let still = PropertyTrack<BezierContour>(constant: BezierContour(polygon: [Vector2(1, 1)], closed: true))
        XCTAssertNil(still.contourKeys())
    }
}
