import XCTest
import LottieModel
@testable import LottiePlay

/// Layer effects written as SVG filters (`SVGEffects`), on the layer's masked content, under its
/// matte.
final class SVGEffectsTests: XCTestCase {
    private typealias F = RenderFixtures

    private func document(_ effects: [SceneEffect], transform: AffineMatrix = .identity) -> String {
        var layer = F.layer([F.fill([F.rectangle(2, 2, 4, 4)], F.red)])
        layer.transform = transform
        layer.effects = effects
        let scene = LottieScene(frame: 0, width: 8, height: 8, layers: [layer])
        return SVGWriter(width: 8, height: 8).document(scene)
    }

    func testTheFilterWrapsTheContentInTheLayersGroup() {
        let svg = document([.gaussianBlur(blurriness: 10, dimensions: .horizontal, repeatEdges: true)])
        XCTAssertTrue(svg.contains(##"<g filter="url(#effects1)">"##), svg)
        // Sigma 0.3 x 10 along x only; repeated edges.
        XCTAssertTrue(svg.contains(#"<feGaussianBlur in="SourceGraphic" stdDeviation="3 0" edgeMode="duplicate" result="fx0"/>"#), svg)
    }

    func testATransformEffectMovesTheMaskedContentInAGroup() {
        // 1 unit right in layer units, the layer at twice the size: 2 canvas units.
        let effect = SceneEffect.TransformEffect(anchor: Vector2(x: 0, y: 0), position: Vector2(x: 1, y: 0),
                                                 scale: Vector2(x: 100, y: 100), skew: 0, skewAxis: 0, rotation: 0,
                                                 opacity: 0.5)
        let svg = document([.transform(effect)], transform: .scale(x: 2, y: 2))
        XCTAssertTrue(svg.contains(#"<g opacity="0.5">"#), svg)
        XCTAssertTrue(svg.contains(#"<g transform="matrix(1 0 0 1 2 0)">"#), svg)
        XCTAssertFalse(svg.contains("filter"), "a transform alone is no filter")
    }

    func testAStrokeEffectStrokesTheMasksInsteadOfTheContent() {
        var layer = F.layer([F.fill([F.rectangle(2, 2, 4, 4)], F.red)])
        layer.masks = [SceneMask(mode: .none, path: F.rectangle(1, 1, 6, 6), opacity: 1, expansion: 0, inverted: false)]
        layer.effects = [.stroke(SceneEffect.StrokeEffect(mask: 0, color: RGBAColor(red: 0, green: 0, blue: 1), size: 0.5,
                                                          opacity: 1, start: 0, end: 100, spacing: 15,
                                                          paintStyle: .onTransparent))]
        let svg = SVGWriter(width: 8, height: 8).document(LottieScene(frame: 0, width: 8, height: 8, layers: [layer]))
        XCTAssertTrue(svg.contains(#"stroke-width="1""#), svg)
        XCTAssertTrue(svg.contains(#"stroke-linecap="round""#), svg)
        XCTAssertFalse(svg.contains("#ff0000"), "on transparent: the content goes")
    }

    func testTintIsOneColourMatrix() {
        // Black to blue, white to yellow, all of it: red and green become L, blue 1 - L (numbers
        // written to three places).
        let svg = document([.tint(black: RGBAColor(red: 0, green: 0, blue: 1), white: RGBAColor(red: 1, green: 1, blue: 0),
                                  amount: 1)])
        XCTAssertTrue(svg.contains(#"values="0.213 0.715 0.072 0 0 0.213 0.715 0.072 0 0 -0.213 -0.715 -0.072 0 1 0 0 0 1 0""#), svg)
    }

    func testFillTritoneAndShadowChainInListOrder() {
        let svg = document([
            .fill(color: RGBAColor(red: 0, green: 0, blue: 1), opacity: 0.5),
            .tritone(highlights: .white, midtones: RGBAColor(red: 0, green: 1, blue: 0), shadows: .black, original: 0.25),
            .dropShadow(color: .black, opacity: 1, direction: 90, distance: 2, softness: 10, shadowOnly: false),
        ], transform: AffineMatrix(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: 0))
        XCTAssertTrue(svg.contains(##"<feFlood flood-color="#0000ff" flood-opacity="0.5"/><feComposite in2="SourceGraphic" operator="in" result="fx0"/>"##), svg)
        XCTAssertTrue(svg.contains(#"tableValues="0 0 1""#), "red through shadows, midtones, highlights")
        XCTAssertTrue(svg.contains(#"<feComposite in="fx2toned" in2="fx0" operator="arithmetic" k2="0.75" k3="0.25" result="fx2"/>"#), svg)
        // Distance 2 at 90 degrees, scaled by 2: 4 to the right; sigma 0.3 x 10 x 2.
        XCTAssertTrue(svg.contains(#"<feGaussianBlur in="fx2" stdDeviation="6"/><feOffset dx="4" dy="0"/>"#), svg)
        XCTAssertTrue(svg.contains(#"<feMerge result="fx5"><feMergeNode in="fx5shadow"/><feMergeNode in="fx2"/></feMerge>"#), svg)
    }
}
