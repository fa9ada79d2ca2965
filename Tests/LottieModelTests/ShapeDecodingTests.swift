import Foundation
import XCTest
@testable import LottieModel

/// Shape items: every `ty` to its case with its fields, unknown items kept verbatim, and the
/// group's transform accessor.
final class ShapeDecodingTests: XCTestCase {

    // MARK: Groups

    func testGroupKeepsItsItemsInOrderAndItsTransform() throws {
        let item = try decodeShape("""
            {"ty": "gr", "nm": "Body", "mn": "ADBE Vector Group", "np": 3, "bm": 1, "hd": false, "it": [
              {"ty": "rc", "nm": "Box", "s": {"a": 0, "k": [20, 10]}},
              {"ty": "fl", "nm": "Paint", "c": {"a": 0, "k": [0, 1, 0]}},
              {"ty": "tr", "nm": "Transform", "p": {"a": 0, "k": [5, 6]}, "o": {"a": 0, "k": 40}}
            ]}
            """)
        guard case .group(let group) = item else { return XCTFail("expected a group, got \(item)") }
        XCTAssertEqual(group.name, "Body")
        XCTAssertEqual(group.matchName, "ADBE Vector Group")
        XCTAssertEqual(group.propertyCount, 3)
        XCTAssertEqual(group.blendMode, .multiply)
        XCTAssertEqual(group.hidden, false)
        XCTAssertEqual(group.items.map(\.typeCode), ["rc", "fl", "tr"])
        XCTAssertEqual(group.items.map(\.name), ["Box", "Paint", "Transform"])
        let transform = try XCTUnwrap(group.transform)
        XCTAssertEqual(transform.name, "Transform")
        XCTAssertEqual(transform.transform.position, .combined(Animatable([5, 6])))
        XCTAssertEqual(transform.transform.opacity, Animatable(40))
    }

    func testGroupTransformIsTheLastTransformItem() throws {
        let item = try decodeShape("""
            {"ty": "gr", "it": [
              {"ty": "tr", "nm": "Earlier", "r": {"a": 0, "k": 10}},
              {"ty": "el", "s": {"a": 0, "k": [4, 4]}},
              {"ty": "tr", "nm": "Last", "r": {"a": 0, "k": 20}}
            ]}
            """)
        guard case .group(let group) = item else { return XCTFail("expected a group, got \(item)") }
        XCTAssertEqual(group.transform?.name, "Last")
        XCTAssertEqual(group.transform?.transform.rotation, Animatable(20))
    }

    func testGroupWithoutTransformOrItems() throws {
        let item = try decodeShape(#"{"ty": "gr", "nm": "Empty"}"#)
        guard case .group(let group) = item else { return XCTFail("expected a group, got \(item)") }
        XCTAssertEqual(group.items, [])
        XCTAssertNil(group.transform)
    }

    // MARK: Paths and primitives

    func testPath() throws {
        let item = try decodeShape("""
            {"ty": "sh", "nm": "Line", "mn": "ADBE Vector Shape - Group", "d": 3, "hd": true,
             "ks": {"a": 0, "k": {"c": false, "v": [[0, 0], [10, 5]], "i": [[0, 0], [-2, 0]], "o": [[2, 0], [0, 0]]}}}
            """)
        XCTAssertEqual(item, .path({
            var shape = PathShape(name: "Line", path: Animatable(BezierPath(
                closed: false, vertices: [[0, 0], [10, 5]], inTangents: [[0, 0], [-2, 0]], outTangents: [[2, 0], [0, 0]])))
            shape.matchName = "ADBE Vector Shape - Group"
            shape.direction = .reversed
            shape.hidden = true
            return shape
        }()))
    }

    func testRectangle() throws {
        let item = try decodeShape("""
            {"ty": "rc", "nm": "Box", "d": 1, "p": {"a": 0, "k": [5, 6]}, "s": {"a": 0, "k": [20, 10]}, "r": {"a": 0, "k": 4}}
            """)
        guard case .rectangle(let rectangle) = item else { return XCTFail("expected a rectangle, got \(item)") }
        XCTAssertEqual(rectangle.position, Animatable([5, 6]))
        XCTAssertEqual(rectangle.size, Animatable([20, 10]))
        XCTAssertEqual(rectangle.roundness, Animatable(4))
        XCTAssertEqual(rectangle.direction, .normal)
        XCTAssertEqual(rectangle.name, "Box")
    }

    func testEllipseWithoutPosition() throws {
        let item = try decodeShape(#"{"ty": "el", "s": {"a": 0, "k": [30, 40]}}"#)
        XCTAssertEqual(item, .ellipse(EllipseShape(position: nil, size: Animatable([30, 40]))))
    }

    func testStarAndPolygon() throws {
        let items = try decodeShapes("""
            {"ty": "sr", "sy": 1, "d": 1, "p": {"a": 0, "k": [0, 0]}, "pt": {"a": 0, "k": 5},
             "r": {"a": 0, "k": 15}, "or": {"a": 0, "k": 50}, "os": {"a": 0, "k": 10},
             "ir": {"a": 0, "k": 20}, "is": {"a": 0, "k": 30}},
            {"ty": "sr", "sy": 2, "pt": {"a": 0, "k": 6}, "or": {"a": 0, "k": 40}}
            """)
        guard case .polystar(let star) = items[0], case .polystar(let polygon) = items[1] else {
            return XCTFail("expected two polystars, got \(items)")
        }
        XCTAssertEqual(star.starType, .star)
        XCTAssertEqual(star.points, Animatable(5))
        XCTAssertEqual(star.rotation, Animatable(15))
        XCTAssertEqual(star.outerRadius, Animatable(50))
        XCTAssertEqual(star.outerRoundness, Animatable(10))
        XCTAssertEqual(star.innerRadius, Animatable(20))
        XCTAssertEqual(star.innerRoundness, Animatable(30))
        XCTAssertEqual(star.position, Animatable([0, 0]))
        XCTAssertEqual(polygon, PolystarShape(starType: .polygon, position: nil, points: Animatable(6), outerRadius: Animatable(40)))
    }

    // MARK: Styles

    func testFill() throws {
        let item = try decodeShape("""
            {"ty": "fl", "nm": "Red", "bm": 0, "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 80}, "r": 2}
            """)
        guard case .fill(let fill) = item else { return XCTFail("expected a fill, got \(item)") }
        XCTAssertEqual(fill.color, Animatable([1, 0, 0, 1]))
        XCTAssertEqual(fill.opacity, Animatable(80))
        XCTAssertEqual(fill.fillRule, .evenOdd)
        XCTAssertEqual(fill.blendMode, .normal)
        XCTAssertEqual(fill.name, "Red")
    }

    func testStrokeWithDashes() throws {
        let item = try decodeShape("""
            {"ty": "st", "c": {"a": 0, "k": [0, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 3},
             "lc": 2, "lj": 1, "ml": 4, "ml2": {"a": 0, "k": 6},
             "d": [
               {"n": "d", "nm": "dash", "v": {"a": 0, "k": 10}},
               {"n": "g", "nm": "gap", "v": {"a": 0, "k": 5}},
               {"n": "o", "nm": "offset", "v": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 30, "s": [15]}]}}
             ]}
            """)
        guard case .stroke(let stroke) = item else { return XCTFail("expected a stroke, got \(item)") }
        XCTAssertEqual(stroke.color, Animatable([0, 0, 1]))
        XCTAssertEqual(stroke.opacity, Animatable(100))
        XCTAssertEqual(stroke.width, Animatable(3))
        XCTAssertEqual(stroke.lineCap, .round)
        XCTAssertEqual(stroke.lineJoin, .miter)
        XCTAssertEqual(stroke.miterLimit, 4)
        XCTAssertEqual(stroke.animatedMiterLimit, Animatable(6))
        let dashes = try XCTUnwrap(stroke.dashes)
        XCTAssertEqual(dashes.map(\.kind), ["d", "g", "o"])
        XCTAssertEqual(dashes.map(\.name), ["dash", "gap", "offset"])
        XCTAssertEqual(dashes[0].length, Animatable(10))
        XCTAssertEqual(dashes[1].length, Animatable(5))
        XCTAssertEqual(dashes[2].length.keyframes.map(\.value), [0, 15])
    }

    func testGradientFill() throws {
        let item = try decodeShape("""
            {"ty": "gf", "nm": "Glow", "o": {"a": 0, "k": 90}, "r": 1, "t": 2,
             "s": {"a": 0, "k": [0, 0]}, "e": {"a": 0, "k": [50, 0]},
             "h": {"a": 0, "k": 20}, "a": {"a": 0, "k": 45},
             "g": {"p": 2, "k": {"a": 0, "k": [0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 1, 0.5]}}}
            """)
        guard case .gradientFill(let fill) = item else { return XCTFail("expected a gradient fill, got \(item)") }
        XCTAssertEqual(fill.name, "Glow")
        XCTAssertEqual(fill.opacity, Animatable(90))
        XCTAssertEqual(fill.fillRule, .nonZero)
        let gradient = fill.gradient
        XCTAssertEqual(gradient.type, .radial)
        XCTAssertEqual(gradient.startPoint, Animatable([0, 0]))
        XCTAssertEqual(gradient.endPoint, Animatable([50, 0]))
        XCTAssertEqual(gradient.highlightLength, Animatable(20))
        XCTAssertEqual(gradient.highlightAngle, Animatable(45))
        XCTAssertEqual(gradient.colors.colorStopCount, 2)
        XCTAssertEqual(gradient.colors.stops, Animatable(GradientStops([0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 1, 0.5])))
    }

    func testGradientStroke() throws {
        let item = try decodeShape("""
            {"ty": "gs", "nm": "Rim", "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 2}, "lc": 3, "lj": 2, "ml": 10,
             "t": 1, "s": {"a": 0, "k": [-10, 0]}, "e": {"a": 0, "k": [10, 0]},
             "g": {"p": 1, "k": {"a": 1, "k": [{"t": 0, "s": [0, 1, 1, 1]}, {"t": 10, "s": [0, 0, 0, 0]}]}},
             "d": [{"n": "d", "v": {"a": 0, "k": 1}}]}
            """)
        guard case .gradientStroke(let stroke) = item else { return XCTFail("expected a gradient stroke, got \(item)") }
        XCTAssertEqual(stroke.name, "Rim")
        XCTAssertEqual(stroke.stroke.opacity, Animatable(100))
        XCTAssertEqual(stroke.stroke.width, Animatable(2))
        XCTAssertEqual(stroke.stroke.lineCap, .square)
        XCTAssertEqual(stroke.stroke.lineJoin, .round)
        XCTAssertEqual(stroke.stroke.miterLimit, 10)
        XCTAssertEqual(stroke.stroke.dashes?.map(\.kind), ["d"])
        XCTAssertEqual(stroke.gradient.type, .linear)
        XCTAssertEqual(stroke.gradient.startPoint, Animatable([-10, 0]))
        XCTAssertEqual(stroke.gradient.endPoint, Animatable([10, 0]))
        XCTAssertNil(stroke.gradient.highlightLength)
        XCTAssertEqual(stroke.gradient.colors.colorStopCount, 1)
        XCTAssertEqual(stroke.gradient.colors.stops.keyframes.map(\.value),
                       [GradientStops([0, 1, 1, 1]), GradientStops([0, 0, 0, 0])])
    }

    // MARK: Transform

    func testTransformItem() throws {
        let item = try decodeShape("""
            {"ty": "tr", "nm": "T", "a": {"a": 0, "k": [1, 1]}, "p": {"a": 0, "k": [2, 3]}, "s": {"a": 0, "k": [50, 50]},
             "r": {"a": 0, "k": 90}, "o": {"a": 0, "k": 25}, "sk": {"a": 0, "k": 5}, "sa": {"a": 0, "k": 30}}
            """)
        guard case .transform(let item) = item else { return XCTFail("expected a transform, got \(item)") }
        XCTAssertEqual(item.name, "T")
        let transform = item.transform
        XCTAssertEqual(transform.anchor, Animatable([1, 1]))
        XCTAssertEqual(transform.position, .combined(Animatable([2, 3])))
        XCTAssertEqual(transform.scale, Animatable([50, 50]))
        XCTAssertEqual(transform.rotation, Animatable(90))
        XCTAssertEqual(transform.opacity, Animatable(25))
        XCTAssertEqual(transform.skew, Animatable(5))
        XCTAssertEqual(transform.skewAxis, Animatable(30))
    }

    // MARK: Modifiers

    func testTrimPath() throws {
        let item = try decodeShape("""
            {"ty": "tm", "nm": "Trim", "s": {"a": 0, "k": 10}, "e": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 20, "s": [100]}]},
             "o": {"a": 0, "k": 90}, "m": 2}
            """)
        guard case .trimPath(let trim) = item else { return XCTFail("expected a trim path, got \(item)") }
        XCTAssertEqual(trim.start, Animatable(10))
        XCTAssertEqual(trim.end.keyframes.map(\.value), [0, 100])
        XCTAssertEqual(trim.offset, Animatable(90))
        XCTAssertEqual(trim.mode, .sequential)
        XCTAssertEqual(trim.name, "Trim")
    }

    func testTrimPathWithoutMode() throws {
        let item = try decodeShape(#"{"ty": "tm", "s": {"k": 0}, "e": {"k": 50}}"#)
        XCTAssertEqual(item, .trimPath(TrimPath(start: Animatable(0), end: Animatable(50), offset: nil, mode: nil)))
    }

    func testRoundedCorners() throws {
        let item = try decodeShape(#"{"ty": "rd", "nm": "Round", "r": {"a": 0, "k": 8}}"#)
        guard case .roundedCorners(let round) = item else { return XCTFail("expected rounded corners, got \(item)") }
        XCTAssertEqual(round.radius, Animatable(8))
        XCTAssertEqual(round.name, "Round")
    }

    func testRepeater() throws {
        let item = try decodeShape("""
            {"ty": "rp", "nm": "Copies", "c": {"a": 0, "k": 4}, "o": {"a": 0, "k": 1}, "m": 2,
             "tr": {"ty": "tr", "p": {"a": 0, "k": [10, 0]}, "r": {"a": 0, "k": 15},
                    "so": {"a": 0, "k": 100}, "eo": {"a": 0, "k": 20}}}
            """)
        guard case .repeater(let repeater) = item else { return XCTFail("expected a repeater, got \(item)") }
        XCTAssertEqual(repeater.copies, Animatable(4))
        XCTAssertEqual(repeater.offset, Animatable(1))
        XCTAssertEqual(repeater.composite, .below)
        XCTAssertEqual(repeater.transform.position, .combined(Animatable([10, 0])))
        XCTAssertEqual(repeater.transform.rotation, Animatable(15))
        XCTAssertEqual(repeater.transform.startOpacity, Animatable(100))
        XCTAssertEqual(repeater.transform.endOpacity, Animatable(20))
    }

    func testRepeaterWithoutTransform() throws {
        let item = try decodeShape(#"{"ty": "rp", "c": {"a": 0, "k": 3}}"#)
        XCTAssertEqual(item, .repeater(Repeater(copies: Animatable(3), transform: Transform())))
    }

    func testMergePaths() throws {
        let item = try decodeShape(#"{"ty": "mm", "nm": "Merge", "mm": 4}"#)
        guard case .merge(let merge) = item else { return XCTFail("expected merge paths, got \(item)") }
        XCTAssertEqual(merge.mode, .intersect)
        XCTAssertEqual(merge.name, "Merge")
    }

    func testPuckerBloat() throws {
        let item = try decodeShape(#"{"ty": "pb", "a": {"a": 0, "k": -40}}"#)
        XCTAssertEqual(item, .puckerBloat(PuckerBloat(amount: Animatable(-40))))
    }

    func testZigZag() throws {
        let item = try decodeShape(#"{"ty": "zz", "r": {"a": 0, "k": 6}, "s": {"a": 0, "k": 12}, "pt": {"a": 0, "k": 2}}"#)
        guard case .zigZag(let zigZag) = item else { return XCTFail("expected a zig-zag, got \(item)") }
        XCTAssertEqual(zigZag.ridges, Animatable(6))
        XCTAssertEqual(zigZag.size, Animatable(12))
        XCTAssertEqual(zigZag.pointType, Animatable(2))
    }

    func testOffsetPath() throws {
        let item = try decodeShape(#"{"ty": "op", "a": {"a": 0, "k": 5}, "lj": 2, "ml": {"a": 0, "k": 4}}"#)
        guard case .offsetPath(let offset) = item else { return XCTFail("expected an offset path, got \(item)") }
        XCTAssertEqual(offset.amount, Animatable(5))
        XCTAssertEqual(offset.lineJoin, .round)
        XCTAssertEqual(offset.miterLimit, Animatable(4))
    }

    // MARK: Type codes

    func testTypeCodesMatchTheJSON() throws {
        let codes = ["gr", "sh", "rc", "el", "sr", "fl", "st", "gf", "gs", "tr", "tm", "rd", "rp", "mm", "pb", "zz", "op"]
        let items = try decodeShapes("""
            {"ty": "gr", "it": []},
            {"ty": "sh", "ks": {"k": {"c": true, "v": [], "i": [], "o": []}}},
            {"ty": "rc", "s": {"k": [1, 1]}},
            {"ty": "el", "s": {"k": [1, 1]}},
            {"ty": "sr", "pt": {"k": 5}, "or": {"k": 1}},
            {"ty": "fl", "c": {"k": [0, 0, 0]}},
            {"ty": "st", "c": {"k": [0, 0, 0]}},
            {"ty": "gf", "s": {"k": [0, 0]}, "e": {"k": [1, 0]}, "g": {"p": 1, "k": {"k": [0, 0, 0, 0]}}},
            {"ty": "gs", "s": {"k": [0, 0]}, "e": {"k": [1, 0]}, "g": {"p": 1, "k": {"k": [0, 0, 0, 0]}}},
            {"ty": "tr"},
            {"ty": "tm", "s": {"k": 0}, "e": {"k": 100}},
            {"ty": "rd", "r": {"k": 1}},
            {"ty": "rp", "c": {"k": 2}},
            {"ty": "mm"},
            {"ty": "pb", "a": {"k": 1}},
            {"ty": "zz"},
            {"ty": "op"}
            """)
        XCTAssertEqual(items.map(\.typeCode), codes)
        XCTAssertFalse(items.contains { if case .unknown = $0 { true } else { false } })
    }

    // MARK: Unknown items

    func testUnknownItemIsKeptVerbatim() throws {
        let items = try decodeShapes("""
            {"ty": "xx", "nm": "Future thing", "amount": {"a": 0, "k": [1, 2.5]}, "flags": [true, null, "on"]},
            {"ty": "fl", "c": {"a": 0, "k": [1, 1, 1]}}
            """)
        XCTAssertEqual(items.count, 2)
        XCTAssertEqual(items[0], .unknown(type: "xx", raw: .object([
            "ty": .string("xx"),
            "nm": .string("Future thing"),
            "amount": .object(["a": .number(0), "k": .array([.number(1), .number(2.5)])]),
            "flags": .array([.bool(true), .null, .string("on")]),
        ])))
        XCTAssertEqual(items[0].typeCode, "xx")
        XCTAssertEqual(items[0].name, "Future thing")
        XCTAssertEqual(items[1].typeCode, "fl")
    }

    func testUnknownItemRoundTripsWithItsFields() throws {
        let json = #"{"ty": "xx", "nm": "Future", "deep": {"list": [1, {"k": "v"}], "flag": false}}"#
        let item = try decodeShape(json)
        let encoded = try JSONEncoder().encode(item)
        XCTAssertEqual(try decodeValue(JSONValue.self, String(decoding: encoded, as: UTF8.self)),
                       try decodeValue(JSONValue.self, json))
        XCTAssertEqual(try JSONDecoder().decode(ShapeItem.self, from: encoded), item)
    }
}
