import XCTest
import LottieModel
@testable import LottiePlay

/// Layer opacity, masks, mattes, blend modes and the output fit, on scenes small enough to
/// work out every pixel by hand.
final class CompositingTests: XCTestCase {
    private typealias F = RenderFixtures

    func testOpaqueFillPaintsExactlyItsPixels() {
        let image = F.render([F.layer([F.fill([F.rectangle(2, 2, 4, 4)], F.red)])])
        assertPixel(image, 3, 3, .init(red: 255, green: 0, blue: 0), tolerance: 0)
        assertPixel(image, 1, 3, .clear, tolerance: 0)
        assertPixel(image, 6, 3, .clear, tolerance: 0)
    }

    func testHalfCoveredPixelHasHalfAlphaAndFullColour() {
        let image = F.render([F.layer([F.fill([F.rectangle(2.5, 0, 4, 8)], F.red)])])
        // Straight alpha: the colour stays pure red, alpha is 0.5 * 255 = 127.5, rounded to 128.
        assertPixel(image, 2, 4, .init(red: 255, green: 0, blue: 0, alpha: 128), tolerance: 0)
    }

    func testHalfOpacityLayerIsOneGroup() {
        // Two overlapping opaque squares in one layer at 50%: the overlap is not darker than the
        // rest (group opacity), every covered pixel is red at alpha 0.5.
        let layer = F.layer([F.fill([F.rectangle(0, 0, 5, 8)], F.red), F.fill([F.rectangle(3, 0, 5, 8)], F.red)],
                            opacity: 0.5)
        let image = F.render([layer])
        for x in [1, 4, 6] {
            assertPixel(image, x, 4, .init(red: 255, green: 0, blue: 0, alpha: 128), tolerance: 0)
        }
    }

    func testHalfOpacityDrawingsOverlapPerDrawing() {
        // Drawing opacity (style `o`) is per drawing: the overlap of two 50% fills has
        // alpha 1 - 0.5 * 0.5 = 0.75.
        let image = F.render([F.layer([F.fill([F.rectangle(0, 0, 5, 8)], F.red, opacity: 0.5),
                                       F.fill([F.rectangle(3, 0, 5, 8)], F.red, opacity: 0.5)])])
        assertPixel(image, 1, 4, .init(red: 255, green: 0, blue: 0, alpha: 128))
        assertPixel(image, 4, 4, .init(red: 255, green: 0, blue: 0, alpha: 191))
    }

    func testOpacityOverWhiteBackground() {
        let image = F.render([F.layer([F.fill([F.rectangle(0, 0, 8, 8)], F.blue)], opacity: 0.5)], background: F.white)
        // 0.5 blue over white: (0.5, 0.5, 1).
        assertPixel(image, 4, 4, .init(red: 128, green: 128, blue: 255))
    }

    func testAlphaMatteShowsTheLayerOnlyWhereTheMatteIs() {
        let source = F.layer([F.fill([F.rectangle(0, 0, 4, 8)], F.white)])
        for (mode, inside, outside) in [(MatteMode.alpha, true, false), (.alphaInverted, false, true)] {
            let layer = F.layer([F.fill([F.rectangle(0, 0, 8, 8)], F.green)],
                                matte: SceneMatte(mode: mode, source: source))
            let image = F.render([layer])
            assertPixel(image, 1, 4, inside ? .init(red: 0, green: 255, blue: 0) : .clear, tolerance: 0)
            assertPixel(image, 6, 4, outside ? .init(red: 0, green: 255, blue: 0) : .clear, tolerance: 0)
        }
    }

    func testMattesScaleByTheirAlphaOrLumaAtEveryPixel() {
        // Ten pixels wide, so that the pixels past the last group of four are scaled as well.
        // A green matte's luma is 0.587, factor round(0.587 * 255) = 150; a 40% white one's
        // alpha is round(0.4 * 255) = 102, its luma (premultiplied) 0.4 too.
        let green = F.layer([F.fill([F.rectangle(0, 0, 10, 10)], F.green)])
        let faint = F.layer([F.fill([F.rectangle(0, 0, 10, 10)], F.white, opacity: 0.4)])
        for (mode, source, alpha) in [(MatteMode.luma, green, 150), (.lumaInverted, green, 105),
                                      (.alpha, faint, 102), (.alphaInverted, faint, 153), (.luma, faint, 102)] {
            let layer = F.layer([F.fill([F.rectangle(0, 0, 10, 10)], F.red)], matte: SceneMatte(mode: mode, source: source))
            let image = F.render([layer], size: 10)
            for x in [0, 3, 4, 7, 8, 9] {
                assertPixel(image, x, 5, .init(red: 255, green: 0, blue: 0, alpha: UInt8(alpha)), tolerance: 0)
            }
        }
    }

    func testLumaMatteUsesBrightness() {
        // Left half white (luma 1), right half black (luma 0).
        let source = F.layer([F.fill([F.rectangle(0, 0, 4, 8)], F.white), F.fill([F.rectangle(4, 0, 4, 8)], F.black)])
        let layer = F.layer([F.fill([F.rectangle(0, 0, 8, 8)], F.red)], matte: SceneMatte(mode: .luma, source: source))
        let image = F.render([layer])
        assertPixel(image, 1, 4, .init(red: 255, green: 0, blue: 0), tolerance: 0)
        assertPixel(image, 6, 4, .clear, tolerance: 0)
        let inverted = F.render([F.layer([F.fill([F.rectangle(0, 0, 8, 8)], F.red)],
                                         matte: SceneMatte(mode: .lumaInverted, source: source))])
        assertPixel(inverted, 1, 4, .clear, tolerance: 0)
        assertPixel(inverted, 6, 4, .init(red: 255, green: 0, blue: 0), tolerance: 0)
    }

    func testSubtractMaskCutsAHole() {
        let mask = SceneMask(mode: .subtract, path: F.rectangle(2, 2, 4, 4), opacity: 1, expansion: 0, inverted: false)
        let image = F.render([F.layer([F.fill([F.rectangle(0, 0, 8, 8)], F.red)], masks: [mask])])
        assertPixel(image, 0, 0, .init(red: 255, green: 0, blue: 0), tolerance: 0)
        assertPixel(image, 4, 4, .clear, tolerance: 0)
    }

    func testAMaskScalesEveryPixelByItsCoverageTimesItsOpacity() {
        // Ten pixels wide (pixels past the last group of four too); the mask covers columns 0...5
        // whole and column 6 half, at opacity 0.5.
        let path = F.rectangle(0, 0, 6.5, 10)
        let expected: [(mode: MaskMode, alphas: [Int: UInt8])] = [
            // Adding: 0.5 * 255 = 127.5 rounds to 128; 0.25 * 255 = 63.75 to 64; uncovered pixels go.
            (.add, [0: 128, 3: 128, 5: 128, 6: 64, 7: 0, 9: 0]),
            // Subtracting: 1 - 0.5 and 1 - 0.25 (191.25 rounds to 191); uncovered pixels stay.
            (.subtract, [0: 128, 3: 128, 5: 128, 6: 191, 7: 255, 9: 255]),
        ]
        for (mode, alphas) in expected {
            let mask = SceneMask(mode: mode, path: path, opacity: 0.5, expansion: 0, inverted: false)
            let image = F.render([F.layer([F.fill([F.rectangle(0, 0, 10, 10)], F.red)], masks: [mask])], size: 10)
            for (x, alpha) in alphas {
                let pixel: RGBAImage.Pixel = alpha == 0 ? .clear : .init(red: 255, green: 0, blue: 0, alpha: alpha)
                assertPixel(image, x, 5, pixel, tolerance: 0)
            }
        }
    }

    func testMaskModesCombineInOrder() {
        let left = F.rectangle(0, 0, 5, 8)
        let right = F.rectangle(3, 0, 5, 8)
        func render(_ masks: [SceneMask]) -> RGBAImage {
            F.render([F.layer([F.fill([F.rectangle(0, 0, 8, 8)], F.red)], masks: masks)])
        }
        func mask(_ mode: MaskMode, _ path: BezierContour, opacity: Double = 1, inverted: Bool = false) -> SceneMask {
            SceneMask(mode: mode, path: path, opacity: opacity, expansion: 0, inverted: inverted)
        }
        let red = RGBAImage.Pixel(red: 255, green: 0, blue: 0)
        // add + add: the union.
        let union = render([mask(.add, left), mask(.add, right)])
        assertPixel(union, 1, 4, red, tolerance: 0)
        assertPixel(union, 6, 4, red, tolerance: 0)
        // add + intersect: only the overlap (columns 3 and 4).
        let overlap = render([mask(.add, left), mask(.intersect, right)])
        assertPixel(overlap, 1, 4, .clear, tolerance: 0)
        assertPixel(overlap, 4, 4, red, tolerance: 0)
        assertPixel(overlap, 6, 4, .clear, tolerance: 0)
        // add + difference: everything but the overlap.
        let difference = render([mask(.add, left), mask(.difference, right)])
        assertPixel(difference, 1, 4, red, tolerance: 0)
        assertPixel(difference, 4, 4, .clear, tolerance: 0)
        assertPixel(difference, 6, 4, red, tolerance: 0)
        // An inverted add mask shows what is outside it; opacity scales it.
        let inverted = render([mask(.add, left, opacity: 0.5, inverted: true)])
        assertPixel(inverted, 1, 4, .clear, tolerance: 0)
        assertPixel(inverted, 6, 4, .init(red: 255, green: 0, blue: 0, alpha: 128), tolerance: 0)
        // "none" masks do nothing.
        let none = render([mask(.none, left)])
        assertPixel(none, 6, 4, red, tolerance: 0)
    }

    func testMaskExpansionGrowsThePathWhicheverWayItRuns() {
        // The square (3, 3)-(5, 5) expanded by 1 covers (2, 2)-(6, 6), in both directions.
        let clockwise = F.rectangle(3, 3, 2, 2)
        let counter = BezierContour(polygon: clockwise.vertices.reversed(), closed: true)
        for path in [clockwise, counter] {
            let mask = SceneMask(mode: .add, path: path, opacity: 1, expansion: 1, inverted: false)
            let image = F.render([F.layer([F.fill([F.rectangle(0, 0, 8, 8)], F.red)], masks: [mask])])
            assertPixel(image, 2, 2, .init(red: 255, green: 0, blue: 0), tolerance: 0)
            assertPixel(image, 5, 5, .init(red: 255, green: 0, blue: 0), tolerance: 0)
            assertPixel(image, 1, 4, .clear, tolerance: 0)
            assertPixel(image, 6, 4, .clear, tolerance: 0)
        }
        // A negative expansion shrinks it: (3, 3)-(5, 5) by -0.5 leaves (3.5, 3.5)-(4.5, 4.5).
        let shrunk = SceneMask(mode: .add, path: clockwise, opacity: 1, expansion: -0.5, inverted: false)
        let image = F.render([F.layer([F.fill([F.rectangle(0, 0, 8, 8)], F.red)], masks: [shrunk])])
        XCTAssertEqual(image[3, 3].alpha, 64)  // a quarter of the pixel
        XCTAssertEqual(image[3, 4].alpha, 64)
    }

    func testMultiplyBlendMode() {
        // Yellow (1, 1, 0) under a multiply layer of cyan (0, 1, 1) gives green (0, 1, 0).
        let yellow = F.layer([F.fill([F.rectangle(0, 0, 8, 8)], RGBAColor(red: 1, green: 1, blue: 0))])
        let cyan = F.layer([F.fill([F.rectangle(0, 0, 4, 8)], RGBAColor(red: 0, green: 1, blue: 1))], blendMode: .multiply)
        let image = F.render([yellow, cyan])
        assertPixel(image, 1, 4, .init(red: 0, green: 255, blue: 0), tolerance: 0)
        assertPixel(image, 6, 4, .init(red: 255, green: 255, blue: 0), tolerance: 0)
    }

    func testScreenAndAddBlendModes() {
        let grey = RGBAColor(red: 0.5, green: 0.5, blue: 0.5)
        let base = F.layer([F.fill([F.rectangle(0, 0, 8, 8)], grey)])
        let screen = F.render([base, F.layer([F.fill([F.rectangle(0, 0, 8, 8)], grey)], blendMode: .screen)])
        // 0.5 + 0.5 - 0.25 = 0.75 -> 191.25
        assertPixel(screen, 4, 4, .init(red: 191, green: 191, blue: 191))
        let add = F.render([base, F.layer([F.fill([F.rectangle(0, 0, 8, 8)], grey)], blendMode: .add)])
        assertPixel(add, 4, 4, .init(red: 255, green: 255, blue: 255))
    }

    func testMaskWithAGapInItsRowsClearsTheGapOnly() {
        // A U-shaped mask (bars at x 0-8 and 32-40 down to y = 6, joined below) on a layer that
        // covers the canvas: its rows 0 to 5 have two spans each, and the mask keeps both bars.
        let u = BezierContour(polygon: [Vector2(0, 0), Vector2(8, 0), Vector2(8, 6), Vector2(32, 6), Vector2(32, 0),
                                        Vector2(40, 0), Vector2(40, 8), Vector2(0, 8)], closed: true)
        let mask = SceneMask(mode: .add, path: u, opacity: 1, expansion: 0, inverted: false)
        let image = F.render([F.layer([F.fill([F.rectangle(0, 0, 40, 40)], F.red)], masks: [mask])], size: 40)
        let red = RGBAImage.Pixel(red: 255, green: 0, blue: 0)
        assertPixel(image, 4, 3, red, tolerance: 0)
        assertPixel(image, 36, 3, red, tolerance: 0)
        assertPixel(image, 20, 7, red, tolerance: 0)
        assertPixel(image, 20, 3, .clear, tolerance: 0)
        assertPixel(image, 10, 3, .clear, tolerance: 0)
        assertPixel(image, 20, 20, .clear, tolerance: 0)
    }

    func testSeparableBlendModes() {
        // An opaque layer S over an opaque base D: the result is B(Cs, Cd) on each channel (with
        // S.a = D.a = 1 the formula of BlendCompositing.swift leaves only that term), Cs = S / 255
        // and Cd = D / 255. The layer covers columns 0 to 6, the base 0 to 5: column 6 has no base
        // (the result is S), and columns 4 to 6 are the last, partial group of four.
        let source = (204.0, 102.0, 51.0)
        let base = (51.0, 153.0, 230.0)
        let cases: [(BlendMode, RGBAImage.Pixel)] = [
            // hardLight(Cd, Cs): Cd 0.2 -> 2 * 0.2 * 0.8 = 0.32 (81.6); 0.6 -> 1 - 2 * 0.4 * 0.6 = 0.52
            // (132.6); 0.902 -> 1 - 2 * 0.098 * 0.8 = 0.843 (215).
            (.overlay, .init(red: 82, green: 133, blue: 215)),
            (.darken, .init(red: 51, green: 102, blue: 51)),
            (.lighten, .init(red: 204, green: 153, blue: 230)),
            // 1 - min(1, (1 - Cd) / Cs): 1 - 0.8 / 0.8, 1 - 0.4 / 0.4, 1 - 0.098 / 0.2 = 0.51 (130).
            (.colorBurn, .init(red: 0, green: 0, blue: 130)),
            // Cs 0.8 -> 1 - 2 * 0.2 * 0.8 = 0.68 (173.4); 0.4 -> 2 * 0.4 * 0.6 = 0.48 (122.4);
            // 0.2 -> 2 * 0.2 * 0.902 = 0.361 (92).
            (.hardLight, .init(red: 173, green: 122, blue: 92)),
            // Cs 0.8, Cd 0.2 <= 0.25: d = ((16 * 0.2 - 12) * 0.2 + 4) * 0.2 = 0.448, 0.2 + 0.6 * 0.248
            // = 0.349 (88.9); Cs 0.4: 0.6 - 0.2 * 0.6 * 0.4 = 0.552 (140.8); Cs 0.2: 0.902 - 0.6 * 0.902
            // * 0.098 = 0.849 (216.5).
            (.softLight, .init(red: 89, green: 141, blue: 216)),
            (.difference, .init(red: 153, green: 51, blue: 179)),
            // Cs + Cd - 2 Cs Cd: 1 - 0.32 = 0.68 (173.4), 1 - 0.48 = 0.52 (132.6), 1.102 - 0.361 (189).
            (.exclusion, .init(red: 173, green: 133, blue: 189)),
        ]
        func color(_ rgb: (Double, Double, Double)) -> RGBAColor {
            RGBAColor(red: rgb.0 / 255, green: rgb.1 / 255, blue: rgb.2 / 255)
        }
        for (mode, expected) in cases {
            let image = F.render([F.layer([F.fill([F.rectangle(0, 0, 6, 8)], color(base))]),
                                  F.layer([F.fill([F.rectangle(0, 0, 7, 8)], color(source))], blendMode: mode)])
            assertPixel(image, 1, 4, expected)
            assertPixel(image, 5, 4, expected)
            assertPixel(image, 6, 4, .init(red: 204, green: 102, blue: 51))
            assertPixel(image, 7, 4, .clear, tolerance: 0)
        }
        // Colour dodge, min(1, Cd / (1 - Cs)), with S = (51, 102, 153) over D = (102, 51, 204):
        // 0.4 / 0.8 = 0.5 (127.5), 0.2 / 0.6 (85), 0.8 / 0.4 = 2 (255).
        let dodge = F.render([F.layer([F.fill([F.rectangle(0, 0, 8, 8)], color((102, 51, 204)))]),
                              F.layer([F.fill([F.rectangle(0, 0, 8, 8)], color((51, 102, 153)))],
                                      blendMode: .colorDodge)])
        assertPixel(dodge, 2, 2, .init(red: 127, green: 85, blue: 255))
    }

    func testBlendModeWithATranslucentLayer() {
        // Multiply at layer opacity 0.5 over an opaque base: S.c (1 - 1) + D.c (1 - 0.5) + 0.5 Cs Cd,
        // that is 25.5 + 20.4 = 45.9, 76.5 + 30.6 = 107.1, 115 + 23 = 138; opaque. Where there is no
        // base the result is the layer at half opacity (alpha 127.5, rounded to 128).
        let base = F.layer([F.fill([F.rectangle(0, 0, 6, 8)], RGBAColor(red: 0.2, green: 0.6, blue: 230.0 / 255))])
        let layer = F.layer([F.fill([F.rectangle(0, 0, 7, 8)], RGBAColor(red: 0.8, green: 0.4, blue: 0.2))],
                            opacity: 0.5, blendMode: .multiply)
        let image = F.render([base, layer])
        assertPixel(image, 1, 4, .init(red: 46, green: 107, blue: 138))
        assertPixel(image, 6, 4, .init(red: 204, green: 102, blue: 51, alpha: 128))
    }

    func testContainFitCentresTheComposition() {
        // A 4 x 2 composition in an 8 x 8 output: scale 2, offset (0, 2).
        let scene = LottieScene(frame: 0, width: 4, height: 2, layers: [F.layer([F.fill([F.rectangle(0, 0, 4, 2)], F.red)])])
        let image = SceneRenderer(width: 8, height: 8).render(scene)
        assertPixel(image, 0, 1, .clear, tolerance: 0)
        assertPixel(image, 0, 2, .init(red: 255, green: 0, blue: 0), tolerance: 0)
        assertPixel(image, 7, 5, .init(red: 255, green: 0, blue: 0), tolerance: 0)
        assertPixel(image, 7, 6, .clear, tolerance: 0)
    }

    func testPrecompIsClippedToItsSize() {
        let child = F.layer([F.fill([F.rectangle(0, 0, 8, 8)], F.red)])
        let precomp = SceneLayer(name: "pre", index: 1, type: .precomp, jsonPath: "layers[0]", localFrame: 0,
                                 transform: .identity, opacity: 1, blendMode: .normal,
                                 content: .precomp([child], clip: Rect(x: 0, y: 0, width: 4, height: 8)))
        let image = F.render([precomp])
        assertPixel(image, 3, 4, .init(red: 255, green: 0, blue: 0), tolerance: 0)
        assertPixel(image, 4, 4, .clear, tolerance: 0)
    }

    func testSolidLayerFillsItsRectangle() {
        let solid = SceneLayer(name: "solid", index: 1, type: .solid, jsonPath: "layers[0]", localFrame: 0,
                               transform: .translation(x: 2, y: 0), opacity: 1, blendMode: .normal,
                               content: .solid(color: F.blue, width: 3, height: 8))
        let image = F.render([solid])
        assertPixel(image, 1, 4, .clear, tolerance: 0)
        assertPixel(image, 2, 4, .init(red: 0, green: 0, blue: 255), tolerance: 0)
        assertPixel(image, 4, 4, .init(red: 0, green: 0, blue: 255), tolerance: 0)
        assertPixel(image, 5, 4, .clear, tolerance: 0)
    }

    func testImageLayerDrawsItsPixels() {
        var bitmap = RGBAImage(width: 2, height: 2)
        bitmap[0, 0] = .init(red: 255, green: 0, blue: 0)
        bitmap[1, 0] = .init(red: 0, green: 255, blue: 0)
        bitmap[0, 1] = .init(red: 0, green: 0, blue: 255)
        bitmap[1, 1] = .init(red: 255, green: 255, blue: 255)
        var images = ImageStore()
        images.set(bitmap, forAssetID: "img")
        // Drawn 4 x 4 units at scale 1: each image pixel covers 2 x 2 output pixels; the outer
        // output pixels of each quadrant sample exactly that image pixel (edges are clamped).
        let layer = SceneLayer(name: "image", index: 1, type: .image, jsonPath: "layers[0]", localFrame: 0,
                               transform: .identity, opacity: 1, blendMode: .normal,
                               content: .image(assetID: "img", width: 4, height: 4))
        let scene = LottieScene(frame: 0, width: 8, height: 8, layers: [layer])
        let image = SceneRenderer(width: 8, height: 8).render(scene, images: images)
        assertPixel(image, 0, 0, .init(red: 255, green: 0, blue: 0), tolerance: 0)
        assertPixel(image, 3, 0, .init(red: 0, green: 255, blue: 0), tolerance: 0)
        assertPixel(image, 0, 3, .init(red: 0, green: 0, blue: 255), tolerance: 0)
        assertPixel(image, 3, 3, .init(red: 255, green: 255, blue: 255), tolerance: 0)
        assertPixel(image, 5, 5, .clear, tolerance: 0)
    }

    func testUnsupportedBlendModeIsReported() {
        let layer = F.layer([F.fill([F.rectangle(0, 0, 8, 8)], F.red)], blendMode: .hue)
        var issues: [LottieDiagnostic] = []
        let scene = LottieScene(frame: 0, width: 8, height: 8, layers: [layer])
        let image = SceneRenderer(width: 8, height: 8).render(scene, images: ImageStore(), issues: &issues)
        assertPixel(image, 4, 4, .init(red: 255, green: 0, blue: 0), tolerance: 0)
        XCTAssertEqual(issues.map(\.description), ["layers[0]: blend mode hue (drawn as normal)"])
    }
}
