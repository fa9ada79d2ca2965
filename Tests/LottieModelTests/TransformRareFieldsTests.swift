import Foundation
import XCTest
@testable import LottieModel

/// `Transform` keeps its 3D and repeater fields (`rx`, `ry`, `rz`, `or`, `so`, `eo`) in one
/// shared box: reading, writing, comparing and encoding must see plain fields.
final class TransformRareFieldsTests: XCTestCase {
    func testSettingAndClearingGivesBackThePlainTransform() {
        var transform = Transform()
        transform.rotationX = Animatable(10)
        transform.endOpacity = Animatable(50)
        XCTAssertEqual(transform.rotationX, Animatable(10))
        XCTAssertEqual(transform.endOpacity, Animatable(50))
        XCTAssertNil(transform.rotationY)
        XCTAssertNotEqual(transform, Transform())
        transform.rotationX = nil
        transform.endOpacity = nil
        XCTAssertEqual(transform, Transform())
    }

    func testEachFieldIsKeptApart() {
        var transform = Transform()
        transform.rotationX = Animatable(1)
        transform.rotationY = Animatable(2)
        transform.rotationZ = Animatable(3)
        transform.orientation = Animatable(Vector([4, 5, 6]))
        transform.startOpacity = Animatable(7)
        transform.endOpacity = Animatable(8)
        XCTAssertEqual(
            [transform.rotationX, transform.rotationY, transform.rotationZ, transform.startOpacity, transform.endOpacity],
            [Animatable(1), Animatable(2), Animatable(3), Animatable(7), Animatable(8)])
        XCTAssertEqual(transform.orientation, Animatable(Vector([4, 5, 6])))
    }

    func testACopyDoesNotSeeLaterChanges() {
        var original = Transform()
        original.rotationZ = Animatable(30)
        var copy = original
        copy.rotationZ = Animatable(60)
        XCTAssertEqual(original.rotationZ, Animatable(30))
        XCTAssertEqual(copy.rotationZ, Animatable(60))
        XCTAssertNotEqual(original, copy)
    }

    func testTransformsCompareTheirRareFieldsByValue() {
        var first = Transform()
        first.orientation = Animatable(Vector([0, 90, 0]))
        var second = Transform()
        second.orientation = Animatable(Vector([0, 90, 0]))
        XCTAssertEqual(first, second)
        second.orientation = Animatable(Vector([0, 90, 1]))
        XCTAssertNotEqual(first, second)
    }

    func testBothDecodersReadAndEncodingWritesTheFields() throws {
        let layer = try decodeLayer("""
            {"ty": 3, "ind": 1, "ip": 0, "op": 60, "ddd": 1, "ks": {
              "rx": {"a": 0, "k": 10}, "ry": {"a": 0, "k": 20}, "rz": {"a": 0, "k": 30},
              "or": {"a": 0, "k": [0, 90, 0]}, "o": {"a": 0, "k": 100}, "so": {"a": 0, "k": 40}, "eo": {"a": 0, "k": 60}}}
            """)
        let transform = layer.transform
        XCTAssertEqual(transform.rotationX, Animatable(10))
        XCTAssertEqual(transform.rotationZ, Animatable(30))
        XCTAssertEqual(transform.orientation, Animatable(Vector([0, 90, 0])))
        XCTAssertEqual(transform.startOpacity, Animatable(40))
        XCTAssertEqual(transform.endOpacity, Animatable(60))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(transform), as: UTF8.self)
        XCTAssertEqual(json, #"{"eo":{"a":0,"k":60},"o":{"a":0,"k":100},"or":{"a":0,"k":[0,90,0]},"#
            + #""rx":{"a":0,"k":10},"ry":{"a":0,"k":20},"rz":{"a":0,"k":30},"so":{"a":0,"k":40}}"#)
        XCTAssertEqual(try decodeValue(Transform.self, json), transform)
    }
}
