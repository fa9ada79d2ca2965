import XCTest
@testable import LottiePlay

final class Vector2Tests: XCTestCase {
    func testArithmetic() {
        let a = Vector2(1, 2)
        let b = Vector2(x: 3, y: -5)
        XCTAssertEqual(a + b, Vector2(4, -3))
        XCTAssertEqual(a - b, Vector2(-2, 7))
        XCTAssertEqual(-a, Vector2(-1, -2))
        XCTAssertEqual(a * 3, Vector2(3, 6))
        XCTAssertEqual(3 * a, Vector2(3, 6))
        XCTAssertEqual(b / 2, Vector2(1.5, -2.5))
        var c = a
        c += b
        XCTAssertEqual(c, Vector2(4, -3))
        c -= b
        XCTAssertEqual(c, a)
        c *= 2
        XCTAssertEqual(c, Vector2(2, 4))
        XCTAssertEqual(Vector2.zero, Vector2(0, 0))
    }

    func testGeometry() {
        XCTAssertEqual(Vector2(3, 4).length, 5)
        XCTAssertEqual(Vector2(3, 4).lengthSquared, 25)
        XCTAssertEqual(Vector2(1, 2).dot(Vector2(3, 4)), 11)
        XCTAssertEqual(Vector2(1, 0).cross(Vector2(0, 1)), 1)
        XCTAssertEqual(Vector2(1, 1).distance(to: Vector2(4, 5)), 5)
    }

    func testLerp() {
        let a = Vector2(10, 20)
        let b = Vector2(20, 0)
        XCTAssertEqual(a.lerp(to: b, 0), a)
        XCTAssertEqual(a.lerp(to: b, 1), b)
        XCTAssertEqual(a.lerp(to: b, 0.5), Vector2(15, 10))
        XCTAssertEqual(Vector2.lerp(a, b, 1.5), Vector2(25, -10), "extrapolates past the end")
        XCTAssertEqual(Vector2.lerp(a, b, -0.5), Vector2(5, 30))
    }
}
