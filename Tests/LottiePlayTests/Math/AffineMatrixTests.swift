import XCTest
@testable import LottiePlay

/// Affine transforms: composition order, the Lottie builder and skew, all against hand-computed points.
final class AffineMatrixTests: XCTestCase {
    private func assertPoint(_ actual: Vector2, _ expected: Vector2, accuracy: Double = 1e-9,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(actual.x, expected.x, accuracy: accuracy, "x of \(actual)", file: file, line: line)
        XCTAssertEqual(actual.y, expected.y, accuracy: accuracy, "y of \(actual)", file: file, line: line)
    }

    private func assertTransform(_ actual: AffineMatrix, _ expected: AffineMatrix, accuracy: Double = 1e-9,
                                 file: StaticString = #filePath, line: UInt = #line) {
        let pairs = [(actual.a, expected.a), (actual.b, expected.b), (actual.c, expected.c),
                     (actual.d, expected.d), (actual.tx, expected.tx), (actual.ty, expected.ty)]
        for (index, pair) in pairs.enumerated() {
            XCTAssertEqual(pair.0, pair.1, accuracy: accuracy, "coefficient \(index): \(actual) vs \(expected)",
                           file: file, line: line)
        }
    }

    // MARK: - Elementary transforms

    func testIdentityLeavesPointsAlone() {
        XCTAssertEqual(AffineMatrix.identity.apply(to: Vector2(3, -7)), Vector2(3, -7))
        XCTAssertTrue(AffineMatrix.identity.isIdentity)
        XCTAssertFalse(AffineMatrix.translation(x: 1, y: 0).isIdentity)
    }

    /// y points down, so +90 degrees turns +x onto +y: clockwise on screen. Quarter turns are exact.
    func testRotationIsClockwiseOnScreenAndExactAtQuarterTurns() {
        let quarter = AffineMatrix.rotation(degrees: 90)
        XCTAssertEqual(quarter.apply(to: Vector2(1, 0)), Vector2(0, 1))
        XCTAssertEqual(quarter.apply(to: Vector2(0, 1)), Vector2(-1, 0))
        XCTAssertEqual(AffineMatrix.rotation(degrees: -90).apply(to: Vector2(1, 0)), Vector2(0, -1))
        XCTAssertEqual(AffineMatrix.rotation(degrees: 180).apply(to: Vector2(2, 3)), Vector2(-2, -3))
        XCTAssertEqual(AffineMatrix.rotation(degrees: 450), quarter)
        XCTAssertEqual(AffineMatrix.rotation(degrees: 360), .identity)
        // 30 degrees: (1, 0) -> (cos 30, sin 30) = (sqrt(3)/2, 1/2).
        assertPoint(AffineMatrix.rotation(degrees: 30).apply(to: Vector2(1, 0)), Vector2(3.0.squareRoot() / 2, 0.5),
                    accuracy: 1e-15)
    }

    func testScaleTranslationAndShear() {
        XCTAssertEqual(AffineMatrix.scale(x: 2, y: 3).apply(to: Vector2(1, 1)), Vector2(2, 3))
        XCTAssertEqual(AffineMatrix.scale(4).apply(to: Vector2(1, -1)), Vector2(4, -4))
        XCTAssertEqual(AffineMatrix.translation(Vector2(5, 6)).apply(to: Vector2(1, 1)), Vector2(6, 7))
        XCTAssertEqual(AffineMatrix.shear(x: 2, y: 0).apply(to: Vector2(1, 3)), Vector2(7, 3))
        // skewX(45): x' = x + tan(45) y = x + y.
        assertPoint(AffineMatrix.skewX(degrees: 45).apply(to: Vector2(1, 3)), Vector2(4, 3), accuracy: 1e-15)
    }

    func testApplyLinearIgnoresTranslation() {
        let transform = AffineMatrix.translation(x: 100, y: 100) * AffineMatrix.scale(x: 2, y: 3)
        XCTAssertEqual(transform.applyLinear(to: Vector2(1, 1)), Vector2(2, 3))
        XCTAssertEqual(transform.apply(to: Vector2(1, 1)), Vector2(102, 103))
    }

    // MARK: - Composition order

    /// `(m * n)` applies n first: translate-after-rotate differs from rotate-after-translate.
    func testProductAppliesTheRightOperandFirst() {
        let rotate = AffineMatrix.rotation(degrees: 90)
        let translate = AffineMatrix.translation(x: 10, y: 0)
        // Rotate (1, 0) to (0, 1), then translate: (10, 1).
        XCTAssertEqual((translate * rotate).apply(to: Vector2(1, 0)), Vector2(10, 1))
        // Translate (1, 0) to (11, 0), then rotate: (0, 11).
        XCTAssertEqual((rotate * translate).apply(to: Vector2(1, 0)), Vector2(0, 11))
        XCTAssertEqual(translate.concatenating(rotate), translate * rotate)
        var accumulated = translate
        accumulated *= rotate
        XCTAssertEqual(accumulated, translate * rotate)
    }

    /// Parent: position (100, 100), scale 200 %, rotated 90 degrees; child: translated by (10, 0).
    /// world = parent * child. Child point (1, 0): child -> (11, 0); scale -> (22, 0); rotate 90 cw -> (0, 22);
    /// position -> (100, 122). Child point (0, 5): (10, 5) -> (20, 10) -> (-10, 20) -> (90, 120).
    func testParentedChainByHand() {
        let parent = AffineMatrix.lottie(anchor: .zero, position: Vector2(100, 100), scale: Vector2(200, 200),
                                            rotation: 90)
        let child = AffineMatrix.lottie(anchor: .zero, position: Vector2(10, 0), scale: Vector2(100, 100),
                                           rotation: 0)
        let world = parent.concatenating(child)
        assertPoint(world.apply(to: Vector2(1, 0)), Vector2(100, 122))
        assertPoint(world.apply(to: Vector2(0, 5)), Vector2(90, 120))
        assertPoint(world.apply(to: .zero), Vector2(100, 120))
        // Three levels: a grandparent shifting everything by (-100, 0).
        let grandparent = AffineMatrix.translation(x: -100, y: 0)
        assertPoint((grandparent * parent * child).apply(to: Vector2(1, 0)), Vector2(0, 122))
    }

    // MARK: - Lottie builder

    /// Anchor (50, 50), position (200, 100), scale (200 %, 50 %), rotation 90:
    /// (50, 50) -> (0, 0) -> ... -> (200, 100): the anchor lands on the position.
    /// (60, 50) -> (10, 0) -> (20, 0) -> rotate -> (0, 20) -> (200, 120).
    /// (50, 70) -> (0, 20) -> (0, 10) -> rotate -> (-10, 0) -> (190, 100).
    func testLottieBuilderWithAnchorScaleRotationPosition() {
        let transform = AffineMatrix.lottie(anchor: Vector2(50, 50), position: Vector2(200, 100),
                                               scale: Vector2(200, 50), rotation: 90)
        assertPoint(transform.apply(to: Vector2(50, 50)), Vector2(200, 100))
        assertPoint(transform.apply(to: Vector2(60, 50)), Vector2(200, 120))
        assertPoint(transform.apply(to: Vector2(50, 70)), Vector2(190, 100))
        XCTAssertEqual(transform.determinant, 1, accuracy: 1e-12) // 2 * 0.5, rotation keeps area
    }

    /// Rotation 30, scale 100: (a + (1, 0)) -> (cos 30, sin 30) + position.
    func testLottieBuilderWithGeneralAngle() {
        let transform = AffineMatrix.lottie(anchor: Vector2(5, 5), position: Vector2(1, 2),
                                               scale: Vector2(100, 100), rotation: 30)
        assertPoint(transform.apply(to: Vector2(6, 5)), Vector2(1 + 3.0.squareRoot() / 2, 2.5), accuracy: 1e-12)
        // (5, 7) -> (0, 2) -> rotate 30 cw -> (-2 sin 30, 2 cos 30) = (-1, sqrt 3).
        assertPoint(transform.apply(to: Vector2(5, 7)), Vector2(0, 2 + 3.0.squareRoot()), accuracy: 1e-12)
    }

    func testLottieBuilderWithNeutralValuesIsIdentity() {
        let transform = AffineMatrix.lottie(anchor: .zero, position: .zero, scale: Vector2(100, 100), rotation: 0,
                                               skew: 0, skewAxis: 30)
        XCTAssertEqual(transform, .identity)
    }

    /// The builder is the spec's product: translate(p) * rotate(r) * skew * scale(s/100) * translate(-a).
    func testLottieBuilderEqualsTheSpecProduct() {
        let anchor = Vector2(12, -7)
        let position = Vector2(-3, 40)
        let built = AffineMatrix.lottie(anchor: anchor, position: position, scale: Vector2(150, 80),
                                           rotation: 33, skew: 20, skewAxis: 60)
        let product = AffineMatrix.translation(position)
            * AffineMatrix.rotation(degrees: 33)
            * AffineMatrix.lottieSkew(degrees: 20, axisDegrees: 60)
            * AffineMatrix.scale(x: 1.5, y: 0.8)
            * AffineMatrix.translation(-anchor)
        assertTransform(built, product, accuracy: 1e-12)
    }

    // MARK: - Skew

    /// sk = 45, sa = 0: x' = x + tan(-45) y = x - y; y unchanged.
    func testSkewAlongXAxis() {
        let skew = AffineMatrix.lottieSkew(degrees: 45, axisDegrees: 0)
        assertPoint(skew.apply(to: Vector2(0, 10)), Vector2(-10, 10), accuracy: 1e-12)
        assertPoint(skew.apply(to: Vector2(10, 0)), Vector2(10, 0), accuracy: 1e-12)
        assertPoint(skew.apply(to: Vector2(3, -4)), Vector2(7, -4), accuracy: 1e-12)
    }

    /// sk = 45, sa = 90: y' = y + tan(45) x = y + x; x unchanged.
    func testSkewAlongYAxis() {
        let skew = AffineMatrix.lottieSkew(degrees: 45, axisDegrees: 90)
        assertPoint(skew.apply(to: Vector2(10, 0)), Vector2(10, 10), accuracy: 1e-12)
        assertPoint(skew.apply(to: Vector2(0, 10)), Vector2(0, 10), accuracy: 1e-12)
    }

    /// sk = 30, sa = 45: p' = p + k (n . p) d with k = tan(-30) = -1/sqrt 3, d = (c, -c), n = (c, c), c = 1/sqrt 2.
    /// (10, 0): n . p = 10 c, so p' = (10, 0) - (10 c^2 / sqrt 3) (1, -1) = (10 - 5/sqrt 3, 5/sqrt 3).
    /// Points along d, e.g. (1, -1), do not move; the determinant is 1.
    func testSkewAlongDiagonalAxis() {
        let skew = AffineMatrix.lottieSkew(degrees: 30, axisDegrees: 45)
        let fiveOverRootThree = 5 / 3.0.squareRoot()
        assertPoint(skew.apply(to: Vector2(10, 0)), Vector2(10 - fiveOverRootThree, fiveOverRootThree),
                    accuracy: 1e-12)
        assertPoint(skew.apply(to: Vector2(1, -1)), Vector2(1, -1), accuracy: 1e-12)
        assertPoint(skew.apply(to: Vector2(-7, 7)), Vector2(-7, 7), accuracy: 1e-12)
        XCTAssertEqual(skew.determinant, 1, accuracy: 1e-12)
    }

    /// The closed form equals "rotate by sa, skew x by tan(-sk), rotate back" (rightmost first).
    func testSkewEqualsRotatedSkewX() {
        for (skew, axis) in [(30.0, 45.0), (-20.0, 10.0), (60.0, 135.0), (15.0, -75.0)] {
            let composed = AffineMatrix.rotation(degrees: -axis) * AffineMatrix.skewX(degrees: -skew)
                * AffineMatrix.rotation(degrees: axis)
            assertTransform(AffineMatrix.lottieSkew(degrees: skew, axisDegrees: axis), composed, accuracy: 1e-12)
        }
        XCTAssertEqual(AffineMatrix.lottieSkew(degrees: 0, axisDegrees: 45), .identity)
    }

    /// Anchor (10, 10), skew 45 along x, nothing else: (10, 20) -> (0, 10) -> (-10, 10).
    func testLottieBuilderWithSkew() {
        let transform = AffineMatrix.lottie(anchor: Vector2(10, 10), position: .zero, scale: Vector2(100, 100),
                                               rotation: 0, skew: 45, skewAxis: 0)
        assertPoint(transform.apply(to: Vector2(10, 20)), Vector2(-10, 10), accuracy: 1e-12)
        // Skew then rotate 90: (0, 10) -> (-10, 10) -> rotate cw 90 -> (-10, -10).
        let rotated = AffineMatrix.lottie(anchor: Vector2(10, 10), position: .zero, scale: Vector2(100, 100),
                                             rotation: 90, skew: 45, skewAxis: 0)
        assertPoint(rotated.apply(to: Vector2(10, 20)), Vector2(-10, -10), accuracy: 1e-12)
    }

    // MARK: - Determinant and inverse

    func testDeterminant() {
        XCTAssertEqual(AffineMatrix.scale(x: 2, y: 3).determinant, 6)
        XCTAssertEqual(AffineMatrix.scale(x: -1, y: 1).determinant, -1)
        XCTAssertEqual(AffineMatrix.rotation(degrees: 37).determinant, 1, accuracy: 1e-15)
        XCTAssertEqual(AffineMatrix(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6).determinant, -2)
    }

    /// Hand inverse of [1 2 3 4 5 6]: det = -2; a' = 4/-2 = -2, b' = -2/-2 = 1, c' = -3/-2 = 1.5,
    /// d' = 1/-2 = -0.5, tx' = (3*6 - 4*5)/-2 = 1, ty' = (2*5 - 1*6)/-2 = -2.
    func testInverseByHand() throws {
        let transform = AffineMatrix(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let inverse = try XCTUnwrap(transform.inverse)
        assertTransform(inverse, AffineMatrix(a: -2, b: 1, c: 1.5, d: -0.5, tx: 1, ty: -2), accuracy: 1e-15)
    }

    func testInverseRoundTrips() throws {
        let transforms = [
            AffineMatrix.lottie(anchor: Vector2(50, 50), position: Vector2(200, 100), scale: Vector2(200, 50),
                                   rotation: 90),
            AffineMatrix.lottie(anchor: Vector2(12, -7), position: Vector2(-3, 40), scale: Vector2(150, -80),
                                   rotation: 33, skew: 20, skewAxis: 60),
            AffineMatrix(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6),
            AffineMatrix.scale(1e-10),
        ]
        let points = [Vector2(0, 0), Vector2(1, 0), Vector2(-13.5, 27.25), Vector2(1000, -1000)]
        for transform in transforms {
            let inverse = try XCTUnwrap(transform.inverse, "\(transform)")
            assertTransform(transform * inverse, .identity, accuracy: 1e-12)
            assertTransform(inverse * transform, .identity, accuracy: 1e-12)
            for point in points {
                let roundTrip = inverse.apply(to: transform.apply(to: point))
                assertPoint(roundTrip, point, accuracy: 1e-9 * (1 + point.length))
            }
        }
    }

    func testSingularTransformsHaveNoInverse() {
        XCTAssertNil(AffineMatrix.scale(x: 0, y: 1).inverse)
        XCTAssertNil(AffineMatrix.lottie(anchor: Vector2(3, 4), position: Vector2(10, 10), scale: Vector2(0, 100),
                                            rotation: 30).inverse)
        XCTAssertNil(AffineMatrix(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0).inverse)
        XCTAssertNil(AffineMatrix(a: 0, b: 0, c: 0, d: 0, tx: 1, ty: 1).inverse)
        XCTAssertNil(AffineMatrix(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0).inverse)
        XCTAssertNotNil(AffineMatrix.identity.inverse)
    }
}
