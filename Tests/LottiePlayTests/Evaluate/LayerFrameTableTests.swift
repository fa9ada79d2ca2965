import XCTest
import LottieModel
import TestSupport
@testable import LottiePlay

/// `LayerFrameTable` says, for each whole frame, which layers of a composition are listed and the
/// still stretches of their placement and shapes: what the layers' own checks say, read from one
/// row. A scene made with the tables must be the scene made without them.
final class LayerFrameTableTests: XCTestCase {
    /// A layer moving until frame 10, held until 20, then still; a hidden layer; a null from 5 to
    /// 25; a still layer from 10 to 20; a layer whose position and ellipse hold over stretches
    /// that do not line up (held at 0, 5, 15 and 25; 0, 10 and 20), so that reading one's stretch
    /// for the other would draw a kept ellipse at the wrong size. Out points up to 30: a table of
    /// frames 0 to 29.
    private static let json = """
    {"v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100, "layers": [
      {"ty": 4, "nm": "moving", "ind": 1, "ip": 0, "op": 30, "st": 0,
       "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [0, 0]}, {"t": 10, "s": [50, 0], "h": 1}, {"t": 20, "s": [60, 0]}]}},
       "shapes": [{"ty": "el", "p": {"a": 0, "k": [0, 0]},
                   "s": {"a": 1, "k": [{"t": 0, "s": [10, 10]}, {"t": 5, "s": [20, 20]}]}},
                  {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]},
      {"ty": 4, "nm": "hidden", "ind": 2, "hd": true, "ip": 0, "op": 30, "st": 0, "ks": {},
       "shapes": [{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [4, 4]}, "r": {"a": 0, "k": 0}},
                  {"ty": "fl", "c": {"a": 0, "k": [0, 0, 1, 1]}, "o": {"a": 0, "k": 100}}]},
      {"ty": 3, "nm": "null", "ind": 3, "ip": 5, "op": 25, "st": 0, "ks": {}},
      {"ty": 4, "nm": "late", "ind": 4, "ip": 10, "op": 20, "st": 0, "ks": {},
       "shapes": [{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [8, 8]}, "r": {"a": 0, "k": 0}},
                  {"ty": "fl", "c": {"a": 0, "k": [0, 1, 0, 1]}, "o": {"a": 0, "k": 100}}]},
      {"ty": 4, "nm": "held", "ind": 5, "ip": 0, "op": 30, "st": 0,
       "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [0, 0], "h": 1}, {"t": 5, "s": [5, 0], "h": 1},
                                  {"t": 15, "s": [15, 0], "h": 1}, {"t": 25, "s": [25, 0]}]}},
       "shapes": [{"ty": "el", "p": {"a": 0, "k": [0, 0]},
                   "s": {"a": 1, "k": [{"t": 0, "s": [10, 10], "h": 1}, {"t": 10, "s": [20, 20], "h": 1},
                                       {"t": 20, "s": [30, 30]}]}},
                  {"ty": "fl", "c": {"a": 0, "k": [0, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]}]}
    """

    private static func timeline(frameTableEntries: Int = LayerFrameTable.maxEntriesPerTimeline) throws -> Timeline {
        let animation = try JSONDecoder().decode(Animation.self, from: Data(json.utf8))
        return Timeline(animation, limits: .default, frameTableEntries: frameTableEntries)
    }

    /// The root row at `frame`: (listing entry, shapes entry) per layer, top first.
    private static func row(_ timeline: Timeline, at frame: Double,
                            inclusiveEnd: Bool = false) -> [[Int16]]? {
        timeline.rootTable.withRow(at: frame, inclusiveEnd: inclusiveEnd) { row in
            row.map { row in timeline.root.indices.map { [row[2 * $0], row[2 * $0 + 1]] } }
        }
    }

    func testARowIsWhatEachLayerSaysAtItsFrame() throws {
        let timeline = try Self.timeline()
        let (skipped, counted, moving, unknown) = (LayerFrameTable.skipped, LayerFrameTable.counted,
                                                   LayerFrameTable.moving, LayerFrameTable.unknown)
        // The moving layer's placement: stretches (-inf, 0) [0, 10) [10, 20) [20, inf), the second
        // moving; its ellipse: (-inf, 0) [0, 5) [5, inf), the second moving. The hidden and late
        // layers draw rectangles made once (no still stretches to look up); the null has no shapes.
        // The held layer's placement: (-inf, 0) [0, 5) [5, 15) [15, 25) [25, inf); its ellipse:
        // (-inf, 0) [0, 10) [10, 20) [20, inf), all still.
        XCTAssertEqual(Self.row(timeline, at: 0), [[moving, moving], [skipped, moving], [skipped, unknown],
                                                    [skipped, moving], [1, 1]])
        XCTAssertEqual(Self.row(timeline, at: 7), [[moving, 2], [skipped, moving], [counted, unknown],
                                                    [skipped, moving], [2, 1]])
        XCTAssertEqual(Self.row(timeline, at: 12), [[2, 2], [skipped, moving], [counted, unknown],
                                                     [moving, moving], [2, 2]])
        XCTAssertEqual(Self.row(timeline, at: 29), [[3, 2], [skipped, moving], [skipped, unknown],
                                                     [skipped, moving], [4, 3]])
    }

    func testFramesTheTableDoesNotHoldAreLeftToTheLayers() throws {
        let timeline = try Self.timeline()
        for frame in [12.5, 0.25, -1, 30, 31, .nan, .infinity, -.infinity] {
            XCTAssertNil(Self.row(timeline, at: frame), "frame \(frame)")
        }
        XCTAssertNil(Self.row(timeline, at: 12, inclusiveEnd: true), "out points count as inside at the end")
    }

    func testTablesKeepToTheTimelinesBudget() throws {
        let layers = try Self.timeline().root
        var left = 100
        let short = LayerFrameTable(layers, reach: FrameReach(low: 0, high: 30), left: &left)
        XCTAssertEqual(left, 0, "5 layers over 20 of the 30 frames")
        XCTAssertNotNil(short.withRow(at: 19, inclusiveEnd: false) { $0 })
        XCTAssertNil(short.withRow(at: 20, inclusiveEnd: false) { $0 })
        let none = LayerFrameTable(layers, reach: FrameReach(low: 0, high: 30), left: &left)
        XCTAssertNil(none.withRow(at: 0, inclusiveEnd: false) { $0 })
        XCTAssertNil(Self.row(try Self.timeline(frameTableEntries: 0), at: 12))
    }

    func testATableHoldsTheFramesItsCompositionIsEvaluatedAt() throws {
        let layers = try Self.timeline().root
        var left = LayerFrameTable.maxEntriesPerTimeline
        // Frames 12 to 29: from the reach's first whole frame to the last out point (30).
        let late = LayerFrameTable(layers, reach: FrameReach(low: 11.5, high: 40), left: &left)
        XCTAssertNil(late.withRow(at: 11, inclusiveEnd: false) { $0 })
        XCTAssertEqual(late.withRow(at: 12, inclusiveEnd: false) { $0.map { [$0[0], $0[1]] } }, [2, 2])
        XCTAssertNotNil(late.withRow(at: 29, inclusiveEnd: false) { $0 })
        XCTAssertNil(late.withRow(at: 30, inclusiveEnd: false) { $0 })
        XCTAssertEqual(left, LayerFrameTable.maxEntriesPerTimeline - 18 * layers.count)
        let far = LayerFrameTable(layers, reach: FrameReach(low: 2e9, high: 3e9), left: &left)
        XCTAssertNil(far.withRow(at: 2e9, inclusiveEnd: false) { $0 })
    }

    /// The root goes over frames 0 to 30. Precomp A is shown from 10 to 20, started at 5 and
    /// stretched twice: its frames 2.5 to 7.5; it shows B from its frame 4 on, started at -10:
    /// B's frames 14 to 17.5. C is shown through time remapping (any frame); D never.
    func testAPrecompsReachIsWhereTheLayersShowingItAreDrawn() throws {
        let json = """
        {"v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100,
         "assets": [
          {"id": "A", "layers": [{"ty": 0, "refId": "B", "ip": 4, "op": 100, "st": -10, "ks": {}}]},
          {"id": "B", "layers": [{"ty": 3, "ip": 0, "op": 100, "st": 0, "ks": {}}]},
          {"id": "C", "layers": [{"ty": 3, "ip": 0, "op": 100, "st": 0, "ks": {}}]},
          {"id": "D", "layers": [{"ty": 3, "ip": 0, "op": 100, "st": 0, "ks": {}}]}],
         "layers": [
          {"ty": 0, "refId": "A", "ip": 10, "op": 20, "st": 5, "sr": 2, "ks": {}},
          {"ty": 0, "refId": "C", "ip": 0, "op": 30, "st": 0, "ks": {},
           "tm": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 30, "s": [1]}]}},
          {"ty": 0, "refId": "D", "ip": 40, "op": 50, "st": 0, "ks": {}}]}
        """
        let animation = try JSONDecoder().decode(Animation.self, from: Data(json.utf8))
        var compiler = TimelineCompiler(animation: animation, limits: .default)
        let root = compiler.compileLayers(animation.layers, pathPrefix: "layers")
        let reaches = FrameReach.reaches(of: compiler.precompLists, from: root, over: 0...30)
        let placeA = try XCTUnwrap(root[0].precomp?.place)
        let placeB = try XCTUnwrap(compiler.precompLists[placeA].first?.precomp?.place)
        let (placeC, placeD) = (try XCTUnwrap(root[1].precomp?.place), try XCTUnwrap(root[2].precomp?.place))
        XCTAssertEqual(reaches[placeA], FrameReach(low: 2.5, high: 7.5))
        XCTAssertEqual(reaches[placeB], FrameReach(low: 14, high: 17.5))
        XCTAssertEqual(reaches[placeC], FrameReach(low: -.infinity, high: .infinity))
        XCTAssertNil(reaches[placeD])
    }

    // MARK: Scenes

    func testScenesMadeWithTablesAreScenesMadeWithout() throws {
        var animations = try ["home.json", "user.json"].map {
            ($0, try LottieDecoder().decode(Data(contentsOf: Corpus.samples.appendingPathComponent($0))))
        }
        animations.append(("table fixture", try JSONDecoder().decode(Animation.self, from: Data(Self.json.utf8))))
        // Precomps, mattes and parents of others (skipped without the corpus).
        for file in ["rlottie/example/resource/settings.json", "rlottie/example/resource/1643-exploding-star.json",
                     "dotlottie-web/fixtures/editor.json"] where Corpus.root != nil {
            animations.append((file, try LottieDecoder().decode(Corpus.data(file))))
        }
        for (name, animation) in animations {
            let tabled = Timeline(animation)
            let untabled = Timeline(animation, limits: .default, frameTableEntries: 0)
            // Whole frames (all read from the tables, what is kept over still stretches too), then
            // half frames (every other one read without them).
            for step in [1.0, 0.5] {
                var scene = Scene(frame: 0, width: 0, height: 0, layers: [])
                for frame in stride(from: tabled.inPoint - 2, through: tabled.outPoint + 2, by: step) {
                    tabled.update(&scene, toFrame: frame)
                    // Not `XCTAssertEqual`: a failure would print two whole scenes.
                    XCTAssertTrue(String(describing: scene) == String(describing: untabled.scene(atFrame: frame)),
                                  "\(name) frame \(frame)")
                }
            }
        }
    }
}
