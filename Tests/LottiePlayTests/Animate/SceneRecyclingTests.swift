import XCTest
import LottieModel
import TestSupport
@testable import LottiePlay

/// `Timeline.update(_:toFrame:)` writes a frame into the storage of the scene it replaces. The
/// scene must be the one `scene(atFrame:)` makes, in whatever order frames come; a copy of the
/// replaced scene kept elsewhere must not change; and paths that move are written where the
/// frame before kept them.
final class SceneRecyclingTests: XCTestCase {
    /// Two shape layers in a precomp drawn twice (so one program draws two layers of a scene),
    /// with a moving path (3 vertices, then 4) under a fill and a stroke (one list painted twice),
    /// a reversed ellipse whose size moves and a fixed rectangle painted by one fill (a merged
    /// list, one of its paths compiled once), and a layer matted by another.
    private static let assets = """
    [{"id": "pre", "layers": [
      {"ty": 4, "ind": 1, "nm": "morph", "ip": 0, "op": 60, "st": 0, "ks": {},
       "shapes": [
        {"ty": "sh", "ks": {"a": 1, "k": [
          {"t": 0, "s": [{"c": true, "v": [[0, 0], [10, 0], [10, 10]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}]},
          {"t": 20, "s": [{"c": true, "v": [[0, 0], [20, 0], [20, 20], [0, 20]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}]},
          {"t": 40, "s": [{"c": false, "v": [[5, 5], [25, 0], [20, 30], [0, 9]], "i": [[1, 0], [0, 2], [0, 0], [3, 3]], "o": [[0, 0], [0, 0], [4, 0], [0, 0]]}]}]}},
        {"ty": "st", "c": {"k": [0, 0, 0, 1]}, "o": {"k": 100}, "w": {"k": 2}},
        {"ty": "fl", "c": {"a": 1, "k": [{"t": 0, "s": [1, 0, 0, 1]}, {"t": 50, "s": [0, 0, 1, 1]}]}, "o": {"k": 100}}
       ]},
      {"ty": 4, "ind": 2, "nm": "rings", "ip": 10, "op": 60, "st": 0, "ks": {},
       "shapes": [{"ty": "gr", "it": [
        {"ty": "el", "d": 3, "p": {"k": [50, 50]}, "s": {"a": 1, "k": [{"t": 10, "s": [10, 20]}, {"t": 50, "s": [80, 40]}]}},
        {"ty": "rc", "p": {"k": [50, 50]}, "s": {"k": [30, 30]}, "r": {"k": 0}},
        {"ty": "fl", "c": {"k": [0, 1, 0, 1]}, "o": {"k": 100}},
        {"ty": "tr", "p": {"a": 1, "k": [{"t": 0, "s": [0, 0]}, {"t": 60, "s": [20, 5]}]}}]}]}
    ]}]
    """

    private static let layers = """
    [{"ty": 0, "ind": 1, "nm": "first", "refId": "pre", "w": 100, "h": 100, "ip": 0, "op": 60, "st": 0, "ks": {}},
     {"ty": 0, "ind": 2, "nm": "second", "refId": "pre", "w": 100, "h": 100, "ip": 0, "op": 60, "st": -7, "ks": {}},
     {"ty": 4, "ind": 3, "nm": "matte", "td": 1, "ip": 0, "op": 60, "st": 0, "ks": {},
      "shapes": [{"ty": "el", "p": {"k": [50, 50]}, "s": {"a": 1, "k": [{"t": 0, "s": [10, 10]}, {"t": 59, "s": [90, 90]}]}},
                 {"ty": "fl", "c": {"k": [1, 1, 1, 1]}, "o": {"k": 100}}]},
     {"ty": 4, "ind": 4, "nm": "matted", "tt": 1, "ip": 0, "op": 60, "st": 0, "ks": {}, "hasMask": true,
      "masksProperties": [{"mode": "a", "o": {"a": 1, "k": [{"t": 0, "s": [100]}, {"t": 59, "s": [40]}]}, "x": {"k": 0},
        "pt": {"a": 1, "k": [
          {"t": 0, "s": [{"c": true, "v": [[0, 0], [90, 0], [90, 90]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}]},
          {"t": 59, "s": [{"c": true, "v": [[10, 0], [100, 10], [50, 100]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}]}]}}],
      "shapes": [{"ty": "rc", "p": {"k": [50, 50]}, "s": {"a": 1, "k": [{"t": 0, "s": [100, 10]}, {"t": 59, "s": [10, 100]}]}, "r": {"k": 0}},
                 {"ty": "fl", "c": {"k": [0, 0, 0, 1]}, "o": {"k": 100}}]}]
    """

    private static func timeline() throws -> Timeline {
        try TimelineTests.timeline(layers: layers, assets: assets)
    }

    /// Forwards, backwards, and in jumps across the whole range (0.5 apart, so between keys).
    private static func frameOrders(_ timeline: Timeline) -> [[Double]] {
        let forwards = Array(stride(from: timeline.inPoint, through: timeline.outPoint, by: 0.5))
        let jumps = forwards.indices.map { forwards[($0 * 37) % forwards.count] }
        return [forwards, forwards.reversed(), jumps]
    }

    private static func assertSameScenes(_ timeline: Timeline, fresh: Timeline, name: String,
                                         file: StaticString = #filePath, line: UInt = #line) -> Int {
        var compared = 0
        for frames in frameOrders(timeline) {
            var scene = LottieScene(frame: 0, width: 0, height: 0, layers: [])
            for frame in frames {
                timeline.update(&scene, toFrame: frame)
                let expected = fresh.scene(atFrame: frame)
                // Not `XCTAssertEqual`: a failure would print two whole scenes.
                XCTAssertTrue(String(describing: scene) == String(describing: expected), "\(name) frame \(frame)",
                              file: file, line: line)
                compared += 1
            }
        }
        return compared
    }

    // MARK: Same scenes

    func testUpdatedScenesEqualScenesMadeAfresh() throws {
        let compared = Self.assertSameScenes(try Self.timeline(), fresh: try Self.timeline(), name: "layers")
        XCTAssertEqual(compared, 3 * 121)
    }

    /// The samples and corpus files with many moving shape layers, precomps drawn several times,
    /// mattes and text.
    func testUpdatedScenesOfRealFilesEqualScenesMadeAfresh() throws {
        var files = ["home.json", "user.json"].map { Corpus.samples.appendingPathComponent($0) }
        if let corpus = Corpus.root {
            files += ["lottie-web/demo/bodymovin/data.json", "thorvg.example/res/lottie/textblock.json",
                      "lottie-web/test/animations/bm_ronda.json"].map { corpus.appendingPathComponent($0) }
        }
        var compared = 0
        for file in files where FileManager.default.fileExists(atPath: file.path) {
            let animation = try LottieDecoder().decode(Data(contentsOf: file))
            let timeline = Timeline(animation)
            // Every third whole frame of the corpus files, forwards then backwards: they are long.
            if file.path.contains("corpus") {
                var scene = LottieScene(frame: 0, width: 0, height: 0, layers: [])
                let fresh = Timeline(animation)
                let frames = Array(stride(from: timeline.inPoint, to: timeline.outPoint, by: 3))
                for frame in frames + frames.reversed() {
                    timeline.update(&scene, toFrame: frame)
                    XCTAssertTrue(String(describing: scene) == String(describing: fresh.scene(atFrame: frame)),
                                  "\(file.lastPathComponent) frame \(frame)")
                    compared += 1
                }
            } else {
                compared += Self.assertSameScenes(timeline, fresh: Timeline(animation), name: file.lastPathComponent)
            }
        }
        XCTAssertGreaterThan(compared, 100)
    }

    /// A scene of another animation has storage to write into, and nothing else to give.
    func testASceneOfAnotherAnimationIsReplacedByThisOnesFrame() throws {
        let other = try TimelineTests.timeline(layers: """
        [{"ty": 4, "ind": 1, "nm": "other", "ip": 0, "op": 60, "st": 0, "ks": {},
          "shapes": [{"ty": "el", "p": {"k": [5, 5]}, "s": {"a": 1, "k": [{"t": 0, "s": [1, 1]}, {"t": 60, "s": [9, 9]}]}},
                     {"ty": "fl", "c": {"k": [1, 0, 0, 1]}, "o": {"k": 100}}]}]
        """)
        let timeline = try Self.timeline()
        for frame in [3.0, 17.5, 44] {
            var scene = other.scene(atFrame: frame)
            timeline.update(&scene, toFrame: frame)
            XCTAssertTrue(String(describing: scene) == String(describing: timeline.scene(atFrame: frame)), "frame \(frame)")
        }
    }

    // MARK: Storage

    func testACopyOfTheReplacedSceneIsLeftAsItWas() throws {
        let timeline = try Self.timeline()
        var scene = timeline.scene(atFrame: 12)
        let kept = scene
        let keptText = String(describing: kept)
        timeline.update(&scene, toFrame: 13)
        timeline.update(&scene, toProgress: 14.0 / 60)
        XCTAssertTrue(String(describing: kept) == keptText, "the copy changed")
        XCTAssertTrue(String(describing: scene) == String(describing: timeline.scene(atFrame: 14)), "frame 14")
    }

    /// Where the first drawing of the first layer drawn keeps its first path's vertices.
    private static func vertexStorage(_ scene: LottieScene, layer name: String) throws -> UInt {
        let layer = try XCTUnwrap(scene.flattenedLayers().first { $0.layer.name == name }?.layer)
        guard case .shapes(let drawings) = layer.content else { throw XCTSkip("no shapes") }
        let vertices = try XCTUnwrap(drawings.first?.paths.first?.vertices)
        return try XCTUnwrap(RecycledShapes.storage(of: vertices))
    }

    func testMovingPathsAreWrittenWhereTheFrameBeforeKeptThem() throws {
        let timeline = try Self.timeline()
        var scene = timeline.scene(atFrame: 20.5)
        var previous = (try Self.vertexStorage(scene, layer: "morph"), try Self.vertexStorage(scene, layer: "rings"))
        for frame in stride(from: 21.0, through: 30, by: 0.5) {
            timeline.update(&scene, toFrame: frame)
            let current = (try Self.vertexStorage(scene, layer: "morph"), try Self.vertexStorage(scene, layer: "rings"))
            XCTAssertEqual(current.0, previous.0, "path at frame \(frame)")
            XCTAssertEqual(current.1, previous.1, "ellipse at frame \(frame)")
            previous = current
        }
    }

    /// "rings" comes in at frame 10 of the precomp (3 of the second instance) below "morph": each
    /// "morph" keeps its own entry, and so writes its path where it was.
    func testALayerComingInLeavesTheOthersTheirOwnStorage() throws {
        let timeline = try Self.timeline()
        func morphStorages(_ scene: LottieScene) -> [UInt?] {
            scene.flattenedLayers().filter { $0.layer.name == "morph" }.map { entry in
                guard case .shapes(let drawings) = entry.layer.content else { return nil }
                return drawings.first?.paths.first.flatMap { RecycledShapes.storage(of: $0.vertices) }
            }
        }
        var scene = timeline.scene(atFrame: 1)
        timeline.update(&scene, toFrame: 1.5)
        let storages = morphStorages(scene)
        XCTAssertEqual(storages.count, 2)
        XCTAssertFalse(storages.contains(nil))
        for frame in stride(from: 2.0, through: 12, by: 0.5) {
            timeline.update(&scene, toFrame: frame)
            XCTAssertEqual(morphStorages(scene), storages, "frame \(frame)")
        }
        XCTAssertEqual(scene.flattenedLayers().filter { $0.layer.name == "rings" }.count, 2)
    }

    /// A null below a shape layer (so evaluated first) is not listed: the shape layer's entry,
    /// in the place the null would have taken, stays the shape layer's.
    func testANullLayerLeavesTheNextLayerItsStorage() throws {
        let dot = #", "parent": 2, "shapes": [{"ty": "el", "p": {"k": [0, 0]}, "s": {"a": 1, "k": [{"t": 0, "s": [4, 4]}, {"t": 30, "s": [40, 20]}]}}, {"ty": "fl", "c": {"k": [0, 0, 0, 1]}, "o": {"k": 100}}]"#
        let handle = #"{"a": 1, "k": [{"t": 0, "s": [10, 10]}, {"t": 30, "s": [60, 80]}]}"#
        let layers = "[\(TimelineTests.layer(1, type: 4, name: "dot", extra: dot)), \(TimelineTests.layer(2, name: "handle", ks: #"{"p": \#(handle)}"#))]"
        let timeline = try TimelineTests.timeline(layers: layers)
        var scene = timeline.scene(atFrame: 2)
        timeline.update(&scene, toFrame: 2.5)
        let storage = try Self.vertexStorage(scene, layer: "dot")
        for frame in stride(from: 3.0, through: 25, by: 0.5) {
            timeline.update(&scene, toFrame: frame)
            XCTAssertEqual(try Self.vertexStorage(scene, layer: "dot"), storage, "frame \(frame)")
            XCTAssertTrue(String(describing: scene) == String(describing: timeline.scene(atFrame: frame)), "frame \(frame)")
        }
        XCTAssertEqual(scene.layers.map(\.name), ["dot"])
    }

    /// "late" (a shape layer from frame 20) and "inner" (in a precomp shown until frame 30) leave
    /// and come back, as a looping player brings them: each comes back to the drawings it left
    /// with, its frame written over them.
    func testALayerComingBackWritesOverTheDrawingsItLeftWith() throws {
        let ellipse = #", "shapes": [{"ty": "el", "p": {"k": [0, 0]}, "s": {"a": 1, "k": [{"t": 0, "s": [4, 4]}, {"t": 60, "s": [40, 20]}]}}, {"ty": "fl", "c": {"k": [0, 0, 0, 1]}, "o": {"k": 100}}]"#
        let assets = "[{\"id\": \"pre\", \"layers\": [\(TimelineTests.layer(1, type: 4, name: "inner", extra: ellipse))]}]"
        let layers = """
        [\(TimelineTests.layer(1, type: 4, name: "late", extra: ellipse, ip: 20)),
         \(TimelineTests.layer(2, type: 0, name: "pre", extra: #", "refId": "pre", "w": 100, "h": 100"#, op: 30)),
         \(TimelineTests.layer(3, type: 4, name: "always", extra: ellipse))]
        """
        let timeline = try TimelineTests.timeline(layers: layers, assets: assets)
        var scene = timeline.scene(atFrame: 25)
        timeline.update(&scene, toFrame: 25.5)
        let late = try Self.vertexStorage(scene, layer: "late")
        let inner = try Self.vertexStorage(scene, layer: "inner")
        for frame in [10.0, 40, 26, 5, 27.5] {
            timeline.update(&scene, toFrame: frame)
            XCTAssertTrue(String(describing: scene) == String(describing: timeline.scene(atFrame: frame)), "frame \(frame)")
        }
        XCTAssertEqual(try Self.vertexStorage(scene, layer: "late"), late)
        XCTAssertEqual(try Self.vertexStorage(scene, layer: "inner"), inner)
        // A copy holds the same parked content: each update then keeps its own.
        timeline.update(&scene, toFrame: 40)
        var copy = scene
        let kept = String(describing: copy)
        timeline.update(&scene, toFrame: 25)
        XCTAssertEqual(String(describing: copy), kept)
        timeline.update(&copy, toFrame: 26)
        XCTAssertTrue(String(describing: scene) == String(describing: timeline.scene(atFrame: 25)))
        XCTAssertTrue(String(describing: copy) == String(describing: timeline.scene(atFrame: 26)))
    }

    /// The mask of "matted" moves: its outline is written over the one of the frame before.
    func testAMovingMaskIsWrittenWhereTheFrameBeforeKeptIt() throws {
        let timeline = try Self.timeline()
        func maskStorage(_ scene: LottieScene) throws -> UInt {
            let layer = try XCTUnwrap(scene.flattenedLayers().first { $0.layer.name == "matted" }?.layer)
            let mask = try XCTUnwrap(layer.masks.first)
            return try XCTUnwrap(RecycledShapes.storage(of: mask.path.vertices))
        }
        var scene = timeline.scene(atFrame: 3)
        timeline.update(&scene, toFrame: 3.5)
        let storage = try maskStorage(scene)
        for frame in stride(from: 4.0, through: 40, by: 0.5) {
            timeline.update(&scene, toFrame: frame)
            XCTAssertEqual(try maskStorage(scene), storage, "frame \(frame)")
        }
        XCTAssertEqual(scene.flattenedLayers().first { $0.layer.name == "matted" }?.layer.masks.first?.opacity ?? 0,
                       1 - 0.6 * 40 / 59, accuracy: 1e-12)
    }
}
