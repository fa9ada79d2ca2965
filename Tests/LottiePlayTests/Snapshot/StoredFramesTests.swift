import Foundation
import XCTest
import LottiePlay

/// `StoredFrames`: the names of the frames kept beside a snapshot, their default size, and the
/// difference picture shown when one does not match.
final class StoredFramesTests: XCTestCase {
    func testFramesAreNamedAfterTheSnapshotAndTheirProgress() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stored-frames-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let snapshot = folder.appendingPathComponent("home.json.snap")
        XCTAssertEqual(StoredFrames.url(besideSnapshot: snapshot, progress: 0.5).lastPathComponent, "home.json@0.5.png")
        XCTAssertEqual(StoredFrames.url(besideSnapshot: folder.appendingPathComponent("home.snap"), progress: 1).lastPathComponent,
                       "home@1.png")
        XCTAssertEqual(StoredFrames.name(1.0 / 3), "0.333333")
        for name in ["home.json@1.png", "home.json@0.25.png", "home.json@2.png", "home.json@x.png", "home.json@0.5.jpg",
                     "home@0.png", "other.json@0.png"] {
            try Data().write(to: folder.appendingPathComponent(name))
        }
        XCTAssertEqual(StoredFrames.frames(besideSnapshot: snapshot).map(\.progress), [0.25, 1])
        XCTAssertEqual(StoredFrames.frames(besideSnapshot: snapshot).map(\.url.lastPathComponent),
                       ["home.json@0.25.png", "home.json@1.png"])
    }

    func testTheDefaultSizeKeepsTheCanvasShapeWithin256() {
        XCTAssertTrue(StoredFrames.defaultSize(canvasWidth: 100, height: 50) == (256, 128))
        XCTAssertTrue(StoredFrames.defaultSize(canvasWidth: 1820, height: 275) == (256, 39))  // 275 * 256 / 1820 = 38.7
        XCTAssertTrue(StoredFrames.defaultSize(canvasWidth: 0, height: 0) == (256, 256))
    }

    func testTheDifferencePictureFadesWhatMatchesAndPaintsWhatDiffersRed() throws {
        var expected = RGBAImage(width: 3, height: 1)
        var actual = expected
        // Pixel 0: the same grey. Pixel 1: black where white is now. Pixel 2: off by 10, under 16.
        expected.pixels = [200, 200, 200, 255, 0, 0, 0, 255, 100, 100, 100, 255]
        actual.pixels = [200, 200, 200, 255, 255, 255, 255, 255, 110, 100, 100, 255]
        let picture = try XCTUnwrap(ImageDifference.picture(expected, actual))
        // Faded: 192 + grey / 4 (200 -> 242, 103.3 -> 217.8); differing: red, full strength for 255.
        XCTAssertEqual(picture.pixels, [242, 242, 242, 255, 255, 0, 0, 255, 217, 217, 217, 255])
        XCTAssertNil(ImageDifference.picture(expected, RGBAImage(width: 1, height: 1)))
    }
}
