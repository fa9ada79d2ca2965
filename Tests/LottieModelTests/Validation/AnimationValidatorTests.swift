import Foundation
import XCTest
@testable import LottieModel

/// `AnimationValidator` on small files with one seeded fault each: every check finds its fault
/// at the right JSON path with the right severity, and nothing else.
final class AnimationValidatorTests: XCTestCase {
    typealias F = BrokenFixtures

    // MARK: Helpers

    /// The findings of `json` as `severity path: message` lines (infos left out unless asked).
    private func findings(_ json: String, infos: Bool = false) -> [String] {
        AnimationValidator().validate(json).findings
            .filter { infos || $0.severity != .info }
            .map { "\($0.severity.rawValue) \($0.path): \($0.message)" }
    }

    private func assertFindings(
        _ json: String, _ expected: [String], infos: Bool = false, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(findings(json, infos: infos), expected, file: file, line: line)
    }

    private func replacing(_ target: String, with replacement: String, in text: String) -> String {
        XCTAssertTrue(text.contains(target), "the fixture does not contain \(target)")
        return text.replacingOccurrences(of: target, with: replacement)
    }

    // MARK: Valid files

    func testTheValidFixtureHasNoFindings() {
        let report = AnimationValidator().validate(F.valid)
        XCTAssertEqual(report.findings, [])
        XCTAssertTrue(report.isValid)
    }

    func testTheSamplesAreValidWithoutWarnings() throws {
        for name in ["home", "user"] {
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples/\(name).json")
            let report = AnimationValidator().validate(try Data(contentsOf: url))
            XCTAssertEqual(report.findings, [], name)
        }
    }

    // MARK: JSON and decoding

    func testInvalidJSONIsOneSyntaxError() {
        let report = AnimationValidator().validate("{\"fr\": 30,, \"layers\": []}")
        XCTAssertEqual(report.findings.count, 1)
        XCTAssertEqual(report.findings.first?.category, .syntax)
        XCTAssertEqual(report.findings.first?.line, 1)
        XCTAssertEqual(report.findings.first?.column, 11)
        XCTAssertFalse(report.isValid)
    }

    func testADecodingErrorNotExplainedByTheSchemaPassIsReported() {
        // `ind` as a string: the schema pass says so, and the decoding error at the same place is not repeated.
        let json = F.animation(layers: [F.shapeLayer(extra: "\"parent\": \"two\",")])
        assertFindings(json, ["error layers[0].parent: expected a whole number, found a string"])
    }

    // MARK: Schema

    func testMissingRequiredFields() {
        let noSize = replacing("\"s\": {\"a\": 0, \"k\": [20, 20]}, ", with: "", in: F.valid)
        assertFindings(noSize, ["error layers[0].shapes[0].s: missing required field 's', the size"])
        let noTransform = replacing("\"ks\": {\"a\"", with: "\"xks\": {\"a\"", in: F.valid)
        assertFindings(noTransform, [
            "warning layers[0].ks: missing required field 'ks', the layer's transform (required by the spec; players use a default)",
        ])
        let noRate = replacing("\"fr\": 30, ", with: "", in: F.valid)
        XCTAssertEqual(findings(noRate).first, "error fr: missing required field 'fr', the frame rate")
    }

    /// A star without its optional-in-the-model fields: each reported as its field table says,
    /// errors first, then warnings in the order they have always come (`os` before `r`); a
    /// polygon is not expected to have an inner radius or roundness.
    func testMissingPolystarFieldsOfAStarAndOfAPolygon() {
        let star = #"[{"ty": "sr", "sy": 1, "pt": {"a": 0, "k": 5}}]"#
        assertFindings(F.animation(layers: [F.shapeLayer(shapes: star)]), [
            "error layers[0].shapes[0].or: missing required field 'or', the outer radius",
            "warning layers[0].shapes[0].p: missing required field 'p', the centre (required by the spec; players use a default)",
            "warning layers[0].shapes[0].os: missing required field 'os', the outer roundness (required by the spec; players use a default)",
            "warning layers[0].shapes[0].r: missing required field 'r', the rotation (required by the spec; players use a default)",
            "warning layers[0].shapes[0].ir: missing required field 'ir', the inner radius of a star (required by the spec; players use a default)",
            "warning layers[0].shapes[0].is: missing required field 'is', the inner roundness of a star (required by the spec; players use a default)",
        ])
        let polygon = #"[{"ty": "sr", "sy": 2, "pt": {"a": 0, "k": 5}, "or": {"a": 0, "k": 10}}]"#
        assertFindings(F.animation(layers: [F.shapeLayer(shapes: polygon)]), [
            "warning layers[0].shapes[0].p: missing required field 'p', the centre (required by the spec; players use a default)",
            "warning layers[0].shapes[0].os: missing required field 'os', the outer roundness (required by the spec; players use a default)",
            "warning layers[0].shapes[0].r: missing required field 'r', the rotation (required by the spec; players use a default)",
        ])
    }

    func testAnimatedFlagMustBeZeroOrOne() {
        let json = replacing("\"s\": {\"a\": 0, \"k\": [100, 100]}", with: "\"s\": {\"a\": 2, \"k\": [100, 100]}", in: F.valid)
        assertFindings(json, ["error layers[0].ks.s: 'a' must be 0 or 1, found 2"])
    }

    func testAnimatedFlagThatDisagreesWithTheValue() {
        let json = replacing("\"r\": {\"a\": 0, \"k\": 0}, \"o\"", with: "\"r\": {\"a\": 1, \"k\": 0}, \"o\"", in: F.valid)
        assertFindings(json, ["warning layers[0].ks.r.a: 'a' is 1 (animated) but 'k' holds a static value"])
    }

    func testWrongValueType() {
        let json = replacing("\"k\": [20, 20]", with: "\"k\": [20, \"wide\"]", in: F.valid)
        assertFindings(json, ["error layers[0].shapes[0].s.k[1]: expected a number, found a string"])
    }

    func testEmbeddedImageNeedsADataURL() {
        let assets = "[{\"id\": \"pic\", \"w\": 10, \"h\": 10, \"u\": \"\", \"p\": \"pic.png\", \"e\": 1}]"
        let layer = "{\"ty\": 2, \"nm\": \"Picture\", \"refId\": \"pic\", \"ip\": 0, \"op\": 30, \"ks\": {}}"
        assertFindings(F.animation(layers: [layer], assets: assets), [
            "error assets[0].p: an embedded image ('e' 1) needs a data URL 'data:<type>[;base64],<data>' in 'p', found 'pic.png'",
        ])
        let embedded = assets.replacingOccurrences(of: "pic.png", with: "data:image/png;base64,iVBORw0KGgo=")
        assertFindings(F.animation(layers: [layer], assets: embedded), [])
    }

    func testOpacityOutOfRange() {
        let json = replacing("\"o\": {\"a\": 0, \"k\": 100}}]", with: "\"o\": {\"a\": 0, \"k\": 150}}]", in: F.valid)
        assertFindings(json, ["warning layers[0].shapes[1].o.k: opacity 150 is outside 0...100"])
    }

    func testColourOutOfRange() {
        let json = replacing("[1, 0, 0, 1]", with: "[1.5, 0, 0, 1]", in: F.valid)
        assertFindings(json, ["warning layers[0].shapes[1].c.k: colour component 1.5 is outside 0...1"])
    }

    func testUnknownMatteModeAndMaskMode() {
        let json = F.animation(layers: [
            F.shapeLayer(name: "Matte", index: 1, extra: "\"td\": 1,"),
            F.shapeLayer(name: "Masked", index: 2, extra: """
                "tt": 7, "masksProperties": [{"mode": "q", "pt": {"a": 0, "k": {"c": true, "v": [[0, 0]], "i": [[0, 0]], "o": [[0, 0]]}}}],
                """),
        ])
        assertFindings(json, [
            "error layers[1].tt: 'tt' 7 is not a known value (0 none, 1 alpha, 2 inverted alpha, 3 luma, 4 inverted luma)",
            "error layers[1].masksProperties[0].mode: unknown mask mode 'q' (n, a, s, i, l, d, f)",
        ])
    }

    func testGradientWithTooFewNumbers() {
        let shapes = """
            [{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [20, 20]}},
             {"ty": "gf", "o": {"a": 0, "k": 100}, "t": 1, "s": {"a": 0, "k": [0, 0]}, "e": {"a": 0, "k": [10, 0]},
              "g": {"p": 2, "k": {"a": 0, "k": [0, 1, 0, 0, 1, 0, 0]}}}]
            """
        assertFindings(F.animation(layers: [F.shapeLayer(shapes: shapes)]), [
            "error layers[0].shapes[1].g.k.k: 'p' announces 2 colour stops (4 numbers each) but the gradient has 7 numbers",
        ])
    }

    // MARK: Keyframes

    func testKeyframesOutOfOrder() {
        let json = replacing("{\"t\": 20, \"s\": [90, 10]}", with: "{\"t\": -5, \"s\": [90, 10]}", in: F.valid)
        assertFindings(json, ["error layers[0].ks.p.k[1].t: keyframes out of order: t -5 comes after t 0"])
    }

    func testKeyframesAtEqualTimes() {
        let json = replacing("{\"t\": 20, \"s\": [90, 10]}", with: "{\"t\": 0, \"s\": [90, 10]}", in: F.valid)
        assertFindings(json, ["warning layers[0].ks.p.k[1].t: two keyframes at t 0"])
    }

    func testKeyframeWithoutValueAndEntriesThatAreNotKeyframes() {
        let position = "{\"a\": 1, \"k\": [{\"t\": 0, \"o\": {\"x\": 0, \"y\": 0}, \"i\": {\"x\": 1, \"y\": 1}}, 7, {\"t\": 20, \"s\": [1, 1]}]}"
        assertFindings(F.animation(layers: [F.shapeLayer(position: position)]), [
            "error layers[0].ks.p.k[0].s: missing required field 's', the keyframe's value",
            "error layers[0].ks.p.k[1]: a keyframe must be an object, found a number",
        ])
    }

    func testAnimatedPropertyWithoutKeyframes() {
        assertFindings(F.animation(layers: [F.shapeLayer(position: "{\"a\": 1, \"k\": []}")]), [
            "error layers[0].ks.p.k: an animated property with no keyframes",
        ])
    }

    func testKeyframeWithoutEasingHandles() {
        let position = "{\"a\": 1, \"k\": [{\"t\": 0, \"s\": [0, 0]}, {\"t\": 20, \"s\": [1, 1]}]}"
        assertFindings(F.animation(layers: [F.shapeLayer(position: position)]), [
            "warning layers[0].ks.p.k[0]: keyframe at t 0 has no easing handles 'o' and 'i'",
        ])
    }

    // MARK: Paths

    func testVertexArraysOfDifferentLengths() {
        let shapes = F.pathShapes(vertices: "[[0, 0], [10, 0], [10, 10]]", inTangents: "[[0, 0], [0, 0]]",
                                  outTangents: "[[0, 0], [0, 0], [0, 0]]")
        assertFindings(F.animation(layers: [F.shapeLayer(shapes: shapes)]), [
            "error layers[0].shapes[0].ks.k: 'v' has 3 points but 'i' has 2; 'v', 'i' and 'o' must have the same length",
        ])
    }

    func testPathKeyframesWithDifferentVertexCounts() {
        let shapes = """
            [{"ty": "sh", "ks": {"a": 1, "k": [
              {"t": 0, "s": [{"c": true, "v": [[0, 0], [1, 0], [1, 1]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}],
               "o": {"x": 0.3, "y": 0}, "i": {"x": 0.7, "y": 1}},
              {"t": 10, "s": [{"c": true, "v": [[0, 0], [1, 0]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}]}]}}]
            """
        assertFindings(F.animation(layers: [F.shapeLayer(shapes: shapes)]), [
            "warning layers[0].shapes[0].ks.k: path keyframes have different vertex counts: 3 at t 0, 2 at t 10",
        ])
    }

    // MARK: References and cycles

    func testParentThatDoesNotResolve() {
        let json = F.animation(layers: [F.shapeLayer(extra: "\"parent\": 9,")])
        assertFindings(json, ["error layers[0].parent: 'parent' 9 is not the 'ind' of any layer in this composition"])
    }

    func testMatteLayerThatDoesNotResolve() {
        let json = F.animation(layers: [F.shapeLayer(index: 1), F.shapeLayer(name: "Masked", index: 2, extra: "\"tt\": 1, \"tp\": 5,")])
        assertFindings(json, ["error layers[1].tp: matte layer 'tp' 5 is not the 'ind' of any layer in this composition"])
    }

    func testTrackMatteOnTheFirstLayer() {
        let json = F.animation(layers: [F.shapeLayer(extra: "\"tt\": 1,")])
        assertFindings(json, ["error layers[0].tt: the layer has a track matte ('tt' 1) but no layer above it to be the matte"])
    }

    func testRefIDThatDoesNotResolve() {
        let layer = "{\"ty\": 0, \"nm\": \"Scene\", \"refId\": \"missing\", \"ip\": 0, \"op\": 30, \"ks\": {}}"
        assertFindings(F.animation(layers: [layer]), ["error layers[0].refId: 'refId' 'missing' names no asset"])
    }

    func testRefIDThatNamesTheWrongKindOfAsset() {
        let assets = "[{\"id\": \"pic\", \"w\": 10, \"h\": 10, \"p\": \"data:image/png;base64,AAAA\", \"e\": 1}]"
        let layer = "{\"ty\": 0, \"nm\": \"Scene\", \"refId\": \"pic\", \"ip\": 0, \"op\": 30, \"ks\": {}}"
        assertFindings(F.animation(layers: [layer], assets: assets), [
            "error layers[0].refId: 'refId' 'pic' names an image, not a precomposition",
        ])
    }

    func testParentingCycle() {
        let json = F.animation(layers: [
            F.shapeLayer(name: "A", index: 1, extra: "\"parent\": 3,"),
            F.shapeLayer(name: "B", index: 2, extra: "\"parent\": 1,"),
            F.shapeLayer(name: "C", index: 3, extra: "\"parent\": 2,"),
        ])
        assertFindings(json, ["error layers[0].parent: parenting cycle: 'A' -> 'C' -> 'B' -> 'A'"])
    }

    func testLayerThatIsItsOwnParent() {
        let json = F.animation(layers: [F.shapeLayer(extra: "\"parent\": 1,")])
        assertFindings(json, ["error layers[0].parent: the layer is its own parent (ind 1)"])
    }

    func testPrecompCycle() {
        let assets = "[\(F.precompAsset(id: "a", showing: "b")), \(F.precompAsset(id: "b", showing: "a"))]"
        let layer = "{\"ty\": 0, \"nm\": \"Scene\", \"refId\": \"a\", \"ip\": 0, \"op\": 30, \"ks\": {}}"
        assertFindings(F.animation(layers: [layer], assets: assets), [
            "error assets[1].layers[0].refId: precomp cycle: 'a' -> 'b' -> 'a'",
        ])
    }

    func testDuplicateIndAndAssetID() {
        let assets = "[\(F.precompAsset(id: "a", showing: "z")), {\"id\": \"a\", \"layers\": []}]"
        let json = F.animation(layers: [F.shapeLayer(name: "One", index: 1), F.shapeLayer(name: "Two", index: 1)], assets: assets)
        // File order: the fixture writes `assets` before `layers`.
        assertFindings(json, [
            "error assets[0].layers[0].refId: 'refId' 'z' names no asset",
            "error assets[1].id: asset id 'a' is also the id of assets[0]",
            "warning layers[0].ind: 'ind' 1 is also used by layers[1]",
        ])
    }

    // MARK: Unsupported features

    func testUnsupportedFeaturesAreInfos() {
        // An expression that does not parse is not run.
        let json = replacing("\"r\": {\"a\": 0, \"k\": 0}, \"o\"", with: "\"r\": {\"a\": 0, \"k\": 0, \"x\": \"time * \"}, \"o\"", in: F.valid)
        let report = AnimationValidator().validate(json)
        XCTAssertTrue(report.isValid)
        XCTAssertEqual(report.findings.map(\.category), [.unsupported(.expressionsNotRun)])
        XCTAssertEqual(report.findings.first?.path, "layers[0].ks.r")
        XCTAssertEqual(report.findings.first?.message, "not supported: expressions not run: 'time *': syntax error at "
                       + "line 1, column 8: unexpected end of the expression")
        XCTAssertEqual(report.findings.first?.severity, .info)
    }

    // MARK: Locations and order

    func testFindingsCarryLineAndColumnAndComeInFileOrder() {
        let json = "{\"v\": \"5.7.4\", \"fr\": 30, \"ip\": 0, \"op\": 30, \"w\": 100, \"h\": 100, \"layers\": [\n"
            + F.shapeLayer(name: "A", index: 1, extra: "\"parent\": 8,") + ",\n"
            + F.shapeLayer(name: "B", index: 2, transformExtra: ", \"sk\": {\"a\": 3, \"k\": 0}") + "]}"
        let report = AnimationValidator().validate(json)
        XCTAssertEqual(report.findings.map(\.path), ["layers[0].parent", "layers[1].ks.sk"])
        let lines = json.split(separator: "\n", omittingEmptySubsequences: false)
        let parentLine = lines.firstIndex { $0.contains("\"parent\": 8") }! + 1
        let skewLine = lines.firstIndex { $0.contains("\"a\": 3") }! + 1
        XCTAssertEqual(report.findings.map(\.line), [parentLine, skewLine])
        XCTAssertEqual(report.findings.last?.column, lines[skewLine - 1].distance(
            from: lines[skewLine - 1].startIndex, to: lines[skewLine - 1].range(of: "3, \"k\"")!.lowerBound) + 1)
        XCTAssertEqual(report.errorCount, 2)
    }
}
