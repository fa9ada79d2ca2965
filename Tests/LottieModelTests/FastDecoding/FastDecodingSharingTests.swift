import Foundation
import XCTest
@testable import LottieModel

/// The fast decoder stores a repeated long string, and a repeated easing list, once: the
/// model must be the one the `Codable` path builds, only smaller.
final class FastDecodingSharingTests: XCTestCase {
    private static let matchName = "ADBE Vector Shape - Group"

    func testRepeatedLongStringsShareTheirStorage() throws {
        let item = #"{"ty": "sh", "mn": "\#(Self.matchName)", "nm": "Path", "ks": {"a": 0, "k": {"c": true, "v": [], "i": [], "o": []}}}"#
        let json = Fixture.animation(layers: Fixture.shapeLayer(shapes: "\(item), \(item), \(item)"))
        XCTAssertEqual(try decode(json).layers.count, 1)  // both paths, the same model
        let animation = try LottieDecoder().decodeFastOnly(Data(json.utf8))
        guard case .shape(let items) = animation.layers.first?.content else { return XCTFail("expected a shape layer") }
        let names = items.compactMap { item -> String? in
            if case .path(let shape) = item { return shape.matchName }
            return nil
        }
        XCTAssertEqual(names, Array(repeating: Self.matchName, count: 3))
        let addresses = Set(names.map { name in
            name.utf8.withContiguousStorageIfAvailable { Int(bitPattern: $0.baseAddress) } ?? 0
        })
        XCTAssertEqual(addresses.count, 1, "the three match names should share one buffer")
    }

    func testStringsOfEveryLengthReadBackTheSame() throws {
        for length in [1, 15, 16, 17, 63, 64, 65, 200] {
            let name = String((0..<length).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
            let variant = String(name.dropLast()) + "é"
            let json = Fixture.animation(layers: #"{"ty": 3, "nm": "\#(name)", "mn": "\#(variant)", "ip": 0, "op": 60}, {"ty": 3, "nm": "\#(name)", "ip": 0, "op": 60}"#)
            let layers = try decode(json).layers
            XCTAssertEqual(layers.map(\.name), [name, name])
            XCTAssertEqual(layers.first?.matchName, variant)
        }
    }

    func testEqualEasingListsShareABox() throws {
        let keyframe = #"{"t": 0, "s": [0, 0], "o": {"x": [0.333, 0.333], "y": [0, 0]}, "i": {"x": [0.667, 0.667], "y": [1, 1]}}"#
        let json = Fixture.animation(layers: #"{"ty": 3, "ip": 0, "op": 60, "ks": {"s": {"a": 1, "k": [\#(keyframe), \#(keyframe), {"t": 10, "s": [1, 1]}]}}}"#)
        XCTAssertEqual(try decode(json).layers.count, 1)
        let animation = try LottieDecoder().decodeFastOnly(Data(json.utf8))
        let keyframes = try XCTUnwrap(animation.layers.first?.transform.scale).keyframes
        guard case .lists(let first) = keyframes[0].outEasing?.storage,
              case .lists(let second) = keyframes[1].outEasing?.storage else {
            return XCTFail("two-number easing lists should be boxed")
        }
        XCTAssertTrue(first === second)
        XCTAssertEqual(keyframes[0].inEasing, EasingHandle(x: [0.667, 0.667], y: [1, 1]))
    }

    func testEasingListsThatDifferOnlyInTheSignOfZeroAreKeptApart() throws {
        let json = Fixture.animation(layers: #"{"ty": 3, "ip": 0, "op": 60, "ks": {"s": {"a": 1, "k": [{"t": 0, "s": [0, 0], "o": {"x": [0, 1], "y": [0, 1]}}, {"t": 5, "s": [0, 0], "o": {"x": [-0.0, 1], "y": [0, 1]}}, {"t": 10, "s": [1, 1]}]}}}"#)
        let animation = try LottieDecoder().decodeFastOnly(Data(json.utf8))
        let keyframes = try XCTUnwrap(animation.layers.first?.transform.scale).keyframes
        XCTAssertEqual(keyframes[0].outEasing?.x.first?.sign, .plus)
        XCTAssertEqual(keyframes[1].outEasing?.x.first?.sign, .minus)
    }
}
