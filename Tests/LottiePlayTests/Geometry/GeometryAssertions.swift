import XCTest
@testable import LottiePlay

/// Shared expectations and assertions for the geometry tests. Every expected value in these tests is written
/// by hand from the formulas in the file headers, never printed by the code under test.
enum GeometryFixtures {
    /// E_t of FORMAT.md, written out again so that a typo in the production constant would show.
    static let kappa = 0.5519150244935105707435627

    /// The square centred on the origin with side 100, as a rectangle shape draws it: from the top-right corner,
    /// clockwise on screen.
    static let square = BezierContour(polygon: [
        Vector2(50, -50), Vector2(50, 50), Vector2(-50, 50), Vector2(-50, -50),
    ], closed: true)

    /// An open straight line from (0, 0) to (100, 0).
    static let line = BezierContour(polygon: [Vector2(0, 0), Vector2(100, 0)], closed: false)
}

extension XCTestCase {
    /// Asserts that two points agree to `accuracy` in both coordinates.
    func assertGeometryPoint(_ actual: Vector2, _ expected: Vector2, accuracy: Double = 1e-9,
                             _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(actual.x, expected.x, accuracy: accuracy, "x of \(actual) \(message)", file: file, line: line)
        XCTAssertEqual(actual.y, expected.y, accuracy: accuracy, "y of \(actual) \(message)", file: file, line: line)
    }

    /// Asserts a contour's vertices, in order, and its closed flag; tangents are compared when given.
    func assertGeometryContour(_ contour: BezierContour, vertices: [Vector2], inTangents: [Vector2]? = nil,
                               outTangents: [Vector2]? = nil, closed: Bool, accuracy: Double = 1e-9,
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(contour.closed, closed, "closed", file: file, line: line)
        XCTAssertEqual(contour.vertices.count, vertices.count, "vertex count of \(contour.vertices)",
                       file: file, line: line)
        XCTAssertEqual(contour.inTangents.count, contour.vertices.count, "in tangent count", file: file, line: line)
        XCTAssertEqual(contour.outTangents.count, contour.vertices.count, "out tangent count", file: file, line: line)
        guard contour.vertices.count == vertices.count else { return }
        for index in vertices.indices {
            assertGeometryPoint(contour.vertices[index], vertices[index], accuracy: accuracy, "vertex \(index)",
                                file: file, line: line)
        }
        if let inTangents {
            for index in inTangents.indices where index < contour.inTangents.count {
                assertGeometryPoint(contour.inTangents[index], inTangents[index], accuracy: accuracy,
                                    "in tangent \(index)", file: file, line: line)
            }
        }
        if let outTangents {
            for index in outTangents.indices where index < contour.outTangents.count {
                assertGeometryPoint(contour.outTangents[index], outTangents[index], accuracy: accuracy,
                                    "out tangent \(index)", file: file, line: line)
            }
        }
    }
}
