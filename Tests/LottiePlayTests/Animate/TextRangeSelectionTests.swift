import XCTest
@testable import LottiePlay

/// The share of a text animator's style that each unit gets from a range selector, by shape,
/// units, offset, amount and smoothness (hand-computed from After Effects' definitions).
final class TextRangeSelectionTests: XCTestCase {
    /// A selector over 10 units, from 20% to 60% (units 2 to 6) unless told otherwise.
    private func selection(_ shape: TextRangeShape, start: Double = 20, end: Double? = 60, offset: Double = 0,
                           amount: Double = 100, smoothness: Double = 100, inPercent: Bool = true,
                           count: Int = 10) -> TextRangeSelection {
        TextRangeSelection(TextRangeValues(start: start, end: end, offset: offset, amount: amount, maxEase: 0,
                                           minEase: 0, smoothness: smoothness, shape: shape, inPercent: inPercent),
                           count: count)
    }

    private func factors(_ selection: TextRangeSelection, _ indices: [Double]) -> [Double] {
        indices.map { selection.factor(at: $0) }
    }

    func testSquareCoversWholeAndPartialUnits() {
        XCTAssertEqual(factors(selection(.square), [1, 2, 5, 6]), [0, 1, 1, 0])
        // From 25% (2.5): unit 2 is half covered; to 55% (5.5): unit 5 is half covered.
        XCTAssertEqual(factors(selection(.square, start: 25, end: 55), [2, 3, 5]), [0.5, 1, 0.5])
    }

    func testSquareSmoothness() {
        // From 27.5% (2.75): unit 2 is a quarter covered. Smoothness 50% cuts below a quarter
        // and stretches the rest: (0.25 - 0.25) / 0.5 = 0; a half-covered unit gets 0.5.
        XCTAssertEqual(selection(.square, start: 27.5).factor(at: 2), 0.25, accuracy: 1e-12)
        XCTAssertEqual(selection(.square, start: 27.5, smoothness: 50).factor(at: 2), 0, accuracy: 1e-12)
        XCTAssertEqual(selection(.square, start: 25, smoothness: 50).factor(at: 2), 0.5, accuracy: 1e-12)
    }

    func testRamps() {
        // Unit middles 2.5, 3.5, 5.5 over [2, 6): 0.125, 0.375, 0.875 of the way.
        XCTAssertEqual(factors(selection(.rampUp), [0, 2, 3, 5, 8]), [0, 0.125, 0.375, 0.875, 1])
        XCTAssertEqual(factors(selection(.rampDown), [0, 2, 3, 5, 8]), [1, 0.875, 0.625, 0.125, 0])
    }

    func testTriangleRoundAndSmooth() {
        XCTAssertEqual(factors(selection(.triangle), [1, 2, 3, 4, 5, 6]), [0, 0.25, 0.75, 0.75, 0.25, 0])
        // Round: a half circle over the range, sqrt(1 - x^2) with x from -1 to 1.
        let round = selection(.round)
        XCTAssertEqual(round.factor(at: 2), (1 - 0.75 * 0.75).squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(round.factor(at: 3), (1 - 0.25 * 0.25).squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(round.factor(at: 8), 0, accuracy: 1e-12)
        // Smooth: (1 + cos(pi + 2 pi t)) / 2.
        let smooth = selection(.smooth)
        XCTAssertEqual(smooth.factor(at: 2), (1 - 0.5.squareRoot()) / 2, accuracy: 1e-12)
        XCTAssertEqual(smooth.factor(at: 3), (1 + 0.5.squareRoot()) / 2, accuracy: 1e-12)
    }

    func testOffsetUnitsReversalAmountAndDefaultEnd() {
        // 0% to 20% moved by 30%: units 3 and 4.
        XCTAssertEqual(factors(selection(.square, start: 0, end: 20, offset: 30), [2, 3, 4, 5]), [0, 1, 1, 0])
        // Index units: 1 to 3 selects units 1 and 2.
        XCTAssertEqual(factors(selection(.square, start: 1, end: 3, inPercent: false), [0, 1, 2, 3]), [0, 1, 1, 0])
        // Start after end: the same range.
        XCTAssertEqual(factors(selection(.square, start: 60, end: 20), [1, 2, 5, 6]), [0, 1, 1, 0])
        // A negative amount pushes the other way.
        XCTAssertEqual(selection(.square, amount: -50).factor(at: 3), -0.5)
        // No end: to 100%, or to the last unit in index units.
        XCTAssertEqual(factors(selection(.square, start: 50, end: nil), [4, 5, 9]), [0, 1, 1])
        XCTAssertEqual(factors(selection(.square, start: 8, end: nil, inPercent: false), [7, 8, 9]), [0, 1, 1])
    }

    func testEaseHighAndLowBendTheShape() {
        // Ease low 100 and ease high 100: the curve (1, 0, 0, 1) is the identity at its ends and middle.
        let eased = TextRangeSelection(TextRangeValues(start: 0, end: 100, offset: 0, amount: 100, maxEase: 100,
                                                       minEase: 100, smoothness: 100, shape: .rampUp, inPercent: true),
                                       count: 2)
        XCTAssertEqual(eased.factor(at: 0), CubicBezierEasing(x1: 1, y1: 0, x2: 0, y2: 1).progress(at: 0.25),
                       accuracy: 1e-12)
        XCTAssertLessThan(eased.factor(at: 0), 0.25)
        XCTAssertGreaterThan(eased.factor(at: 1), 0.75)
    }
}
