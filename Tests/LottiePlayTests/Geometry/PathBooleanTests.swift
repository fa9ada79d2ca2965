import Foundation
import XCTest
import LottieModel
@testable import LottiePlay

/// Boolean operations on paths (`PathBoolean`, merge paths modes 2 to 5): areas computed by hand,
/// the shape of the results (curves kept as curves, holes, parts), degenerate inputs, and the
/// identities any correct operation keeps on random shapes.
final class PathBooleanTests: XCTestCase {
    private let boolean = PathBoolean(tolerance: 0.025, maxSegments: 20_000)

    /// The axis-aligned rectangle from (x0, y0) to (x1, y1).
    private func rectangle(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [BezierContour] {
        [BezierContour.rectangle(center: Vector2((x0 + x1) / 2, (y0 + y1) / 2), size: Vector2(x1 - x0, y1 - y0))]
    }

    private func circle(_ x: Double, _ y: Double, radius: Double) -> [BezierContour] {
        [BezierContour.ellipse(center: Vector2(x, y), size: Vector2(2 * radius, 2 * radius))]
    }

    /// A closed curve of cubic segments whose radius waves around `radius` by `amplitude`,
    /// `waves` times round, through `vertices` vertices with smooth tangents.
    private func wavy(center: Vector2, radius: Double, amplitude: Double, waves: Double,
                      vertices: Int) -> BezierContour {
        var points: [Vector2] = [], ins: [Vector2] = [], outs: [Vector2] = []
        let step = 2 * Double.pi / Double(vertices)
        for index in 0..<vertices {
            let angle = Double(index) * step
            let r = radius + amplitude * sin(waves * angle)
            let slope = amplitude * waves * cos(waves * angle)
            // The curve's derivative along the angle, a third of a step long.
            let tangent = Vector2(slope * cos(angle) - r * sin(angle), slope * sin(angle) + r * cos(angle)) * (step / 3)
            points.append(center + Vector2(cos(angle), sin(angle)) * r)
            ins.append(tangent * -1)
            outs.append(tangent)
        }
        return BezierContour(vertices: points, inTangents: ins, outTangents: outs, closed: true)
    }

    /// The area a path fills by the non-zero rule when its contours do not cross (holes turning
    /// the other way): the signed areas of its contours, flattened finely, added up, as positive.
    private func area(_ contours: [BezierContour]) -> Double {
        var total = 0.0
        for contour in contours {
            var points: [Vector2] = []
            Flattening.append(contour, transform: .identity, tolerance: 1e-4, to: &points)
            for index in points.indices {
                total += points[index].cross(points[(index + 1) % points.count])
            }
        }
        return abs(total / 2)
    }

    private func combine(_ first: [BezierContour], _ second: [BezierContour], _ operation: PathOperation,
                         file: StaticString = #filePath, line: UInt = #line) throws -> [BezierContour] {
        try XCTUnwrap(boolean.combine(first, second, operation), "within the limits", file: file, line: line)
    }

    // MARK: Hand-computed

    func testTwoOverlappingSquaresInEveryMode() throws {
        // 60 x 60 squares overlapping by 20: 3600 + 3600 - 1200 together, 1200 shared.
        let first = rectangle(0, 0, 60, 60)
        let second = rectangle(40, 0, 100, 60)
        let union = try combine(first, second, .union)
        XCTAssertEqual(area(union), 6000, accuracy: 0.01)
        XCTAssertEqual(union.count, 1, "one outline")
        let difference = try combine(first, second, .difference)
        XCTAssertEqual(area(difference), 2400, accuracy: 0.01)
        XCTAssertEqual(difference.count, 1)
        let intersection = try combine(first, second, .intersection)
        XCTAssertEqual(area(intersection), 1200, accuracy: 0.01)
        XCTAssertEqual(intersection.count, 1)
        let exclusion = try combine(first, second, .exclusion)
        XCTAssertEqual(area(exclusion), 4800, accuracy: 0.01)
        XCTAssertEqual(exclusion.count, 2, "the two ends, apart")
        // Straight sources stay straight: the intersection is the rectangle 40...60 x 0...60.
        let corners = Set(intersection[0].vertices.map { [$0.x, $0.y] })
        XCTAssertEqual(corners, [[40, 0], [60, 0], [60, 60], [40, 60]])
        XCTAssertTrue(intersection[0].outTangents.allSatisfy { $0 == .zero })
    }

    func testSubtractingTwoPathsTakesBothFromTheFirst() throws {
        // (0...60 - 40...100) - 0...20 leaves 20...40: 20 x 60.
        let result = try XCTUnwrap(boolean.fold(
            [rectangle(0, 0, 60, 60), rectangle(40, 0, 100, 60), rectangle(0, 0, 20, 60)], .difference))
        XCTAssertEqual(area(result), 1200, accuracy: 0.01)
    }

    func testTwoCirclesMakeALensOfCurves() throws {
        // Radius r = 50, centres d = 60 apart: 2 r^2 acos(d / 2r) - (d / 2) sqrt(4 r^2 - d^2).
        let r = 50.0, d = 60.0
        let expected = 2 * r * r * acos(d / (2 * r)) - d / 2 * (4 * r * r - d * d).squareRoot()
        let lens = try combine(circle(0, 0, radius: r), circle(d, 0, radius: r), .intersection)
        // The cubic circle is within 0.03% of the radius of a true one.
        XCTAssertEqual(area(lens), expected, accuracy: expected * 1e-3)
        XCTAssertEqual(lens.count, 1)
        // Curves stay curves: the crossings and the circles' own vertices, not a flattened polygon.
        XCTAssertLessThanOrEqual(lens[0].vertices.count, 6)
        XCTAssertTrue(lens[0].outTangents.allSatisfy { $0 != .zero })
        // The crossings are at x = 30, y = +-40 (within the flattening tolerance).
        let crossings = lens[0].vertices.filter { abs($0.x - 30) < 0.05 }
        XCTAssertEqual(crossings.count, 2)
        for crossing in crossings { XCTAssertEqual(abs(crossing.y), 40, accuracy: 0.02) }
    }

    func testARingIsAHoleTurningTheOtherWay() throws {
        let ring = try combine(circle(0, 0, radius: 50), circle(0, 0, radius: 20), .difference)
        XCTAssertEqual(area(ring), Double.pi * (2500 - 400), accuracy: 2500 * Double.pi * 1e-3)
        XCTAssertEqual(ring.count, 2)
        // Signed areas of opposite signs: filled the same by either rule.
        let signs = ring.map { contour -> Double in
            var points: [Vector2] = []
            Flattening.append(contour, transform: .identity, tolerance: 0.01, to: &points)
            return points.indices.reduce(0) { $0 + points[$1].cross(points[($1 + 1) % points.count]) }.sign == .minus ? -1 : 1
        }
        XCTAssertEqual(Set(signs), [-1, 1])
    }

    func testCoincidentEdgesAndIdenticalPaths() throws {
        // Side by side, sharing the edge x = 60.
        let left = rectangle(0, 0, 60, 60), right = rectangle(60, 0, 120, 60)
        let together = try combine(left, right, .union)
        XCTAssertEqual(area(together), 7200, accuracy: 0.01)
        XCTAssertEqual(together.count, 1, "the shared edge is gone")
        XCTAssertEqual(try combine(left, right, .intersection).count, 0)
        // The same square twice, once turning the other way.
        let reversed = left.map { $0.reversed() }
        XCTAssertEqual(area(try combine(left, reversed, .union)), 3600, accuracy: 0.01)
        XCTAssertEqual(try combine(left, reversed, .difference).count, 0)
        XCTAssertEqual(try combine(left, left, .exclusion).count, 0)
        XCTAssertEqual(area(try combine(left, left, .intersection)), 3600, accuracy: 0.01)
    }

    func testASelfIntersectingStarIsFilledByTheNonZeroRule() throws {
        // A pentagram drawn as one contour through every second point (radius 100): by the
        // non-zero rule the centre is filled too, so the outline is the ten-pointed star
        // 5 R r sin 36 with inner radius r = R cos 72 / cos 36.
        let outer = 100.0
        let points = (0..<5).map { index -> Vector2 in
            let angle = Double(index * 2 % 5) * 2 * Double.pi / 5
            return Vector2(outer * sin(angle), -outer * cos(angle))
        }
        let star = [BezierContour(polygon: points, closed: true)]
        let inner = outer * cos(72 * Double.pi / 180) / cos(36 * Double.pi / 180)
        let starArea = 5 * outer * inner * sin(36 * Double.pi / 180)
        let far = rectangle(200, 200, 210, 210)
        let union = try combine(star, far, .union)
        XCTAssertEqual(area(union), starArea + 100, accuracy: 0.05)
        XCTAssertEqual(union.map(\.vertices.count).sorted(), [4, 10], "the square, and the star's outline")
        // A square in the middle of the star is cut out of its centre.
        let holed = try combine(star, rectangle(-10, -10, 10, 10), .difference)
        XCTAssertEqual(area(holed), starArea - 400, accuracy: 0.05)
    }

    func testDegenerateAndEmptyInputs() throws {
        let square = rectangle(0, 0, 60, 60)
        let flat = [BezierContour(polygon: [Vector2(10, 10), Vector2(50, 50), Vector2(30, 30)], closed: true)]
        XCTAssertEqual(area(try combine(square, flat, .union)), 3600, accuracy: 0.01)
        XCTAssertEqual(area(try combine(square, [], .difference)), 3600, accuracy: 0.01)
        XCTAssertEqual(try combine([], square, .intersection).count, 0)
        XCTAssertEqual(area(try combine([], square, .exclusion)), 3600, accuracy: 0.01)
        // Not finite, or past the work limit: no result, the caller draws the paths unmerged.
        let broken = [BezierContour(polygon: [Vector2(0, 0), Vector2(.nan, 1), Vector2(1, 1)], closed: true)]
        XCTAssertNil(boolean.combine(square, broken, .union))
        let small = PathBoolean(tolerance: 0.025, maxSegments: 10)
        XCTAssertNil(small.combine(circle(0, 0, radius: 50), circle(30, 0, radius: 50), .union))
    }

    func testCurvesThatMeetNothingKeepTheirArea() throws {
        // A lens of two arcs (a contour of two cubic segments) and a wavy curve, far from a square:
        // cut coarsely, as nothing meets them, they still come out whole, their curves as they
        // were (only their vertices snapped to the grid, 1/2560 of a unit).
        let lens = BezierContour(vertices: [Vector2(200, 0), Vector2(260, 0)],
                                 inTangents: [Vector2(20, 30), Vector2(-20, -30)],
                                 outTangents: [Vector2(20, -30), Vector2(-20, 30)], closed: true)
        let curve = wavy(center: Vector2(0, 200), radius: 40, amplitude: 8, waves: 5, vertices: 24)
        let square = rectangle(0, 0, 60, 60)
        let union = try combine([lens, curve], square, .union)
        XCTAssertEqual(union.count, 3)
        XCTAssertEqual(area(union), area([lens]) + area([curve]) + 3600, accuracy: 0.05)
        XCTAssertEqual(area(try combine([lens, curve], square, .difference)), area([lens]) + area([curve]),
                       accuracy: 0.05)
        XCTAssertTrue(try combine([lens, curve], square, .intersection).isEmpty)
    }

    // MARK: Identities on random shapes

    /// area(A ∪ B) + area(A ∩ B) = area(A) + area(B), and area(A − B) = area(A) − area(A ∩ B), on
    /// random star-shaped polygons and circles.
    func testAreasAddUpOnRandomShapes() throws {
        var random = SplitMix64(seed: 7)
        for round in 0..<60 {
            let first = randomShape(&random), second = randomShape(&random)
            let (a, b) = (area(first), area(second))
            let union = area(try combine(first, second, .union))
            let intersection = area(try combine(first, second, .intersection))
            let difference = area(try combine(first, second, .difference))
            let exclusion = area(try combine(first, second, .exclusion))
            XCTAssertEqual(union + intersection, a + b, accuracy: 0.25, "round \(round)")
            XCTAssertEqual(difference, a - intersection, accuracy: 0.25, "round \(round)")
            XCTAssertEqual(exclusion, union - intersection, accuracy: 0.25, "round \(round)")
        }
    }

    /// The same identities measured by the rasterizer's coverage on a 200 x 200 grid, where each
    /// result must also fill the same under both fill rules (its contours do not cross).
    func testCoverageAddsUpAndIsTheSameUnderBothRules() throws {
        var random = SplitMix64(seed: 11)
        for round in 0..<12 {
            let first = randomShape(&random), second = randomShape(&random)
            let (a, b) = (coverage(first), coverage(second))
            var results: [PathOperation: Double] = [:]
            for operation in [PathOperation.union, .intersection, .difference, .exclusion] {
                let result = try combine(first, second, operation)
                results[operation] = coverage(result)
                XCTAssertEqual(coverage(result, rule: .evenOdd), results[operation] ?? 0, accuracy: 0.5,
                               "round \(round), \(operation): the fill rule changes the result")
            }
            let union = results[.union] ?? 0, intersection = results[.intersection] ?? 0
            XCTAssertEqual(union + intersection, a + b, accuracy: 2, "round \(round)")
            XCTAssertEqual(results[.difference] ?? 0, a - intersection, accuracy: 2, "round \(round)")
            XCTAssertEqual(results[.exclusion] ?? 0, union - intersection, accuracy: 2, "round \(round)")
        }
    }

    /// The pixels `contours` cover (coverage added up), moved by (100, 100) onto a 200 x 200 grid.
    private func coverage(_ contours: [BezierContour], rule: FillRule = .nonZero) -> Double {
        var polygon = Polygon()
        Flattening.append(contours, transform: .translation(x: 100, y: 100), tolerance: 0.01, to: &polygon)
        return RenderFixtures.coverage(polygon, rule: rule, width: 200, height: 200).reduce(0) { $0 + Double($1) }
    }

    /// A star-shaped polygon (random radii at increasing angles, so it never crosses itself), a
    /// wavy closed curve or a circle, about 100 units across, near the origin.
    private func randomShape(_ random: inout SplitMix64) -> [BezierContour] {
        let center = Vector2(random.unit() * 60 - 30, random.unit() * 60 - 30)
        let kind = random.unit()
        if kind < 0.25 { return circle(center.x, center.y, radius: 20 + random.unit() * 40) }
        if kind < 0.5 {
            return [wavy(center: center, radius: 20 + random.unit() * 30, amplitude: random.unit() * 10,
                         waves: 2 + Double(Int(random.unit() * 8)), vertices: 8 + Int(random.unit() * 60))]
        }
        let count = 3 + Int(random.unit() * 12)
        let points = (0..<count).map { index -> Vector2 in
            let angle = (Double(index) + random.unit() * 0.8) * 2 * Double.pi / Double(count)
            let radius = 10 + random.unit() * 50
            return center + Vector2(cos(angle), sin(angle)) * radius
        }
        return [BezierContour(polygon: points, closed: true)]
    }
}

/// A small seeded generator (SplitMix64), so that the random shapes are the same on every run.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in 0 ..< 1.
    mutating func unit() -> Double {
        Double(next() >> 11) / Double(1 << 53)
    }
}
