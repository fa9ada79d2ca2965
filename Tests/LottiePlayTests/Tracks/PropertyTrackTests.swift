import XCTest
import LottieModel
@testable import LottiePlay

/// Keyframe evaluation against FORMAT.md's rules and hand-computed values.
final class PropertyTrackTests: XCTestCase {
    private func scalarTrack(_ json: String) throws -> PropertyTrack<Double> {
        let property = try JSONDecoder().decode(Animatable<Double>.self, from: Data(json.utf8))
        return PropertyTrack(property, fallback: 0, context: ValueContext())
    }

    private func vectorTrack(_ json: String) throws -> PropertyTrack<Vector2> {
        let property = try JSONDecoder().decode(Animatable<Vector>.self, from: Data(json.utf8))
        return PropertyTrack(property, fallback: .zero, context: ValueContext())
    }

    /// 0 -> 1 over frames 0...100 with one easing curve, so value at frame 100x is progress at x.
    private func easedUnit(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) throws -> PropertyTrack<Double> {
        try scalarTrack("""
        {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [\(x1)], "y": [\(y1)]}, "i": {"x": [\(x2)], "y": [\(y2)]}},
                        {"t": 100, "s": [1]}]}
        """)
    }

    // MARK: Finding the segment

    /// Nine linear keys, unevenly spaced, two at the same time (the later one applies from
    /// there): the search finds each frame's segment, checked against a walk over every key.
    func testTheSegmentOfUnevenlySpacedKeys() throws {
        let times = [0.0, 1, 2, 3, 10, 10, 11, 30, 31]
        let values = [0.0, 10, 20, 30, 100, 200, 210, 400, 410]
        let keys = zip(times, values).map { #"{"t": \#($0), "s": [\#($1)]}"# }.joined(separator: ", ")
        let track = try scalarTrack(#"{"a": 1, "k": [\#(keys)]}"#)
        func walked(_ frame: Double) -> Double {
            guard frame >= times[0] else { return values[0] }
            guard let index = times.lastIndex(where: { $0 <= frame }), index + 1 < times.count else {
                return values[values.count - 1]
            }
            let fraction = (frame - times[index]) / (times[index + 1] - times[index])
            return values[index] + (values[index + 1] - values[index]) * fraction
        }
        for frame in stride(from: -1.0, through: 32, by: 0.125) {
            XCTAssertEqual(track.value(at: frame), walked(frame), accuracy: 1e-9, "frame \(frame)")
        }
        XCTAssertEqual(track.value(at: 10), 200)
        XCTAssertEqual(track.value(at: 9.5), 30 + 70 * 6.5 / 7, accuracy: 1e-12)
        XCTAssertEqual(track.value(at: 20.5), 210 + 190 * 9.5 / 19, accuracy: 1e-12)
    }

    // MARK: Easing

    func testEasingReferenceTableOfFormatDoc() throws {
        let table: [([Double], [Double])] = [
            ([0.333, 0, 0.667, 1], [0.028039, 0.156355, 0.500000, 0.843645, 0.971961]),
            ([0.42, 0, 0.58, 1], [0.019722, 0.129162, 0.500000, 0.870838, 0.980278]),
            ([0.25, 0.1, 0.25, 1], [0.094796, 0.408511, 0.802403, 0.960459, 0.994316]),
            ([0.5, -0.5, 0.5, 1.5], [-0.070756, -0.038215, 0.500000, 1.038215, 1.070756]),
            ([0.9, 0, 0.1, 1], [0.004666, 0.037290, 0.500000, 0.962710, 0.995334]),
        ]
        for (curve, expected) in table {
            let track = try easedUnit(curve[0], curve[1], curve[2], curve[3])
            for (frame, value) in zip([10.0, 25, 50, 75, 90], expected) {
                XCTAssertEqual(track.value(at: frame), value, accuracy: 1e-6, "curve \(curve) at x = \(frame / 100)")
            }
        }
    }

    func testOvershootIsNotClamped() throws {
        let track = try easedUnit(0.5, -0.5, 0.5, 1.5)
        XCTAssertLessThan(track.value(at: 25), 0)
        XCTAssertGreaterThan(track.value(at: 75), 1)
        // The peak of (0.5, -0.5, 0.5, 1.5), by hand: u = 0.5 + sqrt(0.15), y = 0.5 + 1.5 sqrt(0.15).
        let d = 0.15.squareRoot()
        XCTAssertEqual(track.value(at: 100 * (0.5 + 0.9 * d)), 0.5 + 1.5 * d, accuracy: 1e-9)
    }

    func testPerDimensionEasingUsesElementJ() throws {
        let track = try vectorTrack("""
        {"a": 1, "k": [{"t": 0, "s": [0, 0], "o": {"x": [0.333, 0.42], "y": [0, 0]}, "i": {"x": [0.667, 0.58], "y": [1, 1]}},
                        {"t": 100, "s": [100, 100]}]}
        """)
        let value = track.value(at: 25)
        XCTAssertEqual(value.x, 15.6355, accuracy: 1e-3)
        XCTAssertEqual(value.y, 12.9162, accuracy: 1e-3)
    }

    func testIdenticalPerDimensionHandlesShareOneCurve() throws {
        let track = try vectorTrack("""
        {"a": 1, "k": [{"t": 0, "s": [0, 0], "o": {"x": [0.42, 0.42], "y": [0, 0]}, "i": {"x": [0.58, 0.58], "y": [1, 1]}},
                        {"t": 100, "s": [100, 200]}]}
        """)
        XCTAssertEqual(track.keys[0].easings.count, 1)
        XCTAssertEqual(track.value(at: 25).x, 12.9162, accuracy: 1e-3)
        XCTAssertEqual(track.value(at: 25).y, 25.8324, accuracy: 1e-3)
    }

    func testHandlesPastTheValuesDimensionsAreNotSolved() throws {
        // A scale's z handle (After Effects writes one) differs from x and y: a 2D value solves one curve.
        let property = try JSONDecoder().decode(Animatable<Vector>.self, from: Data("""
        {"a": 1, "k": [{"t": 0, "s": [0, 0, 100], "o": {"x": [0.42, 0.42, 0.9], "y": [0, 0, 0]},
                        "i": {"x": [0.58, 0.58, 0.1], "y": [1, 1, 1]}}, {"t": 100, "s": [100, 200, 100]}]}
        """.utf8))
        let scale = PropertyTrack<PlainVector2>(property, fallback: PlainVector2(.zero), context: ValueContext())
        XCTAssertEqual(scale.keys[0].easings.count, 1)
        XCTAssertEqual(scale.value(at: 25).value.x, 12.9162, accuracy: 1e-3)
        XCTAssertEqual(scale.value(at: 25).value.y, 25.8324, accuracy: 1e-3)
        let rotation = try scalarTrack("""
        {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0.42, 0.9], "y": [0, 0]}, "i": {"x": [0.58, 0.1], "y": [1, 1]}},
                        {"t": 100, "s": [100]}]}
        """)
        XCTAssertEqual(rotation.keys[0].easings.count, 1)
        XCTAssertEqual(rotation.value(at: 25), 12.9162, accuracy: 1e-3)
    }

    func testShortHandleListUsesElementZeroForEveryDimension() throws {
        let track = try vectorTrack("""
        {"a": 1, "k": [{"t": 0, "s": [0, 0], "o": {"x": [0.42], "y": [0]}, "i": {"x": [0.58], "y": [1]}},
                        {"t": 100, "s": [100, 200]}]}
        """)
        XCTAssertEqual(track.value(at: 25).x, 12.9162, accuracy: 1e-3)
        XCTAssertEqual(track.value(at: 25).y, 25.8324, accuracy: 1e-3)
    }

    func testLinearHandlesAreALerp() throws {
        let track = try easedUnit(0, 0, 1, 1)
        XCTAssertEqual(track.value(at: 37), 0.37, accuracy: 1e-12)
    }

    // MARK: Holds and boundaries

    func testHoldSwitchesExactlyAtTheNextKeyframe() throws {
        let track = try scalarTrack("""
        {"a": 1, "k": [{"t": 10, "s": [5], "h": 1}, {"t": 20, "s": [9]}]}
        """)
        XCTAssertEqual(track.value(at: 0), 5, "before the first keyframe its value holds")
        XCTAssertEqual(track.value(at: 10), 5)
        XCTAssertEqual(track.value(at: 19.999), 5)
        XCTAssertEqual(track.value(at: 20), 9)
        XCTAssertEqual(track.value(at: 1000), 9, "after the last keyframe its value holds")
    }

    func testAtExactlyAKeyframeTheNextSegmentApplies() throws {
        let track = try scalarTrack("""
        {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 10, "s": [10], "h": 1}, {"t": 20, "s": [30]}]}
        """)
        XCTAssertEqual(track.value(at: 5), 5)
        XCTAssertEqual(track.value(at: 10), 10)
        XCTAssertEqual(track.value(at: 15), 10, "the segment from 10 holds")
    }

    func testLegacyStartEndKeyframes() throws {
        // bodymovin 4: each keyframe carries s and e; the last has only t.
        let track = try scalarTrack("""
        {"k": [{"t": 0, "s": [0], "e": [10], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}},
               {"t": 10, "s": [10], "e": [40], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}},
               {"t": 20}]}
        """)
        XCTAssertEqual(track.value(at: 5), 5)
        XCTAssertEqual(track.value(at: 15), 25)
        XCTAssertEqual(track.value(at: 20), 40, "the last keyframe takes the previous keyframe's e")
        XCTAssertEqual(track.value(at: 99), 40)
    }

    func testKeyframesOutOfOrderAreEvaluatedInTimeOrder() throws {
        let track = try scalarTrack("""
        {"a": 1, "k": [{"t": 20, "s": [20]}, {"t": 0, "s": [0]}]}
        """)
        XCTAssertEqual(track.value(at: 10), 10)
    }

    func testStaticScalarWrittenAsArray() throws {
        XCTAssertEqual(try scalarTrack(#"{"a": 0, "k": [42]}"#).value(at: 7), 42)
        XCTAssertFalse(try scalarTrack(#"{"a": 0, "k": 42}"#).isAnimated)
    }

    // MARK: Spatial positions

    func testQuarterCircleMovesByArcLength() throws {
        // A quarter circle of radius 100 from (100, 0) to (0, 100) about the origin.
        let k = 100 * 0.5519150244935105707435627
        let track = try vectorTrack("""
        {"a": 1, "k": [{"t": 0, "s": [100, 0], "to": [0, \(k)], "ti": [\(k), 0]}, {"t": 100, "s": [0, 100]}]}
        """)
        // Linear easing, half the time: half the arc length, which by symmetry is B(0.5) =
        // (P0 + 3 P1 + 3 P2 + P3) / 8.
        let middle = (100 + 300 + 3 * k) / 8
        XCTAssertEqual(track.value(at: 50).x, middle, accuracy: 1e-6)
        XCTAssertEqual(track.value(at: 50).y, middle, accuracy: 1e-6)
        // A quarter of the time: a quarter of the arc, about 22.5 degrees round the circle.
        let quarter = track.value(at: 25)
        XCTAssertEqual(atan2(quarter.y, quarter.x) * 180 / .pi, 22.5, accuracy: 0.05)
        XCTAssertEqual(quarter.length, 100, accuracy: 0.03)
    }

    func testTangentsOnTheChordAreAPlainLerp() throws {
        let track = try vectorTrack("""
        {"a": 1, "k": [{"t": 0, "s": [0, 0], "to": [10, 0], "ti": [-10, 0]}, {"t": 10, "s": [100, 0]}]}
        """)
        XCTAssertEqual(track.value(at: 3).x, 30, accuracy: 1e-12)
        XCTAssertEqual(track.value(at: 3).y, 0)
    }

    // MARK: Other values

    func testColoursInterpolateAndOldFilesUse255() throws {
        let property = try JSONDecoder().decode(Animatable<LottieColor>.self, from: Data("""
        {"a": 1, "k": [{"t": 0, "s": [255, 0, 0, 255]}, {"t": 10, "s": [0, 0, 255, 255]}]}
        """.utf8))
        let old = PropertyTrack<RGBAColor>(property, fallback: .black, context: ValueContext(version: "4.1.0"))
        XCTAssertEqual(old.value(at: 5), RGBAColor(red: 0.5, green: 0, blue: 0.5, alpha: 1))
        XCTAssertTrue(ValueContext(version: "4.1.8").colorsAre255)
        XCTAssertFalse(ValueContext(version: "4.1.9").colorsAre255)
        XCTAssertFalse(ValueContext(version: "5.7.4").colorsAre255)
    }

    func testPathsMorphVertexWiseOverTheSmallerCount() throws {
        let property = try JSONDecoder().decode(Animatable<BezierPath>.self, from: Data("""
        {"a": 1, "k": [
          {"t": 0, "s": [{"c": true, "v": [[0, 0], [10, 0], [10, 10]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [2, 0], [0, 0]]}]},
          {"t": 10, "s": [{"c": true, "v": [[0, 20], [30, 0]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [4, 0]]}]}]}
        """.utf8))
        let track = PropertyTrack<BezierContour>(property, fallback: BezierContour(polygon: [], closed: false), context: ValueContext())
        let middle = track.value(at: 5)
        XCTAssertEqual(middle.vertices, [Vector2(x: 0, y: 10), Vector2(x: 20, y: 0)])
        XCTAssertEqual(middle.outTangents[1], Vector2(x: 3, y: 0))
        XCTAssertTrue(middle.closed)
    }

    func testGradientStopsInterpolateNumberWise() throws {
        let property = try JSONDecoder().decode(Animatable<GradientStops>.self, from: Data("""
        {"a": 1, "k": [{"t": 0, "s": [0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 1, 0.5]},
                        {"t": 10, "s": [0, 0, 0, 1, 1, 1, 1, 1, 0, 0, 1, 1]}]}
        """.utf8))
        let track = PropertyTrack<GradientStopValues>(property, fallback: GradientStopValues([]), context: ValueContext())
        let (colors, opacities) = GradientPaint.stops(from: track.value(at: 5).values, colorStopCount: 2)
        XCTAssertEqual(colors.map(\.color), [RGBAColor(red: 0.5, green: 0, blue: 0.5), RGBAColor(red: 0.5, green: 0.5, blue: 1)])
        XCTAssertEqual(opacities.map(\.opacity), [0.5, 0.75])
    }

    func testTextDocumentsHold() throws {
        let property = try JSONDecoder().decode(Animatable<TextDocument>.self, from: Data("""
        {"k": [{"t": 0, "s": {"t": "one", "s": 10}}, {"t": 10, "s": {"t": "two", "s": 20}}]}
        """.utf8))
        let track = PropertyTrack<TextDocument>(property, fallback: TextDocument(text: ""), context: ValueContext())
        XCTAssertEqual(track.value(at: 9.99).text, "one")
        XCTAssertEqual(track.value(at: 10).text, "two")
    }
}
