import Foundation
import XCTest
@testable import LottieModel

/// `Animatable` and its keyframes: static or keyframed from the shape of `k` (FORMAT.md,
/// "Animated properties"), the keyframe fields, and the forms old exporters write.
final class AnimatedPropertyDecodingTests: XCTestCase {

    // MARK: Static or keyframed, from the shape of `k`

    func testNumberIsStaticEvenWhenAClaimsAnimated() throws {
        let property = try decodeValue(Animatable<Double>.self, #"{"a": 1, "k": 5}"#)
        XCTAssertEqual(property.content, .fixed(5))
        XCTAssertFalse(property.isAnimated)
        XCTAssertEqual(property.keyframes, [])
    }

    func testKeyframeListIsAnimatedEvenWhenAClaimsStatic() throws {
        let property = try decodeValue(Animatable<Double>.self, """
            {"a": 0, "k": [
              {"t": 0, "s": [0]},
              {"t": 10, "s": [100]}
            ]}
            """)
        XCTAssertTrue(property.isAnimated)
        XCTAssertEqual(property.keyframes.map(\.time), [0, 10])
        XCTAssertEqual(property.keyframes.map(\.value), [0, 100])
    }

    func testMissingAIsDecidedFromK() throws {
        let fixed = try decodeValue(Animatable<Vector>.self, #"{"k": [10, 20]}"#)
        XCTAssertEqual(fixed.content, .fixed([10, 20]))

        let animated = try decodeValue(Animatable<Vector>.self, """
            {"k": [
              {"t": 5, "s": [1, 2]},
              {"t": 15, "s": [3, 4]}
            ]}
            """)
        XCTAssertEqual(animated.keyframes.map(\.time), [5, 15])
        XCTAssertEqual(animated.keyframes.map(\.value), [[1, 2], [3, 4]])
    }

    func testKeyframesAreRecognisedByTheirTime() throws {
        // The first keyframe need not have a value `s`: its `t` makes the list a keyframe list.
        let property = try decodeValue(Animatable<Double>.self, #"{"k": [{"t": 0, "e": [5]}, {"t": 10, "s": [5]}]}"#)
        XCTAssertEqual(property.keyframes.map(\.time), [0, 10])
        XCTAssertEqual(property.keyframes.map(\.value), [nil, 5])
        XCTAssertEqual(property.keyframes.first?.endValue, 5)
    }

    func testVectorOfNumbersIsNotMistakenForKeyframes() throws {
        // Three numbers (a 3D position) are one static value, not three keyframes.
        let property = try decodeValue(Animatable<Vector>.self, #"{"a": 1, "k": [1, 2, 3]}"#)
        XCTAssertEqual(property.content, .fixed([1, 2, 3]))
        XCTAssertEqual(property.content, .fixed(Vector([1, 2, 3])))
    }

    // MARK: Scalars

    func testScalarWrittenAsNumberOrAsOneElementArray() throws {
        let plain = try decodeValue(Animatable<Double>.self, #"{"a": 0, "k": 5}"#)
        let wrapped = try decodeValue(Animatable<Double>.self, #"{"a": 0, "k": [5]}"#)
        XCTAssertEqual(plain.content, .fixed(5))
        XCTAssertEqual(wrapped.content, .fixed(5))
    }

    func testKeyframeValuesAreArraysEvenForScalars() throws {
        let property = try decodeValue(Animatable<Double>.self, """
            {"a": 1, "k": [
              {"t": 0, "s": [25], "e": [75]},
              {"t": 30, "s": 75}
            ]}
            """)
        XCTAssertEqual(property.keyframes.map(\.value), [25, 75])
        XCTAssertEqual(property.keyframes.map(\.endValue), [75, nil])
    }

    func testVectorAndColourKeyframeValues() throws {
        let position = try decodeValue(Animatable<Vector>.self, """
            {"a": 1, "k": [
              {"t": 0, "s": [10, 20, 0]},
              {"t": 12, "s": [30, 40, 5]}
            ]}
            """)
        XCTAssertEqual(position.keyframes.map(\.value), [[10, 20, 0], [30, 40, 5]])
        XCTAssertEqual(position.keyframes.last?.value?.z, 5)

        let colour = try decodeValue(Animatable<LottieColor>.self, """
            {"a": 1, "k": [
              {"t": 0, "s": [1, 0.5, 0, 1]},
              {"t": 12, "s": [0, 0, 1]}
            ]}
            """)
        let first = try XCTUnwrap(colour.keyframes.first?.value)
        XCTAssertEqual([first.red, first.green, first.blue, first.alpha], [1, 0.5, 0, 1])
        XCTAssertEqual(colour.keyframes.last?.value?.alpha, 1, "a colour without alpha is opaque")
    }

    // MARK: Legacy start/end keyframes

    func testLegacyKeyframesKeepStartEndAndTheFinalTimeOnlyKeyframe() throws {
        let property = try decodeValue(Animatable<Double>.self, """
            {"k": [
              {"t": 0, "s": [0], "e": [50], "i": {"x": [0.667], "y": [1]}, "o": {"x": [0.333], "y": [0]}},
              {"t": 10, "s": [50], "e": [100], "i": {"x": [0.667], "y": [1]}, "o": {"x": [0.333], "y": [0]}},
              {"t": 20}
            ]}
            """)
        XCTAssertEqual(property.keyframes.count, 3)
        XCTAssertEqual(property.keyframes.map(\.time), [0, 10, 20])
        XCTAssertEqual(property.keyframes.map(\.value), [0, 50, nil])
        XCTAssertEqual(property.keyframes.map(\.endValue), [50, 100, nil])
        let last = property.keyframes[2]
        XCTAssertNil(last.outEasing)
        XCTAssertNil(last.inEasing)
        XCTAssertFalse(last.hold)
    }

    func testNullStartValueIsTreatedAsMissing() throws {
        let property = try decodeValue(Animatable<Double>.self, #"{"k": [{"t": 0, "s": null, "e": [3]}]}"#)
        XCTAssertNil(property.keyframes.first?.value)
        XCTAssertEqual(property.keyframes.first?.endValue, 3)
    }

    // MARK: Hold

    func testHoldWrittenAsOneTrueZeroOrMissing() throws {
        let property = try decodeValue(Animatable<Double>.self, """
            {"a": 1, "k": [
              {"t": 0, "s": [1], "h": 1},
              {"t": 10, "s": [2], "h": true},
              {"t": 20, "s": [3], "h": 0},
              {"t": 30, "s": [4], "h": false},
              {"t": 40, "s": [5]}
            ]}
            """)
        XCTAssertEqual(property.keyframes.map(\.hold), [true, true, false, false, false])
    }

    // MARK: Easing handles

    func testEasingHandlesWrittenAsNumbers() throws {
        let property = try decodeValue(Animatable<Vector>.self, """
            {"a": 1, "k": [
              {"t": 0, "s": [0, 0], "o": {"x": 0.333, "y": 0}, "i": {"x": 0.667, "y": 1}},
              {"t": 10, "s": [10, 10]}
            ]}
            """)
        let first = property.keyframes[0]
        XCTAssertEqual(first.outEasing, EasingHandle(x: 0.333, y: 0))
        XCTAssertEqual(first.inEasing, EasingHandle(x: 0.667, y: 1))
        // One number serves every dimension.
        XCTAssertEqual(first.outEasing?.x(for: 1), 0.333)
        XCTAssertEqual(first.inEasing?.y(for: 1), 1)
    }

    func testEasingHandlesWrittenPerDimension() throws {
        let property = try decodeValue(Animatable<Vector>.self, """
            {"a": 1, "k": [
              {"t": 0, "s": [0, 0, 0],
               "o": {"x": [0.1, 0.2], "y": [0.3, 0.4]},
               "i": {"x": [0.5], "y": [0.6, 0.7, 0.8]}},
              {"t": 10, "s": [10, 10, 10]}
            ]}
            """)
        let out = try XCTUnwrap(property.keyframes[0].outEasing)
        let into = try XCTUnwrap(property.keyframes[0].inEasing)
        XCTAssertEqual(out.x, [0.1, 0.2])
        XCTAssertEqual(out.y, [0.3, 0.4])
        XCTAssertEqual([out.x(for: 0), out.x(for: 1)], [0.1, 0.2])
        XCTAssertEqual([out.y(for: 0), out.y(for: 1)], [0.3, 0.4])
        // Shorter than the value: element 0 (lottie-web's rule, FORMAT.md).
        XCTAssertEqual(out.x(for: 2), 0.1)
        XCTAssertEqual(out.y(for: 2), 0.3)
        XCTAssertEqual(into.x(for: 1), 0.5)
        XCTAssertEqual(into.y(for: 2), 0.8)
        XCTAssertNil(property.keyframes[1].outEasing)
    }

    func testEasingHandleWithoutCoordinatesReadsAsZero() throws {
        let handle = try decodeValue(EasingHandle.self, "{}")
        XCTAssertEqual(handle, EasingHandle(x: [], y: []))
        XCTAssertEqual(handle.x(for: 0), 0)
        XCTAssertEqual(handle.y(for: 3), 0)
    }

    // MARK: Spatial tangents

    func testSpatialTangentsToIsOutAndTiIsIn() throws {
        let property = try decodeValue(Animatable<Vector>.self, """
            {"a": 1, "k": [
              {"t": 0, "s": [0, 0], "to": [10, 0], "ti": [-5, 20]},
              {"t": 10, "s": [50, 50]}
            ]}
            """)
        XCTAssertEqual(property.keyframes[0].outTangent, [10, 0])
        XCTAssertEqual(property.keyframes[0].inTangent, [-5, 20])
        XCTAssertNil(property.keyframes[1].outTangent)
        XCTAssertNil(property.keyframes[1].inTangent)
    }

    // MARK: Expression, slot, index

    func testExpressionIsKept() throws {
        let property = try decodeValue(Animatable<Double>.self, """
            {"a": 0, "k": 45, "x": "var $bm_rt;\\n$bm_rt = wiggle(2, 10);"}
            """)
        XCTAssertEqual(property.expression, "var $bm_rt;\n$bm_rt = wiggle(2, 10);")
        XCTAssertEqual(property.content, .fixed(45), "the value under the expression is still read")
    }

    func testSlotIDAndPropertyIndexAreKept() throws {
        let property = try decodeValue(Animatable<LottieColor>.self, #"{"a": 0, "k": [1, 0, 0], "sid": "brand", "ix": 4}"#)
        XCTAssertEqual(property.slotID, "brand")
        XCTAssertEqual(property.propertyIndex, 4)
        XCTAssertNil(property.expression)
        XCTAssertEqual(property.content, .fixed([1, 0, 0]))
    }

    func testUnreadablePropertyIndexIsIgnored() throws {
        let property = try decodeValue(Animatable<Double>.self, #"{"k": 1, "ix": "one"}"#)
        XCTAssertNil(property.propertyIndex)
        XCTAssertEqual(property.content, .fixed(1))
    }

    // MARK: Bare values

    func testBareValueWhereAPropertyObjectBelongs() throws {
        XCTAssertEqual(try decodeValue(Animatable<Double>.self, "4").content, .fixed(4))
        XCTAssertEqual(try decodeValue(Animatable<Double>.self, "[4]").content, .fixed(4))
        XCTAssertEqual(try decodeValue(Animatable<Vector>.self, "[1, 2]").content, .fixed([1, 2]))

        let item = try decodeShape(#"{"ty": "op", "a": {"a": 0, "k": 3}, "lj": 1, "ml": 4}"#)
        guard case .offsetPath(let offset) = item else { return XCTFail("expected an offset path, got \(item)") }
        XCTAssertEqual(offset.miterLimit, Animatable(4))
        XCTAssertEqual(offset.amount, Animatable(3))
    }

    func testBarePositionValue() throws {
        let transform = try decodeValue(Transform.self, #"{"a": [1, 2], "p": [10, 20], "o": 50}"#)
        XCTAssertEqual(transform.anchor, Animatable([1, 2]))
        XCTAssertEqual(transform.position, .combined(Animatable([10, 20])))
        XCTAssertEqual(transform.opacity, Animatable(50))
    }

    // MARK: Keyframe lists

    func testNonObjectEntriesOfAKeyframeListAreSkipped() throws {
        let property = try decodeValue(Animatable<Double>.self, """
            {"a": 1, "k": [
              {"t": 0, "s": [10]},
              239,
              {"t": 24, "s": [20]},
              239, "x", null
            ]}
            """)
        XCTAssertEqual(property.keyframes.map(\.time), [0, 24])
        XCTAssertEqual(property.keyframes.map(\.value), [10, 20])
    }

    func testEmptyKeyframeList() throws {
        let property = try decodeValue(Animatable<Double>.self, #"{"a": 1, "k": []}"#)
        XCTAssertEqual(property.content, .keyframes([]))
        XCTAssertTrue(property.isAnimated)
    }

    // MARK: Split position

    func testSplitPositionWithS() throws {
        let transform = try decodeValue(Transform.self, """
            {"p": {"s": true,
                   "x": {"a": 0, "k": 10},
                   "y": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 10, "s": [20]}]}}}
            """)
        guard case .split(let x, let y, let z) = transform.position else {
            return XCTFail("expected a split position, got \(String(describing: transform.position))")
        }
        XCTAssertEqual(x.content, .fixed(10))
        XCTAssertEqual(y.keyframes.map(\.value), [0, 20])
        XCTAssertNil(z)
    }

    func testSplitPositionWithZ() throws {
        let position = try decodeValue(PositionProperty.self, """
            {"s": 1, "x": {"k": 1}, "y": {"k": 2}, "z": {"k": 3}}
            """)
        XCTAssertEqual(position, .split(x: Animatable(1), y: Animatable(2), z: Animatable(3)))
    }

    func testSplitPositionWithoutSWhenXAndYArePresentAndKIsNot() throws {
        let position = try decodeValue(PositionProperty.self, #"{"x": {"a": 0, "k": 7}, "y": {"a": 0, "k": 8}}"#)
        XCTAssertEqual(position, .split(x: Animatable(7), y: Animatable(8), z: nil))
    }

    func testCombinedPositionWithAnExpressionIsNotSplit() throws {
        // `x` is also the expression field: a property with `k` stays combined.
        let position = try decodeValue(PositionProperty.self, #"{"a": 0, "k": [10, 20], "x": "time * 10"}"#)
        XCTAssertEqual(position, .combined(Animatable(.fixed([10, 20]), expression: "time * 10")))
    }

    func testPositionWithSFalseIsCombined() throws {
        let position = try decodeValue(PositionProperty.self, #"{"s": false, "a": 0, "k": [3, 4]}"#)
        XCTAssertEqual(position, .combined(Animatable([3, 4])))
    }
}
