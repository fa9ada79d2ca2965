import XCTest
import LottieModel
import TestSupport
@testable import LottiePlay

/// Still stretches of tracks, and the drawings and matrices kept over them from frame to frame:
/// a frame made from what was kept must be the frame evaluation makes afresh.
final class StillSpansTests: XCTestCase {
    // MARK: Stretches

    private static func track(_ keyframes: String) throws -> PropertyTrack<Double> {
        let property = try JSONDecoder().decode(Animatable<Double>.self, from: Data(#"{"a": 1, "k": \#(keyframes)}"#.utf8))
        return PropertyTrack(property, fallback: 0, context: ValueContext())
    }

    private static func spans(_ tracks: [PropertyTrack<Double>]) -> StillSpans? {
        var motion = MotionCollector()
        for track in tracks { motion.add(track) }
        return motion.spans()
    }

    func testStretchesAreStillBeforeTheFirstKeyInHoldsOnEqualValuesAndAfterTheLast() throws {
        // 0 -> 10 moves; 10 holds until 20; 20 -> 30 keeps 5 (same value both ends); 30 -> 40 moves.
        let track = try Self.track("""
        [{"t": 0, "s": [0], "o": {"x": [0.3], "y": [0]}, "i": {"x": [0.7], "y": [1]}},
         {"t": 10, "s": [5], "h": 1}, {"t": 20, "s": [5]}, {"t": 30, "s": [5]}, {"t": 40, "s": [9]}]
        """)
        let spans = try XCTUnwrap(Self.spans([track]))
        // Stretches: (-inf, 0) [0, 10) [10, 20) [20, 30) [30, 40) [40, +inf).
        XCTAssertEqual(spans.span(at: -3), 0)
        XCTAssertNil(spans.span(at: 0), "the first segment starts moving at its key")
        XCTAssertNil(spans.span(at: 9.999))
        XCTAssertEqual(spans.span(at: 10), 2, "a hold is still from its key")
        XCTAssertEqual(spans.span(at: 19.5), 2)
        XCTAssertEqual(spans.span(at: 20), 3, "a segment from 5 to 5 is still")
        XCTAssertNil(spans.span(at: 30))
        XCTAssertEqual(spans.span(at: 40), 5)
        XCTAssertEqual(spans.span(at: 1e9), 5)
        XCTAssertEqual(spans.span(at: .nan), 0, "like the track, a NaN frame reads the first value")
        // What the stretches promise: the value is the same all through each still one.
        for (from, to) in [(-5.0, -0.001), (10, 19.999), (20, 29.999), (40, 90)] {
            XCTAssertEqual(track.value(at: from), track.value(at: to), "\(from)...\(to)")
        }
    }

    func testAStretchIsStillOnlyWhenEveryTrackIsStill() throws {
        let early = try Self.track(#"[{"t": 0, "s": [0]}, {"t": 10, "s": [1]}]"#)
        let late = try Self.track(#"[{"t": 20, "s": [0]}, {"t": 30, "s": [1]}]"#)
        let spans = try XCTUnwrap(Self.spans([early, late]))
        XCTAssertEqual(spans.span(at: -1), 0)
        XCTAssertNil(spans.span(at: 5))
        XCTAssertEqual(spans.span(at: 15), 2)
        XCTAssertNil(spans.span(at: 25))
        XCTAssertEqual(spans.span(at: 35), 4)
        let always = try Self.track(#"[{"t": -100, "s": [0]}, {"t": 100, "s": [1]}]"#)
        let overlapping = try XCTUnwrap(Self.spans([early, late, always]))
        XCTAssertNil(overlapping.span(at: 15), "a third track moves through the gap")
        XCTAssertEqual(overlapping.span(at: 100), 6, "cuts at -100, 0, 10, 20, 30 and 100")
    }

    func testTracksThatNeverStopGiveNoStretches() throws {
        var motion = MotionCollector()
        motion.add(try Self.track(#"[{"t": 0, "s": [0]}, {"t": 10, "s": [1]}]"#))
        motion.addAlwaysMoving()
        XCTAssertNil(motion.spans())
    }

    // MARK: Kept drawings

    /// A layer whose path moves from 0 to 10, holds until 20, moves until 30 and then stays;
    /// its fill colour holds from 5 to 25 (so 10...20 is the only still stretch inside).
    private static let morphingLayer = """
    [{"ty": 4, "ind": 1, "nm": "morph", "ip": 0, "op": 60, "st": 0,
      "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [0, 0]}, {"t": 10, "s": [20, 10], "h": 1}, {"t": 40, "s": [30, 10]}]}},
      "shapes": [
        {"ty": "sh", "ks": {"a": 1, "k": [
          {"t": 0, "s": [{"c": true, "v": [[0, 0], [10, 0], [10, 10]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}]},
          {"t": 10, "s": [{"c": true, "v": [[0, 0], [20, 0], [20, 20]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}], "h": 1},
          {"t": 20, "s": [{"c": true, "v": [[0, 0], [20, 0], [20, 20]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}]},
          {"t": 30, "s": [{"c": true, "v": [[5, 5], [25, 0], [20, 30]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}]}]}},
        {"ty": "fl", "c": {"a": 1, "k": [{"t": 5, "s": [1, 0, 0, 1], "h": 1}, {"t": 25, "s": [0, 0, 1, 1]}]}, "o": {"k": 100}}
      ]}]
    """

    private static func shapes(_ scene: LottieScene) throws -> [ShapeDrawing] {
        guard case .shapes(let drawings) = try XCTUnwrap(scene.layers.first).content else {
            throw XCTSkip("no shape content")
        }
        return drawings
    }

    private static func storage(_ drawings: [ShapeDrawing]) -> UnsafeRawPointer? {
        drawings.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    func testFramesOfAStillStretchShareOneEvaluation() throws {
        let timeline = try TimelineTests.timeline(layers: Self.morphingLayer)
        var kept: [Double: [ShapeDrawing]] = [:]
        for frame in stride(from: 0.0, through: 45, by: 0.5) {
            let scene = timeline.scene(atFrame: frame)
            let fresh = try TimelineTests.timeline(layers: Self.morphingLayer).scene(atFrame: frame)
            XCTAssertEqual(String(describing: scene.layers), String(describing: fresh.layers), "frame \(frame)")
            kept[frame] = try Self.shapes(scene)
        }
        let first = try XCTUnwrap(kept[10])
        XCTAssertEqual(first[0].paths[0].vertices, [Vector2(x: 0, y: 0), Vector2(x: 20, y: 0), Vector2(x: 20, y: 20)])
        for frame in [12.5, 15, 19.5] {
            XCTAssertEqual(Self.storage(try XCTUnwrap(kept[frame])), Self.storage(first),
                           "frame \(frame) reuses the drawings of frame 10")
        }
        XCTAssertNotEqual(Self.storage(try XCTUnwrap(kept[20])), Self.storage(first), "20 starts a new stretch")
        XCTAssertNotEqual(Self.storage(try XCTUnwrap(kept[9.5])), Self.storage(try XCTUnwrap(kept[9])), "moving")
    }

    func testKeptDrawingsNeedTheBudgetTheyWereMadeWith() throws {
        let timeline = try TimelineTests.timeline(layers: Self.morphingLayer)
        let graph = GraphState()
        /// The vertices left in the last frame's budget.
        var verticesLeft = 0
        /// The layer's drawings at `frame`, evaluated with `graph` and `vertices` in the frame's budget.
        func drawings(at frame: Double, vertices: Int) throws -> [ShapeDrawing] {
            var counts = graph.beginFrame(limits: timeline.limits)
            counts.verticesLeft = vertices
            var layers: [SceneLayer] = []
            var evaluator = FrameEvaluator(compiled: timeline.compiled, limits: timeline.limits,
                                           frameRate: timeline.frameRate, inclusiveEnd: false, graph: graph, counts: counts)
            evaluator.list(timeline.root, state: graph.root, at: frame, size: .zero, parentTransform: .identity, depth: 0,
                           over: &layers)
            verticesLeft = evaluator.counts.verticesLeft
            graph.endFrame(evaluator.counts, limits: timeline.limits)
            return try Self.shapes(LottieScene(frame: frame, width: 0, height: 0, layers: layers))
        }
        let roomy = try drawings(at: 12, vertices: 1000)
        XCTAssertEqual(roomy.count, 1)
        XCTAssertEqual(verticesLeft, 1000 - 4, "three vertices and the drawing")
        // Three vertices fit in the slots, but the drawing needs four: nothing is drawn, as afresh.
        XCTAssertEqual(try drawings(at: 13, vertices: 3).count, 0)
        XCTAssertEqual(verticesLeft, 3)
        // A frame of the same stretch with room again makes the drawings again, as they were.
        let again = try drawings(at: 14, vertices: 1000)
        XCTAssertEqual(String(describing: again), String(describing: roomy))
        // And the one after takes them as they are.
        XCTAssertEqual(Self.storage(try drawings(at: 15, vertices: 1000)), Self.storage(again))
    }

    func testLayerMatricesHoldOverTheirStillStretches() throws {
        let timeline = try TimelineTests.timeline(layers: Self.morphingLayer)
        for frame in [5.0, 10, 25, 39.9, 40, 50] {
            let scene = timeline.scene(atFrame: frame)
            let fresh = try TimelineTests.timeline(layers: Self.morphingLayer).scene(atFrame: frame)
            XCTAssertEqual(try XCTUnwrap(scene.layers.first).transform, try XCTUnwrap(fresh.layers.first).transform)
        }
        XCTAssertEqual(try XCTUnwrap(timeline.scene(atFrame: 25).layers.first).transform.tx, 20, "held position")
    }

    func testAutoOrientedLayersAreNeverTakenForStill() throws {
        // A hold along a curve: the position stays, but auto-orient turns with the curve's tangent.
        let layer = """
        [{"ty": 4, "ind": 1, "nm": "oriented", "ao": 1, "ip": 0, "op": 60, "st": 0,
          "ks": {"p": {"a": 1, "k": [
            {"t": 0, "s": [0, 0], "h": 1, "to": [0, 50], "ti": [0, 50]}, {"t": 20, "s": [100, 0]}]}},
          "shapes": [{"ty": "rc", "p": {"k": [0, 0]}, "s": {"k": [10, 10]}, "r": {"k": 0}},
                     {"ty": "fl", "c": {"k": [1, 0, 0, 1]}, "o": {"k": 100}}]}]
        """
        let timeline = try TimelineTests.timeline(layers: layer)
        var matrices: [AffineMatrix] = []
        for frame in stride(from: 0.0, to: 20, by: 2) {
            let kept = try XCTUnwrap(timeline.scene(atFrame: frame).layers.first).transform
            let fresh = try XCTUnwrap(TimelineTests.timeline(layers: layer).scene(atFrame: frame).layers.first).transform
            XCTAssertEqual(kept, fresh, "frame \(frame)")
            matrices.append(kept)
        }
        XCTAssertNotEqual(matrices.first, matrices.last, "the layer turns during the hold")
    }

    // MARK: Real files

    /// Scenes of every frame in order (the kept drawings and matrices in use) against the same
    /// frames evaluated by a timeline that has kept nothing, for the samples and two corpus files
    /// with many layers that move and stop (text appearing, shapes morphing).
    func testFramesInOrderEqualFramesEvaluatedAfresh() throws {
        var files = ["home.json", "user.json"].map { Corpus.samples.appendingPathComponent($0) }
        if let corpus = Corpus.root {
            files += ["thorvg.example/res/lottie/textblock.json", "lottie-web/demo/bodymovin/data.json"]
                .map { corpus.appendingPathComponent($0) }
        }
        var compared = 0
        for file in files where FileManager.default.fileExists(atPath: file.path) {
            let animation = try LottieDecoder().decode(Data(contentsOf: file))
            let timeline = Timeline(animation)
            let frames = Array(stride(from: timeline.inPoint, to: timeline.outPoint, by: 1))
            let sampled = Set(frames.enumerated().filter { $0.offset % 11 == 3 }.map(\.element))
            for frame in frames {
                let scene = timeline.scene(atFrame: frame)
                guard sampled.contains(frame) else { continue }
                let fresh = Timeline(animation).scene(atFrame: frame)
                XCTAssertEqual(String(describing: scene.layers), String(describing: fresh.layers),
                               "\(file.lastPathComponent) frame \(frame)")
                compared += 1
            }
        }
        // The samples give 9 frames (6 of home.json's 60, 3 of user.json's 30); the corpus files many more.
        if Corpus.root == nil { XCTAssertEqual(compared, 9) } else { XCTAssertGreaterThan(compared, 20) }
    }
}
