import Foundation
import XCTest
import LottieModel
import TestSupport
@testable import LottiePlay

/// `AnimationDiff` on edited copies of `Samples/home.json`: each edit is reported as what it is.
final class AnimationDiffTests: XCTestCase {
    private func diff(_ edited: String) throws -> AnimationDiff {
        AnimationDiff(old: try SampleEdits.animation(try SampleEdits.home()), new: try SampleEdits.animation(edited))
    }

    private func changes(_ edited: String) throws -> [String] {
        try diff(edited).changes.map { "\($0.kind.rawValue) | \($0.keypath) | \($0.message) | \($0.path)" }
    }

    func testAnUnchangedFileWithReorderedKeysHasNoChanges() throws {
        XCTAssertTrue(try diff(try SampleEdits.reorderedKeys()).isIdentical)
        XCTAssertTrue(try diff(try SampleEdits.swappedTopLevelKeys()).isIdentical)
        XCTAssertEqual(try diff(try SampleEdits.home()).text, "")
    }

    func testChangedEasing() throws {
        XCTAssertEqual(try changes(try SampleEdits.changedEasing()), [
            "easing | House Root.Transform.Position | keyframe 0 (t 0) out (0.42, 0) in (0.58, 1) -> out (0.333, 0) in (0.667, 1)"
                + " | layers[3].ks.p.k[0]",
        ])
    }

    func testMovedKeyframe() throws {
        XCTAssertEqual(try changes(try SampleEdits.movedKeyframe()), [
            "keyframe moved | Door.Transform.Scale | keyframe 0 moved from t 30 to t 32 | layers[0].ks.s.k[0].t",
        ])
    }

    func testRemovedLayer() throws {
        XCTAssertEqual(try changes(try SampleEdits.removedLayer()), ["removed | Door | shape layer | layers[0]"])
    }

    func testRenamedGroup() throws {
        XCTAssertEqual(try changes(try SampleEdits.renamedGroup()), [
            "renamed | Outline Trace.Roof | group renamed to 'Top' | layers[1].shapes[0]",
        ])
    }

    func testReorderedLayers() throws {
        var animation = try SampleEdits.animation(try SampleEdits.home())
        animation.layers.swapAt(1, 2)
        let edited = String(decoding: try JSONEncoder().encode(animation), as: UTF8.self)
        XCTAssertEqual(try changes(edited), [
            "reordered | Outline Trace | layer moved from layers[1] to layers[2] | layers[2]",
        ])
    }

    func testRenamedAndMovedAtOnceIsStillARename() throws {
        var animation = try SampleEdits.animation(try SampleEdits.home())
        animation.layers[0].name = "Entrance"
        animation.layers.swapAt(0, 2)
        let edited = String(decoding: try JSONEncoder().encode(animation), as: UTF8.self)
        XCTAssertEqual(try changes(edited), [
            "reordered | House Base | layer moved from layers[2] to layers[0] | layers[0]",
            "renamed | Door | shape layer renamed to 'Entrance' | layers[2]",
        ])
    }

    func testValueChangesKeyframesAddedAndPropertiesThatBecameAnimated() throws {
        var edited = SampleEdits.replacing("\"s\": { \"a\": 0, \"k\": [14, 20] }", with: "\"s\": { \"a\": 0, \"k\": [16, 20] }",
                                           in: try SampleEdits.home())
        edited = SampleEdits.replacing("{ \"t\": 50, \"s\": [100, 100, 100] }",
                                       with: "{ \"t\": 50, \"s\": [110, 110, 100] }, { \"t\": 55, \"s\": [100, 100, 100] }", in: edited)
        edited = SampleEdits.replacing("\"r\": { \"a\": 0, \"k\": 2 }",
                                       with: "\"r\": { \"a\": 1, \"k\": [{ \"t\": 0, \"s\": [2], \"h\": 1 }, { \"t\": 30, \"s\": [4] }] }",
                                       in: edited)
        // Three keyframes where there were two: paired by time, so t 50 has a new value and t 55 is added.
        XCTAssertEqual(try changes(edited), [
            "value | Door.Transform.Scale | keyframe 1 (t 50) value [100, 100, 100] -> [110, 110, 100] | layers[0].ks.s.k[1].s",
            "keyframe added | Door.Transform.Scale | keyframe 2 at t 55 added ([100, 100, 100]) | layers[0].ks.s.k[2]",
            "value | Door.Door.Door Rect.Size | [14, 20] -> [16, 20] | layers[0].shapes[0].it[0].s.k",
            "animated | Door.Door.Door Rect.Roundness | became animated: 2 keyframes, t 0 to 30 (was 2) | layers[0].shapes[0].it[0].r.k",
        ])
    }

    func testTimingCanvasAndLayerFields() throws {
        var edited = SampleEdits.replacing("\"op\": 60,\n  \"w\": 100,", with: "\"op\": 90,\n  \"w\": 120,", in: try SampleEdits.home())
        edited = SampleEdits.replacing("\"parent\": 4,", with: "", in: edited)
        edited = SampleEdits.replacing("\"lj\": 2,", with: "\"lj\": 1,", in: edited)
        XCTAssertEqual(try changes(edited), [
            "timing | (animation) | end frame 'op' 60 -> 90 | op",
            "canvas | (animation) | 100 x 100 -> 120 x 100 | w",
            "changed | Door | 'parent' 4 -> (none) | layers[0]",
            "changed | Outline Trace.Trace Stroke | 'lj' 2 -> 1 | layers[1].shapes[3]",
        ])
    }

    func testPrecompositionsAreComparedByAssetID() throws {
        let old = """
            {"fr": 10, "ip": 0, "op": 10, "w": 10, "h": 10,
             "assets": [{"id": "ball", "layers": [{"ty": 3, "nm": "Ball", "ip": 0, "op": 10, "ks": {"o": {"a": 0, "k": 100}}}]}],
             "layers": [{"ty": 0, "nm": "Scene", "refId": "ball", "ip": 0, "op": 10, "ks": {}}]}
            """
        let new = old.replacingOccurrences(of: "\"k\": 100", with: "\"k\": 50")
        let diff = AnimationDiff(old: try SampleEdits.animation(old), new: try SampleEdits.animation(new))
        XCTAssertEqual(diff.changes, [
            AnimationDiff.Change(.value, keypath: "ball/Ball.Transform.Opacity", path: "assets[0].layers[0].ks.o.k",
                                 message: "100 -> 50"),
        ])
    }
}
