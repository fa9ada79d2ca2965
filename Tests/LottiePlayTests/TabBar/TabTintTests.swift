import XCTest
import LottieModel
@testable import LottiePlay

/// Tinted tab icons: the selected tab's icon in one colour, the others in another, switched
/// with the selection; the action button in the normal colour.
final class TabTintTests: XCTestCase {
    /// A 4 x 4 icon: a square filled red by "Fill 1" with a black stroke "Stroke 1" around it.
    private func icon() throws -> LottieAnimation {
        try LottieDecoder().decode("""
        {"v": "5.7.0", "fr": 30, "ip": 0, "op": 10, "w": 4, "h": 4, "layers": [
          {"ty": 4, "nm": "Icon", "ind": 1, "ip": 0, "op": 10, "st": 0, "ks": {}, "shapes": [
            {"ty": "rc", "p": {"a": 0, "k": [2, 2]}, "s": {"a": 0, "k": [4, 4]}, "r": {"a": 0, "k": 0}},
            {"ty": "st", "nm": "Stroke 1", "c": {"a": 0, "k": [0, 0, 0]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 1}},
            {"ty": "fl", "nm": "Fill 1", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}}]}]}
        """)
    }

    private let pink = LottieColor([1, 45.0 / 255, 85.0 / 255])
    private let grey = LottieColor([142.0 / 255, 142.0 / 255, 147.0 / 255])

    private func centre(_ animation: LottieAnimation) -> RGBAImage.Pixel {
        SceneRenderer(width: 4, height: 4).render(Timeline(animation).scene(atFrame: 0), images: ImageStore())[2, 2]
    }

    private func bar() throws -> TabBarController {
        try TabBarController(items: [
            TabItem(id: "home", title: "Home", animation: try icon()),
            TabItem(id: "new", title: "+", animation: try icon(), role: .action),
            TabItem(id: "profile", title: "Profile", animation: try icon()),
        ], tint: TabTint(selected: pink, normal: grey))
    }

    func testSelectedIconIsPinkAndTheOthersGrey() throws {
        let bar = try bar()
        XCTAssertEqual(centre(bar.drawnAnimation(at: 0)), RGBAImage.Pixel(red: 255, green: 45, blue: 85, alpha: 255))
        XCTAssertEqual(centre(bar.drawnAnimation(at: 1)), RGBAImage.Pixel(red: 142, green: 142, blue: 147, alpha: 255))
        XCTAssertEqual(centre(bar.drawnAnimation(at: 2)), RGBAImage.Pixel(red: 142, green: 142, blue: 147, alpha: 255))
        XCTAssertEqual(bar.statuses.map { $0.tint?.hexString }, ["#ff2d55", "#8e8e93", "#8e8e93"])
        // The stroke is tinted too: the corner pixel is half stroke over the fill, all pink.
        XCTAssertEqual(SceneRenderer(width: 4, height: 4).render(Timeline(bar.drawnAnimation(at: 0)).scene(atFrame: 0),
                                                                 images: ImageStore())[0, 0].red, 255)
    }

    func testTintsSwitchWithTheSelection() throws {
        var bar = try bar()
        _ = try bar.tap(2)
        XCTAssertEqual(bar.statuses.map { $0.tint?.hexString }, ["#8e8e93", "#8e8e93", "#ff2d55"])
        XCTAssertEqual(centre(bar.drawnAnimation(at: 2)), RGBAImage.Pixel(red: 255, green: 45, blue: 85, alpha: 255))
        XCTAssertEqual(centre(bar.drawnAnimation(at: 0)), RGBAImage.Pixel(red: 142, green: 142, blue: 147, alpha: 255))
        // The action button keeps the normal colour when tapped.
        _ = try bar.tap(1)
        XCTAssertEqual(bar.tintColor(at: 1)?.hexString, "#8e8e93")
    }

    func testWithoutATintIconsAreDrawnAsTheyAre() throws {
        let bar = try TabBarController(items: [TabItem(id: "home", title: "Home", animation: try icon())])
        XCTAssertNil(bar.tint)
        XCTAssertNil(bar.statuses[0].tint)
        XCTAssertEqual(centre(bar.drawnAnimation(at: 0)), RGBAImage.Pixel(red: 255, green: 0, blue: 0, alpha: 255))
    }

    func testChosenKeypathsLimitTheTint() throws {
        // Only the stroke: the fill stays red.
        let tint = TabTint(selected: pink, normal: grey, keypaths: [AnimationKeypath("**.Stroke 1.Color")])
        let bar = try TabBarController(items: [TabItem(id: "home", title: "Home", animation: try icon())], tint: tint)
        XCTAssertEqual(centre(bar.drawnAnimation(at: 0)), RGBAImage.Pixel(red: 255, green: 0, blue: 0, alpha: 255))
    }
}
