import XCTest
import LottieModel
@testable import LottiePlay

/// Camera layers (`ty` 13): 3D layers seen in perspective, a point at distance d in front of the
/// camera scaled by zoom / d about the composition's centre.
final class CameraTests: XCTestCase {
    /// A 400 x 400 composition seen by a camera at (200, 200, -400) looking at (200, 200, 0) with
    /// zoom 400 (`camera`: replaces the camera's transform members), and `layers` after it.
    private func timeline(_ layers: [String], camera: String? = nil) throws -> Timeline {
        let cameraTransform = camera ?? #""p": {"a": 0, "k": [200, 200, -400]}, "a": {"a": 0, "k": [200, 200, 0]}"#
        let json = """
        {"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 400, "h": 400, "ddd": 1,
         "layers": [{"ty": 13, "ind": 1, "ddd": 1, "ip": 0, "op": 30, "st": 0, "pe": {"a": 0, "k": 400},
                     "ks": {\(cameraTransform)}},
                    \(layers.joined(separator: ",\n"))]}
        """
        return Timeline(try LottieDecoder().decode(json))
    }

    /// A 3D shape layer with a `size`-wide square centred on its origin, its transform `members`.
    private func square(_ members: String, size: Double = 40, ddd: Int = 1, index: Int = 2) -> String {
        """
        {"ty": 4, "ind": \(index), "ddd": \(ddd), "ip": 0, "op": 30, "st": 0,
         "ks": {"a": {"a": 0, "k": [0, 0, 0]}, \(members)},
         "shapes": [{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [\(size), \(size)]}, "r": {"a": 0, "k": 0}},
                    {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}}]}
        """
    }

    private func assertAffine(_ layer: SceneLayer, scale: Double, x: Double, y: Double,
                              file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNil(layer.projection, file: file, line: line)
        let m = layer.transform
        for (found, wanted) in [(m.a, scale), (m.b, 0), (m.c, 0), (m.d, scale), (m.tx, x), (m.ty, y)] {
            XCTAssertEqual(found, wanted, accuracy: 1e-9, "\(m)", file: file, line: line)
        }
    }

    func testALayerOnTheZoomPlaneKeepsItsSizeAndOneTwiceAsFarIsHalved() throws {
        // The camera is 400 in front of z = 0: a layer there is at distance 400 = zoom, scale 1.
        // At z = 400 it is 800 away: scale 400 / 800 = 1/2, about the centre (200, 200), so a layer
        // 100 right of the centre is seen 50 right of it.
        let scene = try timeline([
            square(#""p": {"a": 0, "k": [200, 200, 0]}"#, index: 2),
            square(#""p": {"a": 0, "k": [200, 200, 400]}"#, index: 3),
            square(#""p": {"a": 0, "k": [300, 120, 400]}"#, index: 4),
        ]).scene(atFrame: 0)
        let layers = scene.layers.reversed().map { $0 }  // Top first, as in the file.
        XCTAssertEqual(layers.count, 3)
        assertAffine(layers[0], scale: 1, x: 200, y: 200)
        assertAffine(layers[1], scale: 0.5, x: 200, y: 200)
        assertAffine(layers[2], scale: 0.5, x: 250, y: 160)
        // Drawn: the far square covers 20 x 20 pixels about the centre.
        let image = SceneRenderer(width: 400, height: 400).render(LottieScene(frame: 0, width: 400, height: 400,
                                                                        layers: [scene.layers[1]]))
        XCTAssertEqual(image[209, 209].alpha, 255)
        XCTAssertEqual(image[211, 200].alpha, 0)
        XCTAssertEqual(image[200, 189].alpha, 0)
    }

    func testALayerBehindTheCameraIsNotDrawn() throws {
        let scene = try timeline([square(#""p": {"a": 0, "k": [200, 200, -600]}"#)]).scene(atFrame: 0)
        XCTAssertEqual(scene.layers.first?.opacity ?? 0, 0)
        let image = SceneRenderer(width: 400, height: 400).render(scene)
        XCTAssertEqual(image[200, 200].alpha, 0)
    }

    func testATwoDLayerIsNotSeenThroughTheCamera() throws {
        let scene = try timeline([square(#""p": {"a": 0, "k": [100, 100, 400]}"#, ddd: 0)]).scene(atFrame: 0)
        assertAffine(try XCTUnwrap(scene.layers.first), scale: 1, x: 100, y: 100)
    }

    func testATurnedLayerIsSeenInPerspective() throws {
        // A 200-wide square at the centre, on the zoom plane, turned 60 degrees about y: its right
        // edge comes 100 sin 60 = 86.60 towards the camera (distance 313.40) and 50 across, its
        // left edge goes as far back (distance 486.60). Seen: the right edge at
        // 200 + 400 * 50 / 313.40 = 263.82, 2 * 400 * 100 / 313.40 = 255.27 tall; the left one at
        // 200 - 400 * 50 / 486.60 = 158.90, 164.41 tall.
        let scene = try timeline([square(#""p": {"a": 0, "k": [200, 200, 0]}, "ry": {"a": 0, "k": 60}"#, size: 200)])
            .scene(atFrame: 0)
        let layer = try XCTUnwrap(scene.layers.first)
        XCTAssertNotNil(layer.projection)
        let flat = layer.projectedOntoCanvas()
        guard case .shapes(let drawings) = flat.content else { return XCTFail("\(flat.content)") }
        let points = drawings.flatMap(\.paths).flatMap(\.vertices)
        XCTAssertEqual(points.count, 4)
        let (near, far) = (400 - 100 * sin(Double.pi / 3), 400 + 100 * sin(Double.pi / 3))
        XCTAssertEqual(points.map(\.x).max() ?? 0, 263.8167, accuracy: 1e-4)
        XCTAssertEqual(points.map(\.x).max() ?? 0, 200 + 400 * 50 / near, accuracy: 1e-9)
        XCTAssertEqual(points.map(\.x).min() ?? 0, 158.8987, accuracy: 1e-4)
        XCTAssertEqual(points.map(\.x).min() ?? 0, 200 - 400 * 50 / far, accuracy: 1e-9)
        let right = points.filter { $0.x > 200 }.map(\.y)
        let left = points.filter { $0.x < 200 }.map(\.y)
        XCTAssertEqual((right.max() ?? 0) - (right.min() ?? 0), 255.2669, accuracy: 1e-4)
        XCTAssertEqual((left.max() ?? 0) - (left.min() ?? 0), 164.4052, accuracy: 1e-4)
        // Pixels: inside the near edge's height, outside the far edge's.
        let image = SceneRenderer(width: 400, height: 400).render(scene)
        XCTAssertEqual(image[260, 80].alpha, 255)
        XCTAssertEqual(image[162, 80].alpha, 0)
        // SVG: a turned layer is written as its paths on the canvas, a square-on one as a matrix.
        let svg = SVGWriter(width: 400, height: 400).document(scene)
        XCTAssertFalse(svg.contains("matrix("), svg)
        XCTAssertTrue(svg.contains("263.8"), svg)
        let square = try timeline([square(#""p": {"a": 0, "k": [200, 200, 400]}"#)]).scene(atFrame: 0)
        XCTAssertTrue(SVGWriter(width: 400, height: 400).document(square).contains("matrix(0.5 0 0 0.5 200 200)"))
    }

    func testALayerCrossingTheNearPlaneIsCutThere() throws {
        // A 2000-wide square turned 90 degrees about y reaches from 1000 in front of z = 0 to
        // 1000 behind; the camera is 400 in front: only the part beyond the near plane is drawn.
        let scene = try timeline([square(#""p": {"a": 0, "k": [200, 200, 0]}, "ry": {"a": 0, "k": 80}"#,
                                         size: 2000)]).scene(atFrame: 0)
        let flat = try XCTUnwrap(scene.layers.first).projectedOntoCanvas()
        guard case .shapes(let drawings) = flat.content else { return XCTFail("\(flat.content)") }
        let points = drawings.flatMap(\.paths).flatMap(\.vertices)
        XCTAssertTrue(points.allSatisfy { $0.x.isFinite && $0.y.isFinite })
        // Two corners were behind (or nearer than 1): cut, the polygon has 4 points again, two on the near plane.
        XCTAssertEqual(points.count, 4)
    }

    func testThePointOfInterestAimsTheCamera() throws {
        // The camera at (200, 200, -400) looking at (600, 200, 0): turned 45 degrees to the right.
        // A layer at (600, 200, 0) is straight ahead, at distance 400 sqrt 2: seen at the centre.
        let camera = #""p": {"a": 0, "k": [200, 200, -400]}, "a": {"a": 0, "k": [600, 200, 0]}"#
        let scene = try timeline([square(#""p": {"a": 0, "k": [600, 200, 0]}, "ry": {"a": 0, "k": 45}"#)],
                                 camera: camera).scene(atFrame: 0)
        // Turned 45 degrees about y (its normal to (sin 45, 0, cos 45)), the layer faces the camera: an affine map, scale 1 / sqrt 2.
        assertAffine(try XCTUnwrap(scene.layers.first), scale: 1 / 2.0.squareRoot(), x: 200, y: 200)
    }

    func testALongChainOfThreeDParentsIsFollowedOnce() throws {
        // 2,000 3D nulls, each 1 further in z than its parent (the first at the centre, z 0), and
        // a square 1 beyond the last: at z 2,000, distance 2,400, scale 400 / 2,400 = 1/6.
        let count = 2000
        var layers = (0..<count).map { index in
            let parent = index == 0 ? "" : #", "parent": \#(index + 1)"#
            let position = index == 0 ? "[200, 200, 0]" : "[0, 0, 1]"
            return #"{"ty": 3, "ind": \#(index + 2), "ddd": 1, "ip": 0, "op": 30, "st": 0\#(parent), "ks": {"p": {"a": 0, "k": \#(position)}}}"#
        }
        var child = square(#""p": {"a": 0, "k": [0, 0, 1]}"#, index: count + 2)
        child.removeLast()
        layers.append(child + #", "parent": \#(count + 1)}"#)
        let scene = try timeline(layers).scene(atFrame: 0)
        assertAffine(try XCTUnwrap(scene.layers.last), scale: 1.0 / 6, x: 200, y: 200)
    }

    func testAnAnimatedCameraMovesTheView() throws {
        // The camera moves from z = -400 to z = 0 (its point of interest with it) over 10 frames: a
        // layer at z = 400 goes from distance 800 (scale 1/2) to 400 (scale 1).
        let camera = #""p": {"a": 1, "k": [{"t": 0, "s": [200, 200, -400], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [200, 200, 0]}]}, "a": {"a": 1, "k": [{"t": 0, "s": [200, 200, 0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [200, 200, 400]}]}"#
        let timeline = try timeline([square(#""p": {"a": 0, "k": [200, 200, 400]}"#)], camera: camera)
        var scene = timeline.scene(atFrame: 0)
        assertAffine(try XCTUnwrap(scene.layers.first), scale: 0.5, x: 200, y: 200)
        timeline.update(&scene, toFrame: 5)
        assertAffine(try XCTUnwrap(scene.layers.first), scale: 400.0 / 600, x: 200, y: 200)
        timeline.update(&scene, toFrame: 10)
        assertAffine(try XCTUnwrap(scene.layers.first), scale: 1, x: 200, y: 200)
    }
}
