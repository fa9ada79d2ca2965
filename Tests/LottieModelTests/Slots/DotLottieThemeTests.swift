import XCTest
@testable import LottieModel

/// dotLottie themes: each rule type turned into the slot value it stands for, the `animations`
/// filter, rules that cannot be read, and a theme applied to an animation through its slots.
final class DotLottieThemeTests: XCTestCase {
    private func theme(_ rules: String) throws -> DotLottieTheme {
        try DotLottieTheme(json: Array(#"{"rules": [\#(rules)]}"#.utf8))
    }

    private func json(_ text: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    func testColourScalarVectorAndPositionRulesBecomeProperties() throws {
        let values = try theme("""
            {"id": "bg", "type": "Color", "value": [0, 0.5, 1]},
            {"id": "size", "type": "Scalar", "expression": "value * 2",
             "keyframes": [{"frame": 0, "value": 10, "outTangent": {"x": 0.3, "y": 0}},
                           {"frame": 30, "value": 40, "hold": true}]},
            {"id": "scale", "type": "Vector", "value": [50, 60]},
            {"id": "spot", "type": "Position",
             "keyframes": [{"frame": 0, "value": [1, 2], "valueOutTangent": [5, 0]}, {"frame": 10, "value": [3, 4]}]}
            """).slotValues(forAnimation: nil)
        XCTAssertEqual(values["bg"], try json(#"{"a": 0, "k": [0, 0.5, 1]}"#))
        XCTAssertEqual(values["size"], try json("""
            {"a": 1, "x": "value * 2", "k": [{"t": 0, "s": [10], "o": {"x": 0.3, "y": 0}}, {"t": 30, "s": [40], "h": 1}]}
            """))
        XCTAssertEqual(values["scale"], try json(#"{"a": 0, "k": [50, 60]}"#))
        XCTAssertEqual(values["spot"], try json(#"{"a": 1, "k": [{"t": 0, "s": [1, 2], "to": [5, 0]}, {"t": 10, "s": [3, 4]}]}"#))
    }

    func testGradientRuleWritesColourThenAlphaStops() throws {
        // Two stops, one with an alpha: offset and RGB of each, then offset and alpha of each
        // (1 where a stop has none); `p` is the number of stops.
        let values = try theme("""
            {"id": "g", "type": "Gradient",
             "value": [{"offset": 0, "color": [1, 0, 0]}, {"offset": 1, "color": [0, 0, 1, 0.5]}]}
            """).slotValues(forAnimation: nil)
        XCTAssertEqual(values["g"], try json(#"{"p": 2, "k": {"a": 0, "k": [0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 1, 0.5]}}"#))
    }

    func testImageAndTextRules() throws {
        let values = try theme("""
            {"id": "pic", "type": "Image", "value": {"width": 8, "height": 4, "dataUrl": "data:image/png;base64,AA=="}},
            {"id": "label", "type": "Text", "value": {"text": "Hi", "fontSize": 20, "justify": "Center", "textCaps": "AllCaps"}}
            """).slotValues(forAnimation: nil)
        XCTAssertEqual(values["pic"], try json(#"{"w": 8, "h": 4, "u": "", "p": "data:image/png;base64,AA==", "e": 1}"#))
        XCTAssertEqual(values["label"], try json(#"{"k": [{"t": 0, "s": {"t": "Hi", "s": 20, "j": 2, "ca": 1}}]}"#))
    }

    func testRulesForOtherAnimationsAreLeftOut() throws {
        let theme = try theme("""
            {"id": "a", "type": "Scalar", "value": 1, "animations": ["wave"]},
            {"id": "b", "type": "Scalar", "value": 2}
            """)
        XCTAssertEqual(theme.slotValues(forAnimation: "wave").keys.sorted(), ["a", "b"])
        XCTAssertEqual(theme.slotValues(forAnimation: "other").keys.sorted(), ["b"])
    }

    func testUnreadableRulesNameTheRule() {
        XCTAssertThrowsError(try theme(#"{"id": "x", "type": "Colour", "value": [1, 0, 0]}"#)) { error in
            XCTAssertEqual((error as? ThemeError)?.description,
                           "rules[0] ('x'): unknown type 'Colour' (expected Color, Scalar, Vector, Position, Gradient, Image or Text)")
        }
        XCTAssertThrowsError(try theme(#"{"type": "Color", "value": [1, 0, 0]}"#)) { error in
            XCTAssertEqual((error as? ThemeError)?.description, "rules[0]: no 'id'")
        }
        XCTAssertThrowsError(try theme(#"{"id": "x", "type": "Scalar", "value": "big"}"#)) { error in
            XCTAssertEqual((error as? ThemeError)?.description, "rules[0] ('x'): expected a number")
        }
        XCTAssertThrowsError(try DotLottieTheme(json: Array("[]".utf8))) { error in
            XCTAssertEqual((error as? ThemeError)?.description, "expected an object with a 'rules' array")
        }
    }

    func testThemeAppliedThroughSlots() throws {
        // A red fill in slot `bg` and a gradient in slot `g`; the theme's rules replace both,
        // and its Text rule gives only the text, keeping the document's font and size.
        let animation = try LottieDecoder().decode("""
        {"v": "5.7.0", "fr": 30, "ip": 0, "op": 10, "w": 4, "h": 4, "layers": [
          {"ty": 4, "ind": 1, "ip": 0, "op": 10, "st": 0, "ks": {}, "shapes": [
            {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0], "sid": "bg"}, "o": {"a": 0, "k": 100}},
            {"ty": "gf", "t": 1, "s": {"a": 0, "k": [0, 0]}, "e": {"a": 0, "k": [4, 0]}, "o": {"a": 0, "k": 100},
             "g": {"p": 2, "k": {"a": 0, "k": [0, 0, 0, 0, 1, 1, 1, 1]}, "sid": "g"}}]},
          {"ty": 5, "ind": 2, "ip": 0, "op": 10, "st": 0, "ks": {},
           "t": {"d": {"k": [{"s": {"t": "old", "s": 10, "f": "Sans", "j": 0}, "t": 0}], "sid": "label"},
                 "a": [], "m": {"a": {"a": 0, "k": [0, 0]}}, "p": {}}}]}
        """)
        let values = try theme("""
            {"id": "bg", "type": "Color", "value": [0, 1, 0]},
            {"id": "g", "type": "Gradient", "value": [{"offset": 0, "color": [1, 0, 0]}, {"offset": 0.5, "color": [0, 1, 0]},
                                                      {"offset": 1, "color": [0, 0, 1]}]},
            {"id": "label", "type": "Text", "value": {"text": "new"}}
            """).slotValues(forAnimation: nil)
        let resolved = try animation.resolvingSlots(values).animation
        guard case .shape(let items) = resolved.layers[0].content, case .fill(let fill) = items[0],
              case .gradientFill(let gradient) = items[1], case .text(let text) = resolved.layers[1].content,
              case .keyframes(let documents) = text.document.content
        else { return XCTFail("unexpected model") }
        XCTAssertEqual(fill.color.content, .fixed(LottieColor([0, 1, 0])))
        XCTAssertEqual(gradient.gradient.colors.colorStopCount, 3)
        XCTAssertEqual(gradient.gradient.colors.stops.content, .fixed(GradientStops([0, 1, 0, 0, 0.5, 0, 1, 0, 1, 0, 0, 1])))
        XCTAssertEqual(documents.first?.value?.text, "new")
        XCTAssertEqual(documents.first?.value?.fontName, "Sans")
        XCTAssertEqual(documents.first?.value?.fontSize, 10)
    }

    // MARK: Loading

    func testLoadingADotLottieGivesItsThemes() throws {
        // A version 2 manifest, one animation and one theme.
        let archive = ZipFixture([
            .init("manifest.json", Array(#"{"version":"2","animations":[{"id":"icon"}],"themes":[{"id":"dark"}]}"#.utf8)),
            .init("a/icon.json", Array(#"{"v":"5.7.0","fr":30,"ip":0,"op":10,"w":4,"h":4,"layers":[]}"#.utf8)),
            .init("t/dark.json", Array(#"{"rules":[{"id":"bg","type":"Color","value":[0,0,0]}]}"#.utf8)),
        ]).build()
        let file = try LottieFile.load(data: Data(archive), fileName: "icon.lottie")
        XCTAssertEqual(file.kind, .dotLottie)
        XCTAssertEqual(try file.extract().animation.width, 4)
        XCTAssertEqual(try file.theme("dark")?.slotValues(forAnimation: "icon")["bg"], try json(#"{"a": 0, "k": [0, 0, 0]}"#))
        XCTAssertNil(try file.theme("light"))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("theme-\(UUID().uuidString).lottie")
        try Data(archive).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        XCTAssertEqual(try LottieFile.load(contentsOf: url).themes.map(\.id), ["dark"])
    }
}
