import XCTest
import LottieModel
@testable import LottiePlay

/// The SVG document of small scenes: structure, paths, paints, groups and masks.
final class SVGWriterTests: XCTestCase {
    private typealias F = RenderFixtures

    private func document(_ layers: [SceneLayer], size: Int = 8) -> String {
        let scene = LottieScene(frame: 0, width: Double(size), height: Double(size), layers: layers)
        return SVGWriter(width: size * 2, height: size * 2).document(scene)
    }

    func testDocumentHasSizeViewBoxAndFit() {
        let svg = document([F.layer([F.fill([F.rectangle(2, 2, 4, 4)], F.red)])])
        XCTAssertTrue(svg.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#))
        XCTAssertTrue(svg.contains(##"<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16">"##))
        // The 8-unit canvas fitted into 16 pixels: scale 2.
        XCTAssertTrue(svg.contains(##"<g transform="matrix(2 0 0 2 0 0)">"##))
        XCTAssertTrue(svg.contains(##"<path d="M2 2L6 2L6 6L2 6Z" fill="#ff0000"/>"##), svg)
        XCTAssertTrue(svg.hasSuffix("</svg>\n"))
    }

    func testCurvesStrokesAndOpacity() {
        let curve = BezierContour(vertices: [Vector2(0, 0), Vector2(8, 0)], inTangents: [.zero, Vector2(-2, 4)],
                                  outTangents: [Vector2(2, 4), .zero], closed: false)
        let style = StrokeStyleValues(width: 1.5, cap: .round, join: .bevel, dashes: [2, 1], dashOffset: 0.5)
        let svg = document([F.layer([F.stroke([curve], F.blue, style, opacity: 0.25)], opacity: 0.5)])
        XCTAssertTrue(svg.contains(##"<path d="M0 0C2 4 6 4 8 0" fill="none" stroke="#0000ff" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="bevel" stroke-dasharray="2 1" stroke-dashoffset="0.5" opacity="0.25"/>"##), svg)
        XCTAssertTrue(svg.contains(##"<g opacity="0.5">"##))
    }

    func testGradientsAreDefinedInUserSpace() {
        let stops = [GradientPaint.ColorStop(offset: 0, color: F.red), GradientPaint.ColorStop(offset: 1, color: F.blue)]
        let linear = GradientPaint(kind: .linear, start: Vector2(0, 0), end: Vector2(8, 0), colorStops: stops,
                                   opacityStops: [.init(offset: 0, opacity: 1), .init(offset: 1, opacity: 0.5)])
        let radial = GradientPaint(kind: .radial, start: Vector2(4, 4), end: Vector2(8, 4), highlightLength: 50,
                                   highlightAngle: 90, colorStops: stops, opacityStops: [])
        let svg = document([F.layer([
            ShapeDrawing(paths: [F.rectangle(0, 0, 8, 8)], paint: .gradientFill(linear, .evenOdd), opacity: 1, jsonPath: "a"),
            ShapeDrawing(paths: [F.rectangle(0, 0, 8, 8)], paint: .gradientFill(radial, .nonZero), opacity: 1, jsonPath: "b"),
        ])])
        XCTAssertTrue(svg.contains(##"<linearGradient id="gradient1" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="8" y2="0"><stop offset="0" stop-color="#ff0000"/><stop offset="1" stop-color="#0000ff" stop-opacity="0.5"/></linearGradient>"##), svg)
        XCTAssertTrue(svg.contains(##"fill="url(#gradient1)" fill-rule="evenodd""##))
        // Highlight 50% of radius 4 at 90 degrees from the start->end direction: 2 units down.
        XCTAssertTrue(svg.contains(##"<radialGradient id="gradient2" gradientUnits="userSpaceOnUse" cx="4" cy="4" r="4" fx="4" fy="6">"##), svg)
    }

    func testLayerTransformMasksAndMattes() {
        let mask = SceneMask(mode: .subtract, path: F.rectangle(2, 2, 4, 4), opacity: 0.5, expansion: 0, inverted: false)
        let source = F.layer([F.fill([F.rectangle(0, 0, 4, 8)], F.white)])
        let layer = F.layer([F.fill([F.rectangle(0, 0, 8, 8)], F.green)], masks: [mask],
                            matte: SceneMatte(mode: .alphaInverted, source: source), transform: .translation(x: 1, y: 0))
        let svg = document([layer])
        // The content carries the layer's transform; the mask path carries it too (masks live in canvas space).
        XCTAssertTrue(svg.contains(##"<g transform="matrix(1 0 0 1 1 0)">"##))
        XCTAssertTrue(svg.contains(##"<path d="M2 2L6 2L6 6L2 6Z" fill="#000" fill-opacity="0.5" transform="matrix(1 0 0 1 1 0)"/>"##), svg)
        // Subtract starts from everything (white), the matte is "everything minus the source's alpha".
        XCTAssertTrue(svg.contains(##"fill="#fff"/>"##))
        XCTAssertTrue(svg.contains(##"<g filter="url(#filter-black)">"##))
        XCTAssertTrue(svg.contains(##"<feColorMatrix type="matrix" values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 0"/>"##))
        XCTAssertTrue(svg.contains(##"mask="url(#mask"##))
    }

    func testBlendModesAndReportedApproximations() {
        let difference = SceneMask(mode: .difference, path: F.rectangle(0, 0, 4, 4), opacity: 1, expansion: 2, inverted: false)
        let layer = F.layer([F.fill([F.rectangle(0, 0, 8, 8)], F.red)], blendMode: .multiply, masks: [difference])
        var issues: [LottieDiagnostic] = []
        let scene = LottieScene(frame: 0, width: 8, height: 8, layers: [layer])
        let svg = SVGWriter(width: 8, height: 8).document(scene, images: ImageStore(), issues: &issues)
        XCTAssertTrue(svg.contains(##"style="mix-blend-mode:multiply""##))
        XCTAssertEqual(issues.map(\.message), ["difference mask in SVG (drawn as add)"])
    }

    func testNumbersAreShortAndValid() {
        XCTAssertEqual(SVGMarkup.number(12), "12")
        XCTAssertEqual(SVGMarkup.number(0.5), "0.5")
        XCTAssertEqual(SVGMarkup.number(1.0 / 3), "0.333")
        XCTAssertEqual(SVGMarkup.number(-0.0001), "0")
        XCTAssertEqual(SVGMarkup.number(2.10), "2.1")
        XCTAssertEqual(SVGMarkup.number(-1.6e15), "-1600000000000000")
        XCTAssertEqual(SVGMarkup.number(1e20), "1e+20")
        XCTAssertEqual(SVGMarkup.number(.nan), "0")
    }
}
