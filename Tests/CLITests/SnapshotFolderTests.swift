import Foundation
import XCTest
import LottieModel
import LottiePlay
import TestSupport

/// `snapshot FOLDER --out SNAPDIR` and `check FOLDER SNAPDIR`: one snapshot per animation under
/// the same relative path, what `check` reports (a changed keyframe, a new animation, a snapshot
/// left without its animation), `--update`, and image snapshots (`--images`), which catch a change
/// that keyframe snapshots do not (a blend mode).
final class SnapshotFolderTests: XCTestCase {
    /// `animations/icons/home.json` and `animations/icons/user.json`, copied from the samples.
    func makeFolder() throws -> URL {
        let root = try temporaryDirectory(for: self)
        let icons = root.appendingPathComponent("animations/icons")
        try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
        for name in ["home.json", "user.json"] {
            try FileManager.default.copyItem(at: URL(fileURLWithPath: "Samples/\(name)"), to: icons.appendingPathComponent(name))
        }
        return root
    }

    func run(_ arguments: String..., in folder: URL) throws -> CommandLineRun {
        try BuiltExecutable.run(try XCTUnwrap(BuiltExecutable.url(named: "lottie-cli")), arguments, in: folder)
    }

    func withoutTime(_ text: String) -> String {
        text.replacingOccurrences(of: #", [0-9]+\.[0-9]{2} s\n"#, with: "\n", options: .regularExpression)
    }

    /// Rewrites the JSON file at `path` under `folder` with `change` applied to its object.
    func edit(_ path: String, in folder: URL, _ change: (inout [String: Any]) -> Void) throws {
        let url = folder.appendingPathComponent(path)
        var object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        change(&object)
        try JSONSerialization.data(withJSONObject: object).write(to: url)
    }

    func testSnapshotWritesOneSnapshotPerAnimationUnderItsPath() throws {
        let folder = try makeFolder()
        let written = try run("snapshot", "animations", "--out", "snapshots", "--every", "10", in: folder)
        XCTAssertEqual(written.exitCode, 0)
        XCTAssertEqual(withoutTime(written.standardOutput), """
            ok     animations/icons/home.json  wrote snapshots/icons/home.json.snap: 108 lines for 84 keypaths
            ok     animations/icons/user.json  wrote snapshots/icons/user.json.snap: 59 lines for 41 keypaths
            snapshot: 2 files, 2 passed, 0 failed, 0 errors, 0 skipped (not Lottie files)

            """)
        // The same text as a single-file snapshot of the file.
        let single = try run("snapshot", "animations/icons/user.json", "--every", "10", in: folder)
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("snapshots/icons/user.json.snap"), encoding: .utf8),
                       single.standardOutput)
        let unchanged = try run("check", "animations", "snapshots", in: folder)
        XCTAssertEqual(unchanged.exitCode, 0)
        XCTAssertEqual(withoutTime(unchanged.standardOutput), """
            ok     animations/icons/home.json  matches snapshots/icons/home.json.snap
            ok     animations/icons/user.json  matches snapshots/icons/user.json.snap
            check: 2 files, 2 passed, 0 failed, 0 errors, 0 skipped (not Lottie files)

            """)
    }

    func testCheckReportsChangesNewAnimationsAndSnapshotsLeftBehind() throws {
        let folder = try makeFolder()
        XCTAssertEqual(try run("snapshot", "animations", "--out", "snapshots", "--frames", "0,30", in: folder).exitCode, 0)
        // A keyframe changed: the user icon's frame rate doubles.
        try edit("animations/icons/user.json", in: folder) { $0["fr"] = 60 }
        // A new animation, and one that went away (renamed).
        try FileManager.default.copyItem(at: folder.appendingPathComponent("animations/icons/home.json"),
                                         to: folder.appendingPathComponent("animations/icons/house.json"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("animations/icons/home.json"))
        let checked = try run("check", "animations", "snapshots", in: folder)
        XCTAssertEqual(checked.exitCode, 1)
        XCTAssertEqual(withoutTime(checked.standardOutput), """
            FAIL   animations/icons/house.json  no snapshot: snapshots/icons/house.json.snap (record it with --update)
            FAIL   animations/icons/user.json  does not match snapshots/icons/user.json.snap: 1 header change
                     header
                       frame rate:  30 -> 60
            FAIL   snapshots/icons/home.json.snap  snapshot without an animation (removed or renamed?); --update removes it
            check: 3 files, 0 passed, 3 failed, 0 errors, 0 skipped (not Lottie files)

            """)
        let annotations = try run("check", "animations", "snapshots", "--format", "github", in: folder)
        XCTAssertTrue(annotations.standardOutput.contains(
            "::error file=animations/icons/user.json,title=lottie-cli check::frame rate changed: 30 -> 60\n"))
        let updated = try run("check", "animations", "snapshots", "--update", in: folder)
        XCTAssertEqual(updated.exitCode, 0)
        XCTAssertEqual(withoutTime(updated.standardOutput), """
            ok     animations/icons/house.json  recorded snapshots/icons/house.json.snap: 324 lines for 84 keypaths
            ok     animations/icons/user.json  updated snapshots/icons/user.json.snap (1 difference)
            ok     snapshots/icons/home.json.snap  removed: its animation is gone
            check: 3 files, 3 passed, 0 failed, 0 errors, 0 skipped (not Lottie files)

            """)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("snapshots/icons/home.json.snap").path))
        XCTAssertEqual(try run("check", "animations", "snapshots", in: folder).exitCode, 0)
    }

    func testImageSnapshotsCatchABlendModeThatKeyframesDoNotShow() throws {
        let folder = try makeFolder()
        let written = try run("snapshot", "animations", "--out", "snapshots", "--every", "10", "--images",
                              "--image-progress", "0,1", "--image-size", "64x64", in: folder)
        XCTAssertEqual(written.exitCode, 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("snapshots/icons").path)
        XCTAssertEqual(names.sorted(), [
            "home.json.snap", "home.json@0.png", "home.json@1.png", "user.json.snap", "user.json@0.png", "user.json@1.png",
        ])
        // Every shape layer of the home icon multiplies now (bm 1): no value a keyframe snapshot holds changes.
        try edit("animations/icons/home.json", in: folder) { object in
            guard var layers = object["layers"] as? [[String: Any]] else { return }
            for index in layers.indices where layers[index]["ty"] as? Int == 4 { layers[index]["bm"] = 1 }
            object["layers"] = layers
        }
        let keyframesOnly = try run("check", "animations/icons/home.json", "snapshots/icons/home.json.snap", in: folder)
        XCTAssertTrue(keyframesOnly.standardOutput.hasPrefix(
            "animations/icons/home.json matches snapshots/icons/home.json.snap (tolerance 0.001) (the model changed, but no evaluated value did)\n"))
        XCTAssertEqual(keyframesOnly.exitCode, 1, "the frames differ")
        let checked = try run("check", "animations", "snapshots", "--artifacts", "artifacts", in: folder)
        XCTAssertEqual(checked.exitCode, 1)
        let lines = withoutTime(checked.standardOutput).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "FAIL   animations/icons/home.json  does not match snapshots/icons/home.json.snap: 1 of 2 frames differ")
        XCTAssertTrue(lines[1].hasPrefix("         frame at progress 1 differs from snapshots/icons/home.json@1.png: "), lines[1])
        XCTAssertTrue(lines[1].hasSuffix("; wrote artifacts/icons/home.json@1.new.png and .diff.png"), lines[1])
        XCTAssertEqual(lines[2], "ok     animations/icons/user.json  matches snapshots/icons/user.json.snap and its 2 frames")
        for suffix in ["new", "diff"] {
            let png = try Data(contentsOf: folder.appendingPathComponent("artifacts/icons/home.json@1.\(suffix).png"))
            let image = try PNGDecoder().decode([UInt8](png))
            XCTAssertEqual([image.width, image.height], [64, 64])
        }
        // The first frame shows nothing yet (the house is drawn in), so multiplying changes nothing there.
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("artifacts/icons/home.json@0.new.png").path))
        let updated = try run("check", "animations", "snapshots", "--update", in: folder)
        XCTAssertEqual(withoutTime(updated.standardOutput).split(separator: "\n").first,
                       "ok     animations/icons/home.json  matches snapshots/icons/home.json.snap, 1 frame rewritten")
        XCTAssertEqual(try run("check", "animations", "snapshots", in: folder).exitCode, 0)
    }

    func testUsage() throws {
        let folder = try makeFolder()
        let noOut = try run("snapshot", "animations", in: folder)
        XCTAssertEqual(noOut.exitCode, 2)
        XCTAssertTrue(noOut.standardError.contains("with several files or folders, give --out SNAPDIR"))
        let images = try run("snapshot", "animations/icons/home.json", "--images", in: folder)
        XCTAssertEqual(images.exitCode, 2)
        XCTAssertTrue(images.standardError.contains("--images writes PNG files beside the snapshot: give --out FILE.snap"))
        let stray = try run("snapshot", "animations/icons/home.json", "--image-size", "10x10", in: folder)
        XCTAssertTrue(stray.standardError.contains("--image-size only applies with --images"))
        try Data().write(to: folder.appendingPathComponent("file.snap"))
        XCTAssertEqual(try run("snapshot", "animations/icons/user.json", "-o", "user.snap", in: folder).exitCode, 0)
        let one = try run("check", "animations/icons/user.json", "user.snap", "--format", "github", in: folder)
        XCTAssertEqual(one.exitCode, 0)
        XCTAssertEqual(withoutTime(one.standardOutput), "check: 1 file, 1 passed, 0 failed, 0 errors, 0 skipped (not Lottie files)\n")
        let snapshotFile = try run("check", "animations", "file.snap", in: folder)
        XCTAssertEqual(snapshotFile.exitCode, 2)
        XCTAssertTrue(snapshotFile.standardError.contains("'file.snap' is a file: with a folder of animations"))
    }
}
