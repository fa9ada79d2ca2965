import XCTest
@testable import LottiePlay

/// Expressions on the properties of shapes, masks and precomp layers, read from the scene: stroke
/// width, fill opacity, a rectangle's size, a mask's path, time remapping; and a null layer read
/// by another.
final class ExpressionShapePropertyTests: XCTestCase {
    private typealias S = ExpressionScene

    private func drawings(_ shapes: String, atFrame frame: Double = 0) throws -> [ShapeDrawing] {
        let layer = try S.layer("L", of: try S.timeline([S.layer("L", index: 1, shapes: shapes)]), atFrame: frame)
        guard case .shapes(let drawings) = layer.content else {
            XCTFail("no shapes")
            return []
        }
        return drawings
    }

    func testStrokeWidthAndFillOpacity() throws {
        // Stroke width time * 10 at frame 15 (0.5 s): 5. Fill opacity 20 + 30 = 50 % -> 0.5.
        let found = try drawings("""
            {"ty":"rc","nm":"Rect","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},
            {"ty":"st","nm":"Stroke","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},
             "w":{"a":0,"k":1,"x":"$bm_rt = time * 10;"},"lc":1,"lj":1},
            {"ty":"fl","nm":"Fill","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100,"x":"$bm_rt = 20 + 30;"}}
            """, atFrame: 15)
        var width: Double?
        var fillOpacity: Double?
        for drawing in found {
            switch drawing.paint {
            case .stroke(_, let style): width = style.width
            case .fill: fillOpacity = drawing.opacity
            default: break
            }
        }
        XCTAssertEqual(try XCTUnwrap(width), 5, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(fillOpacity), 0.5, accuracy: 1e-9)
    }

    func testRectangleSizeFromItsGroup() throws {
        // The size's propertyGroup(1) is the rectangle, (2) the group's contents, (3) 'Group 1':
        // the size becomes [40, 20], corners at x +-20, y +-10.
        let found = try drawings("""
            {"ty":"gr","nm":"Group 1","it":[
              {"ty":"rc","nm":"Box","p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0},"s":{"a":0,"k":[10,10],"x":
                "$bm_rt = thisProperty.propertyGroup(3).name == 'Group 1' && thisProperty.propertyGroup(1).name == 'Box' ? [40, 20] : [2, 2];"}},
              {"ty":"fl","nm":"Fill","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},
              {"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}
            """)
        let path = try XCTUnwrap(found.first?.paths.first)
        let xs = path.vertices.map(\.x)
        let ys = path.vertices.map(\.y)
        assertNumbers([xs.min() ?? .nan, xs.max() ?? .nan, ys.min() ?? .nan, ys.max() ?? .nan], [-20, 20, -10, 10],
                      accuracy: 1e-9)
    }

    func testMaskPathFromAnExpression() throws {
        // The mask's path is made by createPath: the square (0,0) (8,0) (8,8) (0,8).
        let mask = """
            "hasMask":true,"masksProperties":[{"mode":"a","inv":false,"o":{"a":0,"k":100},"x":{"a":0,"k":0},
              "pt":{"a":0,"k":{"c":true,"v":[[0,0],[1,0],[1,1]],"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]]},
                    "x":"$bm_rt = createPath([[0, 0], [8, 0], [8, 8], [0, 8]], [], [], true);"}}],
            """
        let layer = S.layer("L", index: 1).replacingOccurrences(of: "\"ty\":4,", with: "\"ty\":4,\(mask)")
        let placed = try S.layer("L", of: try S.timeline([layer]), atFrame: 0)
        let path = try XCTUnwrap(placed.masks.first?.path)
        assertNumbers(path.vertices.flatMap { [$0.x, $0.y] }, [0, 0, 8, 0, 8, 8, 0, 8])
    }

    func testTimeRemapFromAnExpression() throws {
        // The precomp's time remapped to a fixed 0.5 s by an expression: its layer's time * 30 is 15 at any frame.
        let asset = """
            {"id":"comp1","nm":"Inside","layers":[
              \(S.layer("Inner", index: 1, position: S.fixed("[0,0]", expression: "$bm_rt = [time * 30, 0];")))]}
            """
        let precomp = """
            {"ty":0,"nm":"P","ind":1,"refId":"comp1","w":400,"h":300,"ip":0,"op":300,"st":0,
             "tm":{"a":0,"k":0,"x":"$bm_rt = 0.5;"},
             "ks":{"a":{"a":0,"k":[0,0]},"p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}}
            """
        let timeline = try S.timeline([precomp], assets: [asset])
        assertNumbers(try S.origin("Inner", of: timeline, atFrame: 40), [15, 0], accuracy: 1e-9)
        // timeRemap read by another layer of the root: 0.5 s -> [5, 0].
        let reader = S.layer("R", index: 2, position: S.fixed("[0,0]", expression:
            "$bm_rt = [thisComp.layer('P').timeRemap * 10, 0];"))
        let both = try S.timeline([precomp, reader], assets: [asset])
        assertNumbers(try S.origin("R", of: both, atFrame: 40), [5, 0], accuracy: 1e-9)
    }

    func testANullLayerIsRead() throws {
        // A null layer (not drawn) at [30, 40]; L follows it.
        let null = """
            {"ty":3,"nm":"Ctrl","ind":1,"ip":0,"op":300,"st":0,
             "ks":{"a":{"a":0,"k":[0,0]},"p":{"a":0,"k":[30,40]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":0}}}
            """
        let timeline = try S.timeline([null, S.layer("L", index: 2, position: S.fixed("[0,0]", expression:
            "$bm_rt = thisComp.layer('Ctrl').transform.position;"))])
        assertNumbers(try S.origin("L", of: timeline, atFrame: 0), [30, 40])
    }
}

/// Expressions on a gradient's stops (`g.k`): the flat list of numbers as the file writes it.
final class ExpressionGradientTests: XCTestCase {
    private typealias S = ExpressionScene

    private func stops(_ expression: String) throws -> (colors: [GradientPaint.ColorStop], faults: [String]) {
        // Two colour stops, red at 0 and blue at 1; two opacity stops.
        let shapes = """
            {"ty":"rc","nm":"Rect","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},
            {"ty":"gf","nm":"Gradient","t":1,"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[10,0]},"o":{"a":0,"k":100},"r":1,
             "g":{"p":2,"k":{"a":0,"k":[0,1,0,0, 1,0,0,1, 0,1, 1,1],"x":\(S.quoted(expression))}}}
            """
        let timeline = try S.timeline([S.layer("L", index: 1, shapes: shapes)])
        let found = try S.layer("L", of: timeline, atFrame: 0)
        guard case .shapes(let drawings) = found.content,
              let gradient = drawings.lazy.compactMap({ drawing -> GradientPaint? in
                  if case .gradientFill(let paint, _) = drawing.paint { return paint }
                  return nil
              }).first else {
            XCTFail("no gradient")
            throw XCTSkip("no gradient")
        }
        return (gradient.colorStops, S.faults(of: timeline))
    }

    func testAGradientFromAnExpression() throws {
        // Green at 0, then the keyframed blue at 1 read from `value` (its numbers 4 to 7).
        let result = try stops("var v = value; $bm_rt = [0, 0, 1, 0, v[4], v[5], v[6], v[7]];")
        XCTAssertEqual(result.colors.map(\.offset), [0, 1])
        XCTAssertEqual(result.colors.map { [$0.color.red, $0.color.green, $0.color.blue] }, [[0, 1, 0], [0, 0, 1]])
        XCTAssertEqual(result.faults, [])
    }

    func testAShorterListKeepsTheRestAndALongerOneFallsBack() throws {
        XCTAssertEqual(try stops("$bm_rt = [0.25, 1, 1, 1];").colors.map(\.offset), [0.25, 1])
        let long = try stops("$bm_rt = [0, 0, 0, 0, 1, 1, 1, 1, 0, 1, 1, 1, 5];")
        XCTAssertEqual(long.colors.map { $0.color.red }, [1, 0])
        XCTAssertEqual(long.faults.count, 1, "\(long.faults)")
    }
}
