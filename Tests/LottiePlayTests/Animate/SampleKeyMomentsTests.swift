import Foundation
import XCTest
import LottieModel
import TestSupport
@testable import LottiePlay

/// The key moments of `Samples/home.json` and `Samples/user.json`, computed by hand in
/// `Samples/README.md` ("Key moments"), checked through the scene.
final class SampleKeyMomentsTests: XCTestCase {
    private func timeline(_ name: String) throws -> Timeline {
        let data = try Data(contentsOf: Corpus.samples.appendingPathComponent(name))
        return Timeline(try LottieDecoder().decode(data))
    }

    private func layer(_ name: String, in scene: LottieScene, file: StaticString = #filePath, line: UInt = #line) throws -> SceneLayer {
        try XCTUnwrap(scene.layers.first { $0.name == name }, "no visible layer '\(name)' at frame \(scene.frame)",
                      file: file, line: line)
    }

    private func drawing(_ path: String, of layer: SceneLayer) throws -> ShapeDrawing {
        guard case .shapes(let drawings) = layer.content else { throw XCTSkip("not a shape layer") }
        return try XCTUnwrap(drawings.first { $0.jsonPath.hasSuffix(path) }, "no drawing \(path)")
    }

    private func assertPoint(_ point: Vector2, _ x: Double, _ y: Double, accuracy: Double = 1e-6,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(point.x, x, accuracy: accuracy, file: file, line: line)
        XCTAssertEqual(point.y, y, accuracy: accuracy, file: file, line: line)
    }

    private func rotationDegrees(_ transform: AffineMatrix) -> Double {
        atan2(transform.b, transform.a) * 180 / .pi
    }

    // MARK: home.json

    func testHomeRootPositionEasesDownAndBack() throws {
        let home = try timeline("home.json")
        // Outline Trace sits at the root's origin, so its world origin is the root position.
        let expected: [(Double, Double)] = [(0, 50), (3, 50.516648), (6, 52), (9, 53.483352), (12, 54), (18, 52), (24, 50)]
        for (frame, y) in expected {
            let trace = try layer("Outline Trace", in: home.scene(atFrame: frame))
            assertPoint(trace.transform.apply(to: .zero), 50, y)
        }
    }

    func testHomeDoorPopsWithAnticipationAndOvershoot() throws {
        let home = try timeline("home.json")
        let expected: [(Double, Double)] = [(30, 0), (35, -0.03821491), (40, 0.5), (45, 1.03821491),
                                            (46.971370, 1.08094750), (48, 1.07075623), (50, 1)]
        for (frame, scale) in expected {
            let door = try layer("Door", in: home.scene(atFrame: frame))
            XCTAssertEqual(door.transform.a, scale, accuracy: 1e-6, "door scale at frame \(frame)")
            XCTAssertEqual(door.transform.d, scale, accuracy: 1e-6, "door scale at frame \(frame)")
        }
        // Frame 40: the door's rectangle centre (0, 18) scaled 50% about (0, 28) lands at world (50, 73).
        assertPoint(try layer("Door", in: home.scene(atFrame: 40)).transform.apply(to: Vector2(x: 0, y: 18)), 50, 73)
    }

    func testHomeSilhouetteFillHoldsUntilFrame30() throws {
        let home = try timeline("home.json")
        for (frame, opacity) in [(0.0, 0.0), (29, 0), (29.999, 0), (30, 1)] {
            let base = try layer("House Base", in: home.scene(atFrame: frame))
            XCTAssertEqual(try drawing("it[1]", of: base).opacity, opacity, "silhouette fill at frame \(frame)")
        }
    }

    func testHomeFinalPoseAtTheEnd() throws {
        let home = try timeline("home.json")
        for scene in [home.scene(atFrame: 59), home.scene(atProgress: 1)] {
            XCTAssertEqual(scene.layers.count, 3, "all shape layers drawn at frame \(scene.frame)")
            let door = try layer("Door", in: scene)
            XCTAssertEqual(door.transform.a, 1, accuracy: 1e-12)
            // The door's bottom centre (0, 28) stays on the root's (50, 78).
            assertPoint(door.transform.apply(to: Vector2(x: 0, y: 28)), 50, 78)
            XCTAssertEqual(try drawing("it[1]", of: layer("House Base", in: scene)).opacity, 1)
        }
    }

    // MARK: user.json

    func testUserHeadHopsAlongItsCurveByArcLength() throws {
        let user = try timeline("user.json")
        // The head's centre is its layer origin; the neck (anchor, 14 below) follows the path.
        assertPoint(try layer("Head", in: user.scene(atFrame: 0)).transform.apply(to: .zero), 50, 34)
        assertPoint(try layer("Head", in: user.scene(atFrame: 10)).transform.apply(to: .zero), 51, 28)
        // Arc-length positions from the README (numeric, tolerance 1e-4).
        assertPoint(try layer("Head", in: user.scene(atFrame: 5)).transform.apply(to: .zero),
                    50.044928, 80 - 33.950379 - 14, accuracy: 1e-4)
    }

    func testUserHeadTiltsAboutItsNeck() throws {
        let user = try timeline("user.json")
        for (frame, degrees) in [(10.0, 0.0), (14, 1.937429), (18, 7.5), (22, 13.062571), (26, 15)] {
            XCTAssertEqual(rotationDegrees(try layer("Head", in: user.scene(atFrame: frame)).transform), degrees,
                           accuracy: 1e-6, "head rotation at frame \(frame)")
        }
        let final = try layer("Head", in: user.scene(atProgress: 1))
        assertPoint(final.transform.apply(to: .zero), 55.623467, 34.477038)
    }

    func testUserStrokeColourAndFills() throws {
        let user = try timeline("user.json")
        let head = try layer("Head", in: user.scene(atFrame: 15))
        guard case .stroke(let color, _) = try drawing("it[1]", of: head).paint else { return XCTFail("expected a stroke") }
        XCTAssertEqual(color.red, 0.28, accuracy: 1e-9)
        XCTAssertEqual(color.green, 0.52, accuracy: 1e-9)
        XCTAssertEqual(color.blue, 0.79, accuracy: 1e-9)
        XCTAssertEqual(color.alpha, 1)
        for (frame, opacity) in [(18.0, 0.15635547), (20, 0.5), (22, 0.84364453)] {
            let head = try layer("Head", in: user.scene(atFrame: frame))
            XCTAssertEqual(try drawing("it[2]", of: head).opacity, opacity, accuracy: 1e-6, "head fill at \(frame)")
        }
        for (frame, opacity) in [(19.0, 0.0), (19.999, 0), (20, 1)] {
            let shoulders = try layer("Shoulders", in: user.scene(atFrame: frame))
            XCTAssertEqual(try drawing("it[2]", of: shoulders).opacity, opacity, "bust fill at \(frame)")
        }
    }
}
