import XCTest
import LottieModel
@testable import LottiePlay

/// A layer whose opacity is 0 at a frame draws nothing (the renderers skip it): it is listed with
/// its matrix and opacity, and what it would draw (a precomp's layers included) is not evaluated,
/// as rlottie skips updating a layer whose alpha is 0. Its content is kept for when it shows again.
final class TransparentLayerTests: XCTestCase {
    private static let triangle = #"{"c": true, "v": [[0, 0], [10, 0], [10, 10]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}"#
    private static let square = #"{"c": true, "v": [[0, 0], [20, 0], [20, 20], [0, 20]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}"#
    /// Moves from the triangle at frame 0 to the square at frame 40 (linear).
    private static let movingPath = #"{"ty": "sh", "ks": {"a": 1, "k": [{"t": 0, "s": [\#(triangle)], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 40, "s": [\#(square)]}]}}"#
    private static let fill = #"{"ty": "fl", "c": {"k": [1, 0, 0, 1]}, "o": {"k": 100}}"#
    /// Opacity 100 until frame 10, down to 0 at 20 (linear), held until 30, back to 100 at 40.
    private static let fading = #"{"o": {"a": 1, "k": [{"t": 10, "s": [100], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 20, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 40, "s": [100]}]}}"#

    /// "fading": a shape layer whose path moves and whose opacity fades out and back;
    /// "clear": a precomp at opacity 0 showing a shape layer.
    private static func timeline() throws -> Timeline {
        let shapes = #", "shapes": [\#(movingPath), \#(fill)]"#
        let inner = TimelineTests.layer(1, type: 4, name: "inner", extra: shapes)
        let assets = #"[{"id": "comp", "layers": [\#(inner)]}]"#
        let layers = """
        [\(TimelineTests.layer(1, type: 4, name: "fading", extra: shapes, ks: fading)),
         \(TimelineTests.layer(2, type: 0, name: "clear", extra: #", "refId": "comp", "w": 100, "h": 100"#,
                                ks: #"{"o": {"k": 0}}"#))]
        """
        return try TimelineTests.timeline(layers: layers, assets: assets)
    }

    private static func layer(_ name: String, in scene: LottieScene) throws -> SceneLayer {
        try XCTUnwrap(scene.layers.first { $0.name == name }, "no layer \(name)")
    }

    func testALayerAtOpacityZeroIsListedWithoutItsContent() throws {
        let timeline = try Self.timeline()
        let transparent = try Self.layer("fading", in: timeline.scene(atFrame: 25))
        XCTAssertEqual(transparent.opacity, 0)
        XCTAssertEqual(transparent.localFrame, 25)
        guard case .empty = transparent.content else { return XCTFail("expected no content, got \(transparent.content)") }
        // Frame 15: half faded, drawn. The path is 15/40 of the way from the triangle to the
        // square: its second vertex at (10 + 10 * 15 / 40, 0).
        let shown = try Self.layer("fading", in: timeline.scene(atFrame: 15))
        XCTAssertEqual(shown.opacity, 0.5, accuracy: 1e-12)
        let drawings = try Self.drawings(of: shown)
        XCTAssertEqual(drawings.first?.paths.first?.vertices[1], Vector2(13.75, 0))
    }

    func testASummarySaysWhyATransparentLayerDrawsNothing() throws {
        let timeline = try Self.timeline()
        let summary = SceneSummary(timeline.scene(atFrame: 25), timeline: timeline)
        XCTAssertEqual(summary.layers.map(\.content), ["nothing (opacity 0)", "nothing (opacity 0)"])
        XCTAssertEqual(SceneSummary(timeline.scene(atFrame: 5), timeline: timeline).layers.first?.content,
                       "1 drawing, 1 path")
    }

    func testAPrecompAtOpacityZeroEvaluatesNoneOfItsLayers() throws {
        let clear = try Self.layer("clear", in: try Self.timeline().scene(atFrame: 5))
        XCTAssertEqual(clear.opacity, 0)
        guard case .empty = clear.content else { return XCTFail("expected no content, got \(clear.content)") }
    }

    /// A looping player goes from drawn to transparent and back: at every frame the scene is the
    /// one made afresh, and once the storage has grown, the path shown again is written where it
    /// was (the content was kept while the layer was transparent, not made again).
    func testALayerShowingAgainWritesOverTheContentItHad() throws {
        var storages = Set<UInt>()
        try Self.playThreeLoops(try Self.timeline()) { scene, frame in
            guard frame < 20 || frame > 30 else { return }
            storages.insert(try Self.vertexStorage(of: "fading", in: scene))
        }
        XCTAssertEqual(storages.count, 1, "the path stays where it was")
    }

    /// Three precomp layers show one precomp whose layer fades out and back: the instances' layers
    /// share their compiled layer's slot, and each gets content of its own back (any instance's
    /// serves), so a looping player makes no new paths.
    func testInstancesOfOnePrecompEachGetContentBack() throws {
        // Moving at every frame: over a still stretch the instances would share one list.
        let path = Self.movingPath.replacingOccurrences(of: #""t": 40"#, with: #""t": 60"#)
        let shapes = #", "shapes": [\#(path), \#(Self.fill)]"#
        let puff = TimelineTests.layer(1, type: 4, name: "puff", extra: shapes, ks: Self.fading)
        let assets = #"[{"id": "puff", "layers": [\#(puff)]}]"#
        let instances = (1...3).map {
            TimelineTests.layer($0, type: 0, name: "instance \($0)", extra: #", "refId": "puff", "w": 100, "h": 100"#)
        }
        let timeline = try TimelineTests.timeline(layers: "[\(instances.joined(separator: ","))]", assets: assets)
        var storages = Set<UInt>()
        try Self.playThreeLoops(timeline) { scene, _ in
            for instance in scene.layers {
                guard case .precomp(let layers, _) = instance.content, let puff = layers.first,
                      case .shapes(let drawings) = puff.content,
                      let path = drawings.first?.paths.first else { continue }
                storages.insert(try XCTUnwrap(RecycledShapes.storage(of: path.vertices)))
            }
        }
        XCTAssertEqual(storages.count, 3, "one path's storage per instance, all through two loops")
    }

    /// A layer with a track matte fades out and back: its matte is kept with its content, and the
    /// matte source's path is written where it was.
    func testALayerShowingAgainKeepsItsMatte() throws {
        let shapes = #", "shapes": [\#(Self.movingPath), \#(Self.fill)]"#
        let matte = TimelineTests.layer(1, type: 4, name: "matte", extra: #", "td": 1"# + shapes)
        let matted = TimelineTests.layer(2, type: 4, name: "matted", extra: #", "tt": 1"# + shapes, ks: Self.fading)
        let timeline = try TimelineTests.timeline(layers: "[\(matte), \(matted)]")
        var storages = Set<UInt>()
        try Self.playThreeLoops(timeline) { scene, frame in
            let layer = try Self.layer("matted", in: scene)
            guard frame < 20 || frame > 30 else { return XCTAssertNil(layer.matte, "frame \(frame): transparent") }
            let source = try XCTUnwrap(layer.matte?.source, "frame \(frame)")
            let path = try XCTUnwrap(try Self.drawings(of: source).first?.paths.first)
            storages.insert(try XCTUnwrap(RecycledShapes.storage(of: path.vertices)))
        }
        XCTAssertEqual(storages.count, 1, "the matte source's path stays where it was")
    }

    /// Plays every whole frame of a 60-frame timeline three times over one scene, and checks
    /// each frame of the last two loops against the scene made afresh before `body` looks at it.
    private static func playThreeLoops(_ timeline: Timeline, _ body: (LottieScene, Double) throws -> Void) throws {
        let frames = (0..<60).map(Double.init)
        var scene = LottieScene(frame: 0, width: 0, height: 0, layers: [])
        for frame in frames { timeline.update(&scene, toFrame: frame) }
        for frame in frames + frames {
            timeline.update(&scene, toFrame: frame)
            XCTAssertEqual(String(describing: scene), String(describing: timeline.scene(atFrame: frame)), "frame \(frame)")
            try body(scene, frame)
        }
    }

    private static func vertexStorage(of name: String, in scene: LottieScene) throws -> UInt {
        let path = try XCTUnwrap(try drawings(of: layer(name, in: scene)).first?.paths.first)
        return try XCTUnwrap(RecycledShapes.storage(of: path.vertices))
    }

    private static func drawings(of layer: SceneLayer) throws -> [ShapeDrawing] {
        guard case .shapes(let drawings) = layer.content else { throw Missing(layer: layer.name ?? "?") }
        return drawings
    }

    private struct Missing: Error { let layer: String }
}
