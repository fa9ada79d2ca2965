import XCTest
import LottieModel
@testable import LottiePlay

/// `CoverageCache`: a polygon filled in consecutive frames is kept from the second, and its
/// coverage handed over again is the rasterizer's, value for value.
final class CoverageCacheTests: XCTestCase {
    /// A disc of radius 30 at (40, 40), with a square hole: full runs, partial edges and a
    /// hole in its rows.
    private static func ring() -> Polygon {
        var polygon = Polygon()
        for step in 0..<64 {
            let angle = Double(step) / 64 * 2 * .pi
            let point = Vector2(40 + 30 * cos(angle), 40 + 30 * sin(angle))
            if step == 0 { polygon.move(to: point) } else { polygon.line(to: point) }
        }
        polygon.move(to: Vector2(30.5, 30.5))
        polygon.line(to: Vector2(30.5, 50.5))
        polygon.line(to: Vector2(50.5, 50.5))
        polygon.line(to: Vector2(50.5, 30.5))
        polygon.closeContour()
        return polygon
    }

    /// The coverage of each pixel of a 100 x 100 canvas, from spans.
    private static func plane(_ give: ((CoverageSpan) -> Void) -> Void) -> [Float] {
        var values = [Float](repeating: 0, count: 100 * 100)
        give { span in
            for index in 0..<span.count { values[span.y * 100 + span.minX + index] = span.values[index] }
        }
        return values
    }

    func testAPolygonIsKeptFromTheSecondFrameAndReplaysTheSameCoverage() {
        let cache = CoverageCache()
        var rasterizer = CoverageRasterizer()
        defer { rasterizer.deallocate() }
        let clip = PixelRect(width: 100, height: 100)
        let polygon = Self.ring()
        let rasterized = Self.plane { body in rasterizer.rasterize(polygon, rule: .evenOdd, clip: clip, body) }
        XCTAssertEqual(rasterized[40 * 100 + 40], 0, "the hole")
        XCTAssertEqual(rasterized[40 * 100 + 15], 1, "inside the ring")

        cache.begin(width: 100, height: 100)
        var found = cache.lookup(polygon, rule: .evenOdd, clip: clip)
        XCTAssertNil(found.kept)
        XCTAssertNil(found.record, "first seen: only noted")
        cache.finish()

        cache.begin(width: 100, height: 100)
        found = cache.lookup(polygon, rule: .evenOdd, clip: clip)
        XCTAssertNil(found.kept)
        let record = try? XCTUnwrap(found.record, "seen in the frame before: kept")
        rasterizer.rasterize(polygon, rule: .evenOdd, clip: clip) { record?.record($0) }
        XCTAssertNil(cache.lookup(polygon, rule: .nonZero, clip: clip).kept, "another rule")
        cache.finish()

        cache.begin(width: 100, height: 100)
        guard let kept = cache.lookup(polygon, rule: .evenOdd, clip: clip).kept else {
            return XCTFail("kept for the third frame")
        }
        XCTAssertEqual(Self.plane { body in cache.replay(kept, body) }, rasterized)
        // The interior runs are kept as runs: far fewer values than covered pixels.
        XCTAssertLessThan(kept.values.count, rasterized.filter { $0 > 0 }.count / 2)
        // Another clip that leaves the same box finds it; one that cuts the polygon does not.
        XCTAssertNotNil(cache.lookup(polygon, rule: .evenOdd, clip: PixelRect(width: 90, height: 90)).kept)
        XCTAssertNil(cache.lookup(polygon, rule: .evenOdd, clip: PixelRect(width: 50, height: 100)).kept)
        cache.finish()

        // A frame that does not fill it lets it go.
        cache.begin(width: 100, height: 100)
        cache.finish()
        cache.begin(width: 100, height: 100)
        XCTAssertNil(cache.lookup(polygon, rule: .evenOdd, clip: clip).kept)
        cache.finish()
    }

    func testSmallPolygonsAreNotKept() {
        let cache = CoverageCache()
        var square = Polygon()
        square.move(to: Vector2(1, 1))
        square.line(to: Vector2(20, 1))
        square.line(to: Vector2(20, 20))
        square.line(to: Vector2(1, 20))
        square.closeContour()
        for _ in 0..<3 {
            cache.begin(width: 100, height: 100)
            let found = cache.lookup(square, rule: .nonZero, clip: PixelRect(width: 100, height: 100))
            XCTAssertNil(found.kept)
            XCTAssertNil(found.record)
            cache.finish()
        }
    }
}

private extension CoverageCache {
    /// `lookup(_:rule:box:)` with the box the compositor hands over: the polygon's bounds within
    /// the clip.
    func lookup(_ polygon: Polygon, rule: FillRule, clip: PixelRect) -> (kept: Entry?, record: Entry?) {
        lookup(polygon, rule: rule, box: polygon.pixelBounds.intersection(clip))
    }
}
