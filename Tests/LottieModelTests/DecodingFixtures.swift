import Foundation
import XCTest
@testable import LottieModel

// MARK: - Decoding fixtures

/// Small hand-written Lottie documents and the decode calls the model's decoding tests share.
enum Fixture {
    /// An animation of 30 fps, frames 0..<60, 100×100, with `layers` (the members of the
    /// `layers` array) and `extra` top-level members (written without a trailing comma).
    static func animation(layers: String = "", extra: String = "") -> String {
        """
        {
          "v": "5.7.4", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100,\(extra.isEmpty ? "" : "\n  \(extra),")
          "layers": [\(layers)]
        }
        """
    }

    /// A shape layer holding `shapes` (the members of its `shapes` array).
    static func shapeLayer(shapes: String) -> String {
        """
        {"ty": 4, "ind": 1, "ip": 0, "op": 60, "shapes": [\(shapes)]}
        """
    }
}

extension XCTestCase {
    /// Decodes a whole document with the `Codable` path, checking that the fast path builds
    /// the same animation (`FastPath.decodeAnimation`).
    func decode(_ json: String, file: StaticString = #filePath, line: UInt = #line) throws -> LottieAnimation {
        try FastPath.decodeAnimation(json, file: file, line: line)
    }

    /// Decodes a document holding the one layer `layerJSON`.
    func decodeLayer(_ layerJSON: String, file: StaticString = #filePath, line: UInt = #line) throws -> Layer {
        let animation = try decode(Fixture.animation(layers: layerJSON), file: file, line: line)
        XCTAssertEqual(animation.layers.count, 1, file: file, line: line)
        return try XCTUnwrap(animation.layers.first, file: file, line: line)
    }

    /// Decodes the shape items `shapesJSON` of a shape layer.
    func decodeShapes(_ shapesJSON: String, file: StaticString = #filePath, line: UInt = #line) throws -> [ShapeItem] {
        let layer = try decodeLayer(Fixture.shapeLayer(shapes: shapesJSON), file: file, line: line)
        guard case .shape(let items) = layer.content else {
            XCTFail("expected a shape layer, got \(layer.content)", file: file, line: line)
            return []
        }
        return items
    }

    /// Decodes the one shape item `shapeJSON`.
    func decodeShape(_ shapeJSON: String, file: StaticString = #filePath, line: UInt = #line) throws -> ShapeItem {
        let items = try decodeShapes(shapeJSON, file: file, line: line)
        XCTAssertEqual(items.count, 1, file: file, line: line)
        return try XCTUnwrap(items.first, file: file, line: line)
    }

    /// Decodes any model value with Foundation's `JSONDecoder` (no syntax pre-check), checking
    /// that the fast path reads the same value.
    func decodeValue<T: Decodable>(
        _ type: T.Type, _ json: String, file: StaticString = #filePath, line: UInt = #line
    ) throws -> T {
        let value = try JSONDecoder().decode(type, from: Data(json.utf8))
        FastPath.check(value, decodedFrom: json, file: file, line: line)
        return value
    }

    /// The error `decoder` throws for `json`, or nil (and a failure) when it decodes. The fast
    /// path's own error must be the `Codable` path's (`FastPath.error`).
    func decodingError(
        _ json: String, decoder: LottieDecoder = LottieDecoder(),
        file: StaticString = #filePath, line: UInt = #line
    ) -> LottieDecodingError? {
        guard let error = FastPath.error(json, decoder: decoder, file: file, line: line) else {
            XCTFail("expected a decoding error", file: file, line: line)
            return nil
        }
        return error
    }

    /// `animation` encoded with `JSONEncoder` and decoded again with `LottieDecoder`.
    func reencoded(_ animation: LottieAnimation) throws -> LottieAnimation {
        let data = try JSONEncoder().encode(animation)
        return try LottieDecoder().decode(data)
    }
}
