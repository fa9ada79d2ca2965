import XCTest
@testable import LottiePlay

/// The easing solver against FORMAT.md's reference table and hand-derived closed forms.
final class CubicBezierEasingTests: XCTestCase {
    // MARK: - FORMAT.md reference table (x = 0.10 / 0.25 / 0.50 / 0.75 / 0.90)

    private let referenceX: [Double] = [0.10, 0.25, 0.50, 0.75, 0.90]

    private func assertReference(_ easing: CubicBezierEasing, _ expected: [Double],
                                 file: StaticString = #filePath, line: UInt = #line) {
        for (x, value) in zip(referenceX, expected) {
            XCTAssertEqual(easing.progress(at: x), value, accuracy: 1e-6, "x = \(x)", file: file, line: line)
        }
    }

    func testReferenceTableAfterEffectsDefaultEase() {
        assertReference(CubicBezierEasing(x1: 0.333, y1: 0, x2: 0.667, y2: 1),
                        [0.028039, 0.156355, 0.500000, 0.843645, 0.971961])
    }

    func testReferenceTableEaseInOut() {
        assertReference(CubicBezierEasing(x1: 0.42, y1: 0, x2: 0.58, y2: 1),
                        [0.019722, 0.129162, 0.500000, 0.870838, 0.980278])
    }

    func testReferenceTableCSSEase() {
        assertReference(CubicBezierEasing(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1),
                        [0.094796, 0.408511, 0.802403, 0.960459, 0.994316])
    }

    func testReferenceTableOvershoot() {
        assertReference(CubicBezierEasing(x1: 0.5, y1: -0.5, x2: 0.5, y2: 1.5),
                        [-0.070756, -0.038215, 0.500000, 1.038215, 1.070756])
    }

    func testReferenceTableSteep() {
        assertReference(CubicBezierEasing(x1: 0.9, y1: 0, x2: 0.1, y2: 1),
                        [0.004666, 0.037290, 0.500000, 0.962710, 0.995334])
    }

    // MARK: - Overshoot

    func testOvershootLeavesTheUnitRangeOnBothSides() {
        let easing = CubicBezierEasing(x1: 0.5, y1: -0.5, x2: 0.5, y2: 1.5)
        XCTAssertLessThan(easing.progress(at: 0.1), 0, "anticipation dips below 0")
        XCTAssertLessThan(easing.progress(at: 0.25), 0)
        XCTAssertGreaterThan(easing.progress(at: 0.75), 1, "overshoot rises above 1")
        XCTAssertGreaterThan(easing.progress(at: 0.9), 1)
        XCTAssertEqual(easing.y1, -0.5, "y handles are not clamped")
        XCTAssertEqual(easing.y2, 1.5)
    }

    // MARK: - Degenerate curves

    /// (1, 0, 0, 1): bezierX(u) = 3u - 6u^2 + 4u^3 = 1/2 + 4 v^3 with v = u - 1/2, and
    /// bezierY(u) = 3u^2 - 2u^3 = 1/2 + 3v/2 - 2v^3. So progress(x) = 1/2 + 3v/2 - 2v^3 with v = cbrt((x - 1/2) / 4).
    func testFlatMiddleCurveMatchesClosedForm() {
        let easing = CubicBezierEasing(x1: 1, y1: 0, x2: 0, y2: 1)
        for x in [0.001, 0.01, 0.1, 0.25, 0.4, 0.49, 0.499999999, 0.5, 0.500000001, 0.51, 0.6, 0.75, 0.9, 0.999] {
            let v = cbrt((x - 0.5) / 4)
            let expected = 0.5 + 1.5 * v - 2 * v * v * v
            XCTAssertEqual(easing.progress(at: x), expected, accuracy: 1e-9, "x = \(x)")
        }
        XCTAssertEqual(easing.progress(at: 0.5), 0.5, accuracy: 1e-15)
    }

    /// (0, 0, 0, 0): every control point on the diagonal, so progress == x; bezierX(u) = u^3, so u = cbrt(x).
    func testAllZeroHandles() {
        let easing = CubicBezierEasing(x1: 0, y1: 0, x2: 0, y2: 0)
        XCTAssertTrue(easing.isLinear)
        for x in [0.001, 0.1, 0.3, 0.5, 0.9, 0.999] {
            XCTAssertEqual(easing.progress(at: x), x, accuracy: 1e-12)
            // The solver itself, through the flat start of bezierX (dx/du = 0 at u = 0).
            XCTAssertEqual(easing.parameter(forX: x), cbrt(x), accuracy: 1e-12, "x = \(x)")
            XCTAssertEqual(easing.bezierY(easing.parameter(forX: x)), x, accuracy: 1e-12)
        }
        XCTAssertEqual(easing.parameter(forX: 0.125), 0.5, accuracy: 1e-14)
    }

    /// (1, 1, 1, 1): bezierX(u) = 1 - (1 - u)^3, so u = 1 - cbrt(1 - x); progress == x.
    func testAllOneHandles() {
        let easing = CubicBezierEasing(x1: 1, y1: 1, x2: 1, y2: 1)
        XCTAssertTrue(easing.isLinear)
        for x in [0.001, 0.1, 0.3, 0.5, 0.9, 0.999] {
            XCTAssertEqual(easing.progress(at: x), x, accuracy: 1e-12)
            XCTAssertEqual(easing.parameter(forX: x), 1 - cbrt(1 - x), accuracy: 1e-12, "x = \(x)")
            XCTAssertEqual(easing.bezierY(easing.parameter(forX: x)), x, accuracy: 1e-12)
        }
        XCTAssertEqual(easing.parameter(forX: 0.875), 0.5, accuracy: 1e-14)
    }

    func testEndpointsAreExactForEveryCurve() {
        let curves = [
            CubicBezierEasing(x1: 0.333, y1: 0, x2: 0.667, y2: 1),
            CubicBezierEasing(x1: 0.5, y1: -0.5, x2: 0.5, y2: 1.5),
            CubicBezierEasing(x1: 1, y1: 0, x2: 0, y2: 1),
            CubicBezierEasing(x1: 0, y1: 0, x2: 0, y2: 0),
            CubicBezierEasing(x1: 1, y1: 1, x2: 1, y2: 1),
        ]
        for easing in curves {
            XCTAssertEqual(easing.progress(at: 0), 0)
            XCTAssertEqual(easing.progress(at: 1), 1)
            XCTAssertEqual(easing.parameter(forX: 0), 0)
            XCTAssertEqual(easing.parameter(forX: 1), 1)
        }
    }

    // MARK: - Linear shortcut

    func testLinearShortcutReturnsXExactly() {
        let easing = CubicBezierEasing(x1: 0.3, y1: 0.3, x2: 0.8, y2: 0.8)
        XCTAssertTrue(easing.isLinear)
        for x in [0.0, 0.37, 0.5, 0.123456789, 1.0] {
            XCTAssertEqual(easing.progress(at: x), x)
        }
        XCTAssertTrue(CubicBezierEasing.linear.isLinear)
        XCTAssertEqual(CubicBezierEasing.linear.progress(at: 0.42), 0.42)
        XCTAssertFalse(CubicBezierEasing(x1: 0.333, y1: 0, x2: 0.667, y2: 1).isLinear)
    }

    /// A linear curve's parameter is not x unless the handles sit at thirds: x = 3u^2 - 2u^3 for (0, 0, 1, 1).
    func testParameterOfLinearCurveIsSolvedNotAssumed() {
        let easing = CubicBezierEasing.linear
        XCTAssertEqual(easing.parameter(forX: 0.5), 0.5, accuracy: 1e-15)
        // u = 1/4: x = 3/16 - 2/64 = 5/32.
        XCTAssertEqual(easing.parameter(forX: 5.0 / 32.0), 0.25, accuracy: 1e-14)
    }

    // MARK: - Clamping

    func testXHandlesAreClampedAndYHandlesAreNot() {
        let easing = CubicBezierEasing(x1: -0.5, y1: 0.2, x2: 1.7, y2: 0.8)
        XCTAssertEqual(easing.x1, 0)
        XCTAssertEqual(easing.x2, 1)
        XCTAssertEqual(easing.y1, 0.2)
        XCTAssertEqual(easing.y2, 0.8)
        XCTAssertEqual(easing, CubicBezierEasing(x1: 0, y1: 0.2, x2: 1, y2: 0.8))
        // Clamped to (0, 0, 1, 1): the linear curve.
        let clampedToLinear = CubicBezierEasing(x1: -0.5, y1: 0, x2: 1.5, y2: 1)
        XCTAssertTrue(clampedToLinear.isLinear)
        XCTAssertEqual(clampedToLinear.progress(at: 0.3), 0.3)
    }

    func testInputXIsClampedToTheUnitInterval() {
        let easing = CubicBezierEasing(x1: 0.5, y1: -0.5, x2: 0.5, y2: 1.5)
        XCTAssertEqual(easing.progress(at: -0.3), 0)
        XCTAssertEqual(easing.progress(at: -1e-300), 0)
        XCTAssertEqual(easing.progress(at: 1.3), 1)
        XCTAssertEqual(easing.progress(at: 1 + 1e-15), 1)
        XCTAssertEqual(easing.progress(at: .infinity), 1)
        XCTAssertEqual(easing.progress(at: -.infinity), 0)
    }

    func testHandleInitialiserMatchesComponents() {
        let fromHandles = CubicBezierEasing(outHandle: Vector2(0.42, 0), inHandle: Vector2(0.58, 1))
        XCTAssertEqual(fromHandles, CubicBezierEasing(x1: 0.42, y1: 0, x2: 0.58, y2: 1))
    }

    // MARK: - Solver residual

    /// For many curves and x, the solved parameter reproduces x to 1e-12 (the brief's bound).
    func testSolverResidualIsBelowOneTrillionth() {
        let handles: [Double] = [0, 0.05, 0.3, 0.5, 0.7, 0.95, 1]
        for x1 in handles {
            for x2 in handles {
                let easing = CubicBezierEasing(x1: x1, y1: 0.1, x2: x2, y2: 0.9)
                for step in 1..<100 {
                    let x = Double(step) / 100
                    let u = easing.parameter(forX: x)
                    XCTAssertEqual(easing.bezierX(u), x, accuracy: 1e-12, "x1 \(x1) x2 \(x2) x \(x)")
                }
            }
        }
    }

    func testSolverAgreesWithBisectionEverywhere() {
        // Bisection on bezierX, 200 halvings: the reference parameter, to the last bit it can move.
        func bisected(_ easing: CubicBezierEasing, _ x: Double) -> Double {
            var (low, high) = (0.0, 1.0)
            for _ in 0..<200 {
                let middle = 0.5 * (low + high)
                if easing.bezierX(middle) < x { low = middle } else { high = middle }
            }
            return 0.5 * (low + high)
        }
        // (0, 0) and (1, 1) are solved in closed form; the others by iteration.
        let curves = [(0.333, 0.667), (0.167, 0.833), (0.01, 0.99), (0.9, 0.1), (1.0, 0.0), (0.0, 1.0), (0.4, 0.2),
                      (0.0, 0.0), (1.0, 1.0)]
        for (x1, x2) in curves {
            let easing = CubicBezierEasing(x1: x1, y1: 0, x2: x2, y2: 1)
            for step in 1..<1000 {
                let x = Double(step) / 1000
                let u = easing.parameter(forX: x)
                XCTAssertEqual(easing.bezierX(u), x, accuracy: 1e-14, "curve (\(x1), \(x2)) at x = \(x)")
                // Where bezierX is flat (x1 = 1, x2 = 0 near u = 0.5, a cubic there) every u within
                // ~1e-5 of the root gives the same x to the last bit: neither method can do better.
                XCTAssertEqual(u, bisected(easing, x), accuracy: 2e-5, "curve (\(x1), \(x2)) at x = \(x)")
            }
        }
    }
}
