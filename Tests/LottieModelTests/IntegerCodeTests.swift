import Foundation
import XCTest
@testable import LottieModel

/// The integer codes of the model (`IntegerCode`): each number the format defines has its case,
/// every other number is `unknown` with that number, and the number comes back unchanged.
final class IntegerCodeTests: XCTestCase {
    func testNamedCasesHaveTheFormatsNumbers() {
        assertCodes([.normal, .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn, .hardLight,
                      .softLight, .difference, .exclusion, .hue, .saturation, .color, .luminosity, .add, .hardMix]
                     as [BlendMode], from: 0)
        assertCodes([.normal, .alpha, .alphaInverted, .luma, .lumaInverted] as [MatteMode], from: 0)
        assertCodes([.precomp, .solid, .image, .null, .shape, .text, .audio, .videoPlaceholder, .imageSequence, .video,
                     .imagePlaceholder, .guide, .adjustment, .camera, .light, .data] as [LayerType], from: 0)
        assertCodes([.nonZero, .evenOdd] as [FillRule], from: 1)
        assertCodes([.butt, .round, .square] as [LineCap], from: 1)
        assertCodes([.miter, .round, .bevel] as [LineJoin], from: 1)
        assertCodes([.linear, .radial] as [GradientType], from: 1)
        assertCodes([.star, .polygon] as [StarType], from: 1)
        assertCodes([.parallel, .sequential] as [TrimMode], from: 1)
        assertCodes([.merge, .add, .subtract, .intersect, .excludeIntersections] as [MergeMode], from: 1)
        assertCodes([.above, .below] as [RepeaterComposite], from: 1)
        XCTAssertEqual(ShapeDirection(rawValue: 1), .normal)
        XCTAssertEqual(ShapeDirection(rawValue: 3), .reversed)
        XCTAssertEqual(ShapeDirection(rawValue: 2), .unknown(2))
        assertRawValuesSurvive(ShapeDirection.self)
    }

    func testDescriptionsNameTheModesAndTheUnknownNumbers() {
        XCTAssertEqual(BlendMode.colorDodge.description, "color dodge")
        XCTAssertEqual(BlendMode.hardMix.description, "hard mix")
        XCTAssertEqual(BlendMode(rawValue: -3).description, "blend mode -3")
        XCTAssertEqual(MatteMode.normal.description, "none")
        XCTAssertEqual(MatteMode.alphaInverted.description, "alpha inverted")
        XCTAssertEqual(MatteMode(rawValue: 5).description, "matte mode 5")
        XCTAssertEqual(LayerType.imagePlaceholder.description, "image placeholder")
        XCTAssertEqual(LayerType(rawValue: 16).description, "unknown type 16")
    }

    func testCodesAreWrittenAsPlainIntegersAndReadLeniently() throws {
        let encoded = try JSONEncoder().encode([LineJoin.bevel, .unknown(7)])
        XCTAssertEqual(String(decoding: encoded, as: UTF8.self), "[3,7]")
        // As the model reads integers: 3.0, [3] and true (1).
        XCTAssertEqual(try decodeValue([LineJoin].self, "[3.0, [3], true, 7]"), [.bevel, .bevel, .miter, .unknown(7)])
        let item = try decodeShape(#"{"ty": "st", "c": {"k": [0, 0, 0]}, "lc": [2], "lj": 3.0, "bm": 1.0}"#)
        guard case .stroke(let stroke) = item else { return XCTFail("expected a stroke") }
        XCTAssertEqual(stroke.lineCap, .round)
        XCTAssertEqual(stroke.lineJoin, .bevel)
        XCTAssertEqual(stroke.blendMode, .multiply)
    }

    func testAMissingOrNullCodeStaysNil() throws {
        let fill = try decodeShape(#"{"ty": "fl", "c": {"k": [1, 0, 0]}, "r": null}"#)
        guard case .fill(let fill) = fill else { return XCTFail("expected a fill") }
        XCTAssertNil(fill.fillRule)
        XCTAssertNil(fill.blendMode)
        XCTAssertNil(try decodeLayer(#"{"ty": 3, "tt": null}"#).matteMode)
    }

    // MARK: Helpers

    /// `named[i]` is the value of code `first + i`, and every number, named or not, comes back.
    private func assertCodes<Code: IntegerCode>(_ named: [Code], from first: Int,
                                                file: StaticString = #filePath, line: UInt = #line) {
        for (offset, value) in named.enumerated() {
            XCTAssertEqual(Code(rawValue: first + offset), value, "\(Code.self) \(first + offset)", file: file, line: line)
            XCTAssertEqual(value.rawValue, first + offset, "\(Code.self).\(value)", file: file, line: line)
        }
        for code in [first - 1, first + named.count, 137] {
            XCTAssertFalse(named.contains(Code(rawValue: code)), "\(Code.self) \(code) is unknown", file: file, line: line)
        }
        assertRawValuesSurvive(Code.self, file: file, line: line)
    }

    private func assertRawValuesSurvive<Code: IntegerCode>(_ type: Code.Type,
                                                           file: StaticString = #filePath, line: UInt = #line) {
        for code in [Int.min, -1, 0, 1, 2, 3, 4, 5, 17, 18, 137, Int.max] {
            XCTAssertEqual(Code(rawValue: code).rawValue, code, "\(Code.self) \(code)", file: file, line: line)
        }
    }
}
