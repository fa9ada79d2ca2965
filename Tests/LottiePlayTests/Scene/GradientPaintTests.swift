import XCTest
import LottieModel
@testable import LottiePlay

/// `GradientPaint` keeps its values in one copy-on-write allocation: it must still behave as a
/// plain value, and writing it in place must give what making it anew gives.
final class GradientPaintTests: XCTestCase {
    private static let red = GradientPaint.ColorStop(offset: 0, color: RGBAColor(red: 1, green: 0, blue: 0))
    private static let blue = GradientPaint.ColorStop(offset: 1, color: RGBAColor(red: 0, green: 0, blue: 1))

    private static func linear() -> GradientPaint {
        GradientPaint(kind: .linear, start: Vector2(0, 0), end: Vector2(10, 0), colorStops: [red, blue],
                      opacityStops: [GradientPaint.OpacityStop(offset: 0.5, opacity: 0.25)])
    }

    // MARK: Value semantics

    func testChangingACopyLeavesTheOriginalAsItWas() {
        let original = Self.linear()
        var copy = original
        copy.end = Vector2(20, 5)
        copy.colorStops.append(GradientPaint.ColorStop(offset: 0.5, color: RGBAColor(red: 0, green: 1, blue: 0)))
        copy.kind = .radial
        XCTAssertEqual(original.end, Vector2(10, 0))
        XCTAssertEqual(original.colorStops, [Self.red, Self.blue])
        XCTAssertEqual(original.kind, .linear)
        XCTAssertEqual(copy.end, Vector2(20, 5))
        XCTAssertEqual(copy.colorStops.count, 3)
        XCTAssertEqual(copy.kind, .radial)
    }

    func testGradientsAreEqualByValueNotByStorage() {
        var other = Self.linear()
        XCTAssertEqual(Self.linear(), other)
        other.highlightAngle = 45
        XCTAssertNotEqual(Self.linear(), other)
        other.highlightAngle = 0
        XCTAssertEqual(Self.linear(), other)
        other.opacityStops = []
        XCTAssertNotEqual(Self.linear(), other)
    }

    /// Scenes are compared by their descriptions in the recycling tests: the values must show.
    func testTheDescriptionShowsTheValues() {
        let text = String(describing: Self.linear())
        XCTAssertTrue(text.hasPrefix("GradientPaint(kind: LottiePlay.GradientPaint.Kind.linear, start: "), text)
        XCTAssertTrue(text.contains("opacityStops: [LottiePlay.GradientPaint.OpacityStop(offset: 0.5, opacity: 0.25)]"), text)
        XCTAssertNotEqual(text, String(describing: GradientPaint(kind: .linear, start: .zero, end: .zero,
                                                                   colorStops: [], opacityStops: [])))
    }

    // MARK: Stops

    /// Two colour stops `[offset, r, g, b]` then two opacity stops `[offset, alpha]`.
    private static let numbers: [Double] = [0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 1, 0.5]

    func testSplittingANumberListGivesColourThenOpacityStops() {
        let (colors, opacities) = GradientPaint.stops(from: Self.numbers, colorStopCount: 2)
        XCTAssertEqual(colors, [Self.red, Self.blue])
        XCTAssertEqual(opacities, [GradientPaint.OpacityStop(offset: 0, opacity: 1),
                                   GradientPaint.OpacityStop(offset: 1, opacity: 0.5)])
        // More colour stops announced than the list holds: as many as there are, no opacity stop.
        let (fewer, none) = GradientPaint.stops(from: Array(Self.numbers.prefix(9)), colorStopCount: 3)
        XCTAssertEqual(fewer, [Self.red, Self.blue])
        XCTAssertEqual(none, [])
    }

    func testWritingStopsInPlaceKeepsTheStorageAndGivesTheSplit() throws {
        var gradient = Self.linear()
        gradient.colorStops.reserveCapacity(8)
        let storage = try XCTUnwrap(gradient.colorStopStorage)
        gradient.writeStops(count: Self.numbers.count, colorStopCount: 2) { Self.numbers[$0] * 0.5 }
        let (colors, opacities) = GradientPaint.stops(from: Self.numbers.map { $0 * 0.5 }, colorStopCount: 2)
        XCTAssertEqual(gradient.colorStops, colors)
        XCTAssertEqual(gradient.opacityStops, opacities)
        XCTAssertEqual(gradient.colorStopStorage, storage)
    }

    func testWritingStopsOfASharedGradientLeavesTheOtherHolderAlone() {
        var gradient = Self.linear()
        let kept = gradient
        gradient.writeStops(count: 4, colorStopCount: 1) { [0.25, 0, 1, 0][$0] }
        XCTAssertEqual(gradient.colorStops, [GradientPaint.ColorStop(offset: 0.25, color: RGBAColor(red: 0, green: 1, blue: 0))])
        XCTAssertEqual(gradient.opacityStops, [])
        XCTAssertEqual(kept, Self.linear())
    }
}
