import Foundation
import XCTest
@testable import LottieModel

/// `Keyframe` keeps `to` and `ti` in one shared box (issue 7): the properties must read,
/// write, compare and encode as when they were stored inline.
final class KeyframeStorageTests: XCTestCase {
    func testKeyframesWithoutTangentsHaveNoBox() {
        let keyframe = Keyframe<Double>(time: 0, value: 1)
        XCTAssertNil(keyframe.outTangent)
        XCTAssertNil(keyframe.inTangent)
        XCTAssertNil(SpatialTangents(out: nil, in: nil))
    }

    func testSettingOneTangentKeepsTheOther() {
        var keyframe = Keyframe<Vector>(time: 0, value: [1, 2], outTangent: [3, 4])
        keyframe.inTangent = [5, 6]
        XCTAssertEqual(keyframe.outTangent, [3, 4])
        XCTAssertEqual(keyframe.inTangent, [5, 6])
        keyframe.outTangent = nil
        XCTAssertNil(keyframe.outTangent)
        XCTAssertEqual(keyframe.inTangent, [5, 6])
    }

    func testACopyIsNotChangedThroughTheOriginal() {
        var original = Keyframe<Vector>(time: 0, value: [1, 2], outTangent: [3, 4], inTangent: [5, 6])
        let copy = original
        original.outTangent = [7, 8]
        XCTAssertEqual(copy.outTangent, [3, 4])
        XCTAssertNotEqual(copy, original)
    }

    func testKeyframesCompareTheirTangentsByValue() {
        let first = Keyframe<Vector>(time: 0, value: [1, 2], outTangent: [3, 4], inTangent: [5, 6])
        let second = Keyframe<Vector>(time: 0, value: [1, 2], outTangent: [3, 4], inTangent: [5, 6])
        XCTAssertEqual(first, second)
        XCTAssertNotEqual(first, Keyframe<Vector>(time: 0, value: [1, 2], outTangent: [3, 4]))
        XCTAssertNotEqual(first, Keyframe<Vector>(time: 0, value: [1, 2], outTangent: [3, 4], inTangent: [5, 6, 0]))
    }

    func testTangentsEncodeAndDecodeAsBefore() throws {
        let keyframe = Keyframe<Vector>(time: 2, value: [1, 2], outTangent: [3, 4, 0], inTangent: [5, 6])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(keyframe), as: UTF8.self)
        XCTAssertEqual(json, #"{"s":[1,2],"t":2,"ti":[5,6],"to":[3,4,0]}"#)
        XCTAssertEqual(try decodeValue(Keyframe<Vector>.self, json), keyframe)
    }
}
