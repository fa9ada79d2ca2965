import XCTest
@testable import LottieModel

/// `x` and `sid` live in a shared box; reading, writing, comparing and encoding see plain fields.
final class AnimatableRareFieldsTests: XCTestCase {
    func testFieldsReadBackAndClear() {
        var property = Animatable<Double>(.fixed(5), expression: "wiggle(2, 5)", slotID: nil, propertyIndex: 3)
        XCTAssertEqual(property.expression, "wiggle(2, 5)")
        XCTAssertNil(property.slotID)
        property.slotID = "size"
        XCTAssertEqual(property.expression, "wiggle(2, 5)")
        XCTAssertEqual(property.slotID, "size")
        property.expression = nil
        property.slotID = nil
        XCTAssertEqual(property, Animatable<Double>(.fixed(5), propertyIndex: 3))
    }

    func testACopyDoesNotSeeLaterChanges() {
        let original = Animatable<Double>(.fixed(1), expression: "time")
        var copy = original
        copy.expression = "time * 2"
        XCTAssertEqual(original.expression, "time")
        XCTAssertEqual(copy.expression, "time * 2")
        XCTAssertNotEqual(original, copy)
    }

    func testEqualityComparesEveryField() {
        let base = Animatable<Double>(.fixed(1), expression: "a", slotID: "s", propertyIndex: 1)
        XCTAssertEqual(base, Animatable<Double>(.fixed(1), expression: "a", slotID: "s", propertyIndex: 1))
        XCTAssertNotEqual(base, Animatable<Double>(.fixed(1), expression: "a", slotID: "t", propertyIndex: 1))
        XCTAssertNotEqual(base, Animatable<Double>(.fixed(1), expression: "b", slotID: "s", propertyIndex: 1))
        XCTAssertNotEqual(base, Animatable<Double>(.fixed(1), expression: "a", slotID: "s", propertyIndex: 2))
        XCTAssertNotEqual(base, Animatable<Double>(.fixed(2), expression: "a", slotID: "s", propertyIndex: 1))
    }

    func testBothDecodersReadAndEncodingWritesTheFields() throws {
        let json = #"{"fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":[{"ty":3,"ind":1,"ip":0,"op":10,"st":0,"ks":{"o":{"a":0,"k":50,"x":"value / 2","sid":"fade","ix":11}}}]}"#
        for strategy in [LottieDecoder.Strategy.fast, .codable] {
            let animation = try LottieDecoder(strategy: strategy).decode(Data(json.utf8))
            let opacity = try XCTUnwrap(animation.layers.first?.transform.opacity)
            XCTAssertEqual(opacity.expression, "value / 2")
            XCTAssertEqual(opacity.slotID, "fade")
            XCTAssertEqual(opacity.propertyIndex, 11)
            let encoded = String(decoding: try JSONEncoder().encode(opacity), as: UTF8.self)
            XCTAssertTrue(encoded.contains(#""x":"value \/ 2""#) || encoded.contains(#""x":"value / 2""#), encoded)
            XCTAssertTrue(encoded.contains(#""sid":"fade""#), encoded)
        }
    }

    func testIndexesBeyond32BitsAreKept() throws {
        for index in [0, -5, Int(Int32.max), Int(Int32.min), Int(Int32.max) + 1, Int.max, Int.min] {
            var property = Animatable<Double>(.fixed(1), propertyIndex: index)
            XCTAssertEqual(property.propertyIndex, index)
            XCTAssertNotEqual(property, Animatable<Double>(.fixed(1), propertyIndex: index &+ 1))
            property.expression = "time"
            XCTAssertEqual(property.propertyIndex, index)
            property.propertyIndex = nil
            XCTAssertNil(property.propertyIndex)
            XCTAssertEqual(property, Animatable<Double>(.fixed(1), expression: "time"))
        }
        let layer = try decodeLayer(#"{"ty":3,"ind":1,"ip":0,"op":10,"ks":{"o":{"a":0,"k":50,"ix":4294967296},"r":{"a":0,"k":0,"ix":-2147483648}}}"#)
        XCTAssertEqual(layer.transform.opacity?.propertyIndex, 4_294_967_296)
        XCTAssertEqual(layer.transform.rotation?.propertyIndex, -2_147_483_648)
    }
}
