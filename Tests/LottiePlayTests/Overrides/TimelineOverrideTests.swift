import XCTest
import LottieModel
@testable import LottiePlay

/// Overrides set on and removed from a timeline: the file's values come back when an override
/// goes, one override per keypath, and an override wins over the file's slot.
final class TimelineOverrideTests: XCTestCase {
    /// Layer "Icon" on a 4 x 4 canvas: a 4 x 4 square filled red by "Fill 1" (its colour in slot
    /// `col`, which the file leaves without a value unless `slots` says), at 100% opacity.
    private func timeline(slots: String = "") throws -> Timeline {
        Timeline(try LottieDecoder().decode("""
        {"v": "5.7.0", "fr": 30, "ip": 0, "op": 10, "w": 4, "h": 4, \(slots) "layers": [
          {"ty": 4, "nm": "Icon", "ind": 1, "ip": 0, "op": 10, "st": 0, "ks": {}, "shapes": [
            {"ty": "rc", "p": {"a": 0, "k": [2, 2]}, "s": {"a": 0, "k": [4, 4]}, "r": {"a": 0, "k": 0}},
            {"ty": "fl", "nm": "Fill 1", "c": {"a": 0, "k": [1, 0, 0], "sid": "col"}, "o": {"a": 0, "k": 100}}]}]}
        """))
    }

    private func pixel(_ timeline: Timeline) -> RGBAImage.Pixel {
        SceneRenderer(width: 4, height: 4).render(timeline.scene(atFrame: 0), images: ImageStore())[1, 1]
    }

    private let red = RGBAImage.Pixel(red: 255, green: 0, blue: 0, alpha: 255)
    private let green = RGBAImage.Pixel(red: 0, green: 255, blue: 0, alpha: 255)
    private let blue = RGBAImage.Pixel(red: 0, green: 0, blue: 255, alpha: 255)
    private let color = AnimationKeypath("Icon.Fill 1.Color")
    private let opacity = AnimationKeypath("Icon.Fill 1.Opacity")

    private func rgb(_ red: Double, _ green: Double, _ blue: Double) -> JSONValue {
        .array([.number(red), .number(green), .number(blue)])
    }

    func testRemovingAnOverrideRestoresTheFilesValue() throws {
        let file = try timeline()
        XCTAssertEqual(pixel(file), red)
        let overridden = try file.setting(PropertyOverride(color, rgb(0, 1, 0)))
        XCTAssertEqual(pixel(overridden), green)
        XCTAssertEqual(overridden.overrides.map(\.keypath), [color])
        let restored = overridden.removingOverride(for: color)
        XCTAssertEqual(pixel(restored), red)
        XCTAssertEqual(restored.overrides.count, 0)
        XCTAssertEqual(pixel(try overridden.overriding([])), red)
        // The timeline overridden is unchanged: values, not a switch inside one graph.
        XCTAssertEqual(pixel(overridden), green)
    }

    func testSettingAKeypathAgainReplacesItsOverrideAndKeepsTheOthers() throws {
        let both = try timeline()
            .setting(PropertyOverride(color, rgb(0, 1, 0)))
            .setting(PropertyOverride(opacity, .number(50)))
            .setting(PropertyOverride(color, rgb(0, 0, 1)))
        XCTAssertEqual(both.overrides.map(\.keypath), [opacity, color])
        XCTAssertEqual(pixel(both), RGBAImage.Pixel(red: 0, green: 0, blue: 255, alpha: 128))
        // Without the colour, the file's red at the overridden 50% opacity.
        XCTAssertEqual(pixel(both.removingOverride(for: color)), RGBAImage.Pixel(red: 255, green: 0, blue: 0, alpha: 128))
    }

    func testAnOverrideWinsOverTheFilesSlot() throws {
        let slotted = try timeline(slots: #""slots": {"col": {"p": [0, 0, 1]}},"#)
        XCTAssertEqual(pixel(slotted), blue)
        let overridden = try slotted.setting(PropertyOverride(color, rgb(0, 1, 0)))
        XCTAssertEqual(pixel(overridden), green)
        XCTAssertEqual(pixel(overridden.removingOverride(for: color)), blue)
    }

    func testAValueOfTheWrongKindIsAnErrorAndChangesNothing() throws {
        let file = try timeline()
        XCTAssertThrowsError(try file.setting(PropertyOverride(color, .string("green")))) { error in
            XCTAssertEqual((error as? OverrideError)?.property, "Icon.Fill 1.Color")
        }
        XCTAssertEqual(file.overrides.count, 0)
    }
}
