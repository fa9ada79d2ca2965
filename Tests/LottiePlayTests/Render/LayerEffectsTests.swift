import XCTest
import LottieModel
@testable import LottiePlay

/// Layer effects (FORMAT.md "Layer effects"), drawn on a 40 x 40 square (30...70 on a 100 x 100
/// canvas) and checked pixel by pixel against hand-computed values.
final class LayerEffectsTests: XCTestCase {
    /// A parameter of type `type` whose still value is `value` (JSON).
    private static func parameter(_ type: Int, _ value: String) -> String {
        #"{"ty": \#(type), "nm": "p", "v": {"a": 0, "k": \#(value)}}"#
    }

    private static func effect(_ type: Int, _ parameters: [String], matchName: String? = nil,
                               enabled: Int = 1) -> String {
        let name = matchName.map { #", "mn": "\#($0)""# } ?? ""
        let list = parameters.joined(separator: ", ")
        return #"{"ty": \#(type), "nm": "effect", "en": \#(enabled)\#(name), "ef": [\#(list)]}"#
    }

    private static func fill(_ color: String, opacity: Double = 1) -> String {
        effect(21, [parameter(10, "0"), parameter(7, "0"), parameter(2, color), parameter(7, "0"), parameter(0, "0"),
                    parameter(0, "0"), parameter(0, "\(opacity)")])
    }

    private static func shadow(direction: Double, distance: Double, softness: Double = 0, opacity: Double = 255,
                               shadowOnly: Bool = false) -> String {
        effect(25, [parameter(2, "[0, 0, 0, 1]"), parameter(0, "\(opacity)"), parameter(1, "\(direction)"),
                    parameter(0, "\(distance)"), parameter(0, "\(softness)"), parameter(7, shadowOnly ? "1" : "0")])
    }

    private static func blur(_ blurriness: Double, dimensions: Int = 1) -> String {
        effect(29, [parameter(0, "\(blurriness)"), parameter(7, "\(dimensions)"), parameter(7, "0")])
    }

    /// A shape layer holding a square of `color` from (30, 30) to (70, 70), with `effects`.
    private static func layers(color: String = "[1, 0, 0, 1]", effects: [String]) -> String {
        """
        [{"ty": 4, "ind": 1, "nm": "square", "ip": 0, "op": 60, "st": 0, "ks": {},
          "ef": [\(effects.joined(separator: ", "))],
          "shapes": [{"ty": "rc", "p": {"k": [50, 50]}, "s": {"k": [40, 40]}, "r": {"k": 0}},
                     {"ty": "fl", "c": {"k": \(color)}, "o": {"k": 100}, "r": 1}]}]
        """
    }

    private func render(color: String = "[1, 0, 0, 1]", _ effects: [String], frame: Double = 0) throws -> RGBAImage {
        let timeline = try TimelineTests.timeline(layers: Self.layers(color: color, effects: effects))
        return SceneRenderer(width: 100, height: 100).render(timeline.scene(atFrame: frame))
    }

    private static func pixel(_ red: UInt8, _ green: UInt8, _ blue: UInt8, _ alpha: UInt8 = 255) -> RGBAImage.Pixel {
        RGBAImage.Pixel(red: red, green: green, blue: blue, alpha: alpha)
    }

    // MARK: Colour effects

    func testFillTurnsTheRedSquareBlueAndScalesItsAlpha() throws {
        let image = try render([Self.fill("[0, 0, 1, 1]")])
        XCTAssertEqual(image[50, 50], Self.pixel(0, 0, 255))
        XCTAssertEqual(image[20, 50].alpha, 0, "outside stays transparent")
        let half = try render([Self.fill("[0, 0, 1, 1]", opacity: 0.5)])
        XCTAssertEqual(half[50, 50], Self.pixel(0, 0, 255, 128))
    }

    func testTintMapsBlackAndWhiteAndLuminanceBetween() throws {
        let tint = Self.effect(20, [Self.parameter(2, "[0, 0, 1, 1]"), Self.parameter(2, "[1, 1, 0, 1]"),
                                    Self.parameter(0, "100")])
        XCTAssertEqual(try render(color: "[1, 1, 1, 1]", [tint])[50, 50], Self.pixel(255, 255, 0), "white to yellow")
        XCTAssertEqual(try render(color: "[0, 0, 0, 1]", [tint])[50, 50], Self.pixel(0, 0, 255), "black to blue")
        // Red has luminance 0.2126: blue + (yellow - blue) x 0.2126 = (54, 54, 201).
        XCTAssertEqual(try render([tint])[50, 50], Self.pixel(54, 54, 201))
        // Half the amount: halfway from red to that.
        let half = Self.effect(20, [Self.parameter(2, "[0, 0, 1, 1]"), Self.parameter(2, "[1, 1, 0, 1]"),
                                    Self.parameter(0, "50")])
        XCTAssertEqual(try render([half])[50, 50], Self.pixel(155, 27, 100))
    }

    func testTritoneMapsShadowsMidtonesAndHighlights() throws {
        let tritone = Self.effect(23, [Self.parameter(2, "[1, 0, 0, 1]"), Self.parameter(2, "[0, 1, 0, 1]"),
                                       Self.parameter(2, "[0, 0, 1, 1]"), Self.parameter(0, "0")])
        XCTAssertEqual(try render(color: "[1, 1, 1, 1]", [tritone])[50, 50], Self.pixel(255, 0, 0), "highlights")
        // Grey 0.5 is stored as 128/255: luminance 0.502, 1/255 of the way from midtones to highlights.
        XCTAssertEqual(try render(color: "[0.5, 0.5, 0.5, 1]", [tritone])[50, 50], Self.pixel(1, 254, 0), "midtones")
        XCTAssertEqual(try render(color: "[0, 0, 0, 1]", [tritone])[50, 50], Self.pixel(0, 0, 255), "shadows")
    }

    func testLevelsStretchTheCompositeInputRange() throws {
        // Composite input white at 0.8: 0.2, 0.4 and 0.6 become 0.25, 0.5 and 0.75; the alpha
        // curve is left as it is. Parameters 0 to 2 are the channel choice and histograms.
        let levels = Self.effect(24, [Self.parameter(7, "1"), Self.parameter(6, "0"), Self.parameter(6, "0"),
                                      Self.parameter(0, "0"), Self.parameter(0, "0.8")])
        XCTAssertEqual(try render(color: "[0.2, 0.4, 0.6, 1]", [levels])[50, 50], Self.pixel(64, 128, 191))
        // Gamma 2 on the red channel alone: 0.25 (64/255) becomes its square root, about 0.5.
        let values = ["1", "0", "0", "0", "1", "1", "0", "1", "0", "0", "0", "1", "2", "0", "1"]
        let gamma = Self.effect(24, values.map { Self.parameter(0, $0) })
        XCTAssertEqual(try render(color: "[0.25, 0, 0, 1]", [gamma])[50, 50], Self.pixel(128, 0, 0))
    }

    // MARK: Drop shadow

    func testAShadowAtNinetyDegreesLiesDistancePixelsToTheRight() throws {
        let image = try render([Self.shadow(direction: 90, distance: 10)])
        XCTAssertEqual(image[50, 50], Self.pixel(255, 0, 0), "the layer over its shadow")
        for x in 70..<80 { XCTAssertEqual(image[x, 50], Self.pixel(0, 0, 0), "shadow at x = \(x)") }
        XCTAssertEqual(image[80, 50].alpha, 0, "the shadow ends 10 pixels past the square")
        XCTAssertEqual(image[50, 25].alpha, 0, "nothing above")
        // At 180 degrees it falls below.
        let below = try render([Self.shadow(direction: 180, distance: 10)])
        XCTAssertEqual(below[50, 75], Self.pixel(0, 0, 0))
        XCTAssertEqual(below[75, 50].alpha, 0)
    }

    func testShadowOnlyHidesTheLayerAndOpacityScalesTheShadow() throws {
        let image = try render([Self.shadow(direction: 90, distance: 10, opacity: 127.5, shadowOnly: true)])
        XCTAssertEqual(image[35, 50].alpha, 0, "the layer is hidden where the shadow is not")
        XCTAssertEqual(image[50, 50], Self.pixel(0, 0, 0, 128))
    }

    func testASoftShadowKeepsItsAlphaAndSpreads() throws {
        let image = try render([Self.shadow(direction: 90, distance: 10, softness: 10, shadowOnly: true)])
        var total = 0
        for y in 0..<100 { for x in 0..<100 { total += Int(image[x, y].alpha) } }
        XCTAssertEqual(Double(total), 40 * 40 * 255, accuracy: 40 * 40 * 255 * 0.01)
        XCTAssertGreaterThan(image[82, 50].alpha, 0, "spread past the hard edge")
    }

    // MARK: Gaussian blur

    func testABlurKeepsTheTotalAlphaHalfAtTheEdgeAndNothingFourSigmaOut() throws {
        // Blurriness 10: sigma 3 pixels.
        let image = try render([Self.blur(10)])
        var total = 0
        for y in 0..<100 { for x in 0..<100 { total += Int(image[x, y].alpha) } }
        XCTAssertEqual(Double(total), 40 * 40 * 255, accuracy: 40 * 40 * 255 * 0.005)
        // The edge lies between pixels 29 and 30: their mean is half.
        XCTAssertEqual((Double(image[29, 50].alpha) + Double(image[30, 50].alpha)) / 2, 127.5, accuracy: 3)
        XCTAssertEqual(image[50, 50], Self.pixel(255, 0, 0), "the middle stays")
        XCTAssertEqual(image[70 + 12, 50].alpha, 0, "4 sigma out")
        XCTAssertEqual(image[30 - 13, 50].alpha, 0, "4 sigma out")
    }

    func testAHorizontalBlurLeavesTheTopAndBottomEdgesSharp() throws {
        let image = try render([Self.blur(10, dimensions: 2)])
        XCTAssertEqual(image[50, 29].alpha, 0, "above the top edge")
        XCTAssertEqual(image[50, 30].alpha, 255, "the top row")
        XCTAssertEqual(image[50, 69].alpha, 255, "the bottom row")
        XCTAssertLessThan(image[30, 50].alpha, 200, "the left edge is soft")
        XCTAssertGreaterThan(image[28, 50].alpha, 0, "the left edge spreads")
        let vertical = try render([Self.blur(10, dimensions: 3)])
        XCTAssertEqual(vertical[29, 50].alpha, 0, "left of the left edge")
        XCTAssertEqual(vertical[30, 50].alpha, 255, "the left column")
        XCTAssertGreaterThan(vertical[50, 28].alpha, 0, "the top edge spreads")
    }

    func testAFastBoxBlurAveragesWholePixelBoxes() throws {
        // Radius 2, once, horizontally: each pixel the mean of the five around it. The left edge
        // lies between pixels 29 and 30: pixel 28 sees one opaque pixel of five (51), 29 two
        // (102), 30 three (153), 31 four (204), 32 all five.
        let once = try render([Self.effect(5, [Self.parameter(0, "2"), Self.parameter(0, "1"), Self.parameter(7, "2"),
                                               Self.parameter(7, "0")], matchName: "ADBE Box Blur2")])
        XCTAssertEqual((27...32).map { once[$0, 50].alpha }, [0, 51, 102, 153, 204, 255])
        XCTAssertEqual(once[50, 29].alpha, 0, "horizontal only: the top edge stays sharp")
        XCTAssertEqual(once[31, 50], Self.pixel(255, 0, 0, 204), "red, four fifths opaque")
        // Twice, both ways: along x, pixel 29 is (0 + 51 + 102 + 153 + 204) / 5 = 102 of 255;
        // the corner pixel (29, 29) is that along y too: 255 x 0.4 x 0.4 = 40.8.
        let twice = try render([Self.effect(5, [Self.parameter(0, "2"), Self.parameter(0, "2"), Self.parameter(7, "1"),
                                                Self.parameter(7, "0")], matchName: "ADBE Box Blur2")])
        XCTAssertEqual(twice[29, 50].alpha, 102)
        XCTAssertEqual(Double(twice[29, 29].alpha), 40.8, accuracy: 1)
        XCTAssertEqual(twice[25, 50].alpha, 0, "two boxes of radius 2 reach 4 pixels")
        XCTAssertGreaterThan(twice[26, 50].alpha, 0)
    }

    func testRepeatingEdgePixelsKeepsTheCanvasEdgeOpaque() throws {
        // A square covering the whole canvas: with repeated edges a corner stays whole; without,
        // it is blurred with the transparent pixels beyond. The boxes work within the canvas
        // (FORMAT.md): sigma 3 makes boxes of radii 2, 2 and 3, which leave the edge pixel
        // 0.6, then (0.6 + 0.8 + 1) / 5 = 0.48, then (0.48 + 0.68 + 0.88 + 0.96) / 7 = 3 / 7 of
        // its alpha along each axis: 255 x (3 / 7)² = 46.8 at the corner (a Gaussian would
        // leave Φ(0.5 / 3)² = 0.32).
        func corner(_ repeatEdges: Int) throws -> UInt8 {
            let blur = Self.effect(29, [Self.parameter(0, "10"), Self.parameter(7, "1"), Self.parameter(7, "\(repeatEdges)")])
            let layers = Self.layers(effects: [blur]).replacingOccurrences(of: "[40, 40]", with: "[100, 100]")
            let timeline = try TimelineTests.timeline(layers: layers)
            return SceneRenderer(width: 100, height: 100).render(timeline.scene(atFrame: 0))[0, 0].alpha
        }
        XCTAssertEqual(try corner(1), 255)
        XCTAssertEqual(try corner(0), 47)
    }

    // MARK: Lists, switches, warnings

    func testEvalAndSnapshotsListTheEffectsWithTheirValues() throws {
        let blur = Self.effect(29, [Self.parameter(0, "12.5"), Self.parameter(7, "3"), Self.parameter(7, "1")])
        let timeline = try TimelineTests.timeline(layers: Self.layers(effects: [
            Self.shadow(direction: 90, distance: 10, softness: 4, opacity: 127.5, shadowOnly: true), blur,
        ]))
        let summary = SceneSummary(timeline.scene(atFrame: 0), timeline: timeline)
        XCTAssertEqual(summary.layers.first?.effects, [
            "drop shadow #000000, opacity 50%, direction 90°, distance 10, softness 4, shadow only",
            "gaussian blur 12.5, vertical, repeating edge pixels",
        ])
    }


    func testEffectsApplyInListOrder() throws {
        // Fill blue then tint (black to red, white to green): blue's luminance 0.0722 gives
        // red + (green - red) x 0.0722; in the other order the fill wins.
        let tint = Self.effect(20, [Self.parameter(2, "[1, 0, 0, 1]"), Self.parameter(2, "[0, 1, 0, 1]"),
                                    Self.parameter(0, "100")])
        XCTAssertEqual(try render([Self.fill("[0, 0, 1, 1]"), tint])[50, 50], Self.pixel(237, 18, 0))
        XCTAssertEqual(try render([tint, Self.fill("[0, 0, 1, 1]")])[50, 50], Self.pixel(0, 0, 255))
    }

    func testASwitchedOffEffectAndExpressionControlsDrawNothing() throws {
        let off = Self.effect(21, [Self.parameter(10, "0"), Self.parameter(7, "0"), Self.parameter(2, "[0, 0, 1, 1]")],
                              enabled: 0)
        let slider = Self.effect(5, [Self.parameter(0, "10")], matchName: "ADBE Slider Control")
        let timeline = try TimelineTests.timeline(layers: Self.layers(effects: [off, slider]))
        XCTAssertTrue(timeline.warnings.isEmpty, "\(timeline.warnings.map(\.description))")
        XCTAssertTrue(try XCTUnwrap(timeline.scene(atFrame: 0).layers.first).effects.isEmpty)
        XCTAssertEqual(try render([off, slider])[50, 50], Self.pixel(255, 0, 0))
    }

    func testAnEffectNotDrawnAndAParameterOfTheWrongKindAreNamed() throws {
        let bulge = Self.effect(5, [Self.parameter(0, "1")], matchName: "ADBE Bulge")
        // A colour where the fill's colour should be: skipped, the file still plays.
        let wrong = Self.effect(21, [Self.parameter(10, "0"), Self.parameter(7, "0"), Self.parameter(2, #""blue""#)])
        let timeline = try TimelineTests.timeline(layers: Self.layers(effects: [bulge, wrong]))
        XCTAssertEqual(timeline.warnings.map(\.description), [
            "layers[0].ef[0]: effect ADBE Bulge (type 5) (not drawn)",
            "layers[0].ef[1]: effect Fill: parameter 2 is not a value of its kind (not drawn)",
        ])
        XCTAssertEqual(try render([bulge, wrong])[50, 50], Self.pixel(255, 0, 0))
    }

    func testAnAnimatedEffectChangesFromFrameToFrame() throws {
        // The fill's opacity goes from 0 to 1 over 10 frames.
        let fade = Self.effect(21, [
            Self.parameter(10, "0"), Self.parameter(7, "0"), Self.parameter(2, "[0, 0, 1, 1]"), Self.parameter(7, "0"),
            Self.parameter(0, "0"), Self.parameter(0, "0"),
            #"{"ty": 0, "nm": "opacity", "v": {"a": 1, "k": [{"t": 0, "s": [0], "i": {"x": [1], "y": [1]}, "#
                + #""o": {"x": [0], "y": [0]}}, {"t": 10, "s": [1]}]}}"#,
        ])
        let timeline = try TimelineTests.timeline(layers: Self.layers(effects: [fade]))
        let renderer = SceneRenderer(width: 100, height: 100)
        XCTAssertEqual(renderer.render(timeline.scene(atFrame: 5))[50, 50], Self.pixel(0, 0, 255, 128))
        XCTAssertEqual(renderer.render(timeline.scene(atFrame: 10))[50, 50], Self.pixel(0, 0, 255))
    }

    func testEffectsPastTheLimitAreNotDrawn() throws {
        let effects = Array(repeating: Self.fill("[0, 0, 1, 1]"), count: LottieLimits.default.maxLayerEffects + 2)
        let timeline = try TimelineTests.timeline(layers: Self.layers(effects: effects))
        XCTAssertEqual(try XCTUnwrap(timeline.scene(atFrame: 0).layers.first).effects.count, 32)
        XCTAssertEqual(timeline.warnings.map(\.description), ["layers[0].ef[32]: more than 32 effects on the layer (limit maxLayerEffects); "
                                           + "this one and those after are not drawn"])
    }

    // MARK: Stroke

    /// The red square's layer with a mask of mode None around 20...80 (or along 30...70), and a
    /// Stroke effect of all masks, blue, brush size 2 (4 wide), paint style `style`, ending at
    /// `end` percent, drawn at frame 0.
    private func strokedSquare(style: Int, end: Double = 100, along edge: Double = 20) throws -> RGBAImage {
        let far = 100 - edge
        let mask = """
            {"mode": "n", "o": {"k": 100}, "pt": {"k": {"c": true, "i": [[0, 0], [0, 0], [0, 0], [0, 0]],
              "o": [[0, 0], [0, 0], [0, 0], [0, 0]], "v": [[\(edge), \(edge)], [\(far), \(edge)], [\(far), \(far)], [\(edge), \(far)]]}}}
            """
        let stroke = Self.effect(22, [Self.parameter(10, "1"), Self.parameter(7, "1"), Self.parameter(7, "0"),
                                      Self.parameter(2, "[0, 0, 1, 1]"), Self.parameter(0, "2"), Self.parameter(0, "100"),
                                      Self.parameter(0, "1"), Self.parameter(0, "0"), Self.parameter(0, "\(end)"),
                                      Self.parameter(0, "15"), Self.parameter(7, "\(style)")])
        let json = """
            [{"ty": 4, "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {}, "masksProperties": [\(mask)], "ef": [\(stroke)],
              "shapes": [{"ty": "rc", "p": {"k": [50, 50]}, "s": {"k": [40, 40]}, "r": {"k": 0}},
                         {"ty": "fl", "c": {"k": [1, 0, 0, 1]}, "o": {"k": 100}, "r": 1}]}]
            """
        return SceneRenderer(width: 100, height: 100).render(try TimelineTests.timeline(layers: json).scene(atFrame: 0))
    }

    func testAStrokeEffectStrokesTheMasksOverTheLayer() throws {
        let image = try strokedSquare(style: 1)
        // The stroke is 4 wide about the mask's edge at 20: pixels 18...21.
        XCTAssertEqual(image[20, 50], Self.pixel(0, 0, 255))
        XCTAssertEqual(image[18, 50], Self.pixel(0, 0, 255))
        XCTAssertEqual(image[16, 50].alpha, 0)
        XCTAssertEqual(image[23, 50].alpha, 0)
        XCTAssertEqual(image[79, 50], Self.pixel(0, 0, 255))
        XCTAssertEqual(image[50, 50], Self.pixel(255, 0, 0), "the layer under it, a None mask cuts nothing")
        // On transparent: the stroke alone.
        let alone = try strokedSquare(style: 2)
        XCTAssertEqual(alone[50, 50].alpha, 0)
        XCTAssertEqual(alone[20, 50], Self.pixel(0, 0, 255))
        // Half the outline: the mask starts at its top left corner and goes clockwise over the
        // top and the right side, so the left side is not stroked.
        let half = try strokedSquare(style: 1, end: 50)
        XCTAssertEqual(half[79, 50], Self.pixel(0, 0, 255))
        XCTAssertEqual(half[20, 50].alpha, 0)
    }

    func testAStrokeEffectRevealsTheLayerWhereItPasses() throws {
        // The mask along the square's own edge at 30: the layer shows only within 2 pixels of it.
        let image = try strokedSquare(style: 3, along: 30)
        XCTAssertEqual(image[31, 50], Self.pixel(255, 0, 0))
        XCTAssertEqual(image[29, 50].alpha, 0, "outside the square there is nothing to reveal")
        XCTAssertEqual(image[35, 50].alpha, 0)
        XCTAssertEqual(image[50, 50].alpha, 0)
    }

    func testABlurStaysInTheCompositionAtAnOutputOfAnotherShape() throws {
        // The 100 x 100 composition in a 100 x 200 output fills rows 50...149; a square covering
        // it, blurred with repeated edge pixels, stays whole to its edges and does not spill into
        // the margins.
        let json = """
            [{"ty": 4, "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {},
              "ef": [\(Self.effect(29, [Self.parameter(0, "20"), Self.parameter(7, "1"), Self.parameter(7, "1")]))],
              "shapes": [{"ty": "rc", "p": {"k": [50, 50]}, "s": {"k": [100, 100]}, "r": {"k": 0}},
                         {"ty": "fl", "c": {"k": [1, 0, 0, 1]}, "o": {"k": 100}, "r": 1}]}]
            """
        let scene = try TimelineTests.timeline(layers: json).scene(atFrame: 0)
        let image = SceneRenderer(width: 100, height: 200).render(scene)
        XCTAssertEqual(image[50, 50], Self.pixel(255, 0, 0), "the composition's top row")
        XCTAssertEqual(image[0, 149], Self.pixel(255, 0, 0), "its bottom left corner")
        XCTAssertEqual(image[50, 49].alpha, 0, "the margin above")
        XCTAssertEqual(image[50, 150].alpha, 0, "the margin below")
        // Without effects too, what lies past the composition is not drawn into the margins.
        let plain = """
            [{"ty": 4, "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {},
              "shapes": [{"ty": "rc", "p": {"k": [50, 50]}, "s": {"k": [100, 180]}, "r": {"k": 0}},
                         {"ty": "fl", "c": {"k": [1, 0, 0, 1]}, "o": {"k": 100}, "r": 1}]}]
            """
        let unblurred = SceneRenderer(width: 100, height: 200).render(try TimelineTests.timeline(layers: plain).scene(atFrame: 0))
        XCTAssertEqual(unblurred[50, 60].alpha, 255)
        XCTAssertEqual(unblurred[50, 40].alpha, 0, "the square reaches 40 units above the composition")
    }

    // MARK: Set Matte

    func testASetMatteEffectShowsTheLayerWhereTheNamedLayerIs() throws {
        // The red square (30...70) takes its matte from layer 2, a blue rectangle over x 20...45,
        // which is still drawn itself: red over 30...45, blue over 20...30, nothing past 45.
        let setMatte = Self.effect(28, [Self.parameter(10, "2"), Self.parameter(7, "4"), Self.parameter(7, "0")])
        let json = """
            [{"ty": 4, "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {}, "ef": [\(setMatte)],
              "shapes": [{"ty": "rc", "p": {"k": [50, 50]}, "s": {"k": [40, 40]}, "r": {"k": 0}},
                         {"ty": "fl", "c": {"k": [1, 0, 0, 1]}, "o": {"k": 100}, "r": 1}]},
             {"ty": 4, "ind": 2, "ip": 0, "op": 60, "st": 0, "ks": {},
              "shapes": [{"ty": "rc", "p": {"k": [32.5, 50]}, "s": {"k": [25, 40]}, "r": {"k": 0}},
                         {"ty": "fl", "c": {"k": [0, 0, 1, 1]}, "o": {"k": 100}, "r": 1}]}]
            """
        let timeline = try TimelineTests.timeline(layers: json)
        XCTAssertEqual(timeline.warnings, [])
        let image = SceneRenderer(width: 100, height: 100).render(timeline.scene(atFrame: 0))
        XCTAssertEqual(image[35, 50], Self.pixel(255, 0, 0))
        XCTAssertEqual(image[25, 50], Self.pixel(0, 0, 255))
        XCTAssertEqual(image[55, 50].alpha, 0)
        // Inverted: the red square where the rectangle is not.
        let inverted = json.replacingOccurrences(of: #"{"ty": 7, "nm": "p", "v": {"a": 0, "k": 0}}]"#,
                                                 with: #"{"ty": 7, "nm": "p", "v": {"a": 0, "k": 1}}]"#)
        let second = SceneRenderer(width: 100, height: 100).render(try TimelineTests.timeline(layers: inverted).scene(atFrame: 0))
        XCTAssertEqual(second[55, 50], Self.pixel(255, 0, 0))
        XCTAssertEqual(second[35, 50], Self.pixel(0, 0, 255), "the rectangle, no longer under red")
    }

    // MARK: Layer styles

    /// The red square's layer with layer styles `styles` (JSON objects), drawn at frame 0, and
    /// the timeline's warnings.
    private func styledSquare(_ styles: [String]) throws -> (RGBAImage, [String]) {
        let json = """
            [{"ty": 4, "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {}, "sy": [\(styles.joined(separator: ", "))],
              "shapes": [{"ty": "rc", "p": {"k": [50, 50]}, "s": {"k": [40, 40]}, "r": {"k": 0}},
                         {"ty": "fl", "c": {"k": [1, 0, 0, 1]}, "o": {"k": 100}, "r": 1}]}]
            """
        let timeline = try TimelineTests.timeline(layers: json)
        return (SceneRenderer(width: 100, height: 100).render(timeline.scene(atFrame: 0)), timeline.warnings.map(\.description))
    }

    func testADropShadowStyleFallsAwayFromTheLight() throws {
        // Light from the left (180°): the shadow falls 10 pixels to the right.
        let (image, warnings) = try styledSquare([
            #"{"ty": 1, "nm": "Drop Shadow", "c": {"a": 0, "k": [0, 0, 0, 1]}, "o": {"a": 0, "k": 100}, "a": {"a": 0, "k": 180}, "s": {"a": 0, "k": 0}, "d": {"a": 0, "k": 10}}"#,
        ])
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(image[50, 50], Self.pixel(255, 0, 0))
        for x in 70..<80 { XCTAssertEqual(image[x, 50], Self.pixel(0, 0, 0), "shadow at x = \(x)") }
        XCTAssertEqual(image[80, 50].alpha, 0)
        XCTAssertEqual(image[50, 75].alpha, 0, "nothing below")
    }

    func testAColourOverlayStyleMixesTheColourInAndAnUndrawnStyleIsNamed() throws {
        let (image, warnings) = try styledSquare([
            #"{"ty": 7, "nm": "Color Overlay", "c": {"a": 0, "k": [0, 0, 1, 1]}, "so": {"a": 0, "k": 50}}"#,
            #"{"ty": 0, "nm": "Stroke", "c": {"a": 0, "k": [0, 0, 0, 1]}, "s": {"a": 0, "k": 4}}"#,
        ])
        XCTAssertEqual(image[50, 50], Self.pixel(128, 0, 128), "half way from red to blue")
        XCTAssertEqual(image[28, 50].alpha, 0, "no stroke drawn")
        XCTAssertEqual(warnings, ["layers[0].sy[1]: Stroke style (not drawn)"])
    }

    // MARK: Transform

    /// A Transform effect (`ADBE Geometry2`) of anchor `anchor`, position `position`, uniform
    /// scale `scale`, rotation `rotation` and opacity `opacity`.
    private static func transform(anchor: String = "[50, 50]", position: String = "[50, 50]", scale: Double = 100,
                                  rotation: Double = 0, opacity: Double = 100) -> String {
        effect(5, [parameter(3, anchor), parameter(3, position), parameter(4, "1"), parameter(0, "\(scale)"),
                   parameter(0, "\(scale)"), parameter(0, "0"), parameter(0, "0"), parameter(0, "\(rotation)"),
                   parameter(0, "\(opacity)")], matchName: "ADBE Geometry2")
    }

    func testATransformEffectMovesScalesAndFadesTheLayer() throws {
        // The anchor (50, 50) lands on (60, 50): the square moves 10 pixels right.
        let moved = try render([Self.transform(position: "[60, 50]")])
        XCTAssertEqual(moved[35, 50].alpha, 0)
        XCTAssertEqual(moved[45, 50], Self.pixel(255, 0, 0))
        XCTAssertEqual(moved[75, 50], Self.pixel(255, 0, 0))
        XCTAssertEqual(moved[82, 50].alpha, 0)
        // Half size about the middle: 40...60.
        let half = try render([Self.transform(scale: 50)])
        XCTAssertEqual(half[38, 50].alpha, 0)
        XCTAssertEqual(half[41, 50], Self.pixel(255, 0, 0))
        XCTAssertEqual(half[62, 50].alpha, 0)
        // A quarter turn about the middle leaves the square where it is; opacity 50% halves it.
        let turned = try render([Self.transform(rotation: 90, opacity: 50)])
        XCTAssertEqual(turned[31, 31], Self.pixel(255, 0, 0, 128))
        XCTAssertEqual(turned[28, 50].alpha, 0)
    }

    func testATransformEffectWorksInLayerUnits() throws {
        // The layer is drawn at half size (the square at 15...35): the effect's 10 units right
        // are 5 pixels.
        let json = """
            [{"ty": 4, "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {"s": {"k": [50, 50]}},
              "ef": [\(Self.transform(position: "[60, 50]"))],
              "shapes": [{"ty": "rc", "p": {"k": [50, 50]}, "s": {"k": [40, 40]}, "r": {"k": 0}},
                         {"ty": "fl", "c": {"k": [1, 0, 0, 1]}, "o": {"k": 100}, "r": 1}]}]
            """
        let image = SceneRenderer(width: 100, height: 100).render(try TimelineTests.timeline(layers: json).scene(atFrame: 0))
        XCTAssertEqual(image[18, 25].alpha, 0)
        XCTAssertEqual(image[21, 25], Self.pixel(255, 0, 0))
        XCTAssertEqual(image[39, 25], Self.pixel(255, 0, 0))
        XCTAssertEqual(image[41, 25].alpha, 0)
    }

    func testHugeAndMissingValuesStayBounded() throws {
        let nan = Self.effect(29, [Self.parameter(0, "NaN")])
        let box = Self.effect(5, [Self.parameter(0, "1e9"), Self.parameter(0, "1e9")], matchName: "ADBE Box Blur2")
        let stroke = Self.effect(22, [Self.parameter(10, "1e300"), Self.parameter(7, "0"), Self.parameter(7, "0"),
                                      Self.parameter(2, "[0, 0, 1, 1]"), Self.parameter(0, "1e12")])
        for effects in [[Self.blur(1e9)], [Self.shadow(direction: 45, distance: 1e12, softness: 1e9)],
                        [Self.shadow(direction: 1e300, distance: -1e300)], [Self.effect(25, [])], [nan], [box], [stroke],
                        [Self.transform(scale: 1e300, rotation: 1e300)], [Self.transform(scale: 0)],
                        [Self.transform(anchor: "[1e308, -1e308]", position: "[NaN, 1e308]")]] {
            _ = try? render(effects)
        }
        // A shrunk-away layer draws nothing.
        XCTAssertEqual(try render([Self.transform(scale: 0)])[50, 50].alpha, 0)
        // A blur far wider than the canvas spreads the square's alpha thinly over all of it.
        let image = try render([Self.blur(1e9)])
        XCTAssertLessThan(image[50, 50].alpha, 8)
    }
}
