import Foundation
import XCTest
import LottieModel
import TestSupport
@testable import LottiePlay

/// The samples' key frames (every sixth of the animation, the final pose included) at
/// 128 x 128, against images stored in `Render/Expected/`:
///
/// - `Expected/<sample>-f<frame>.png`: our own renders, recorded with `RECORD_SNAPSHOTS=1`; a
///   change of the renderer that moves any frame below 40 dB fails.
/// - `Expected/rlottie/<sample>-f<frame>.png`: rlottie's renders of the same frames, made once
///   with `shared/tools/peers/render.py --peer rlottie ... --size 128x128` (straight alpha). Ours
///   measured 41.9 to 53.8 dB against them when recorded; anything below 40 dB fails.
final class SampleRenderTests: XCTestCase {
    static let expected = Corpus.repositoryRoot.appendingPathComponent("Tests/LottiePlayTests/Render/Expected")
    static let keyFrames: [String: [Double]] = [
        "home": [0, 10, 20, 30, 40, 50, 60],
        "user": [0, 5, 10, 15, 20, 25, 30],
    ]

    private func render(_ sample: String, frame: Double) throws -> RGBAImage {
        let data = try Data(contentsOf: Corpus.samples.appendingPathComponent("\(sample).json"))
        let timeline = Timeline(try LottieDecoder().decode(data))
        return SceneRenderer(width: 128, height: 128).render(timeline.scene(atFrame: frame))
    }

    private func stored(_ url: URL) throws -> RGBAImage? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return try PNGDecoder().decode([UInt8](data))
    }

    private func check(_ sample: String) throws {
        for frame in Self.keyFrames[sample] ?? [] {
            let name = "\(sample)-f\(Int(frame)).png"
            let image = try render(sample, frame: frame)
            let ownURL = Self.expected.appendingPathComponent(name)
            if Snapshot.isRecording {
                try Data(try PNGEncoder().encode(image)).write(to: ownURL)
            } else if let own = try stored(ownURL) {
                let difference = try XCTUnwrap(ImageDifference(image, own))
                XCTAssertGreaterThanOrEqual(difference.psnr, 40, "\(name) against our recorded render")
            } else {
                XCTFail("no \(ownURL.path); record it with RECORD_SNAPSHOTS=1 swift test")
            }
            let theirs = try XCTUnwrap(try stored(Self.expected.appendingPathComponent("rlottie/\(name)")),
                                       "rlottie/\(name) is missing")
            let difference = try XCTUnwrap(ImageDifference(image, theirs))
            XCTAssertGreaterThanOrEqual(difference.psnr, 40, "\(name) against rlottie")
        }
    }

    func testHomeKeyFrames() throws {
        try check("home")
    }

    func testUserKeyFrames() throws {
        try check("user")
    }

    func testFinalPoseOfHomeIsTheFilledAccentIcon() throws {
        // The final pose (Samples/README.md): accent outline, light-accent interior, accent door.
        // 128 px for the 100-unit canvas: 1.28 px per unit.
        let image = try render("home", frame: 60)
        let accent = RGBAImage.Pixel(red: 0, green: 122, blue: 255)
        let light = RGBAImage.Pixel(red: 204, green: 230, blue: 255)
        assertPixel(image, 64, 86, accent, tolerance: 2)    // the door, above the floor's middle
        assertPixel(image, 50, 86, light, tolerance: 2)     // inside the walls, left of the door
        assertPixel(image, 64, 99, accent, tolerance: 2)    // the floor line
        assertPixel(image, 2, 2, .clear, tolerance: 0)      // the corner of the canvas
    }
}
