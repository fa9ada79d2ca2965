import Foundation
import XCTest
import LottieModel
import TestSupport
@testable import LottiePlay

/// The snapshot format: header, keypaths, values, sorting, sampling, precomps, parsing.
final class AnimationSnapshotTests: XCTestCase {
    private func snapshot(_ text: String, sampling: SnapshotSampling = .everyFrame, precision: Int = 3) throws -> AnimationSnapshot {
        AnimationSnapshot(try SampleEdits.animation(text), fileName: "test.json", sampling: sampling, precision: precision)
    }

    private func lines(_ snapshot: AnimationSnapshot, _ keypath: String) -> [String] {
        snapshot.lines.filter { $0.keypath == keypath }.map(\.text)
    }

    // MARK: Header and lines

    func testHomeEveryFifteenFrames() throws {
        let home = try snapshot(try SampleEdits.home(), sampling: .every(15))
        let header = home.text.split(separator: "\n", omittingEmptySubsequences: false).prefix(10).joined(separator: "\n")
        XCTAssertEqual(header, """
            lottie-snapshot 1
            file: test.json
            content: \(home.header.contentHash)
            frame rate: 60
            range: 0 60
            canvas: 100 100
            sampling: every 15
            frames: 0 15 30 45 60
            precision: 3

            """)
        XCTAssertTrue(home.header.contentHash.hasPrefix("sha256:"))
        XCTAssertEqual(home.header.contentHash.count, 7 + 64)
        // Samples/README.md, key moments: the door pops with an overshoot, the trim draws on, the root dips.
        XCTAssertEqual(lines(home, "Door.Transform.Scale"), [
            "Door.Transform.Scale @0 [0, 0]", "Door.Transform.Scale @15 [0, 0]", "Door.Transform.Scale @30 [0, 0]",
            "Door.Transform.Scale @45 [103.821, 103.821]", "Door.Transform.Scale @60 [100, 100]",
        ])
        XCTAssertEqual(lines(home, "Outline Trace.Trace Trim.End").map { String($0.split(separator: " ").last!) },
                       ["0", "68.351", "100", "100", "100"])
        XCTAssertEqual(lines(home, "Door.Door.Door Rect.Size"), ["Door.Door.Door Rect.Size @static [14, 20]"])
        XCTAssertEqual(lines(home, "House Base.Base Fill.Silhouette Path.Path"), [
            "House Base.Base Fill.Silhouette Path.Path @static closed 5 (-22, 28) (-22, -9) (0, -28) (22, -9) (22, 28) in 0 out 0",
        ])
        XCTAssertEqual(lines(home, "Door.In Point"), ["Door.In Point @static 0"])
    }

    func testLinesAreSortedByKeypathThenFrame() throws {
        let home = try snapshot(try SampleEdits.home())
        XCTAssertEqual(home.lines, home.lines.sorted())
        let keypaths = home.lines.map(\.keypath)
        XCTAssertEqual(keypaths, keypaths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        XCTAssertEqual(home.lines.first?.keypath, "Door.Door.Door Fill.Color")
    }

    func testValuesOfTheUserIconIncludingTheCurvedPath() throws {
        let user = try snapshot(try SampleEdits.text("user.json"), sampling: .frames([5, 10, 12.5]))
        // Samples/README.md: the head moves by arc length along its curve; the stroke colour eases.
        XCTAssertEqual(lines(user, "Head.Transform.Position"), [
            "Head.Transform.Position @5 [0.045, -33.95]", "Head.Transform.Position @10 [1, -38]",
            "Head.Transform.Position @12.5 [1.778, -35.94]",
        ])
        XCTAssertEqual(lines(user, "Head.Head Circle.Head Stroke.Color")[2],
                       "Head.Head Circle.Head Stroke.Color @12.5 [0.472, 0.547, 0.646, 1]")
        XCTAssertEqual(lines(user, "Shoulders.Bust.Bust Path.Path"), [
            "Shoulders.Bust.Bust Path.Path @static closed 3 (-28, 0) (0, -22) (28, 0) "
                + "in (0, 0) (-15.46, 0) (0, -12.15) out (0, -12.15) (15.46, 0) (0, 0)",
        ])
    }

    // MARK: Numbers

    func testNumbersAreRoundedWithoutTrailingZerosAndNegativeZeroIsZero() {
        let three = SnapshotNumber(precision: 3)
        XCTAssertEqual(three(-0.0), "0")
        XCTAssertEqual(three(-0.0004), "0")
        XCTAssertEqual(three(12.3456), "12.346")
        XCTAssertEqual(three(2.5), "2.5")
        XCTAssertEqual(three(-3.82149), "-3.821")
        XCTAssertEqual(three(100), "100")
        XCTAssertEqual(three(0.0005), "0.001")
        XCTAssertEqual(three(1e-9), "0")
        XCTAssertEqual(three(123_456_789.0004), "123456789")
        XCTAssertEqual(SnapshotNumber(precision: 0)(2.5), "3")
        XCTAssertEqual(SnapshotNumber(precision: 6)(0.1), "0.1")
        XCTAssertEqual(three(.nan), "nan")
    }

    func testPrecisionChangesThePrintedValues() throws {
        let coarse = try snapshot(try SampleEdits.home(), sampling: .frames([35]), precision: 1)
        XCTAssertEqual(lines(coarse, "Door.Transform.Scale"), ["Door.Transform.Scale @35 [-3.8, -3.8]"])
        XCTAssertEqual(coarse.header.precision, 1)
    }

    // MARK: Stability

    func testReorderedKeysGiveTheSameSnapshotAndHash() throws {
        let original = try snapshot(try SampleEdits.home())
        XCTAssertEqual(try snapshot(try SampleEdits.reorderedKeys()).text, original.text)
        XCTAssertEqual(try snapshot(try SampleEdits.swappedTopLevelKeys()).text, original.text)
    }

    func testAnyModelChangeChangesTheHash() throws {
        let original = try snapshot(try SampleEdits.home())
        XCTAssertNotEqual(try snapshot(try SampleEdits.renamedGroup()).header.contentHash, original.header.contentHash)
    }

    func testCanonicalJSONSortsKeysAndNormalisesNumbersAndStrings() throws {
        let input = #"{ "b": [1.0, 2.5e0, -0.0, true, null], "a": {"z": "q\u0022\n\/", "é": 1e-5}, "A": 100000000000000000 }"#
        let canonical = try XCTUnwrap(CanonicalJSON.rewrite(Array(input.utf8)))
        XCTAssertEqual(String(decoding: canonical, as: UTF8.self),
                       #"{"A":1e+17,"a":{"z":"q\"\u000a/","é":1e-05},"b":[1,2.5,0,true,null]}"#)
    }

    func testSHA256OfKnownInputs() {
        XCTAssertEqual(SHA256.hex(of: []), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hex(of: Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let long = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        XCTAssertEqual(SHA256.hex(of: long), "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    // MARK: Sampling

    func testKeyframeSamplingListsEachPropertysOwnKeyframes() throws {
        let home = try snapshot(try SampleEdits.home(), sampling: .keyframes)
        XCTAssertEqual(home.header.frames, nil)
        XCTAssertEqual(lines(home, "Door.Transform.Scale"),
                       ["Door.Transform.Scale @30 [0, 0]", "Door.Transform.Scale @50 [100, 100]"])
        XCTAssertEqual(lines(home, "House Root.Transform.Position").count, 3)
        XCTAssertTrue(home.text.contains("sampling: keyframes\nframes: each property's keyframes\n"))
    }

    func testEveryNIncludesTheEndFrame() {
        XCTAssertEqual(SnapshotSampling.every(25).frames(inPoint: 0, outPoint: 60), [0, 25, 50, 60])
        XCTAssertEqual(SnapshotSampling.every(30).frames(inPoint: 0, outPoint: 60), [0, 30, 60])
        XCTAssertEqual(SnapshotSampling.frames([30, 0, 30]).frames(inPoint: 0, outPoint: 60), [30, 0])
    }

    // MARK: Keypaths

    func testRepeatedAndMissingNamesGetIndices() throws {
        let json = """
            {"fr": 30, "ip": 0, "op": 10, "w": 10, "h": 10, "layers": [
              {"ty": 4, "nm": "Dot", "ip": 0, "op": 10, "ks": {}, "shapes": [
                {"ty": "rc", "s": {"a": 0, "k": [1, 1]}}, {"ty": "rc", "nm": "Rectangle", "s": {"a": 0, "k": [2, 2]}},
                {"ty": "el", "s": {"a": 0, "k": [3, 3]}}]},
              {"ty": 4, "nm": "Dot", "ip": 0, "op": 10, "ks": {}, "shapes": []},
              {"ty": 3, "nm": "a@b", "ip": 0, "op": 10, "ks": {"o": {"a": 0, "k": 50}}}]}
            """
        let keypaths = Set(try snapshot(json).lines.map(\.keypath))
        XCTAssertTrue(keypaths.isSuperset(of: [
            "Dot[0].Rectangle[0].Size", "Dot[0].Rectangle[1].Size", "Dot[0].Ellipse.Size", "Dot[1].In Point",
            "a\\@b.Transform.Opacity",
        ]), "\(keypaths.sorted())")
        let parsed = try AnimationSnapshot(parsing: try snapshot(json).text)
        XCTAssertTrue(parsed.lines.contains(SnapshotLine(keypath: "a\\@b.Transform.Opacity", frame: nil, value: "50")))
    }

    func testPrecompLayersAreFollowedWithTheirClock() throws {
        let json = """
            {"fr": 10, "ip": 0, "op": 40, "w": 10, "h": 10,
             "assets": [{"id": "inner", "layers": [{"ty": 3, "nm": "Mover", "ip": 0, "op": 100,
               "ks": {"r": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 10, "s": [100]}]}}}]}],
             "layers": [
              {"ty": 0, "nm": "Shifted", "refId": "inner", "ip": 0, "op": 40, "st": 10, "sr": 2, "ks": {}},
              {"ty": 0, "nm": "Remapped", "refId": "inner", "ip": 0, "op": 40, "ks": {},
               "tm": {"a": 1, "k": [{"t": 0, "s": [1], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 20, "s": [0]}]}}]}
            """
        let result = try snapshot(json, sampling: .frames([10, 20, 30]))
        // (t - st) / sr: frames 10, 20, 30 -> 0, 5, 10.
        XCTAssertEqual(lines(result, "Shifted.Mover.Transform.Rotation").map { String($0.split(separator: " ").last!) },
                       ["0", "50", "100"])
        // tm(t) * fr: 1 s -> 0 s over frames 0...20, so frames 10, 20, 30 -> 5, 0, 0.
        XCTAssertEqual(lines(result, "Remapped.Mover.Transform.Rotation").map { String($0.split(separator: " ").last!) },
                       ["50", "0", "0"])
        XCTAssertEqual(lines(result, "Remapped.Time Remap").count, 3)
        // Keyframe sampling maps the child's keyframes 0 and 10 back through st and sr: 10 and 30.
        let keyframes = try snapshot(json, sampling: .keyframes)
        XCTAssertEqual(keyframes.lines.filter { $0.keypath == "Shifted.Mover.Transform.Rotation" }.compactMap(\.frame), [10, 30])
    }

    func testAPrecompThatContainsItselfIsNotFollowedAgain() throws {
        let json = """
            {"fr": 10, "ip": 0, "op": 10, "w": 10, "h": 10,
             "assets": [{"id": "loop", "layers": [{"ty": 0, "nm": "Again", "refId": "loop", "ip": 0, "op": 10, "ks": {}}]}],
             "layers": [{"ty": 0, "nm": "Start", "refId": "loop", "ip": 0, "op": 10, "ks": {}}]}
            """
        let keypaths = Set(try snapshot(json).lines.map(\.keypath))
        XCTAssertEqual(keypaths, ["Start.In Point", "Start.Out Point", "Start.Again.In Point", "Start.Again.Out Point"])
    }

    // MARK: Parsing

    func testParsingGivesBackTheSnapshot() throws {
        for sampling in [SnapshotSampling.everyFrame, .every(7.5), .frames([0, 12.5, 60]), .keyframes] {
            let original = try snapshot(try SampleEdits.home(), sampling: sampling)
            XCTAssertEqual(try AnimationSnapshot(parsing: original.text), original, "\(sampling)")
        }
    }

    func testUnreadableSnapshotsSayWhereAndWhy() {
        XCTAssertThrowsError(try AnimationSnapshot(parsing: "hello\n\n")) { error in
            XCTAssertEqual((error as? SnapshotFormatError)?.line, 1)
        }
        let future = "lottie-snapshot 9\nfile: a.json\n\n"
        XCTAssertThrowsError(try AnimationSnapshot(parsing: future)) { error in
            XCTAssertEqual("\(error)", "line 1: snapshot format 9 is newer than this toolkit's (1)")
        }
        let badLine = try! snapshot(try! SampleEdits.home(), sampling: .frames([0])).text + "no frame here\n"
        XCTAssertThrowsError(try AnimationSnapshot(parsing: badLine)) { error in
            XCTAssertEqual("\(error)", "line \(badLine.split(separator: "\n", omittingEmptySubsequences: false).count - 1): "
                + "expected 'KEYPATH @FRAME VALUE', found 'no frame here'")
        }
    }
}
