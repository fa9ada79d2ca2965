import Foundation
import XCTest
@testable import LottieModel

/// `Vector` keeps up to two numbers inline and `EasingHandle` one per coordinate (issue 7);
/// both must behave exactly as when they held `[Double]`: the same components, equality,
/// hashing and JSON, whichever path decoded them.
final class InlineNumbersTests: XCTestCase {
    private static let lists: [[Double]] = [[], [1.5], [1.5, -2], [1.5, -2, 3.25], [1.5, -2, 3.25, 4], [1.5, -2, 3.25, 4, 5]]

    // MARK: Storage

    func testListsOfUpToTwoNumbersAreStoredInline() {
        for numbers in Self.lists {
            let isInline = if case .many = Vector(numbers).storage { false } else { true }
            XCTAssertEqual(isInline, numbers.count <= 2, "\(numbers)")
        }
        // A vector in a path's `[Vector]` takes 24 bytes and no heap block of its own.
        XCTAssertEqual(MemoryLayout<Vector>.stride, 24)
        XCTAssertEqual(MemoryLayout<Vector?>.stride, 24)
        // A handle of one number per coordinate is 16 bytes and a tag; other lists are boxed.
        XCTAssertEqual(MemoryLayout<EasingHandle?>.stride, 24)
    }

    func testComponentsAndAccessorsOfOneToFiveNumbers() {
        for numbers in Self.lists {
            let vector = Vector(numbers)
            XCTAssertEqual(vector.components, numbers)
            XCTAssertEqual(vector.x, numbers.first ?? 0)
            XCTAssertEqual(vector.y, numbers.count > 1 ? numbers[1] : 0)
            XCTAssertEqual(vector.z, numbers.count > 2 ? numbers[2] : 0)
            XCTAssertEqual(vector[4, default: -1], numbers.count > 4 ? numbers[4] : -1)
            XCTAssertEqual(Array(vector.storage), numbers)
        }
        XCTAssertEqual(Vector(arrayLiteral: 7, 8, 9, 10).components, [7, 8, 9, 10])
    }

    func testColourChannels() {
        let opaque: LottieColor = [0.1, 0.2, 0.3]
        XCTAssertEqual([opaque.red, opaque.green, opaque.blue, opaque.alpha], [0.1, 0.2, 0.3, 1])
        let translucent = LottieColor([0.1, 0.2, 0.3, 0.4])
        XCTAssertEqual(translucent.alpha, 0.4)
        XCTAssertEqual(translucent.components, [0.1, 0.2, 0.3, 0.4])
    }

    // MARK: Equality and hashing

    func testEqualityAndHashingGoByComponents() {
        for numbers in Self.lists {
            XCTAssertEqual(Vector(numbers), Vector(numbers))
            XCTAssertEqual(Vector(numbers).hashValue, Vector(numbers).hashValue)
            XCTAssertNotEqual(Vector(numbers), Vector(numbers + [0]), "a trailing zero is a component")
        }
        XCTAssertEqual(Vector([0.0, 1]), Vector([-0.0, 1]), "as for [Double], 0 and -0 are equal")
        XCTAssertEqual(Vector([0.0, 1]).hashValue, Vector([-0.0, 1]).hashValue)
        XCTAssertEqual(Set(Self.lists.map(Vector.init) + Self.lists.map(Vector.init)).count, Self.lists.count)
        XCTAssertEqual(LottieColor([1, 0, 0]), LottieColor([1, 0, 0]))
        XCTAssertNotEqual(LottieColor([1, 0, 0]), LottieColor([1, 0, 0, 1]))
    }

    func testAHandMadeLongListEqualsTheInlineFormOfTheSameNumbers() {
        // `.many` with two numbers breaks the invariant, but must still compare by elements.
        XCTAssertEqual(InlineNumbers.many([1, 2]), InlineNumbers.two(1, 2))
        XCTAssertEqual(InlineNumbers.many([1, 2]).hashValue, InlineNumbers.two(1, 2).hashValue)
        XCTAssertNotEqual(InlineNumbers.many([1, 2, 3]), InlineNumbers.two(1, 2))
        XCTAssertEqual(InlineNumbers.many([]), InlineNumbers.empty)
    }

    // MARK: Mutation

    func testMutationThroughComponents() {
        var vector: Vector = [1, 2]
        vector.components[1] = 7
        XCTAssertEqual(vector, [1, 7])
        vector.components.append(contentsOf: [3, 4])
        XCTAssertEqual(vector.components, [1, 7, 3, 4])
        XCTAssertEqual(vector[3, default: 0], 4)
        vector.components.removeLast(2)
        XCTAssertEqual(vector, [1, 7])
        guard case .two(1, 7) = vector.storage else { return XCTFail("a list of two goes back inline: \(vector.storage)") }

        var color: LottieColor = [1, 1, 1]
        color.components.append(0.5)
        XCTAssertEqual(color.alpha, 0.5)
    }

    // MARK: Encoding and decoding

    func testJSONIsTheJSONOfTheArray() throws {
        let encoder = JSONEncoder()
        for numbers in Self.lists {
            let expected = try encoder.encode(numbers)
            XCTAssertEqual(try encoder.encode(Vector(numbers)), expected)
            XCTAssertEqual(try encoder.encode(LottieColor(numbers)), expected)
            let json = String(decoding: expected, as: UTF8.self)
            XCTAssertEqual(try decodeValue(Vector.self, json), Vector(numbers))
            XCTAssertEqual(try decodeValue(LottieColor.self, json).components, numbers)
        }
        XCTAssertEqual(try decodeValue(Vector.self, "2.5"), [2.5])
    }

    func testTheFastPathReadsPathsAndTangentsInline() throws {
        let items = try decodeShapes("""
            {"ty": "sh", "ks": {"a": 1, "k": [
              {"t": 0, "s": [{"c": true, "v": [[0, 1], [2, 3, 4]], "i": [[5, 6], [7, 8]], "o": [[9, 10], [11, 12, 13, 14]]}],
               "o": {"x": [0.1], "y": [0.2]}, "i": {"x": [0.7, 0.8, 0.9], "y": 1}, "to": [1, 2, 3], "ti": [4, 5]},
              {"t": 10, "s": [{"c": true, "v": [[0, 1], [2, 3, 4]], "i": [[5, 6], [7, 8]], "o": [[9, 10], [11, 12]]}]}]}}
            """)
        guard case .path(let shape) = items.first, case .keyframes(let keyframes) = shape.path.content else {
            return XCTFail("expected an animated path, got \(items)")
        }
        let path = try XCTUnwrap(keyframes[0].value)
        XCTAssertEqual(path.vertices, [[0, 1], [2, 3, 4]])
        XCTAssertEqual(path.outTangents, [[9, 10], [11, 12, 13, 14]])
        guard case .two(0, 1) = path.vertices[0].storage, case .many([2, 3, 4]) = path.vertices[1].storage else {
            return XCTFail("vertices should be inline: \(path.vertices.map(\.storage))")
        }
        XCTAssertEqual(keyframes[0].outTangent, [1, 2, 3])
        XCTAssertEqual(keyframes[0].inTangent, [4, 5])
        XCTAssertEqual(keyframes[0].outEasing, EasingHandle(x: 0.1, y: 0.2))
        XCTAssertEqual(keyframes[0].inEasing, EasingHandle(x: [0.7, 0.8, 0.9], y: [1]))
    }

    // MARK: Easing handles

    func testEasingHandleWithOneValue() throws {
        let handle = try decodeValue(EasingHandle.self, #"{"x": 0.25, "y": [1]}"#)
        XCTAssertEqual(handle, EasingHandle(x: 0.25, y: 1))
        XCTAssertEqual(handle.x, [0.25])
        XCTAssertEqual([handle.x(for: 0), handle.x(for: 2), handle.y(for: 1)], [0.25, 0.25, 1])
        XCTAssertEqual(String(decoding: try sortedEncoder().encode(handle), as: UTF8.self), #"{"x":[0.25],"y":[1]}"#)
    }

    func testEasingHandleWithThreeValues() throws {
        let handle = try decodeValue(EasingHandle.self, #"{"x": [0.1, 0.2, 0.3], "y": [0.4, 0.5, 0.6]}"#)
        XCTAssertEqual(handle, EasingHandle(x: [0.1, 0.2, 0.3], y: [0.4, 0.5, 0.6]))
        XCTAssertNotEqual(handle, EasingHandle(x: [0.1, 0.2, 0.3], y: [0.4, 0.5]))
        XCTAssertEqual([handle.x(for: 2), handle.y(for: 1), handle.x(for: 5)], [0.3, 0.5, 0.1])
        XCTAssertEqual(String(decoding: try sortedEncoder().encode(handle), as: UTF8.self),
                       #"{"x":[0.1,0.2,0.3],"y":[0.4,0.5,0.6]}"#)
    }

    func testEasingHandleMutationAndEmptyLists() {
        var handle = EasingHandle(x: [], y: [])
        XCTAssertEqual([handle.x(for: 0), handle.y(for: 3)], [0, 0])
        handle.x.append(contentsOf: [1, 2, 3, 4])
        handle.y = [0.5]
        XCTAssertEqual(handle, EasingHandle(x: [1, 2, 3, 4], y: [0.5]))
        XCTAssertEqual(handle.x(for: 3), 4)
    }

    private func sortedEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }
}
