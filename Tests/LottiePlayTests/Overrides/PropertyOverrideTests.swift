import XCTest
import LottieModel
@testable import LottiePlay

/// Keypaths with `*` and `**`, and values put into the properties they match: constants,
/// functions of the frame, patterns that match nothing, values of the wrong kind.
final class PropertyOverrideTests: XCTestCase {
    /// Layer "Home" (8 x 8 canvas; anchor (2, 2) at (2, 2)) holding group "Icon": a 4 x 4
    /// rectangle at (2, 2) filled red by "Fill 1", and a second group "Icon" with only a blue
    /// "Fill 1"; layer "Badge" with a 2 x 2 rectangle at (7, 7), yellow at 50% opacity.
    private let json = """
    {"v": "5.7.0", "fr": 30, "ip": 0, "op": 10, "w": 8, "h": 8, "layers": [
      {"ty": 4, "nm": "Home", "ind": 1, "ip": 0, "op": 10, "st": 0,
       "ks": {"p": {"a": 0, "k": [2, 2]}, "a": {"a": 0, "k": [2, 2]}, "o": {"a": 0, "k": 100}}, "shapes": [
        {"ty": "gr", "nm": "Icon", "it": [
          {"ty": "rc", "p": {"a": 0, "k": [2, 2]}, "s": {"a": 0, "k": [4, 4]}, "r": {"a": 0, "k": 0}},
          {"ty": "fl", "nm": "Fill 1", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}},
          {"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]},
           "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]},
        {"ty": "gr", "nm": "Icon", "it": [
          {"ty": "fl", "nm": "Fill 1", "c": {"a": 0, "k": [0, 0, 1]}, "o": {"a": 0, "k": 100}}]}]},
      {"ty": 4, "nm": "Badge", "ind": 2, "ip": 0, "op": 10, "st": 0, "ks": {}, "shapes": [
        {"ty": "rc", "p": {"a": 0, "k": [7, 7]}, "s": {"a": 0, "k": [2, 2]}, "r": {"a": 0, "k": 0}},
        {"ty": "fl", "nm": "Fill 1", "c": {"a": 0, "k": [1, 1, 0]}, "o": {"a": 0, "k": 50}}]}]}
    """

    private func animation() throws -> LottieAnimation { try LottieDecoder().decode(json) }

    private func keypaths(_ pattern: String) throws -> [String] {
        KeypathIndex(try animation()).entries(matching: AnimationKeypath(pattern)).map(\.keypath.description)
    }

    private func pixel(_ animation: LottieAnimation, _ x: Int, _ y: Int, frame: Double = 0) -> RGBAImage.Pixel {
        let timeline = Timeline(animation)
        return SceneRenderer(width: 8, height: 8).render(timeline.scene(atFrame: frame), images: ImageStore())[x, y]
    }

    // MARK: Keypaths

    func testKeypathsNameLayersGroupsItemsAndProperties() throws {
        XCTAssertEqual(try keypaths("Home.Icon.Fill 1.Color"), ["Home.Icon[0].Fill 1.Color", "Home.Icon[1].Fill 1.Color"])
        XCTAssertEqual(try keypaths("Home.Icon[1].Fill 1.Color"), ["Home.Icon[1].Fill 1.Color"])
        XCTAssertEqual(try keypaths("Home.Transform.Position"), ["Home.Transform.Position"])
        // Every keypath: Home's 15 (`Home.**` below), the badge's rectangle (3) and fill (2).
        let all = try animation().keypaths().map(\.description)
        XCTAssertEqual(all.count, 20)
        XCTAssertEqual(all.prefix(4), ["Home.Transform.Anchor Point", "Home.Transform.Position", "Home.Transform.Opacity",
                                       "Home.Icon[0].Rectangle.Position"])
        XCTAssertEqual(all.last, "Badge.Fill 1.Opacity")
    }

    func testOneStarIsOneNameAndTwoStarsAnyNumber() throws {
        XCTAssertEqual(try keypaths("*.Fill 1.Color"), ["Badge.Fill 1.Color"])
        XCTAssertEqual(try keypaths("**.Fill 1.Color"),
                       ["Home.Icon[0].Fill 1.Color", "Home.Icon[1].Fill 1.Color", "Badge.Fill 1.Color"])
        XCTAssertEqual(try keypaths("Home.*.*.Color"), ["Home.Icon[0].Fill 1.Color", "Home.Icon[1].Fill 1.Color"])
        XCTAssertEqual(try keypaths("**.Opacity").count, 5)
        XCTAssertEqual(try keypaths("Home.**"), try keypaths("Home.**.**"))
        // Home's transform (3), the first group's rectangle (3), fill (2) and transform (5), the
        // second group's fill (2).
        XCTAssertEqual(try keypaths("Home.**").count, 15)
        XCTAssertEqual(try keypaths("Fill 1.Color"), [])
        XCTAssertEqual(AnimationKeypath(#"a\.b.c"#).components, ["a.b", "c"])
    }

    // MARK: Overrides

    func testColourPositionAndOpacityOverridesAreDrawn() throws {
        let original = try animation()
        // The first group's fill paints its rectangle red (the second group has no path to fill).
        XCTAssertEqual(pixel(original, 1, 1), RGBAImage.Pixel(red: 255, green: 0, blue: 0, alpha: 255))
        let result = try original.overriding([
            PropertyOverride(AnimationKeypath("**.Fill 1.Color"), .array([.number(0), .number(1), .number(0)])),
            PropertyOverride(AnimationKeypath("Home.Transform.Position"), .array([.number(4), .number(4)])),
            PropertyOverride(AnimationKeypath("Badge.Fill 1.Opacity"), .number(100)),
        ])
        XCTAssertEqual(result.matches.map(\.count), [3, 1, 1])
        // Home moved by (2, 2): its square now covers 2..6; both groups' fills are green.
        XCTAssertEqual(pixel(result.animation, 1, 1), .clear)
        XCTAssertEqual(pixel(result.animation, 3, 3), RGBAImage.Pixel(red: 0, green: 255, blue: 0, alpha: 255))
        // The badge (6..8) was yellow at 50%, now green at full opacity.
        XCTAssertEqual(pixel(original, 7, 7), RGBAImage.Pixel(red: 255, green: 255, blue: 0, alpha: 128))
        XCTAssertEqual(pixel(result.animation, 7, 7), RGBAImage.Pixel(red: 0, green: 255, blue: 0, alpha: 255))
    }

    /// Paths, sizes, gradients and text documents take overrides as the file writes them.
    func testPathSizeGradientAndTextOverrides() throws {
        let file = try LottieDecoder().decode(#"""
        {"v": "5.7.0", "fr": 30, "ip": 0, "op": 10, "w": 8, "h": 8, "layers": [
          {"ty": 4, "nm": "Shapes", "ind": 1, "ip": 0, "op": 10, "st": 0, "ks": {}, "shapes": [
            {"ty": "sh", "nm": "Outline", "ks": {"a": 0, "k": {"c": true, "v": [[0, 0], [4, 0], [4, 4]],
             "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}}},
            {"ty": "rc", "nm": "Box", "p": {"a": 0, "k": [6, 6]}, "s": {"a": 0, "k": [2, 2]}, "r": {"a": 0, "k": 0}},
            {"ty": "gf", "nm": "Ramp", "o": {"a": 0, "k": 100}, "r": 1, "t": 1, "s": {"a": 0, "k": [0, 0]},
             "e": {"a": 0, "k": [8, 0]}, "g": {"p": 2, "k": {"a": 0, "k": [0, 1, 0, 0, 1, 0, 0, 1]}}}]},
          {"ty": 5, "nm": "Label", "ind": 2, "ip": 0, "op": 10, "st": 0, "ks": {},
           "t": {"d": {"k": [{"s": {"t": "old", "s": 10, "f": "Sans", "j": 0}, "t": 0}]}, "a": [], "p": {}}}]}
        """#)
        let square: JSONValue = .object([
            "c": .bool(true), "v": .array([[0, 0], [8, 0], [8, 8], [0, 8]].map { .array($0.map { .number($0) }) }),
            "i": .array(Array(repeating: .array([.number(0), .number(0)]), count: 4)),
            "o": .array(Array(repeating: .array([.number(0), .number(0)]), count: 4)),
        ])
        let result = try file.overriding([
            PropertyOverride(AnimationKeypath("Shapes.Outline.Path"), square),
            PropertyOverride(AnimationKeypath("Shapes.Box.Size"), .array([.number(4), .number(4)])),
            PropertyOverride(AnimationKeypath("Shapes.Ramp.Colors"), .array([0, 0, 0, 1, 1, 0, 0, 1].map { .number($0) })),
            PropertyOverride(AnimationKeypath("Label.Text.Source Text"),
                             .object(["t": .string("new"), "s": .number(12), "f": .string("Sans"), "j": .number(0)])),
        ])
        XCTAssertEqual(result.matches.map(\.count), [1, 1, 1, 1])
        let animation = result.animation
        guard case .path(let outline)? = animation.value(for: AnimationKeypath("Shapes.Outline.Path"), atFrame: 0) else {
            return XCTFail("expected a path")
        }
        XCTAssertEqual(outline.vertices.map { [$0.x, $0.y] }, [[0, 0], [8, 0], [8, 8], [0, 8]])
        XCTAssertEqual(animation.value(for: AnimationKeypath("Shapes.Box.Size"), atFrame: 0), .point(x: 4, y: 4))
        // Black at 0 to blue at 1, where the file had green to blue.
        XCTAssertEqual(animation.value(for: AnimationKeypath("Shapes.Ramp.Colors"), atFrame: 0),
                       .gradient(colorStops: 2, values: [0, 0, 0, 1, 1, 0, 0, 1]))
        guard case .text(let document)? = animation.value(for: AnimationKeypath("Label.Text.Source Text"), atFrame: 0) else {
            return XCTFail("expected a text document")
        }
        XCTAssertEqual(document.text, "new")
        XCTAssertEqual(document.fontSize, 12)
    }

    func testFunctionOfTheFrameIsSampledAtEveryFrame() throws {
        // Opacity 10 * frame: 0 at frame 0, 50 at frame 5, 25 halfway between 2 and 3.
        let result = try animation().overriding([
            PropertyOverride(AnimationKeypath("Badge.Fill 1.Opacity"), .frames { .number(10 * $0) }),
        ])
        XCTAssertEqual(pixel(result.animation, 7, 7, frame: 0).alpha, 0)
        XCTAssertEqual(pixel(result.animation, 7, 7, frame: 5).alpha, 128)
        XCTAssertEqual(pixel(result.animation, 7, 7, frame: 2.5).alpha, 64)
    }

    func testPatternThatMatchesNothingNamesTheNearestKeypath() throws {
        let result = try animation().overriding([
            PropertyOverride(AnimationKeypath("Badge.Fill1.Color"), .array([.number(0), .number(1), .number(0)])),
        ])
        XCTAssertEqual(result.matches, [[]])
        XCTAssertEqual(result.nearest[AnimationKeypath("Badge.Fill1.Color")]?.description, "Badge.Fill 1.Color")
        XCTAssertEqual(result.animation, try animation())
    }

    func testValueOfTheWrongKindNamesTheKeypath() throws {
        XCTAssertThrowsError(try animation().overriding([
            PropertyOverride(AnimationKeypath("Badge.*.Color"), .string("green")),
        ])) { error in
            XCTAssertEqual((error as? OverrideError)?.description,
                           "Badge.*.Color (at Badge.Fill 1.Color): expected an array of numbers, found a string")
        }
    }

    // MARK: Reading values

    func testValueForAKeypathAtAFrame() throws {
        let animation = try animation()
        XCTAssertEqual(animation.value(for: AnimationKeypath("Badge.Fill 1.Opacity"), atFrame: 0), .number(50))
        XCTAssertEqual(animation.value(for: AnimationKeypath("Home.Transform.Position"), atFrame: 3), .point(x: 2, y: 2))
        XCTAssertEqual(animation.values(for: AnimationKeypath("**.Fill 1.Color"), atFrame: 0).map(\.value), [
            .color(RGBAColor(red: 1, green: 0, blue: 0, alpha: 1)), .color(RGBAColor(red: 0, green: 0, blue: 1, alpha: 1)),
            .color(RGBAColor(red: 1, green: 1, blue: 0, alpha: 1)),
        ])
        XCTAssertNil(animation.value(for: AnimationKeypath("Nothing"), atFrame: 0))
    }

    func testValueInsideAPrecompIsReadAtItsOwnFrame() throws {
        // The precomp layer starts at frame 10 (st): at animation frame 15 its content is at
        // frame 5, where the opacity, linear from 0 at frame 0 to 100 at frame 10, is 50.
        let animation = try LottieDecoder().decode("""
        {"v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 8, "h": 8,
         "assets": [{"id": "inner", "layers": [
           {"ty": 4, "nm": "Dot", "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": {}, "shapes": [
             {"ty": "fl", "nm": "Fill 1", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 1, "k": [
               {"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [100]}]}}]}]}],
         "layers": [{"ty": 0, "nm": "Holder", "refId": "inner", "ind": 1, "ip": 0, "op": 30, "st": 10, "w": 8, "h": 8, "ks": {}}]}
        """)
        XCTAssertEqual(animation.value(for: AnimationKeypath("Holder.Dot.Fill 1.Opacity"), atFrame: 15), .number(50))
    }

    func testNestedPrecompsCannotListKeypathsWithoutBound() {
        // Ten precompositions, each used 10 times by the next: 10^10 instances of the innermost
        // layer's opacity. The listing stops at its `maxEntries`.
        var assets: [String] = [#"{"id": "p0", "layers": [{"ty": 3, "ind": 1, "ip": 0, "op": 10, "st": 0, "ks": {"o": {"a": 0, "k": 100}}}]}"#]
        for level in 1...10 {
            let uses = (0..<10).map { #"{"ty": 0, "refId": "p\#(level - 1)", "ind": \#($0 + 1), "ip": 0, "op": 10, "st": 0, "w": 4, "h": 4, "ks": {}}"# }
            assets.append(#"{"id": "p\#(level)", "layers": [\#(uses.joined(separator: ","))]}"#)
        }
        let text = #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 10, "w": 4, "h": 4, "assets": [\#(assets.joined(separator: ","))], "#
            + #""layers": [{"ty": 0, "refId": "p10", "ind": 1, "ip": 0, "op": 10, "st": 0, "w": 4, "h": 4, "ks": {}}]}"#
        guard let animation = try? LottieDecoder().decode(text) else { return XCTFail("fixture does not decode") }
        let index = KeypathIndex(animation, maxEntries: 1_000)
        XCTAssertTrue(index.isTruncated)
        // Layers walked count too: each innermost layer is reached through a precomp layer of
        // its own, so about two layers are walked for each entry.
        XCTAssertLessThanOrEqual(index.entries.count, 1_000)
        XCTAssertGreaterThan(index.entries.count, 400)
        // Without any property inside, the walk still stops: at as many layers as entries allowed.
        let bare = text.replacingOccurrences(of: #""ks": {"o": {"a": 0, "k": 100}}"#, with: #""ks": {}"#)
        guard let empty = try? LottieDecoder().decode(bare) else { return XCTFail("fixture does not decode") }
        let emptyIndex = KeypathIndex(empty, maxEntries: 1_000)
        XCTAssertTrue(emptyIndex.isTruncated)
        XCTAssertEqual(emptyIndex.entries.count, 0)
    }
}
