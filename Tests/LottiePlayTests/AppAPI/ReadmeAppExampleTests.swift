import Foundation
import XCTest
import LottieModel
import LottiePlay

/// The README's "Use it in an app" program, step by step, so that it stays true: what it loads,
/// the colours its overrides give, the frame its player reaches, the pixels it draws.
final class ReadmeAppExampleTests: XCTestCase {
    private var samples: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples")
    }

    func testTheREADMEProgramRuns() throws {
        let file = try LottieFile.load(contentsOf: samples.appendingPathComponent("icons.lottie"))
        var animation = try file.extract("home").animation
        XCTAssertEqual(animation.name, "Home Tab Icon")

        let pink: JSONValue = .array([1, 0.176, 0.333].map { .number($0) })
        let green: JSONValue = .array([0, 0.8, 0.3].map { .number($0) })
        let result = try animation.overriding([
            PropertyOverride(AnimationKeypath("House Base.**.Color"), pink),
            PropertyOverride(AnimationKeypath("Door.**.Door Fill.Color"), green),
        ])
        XCTAssertEqual(result.matches.map { $0.map(\.description) }, [
            ["House Base.Base Outline.Base Stroke.Color", "House Base.Base Fill.Silhouette Fill.Color"],
            ["Door.Door.Door Fill.Color"],
        ])
        animation = result.animation

        let timeline = Timeline(animation)
        var player = AnimationPlayer(animation: animation)
        _ = player.play()
        _ = player.tick(seconds: 0.5)
        // 0.5 s at the icon's 60 fps: frame 30.
        XCTAssertEqual(player.currentFrame, 30, accuracy: 1e-9)

        let renderer = SceneRenderer(width: 96, height: 96)
        let frame = renderer.render(timeline.scene(atFrame: player.currentFrame), images: ImageStore(animation: animation))
        let png = try PNGEncoder().encode(frame)
        XCTAssertEqual(try PNGDecoder().decode(png), frame)
        // Some pixel of the house is the override's pink (255, 45, 85).
        let pixels = (0..<96).flatMap { y in (0..<96).map { x in frame[x, y] } }
        XCTAssertTrue(pixels.contains(RGBAImage.Pixel(red: 255, green: 45, blue: 85, alpha: 255)))
    }
}
