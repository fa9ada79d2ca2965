import XCTest
import LottieModel
@testable import LottiePlay

/// Time, parenting, precomps and mattes of the scene, with hand-computed expectations.
final class TimelineTests: XCTestCase {
    /// A 100 x 100, 30 fps animation of frames 0..<60 with the given layers and assets.
    static func timeline(layers: String, assets: String = "[]", op: Double = 60) throws -> Timeline {
        let json = """
        {"v": "5.7.4", "fr": 30, "ip": 0, "op": \(op), "w": 100, "h": 100, "assets": \(assets), "layers": \(layers)}
        """
        return Timeline(try LottieDecoder().decode(json))
    }

    static func layer(_ ind: Int, type: Int = 3, name: String, extra: String = "", ks: String = "{}",
                      ip: Double = 0, op: Double = 60) -> String {
        #"{"ty": \#(type), "ind": \#(ind), "nm": "\#(name)", "ip": \#(ip), "op": \#(op), "st": 0, "ks": \#(ks)\#(extra)}"#
    }

    /// A square solid of side 10 (solids are drawn layers, unlike nulls).
    static func solid(_ ind: Int, name: String, extra: String = "", ks: String = "{}", ip: Double = 0, op: Double = 60) -> String {
        layer(ind, type: 1, name: name, extra: ##", "sc": "#ff0000", "sw": 10, "sh": 10"## + extra, ks: ks, ip: ip, op: op)
    }

    private func names(_ scene: LottieScene) -> [String] {
        scene.layers.map { $0.name ?? "?" }
    }

    // MARK: Parenting

    func testSceneLayerNamesAreValuesSharedFromFrameToFrame() throws {
        let timeline = try Self.timeline(layers: "[\(Self.solid(7, name: "box"))]")
        var first = try XCTUnwrap(timeline.scene(atFrame: 0).layers.first)
        let second = try XCTUnwrap(timeline.scene(atFrame: 1).layers.first)
        XCTAssertTrue(first.identity === second.identity, "made once for the layer, not per frame")
        XCTAssertEqual([first.name, first.jsonPath], ["box", "layers[0]"])
        XCTAssertEqual(first.index, 7)
        XCTAssertEqual(first.type, .solid)
        first.name = "renamed"
        first.index = 8
        XCTAssertEqual(first.name, "renamed")
        XCTAssertEqual(first.index, 8)
        XCTAssertEqual(first.jsonPath, "layers[0]")
        XCTAssertEqual(second.name, "box", "changing one scene's layer leaves the others")
        XCTAssertEqual(second.index, 7)
    }

    func testParentingWithRotationAndScale() throws {
        // Parent at (100, 100), rotated 90 degrees clockwise, scaled 200%; child at (10, 0) in
        // the parent's space. The child's origin: (10, 0) -> scale (20, 0) -> rotate 90 cw
        // (0, 20) -> translate (100, 120).
        let timeline = try Self.timeline(layers: "[" + [
            Self.solid(2, name: "child", extra: #", "parent": 1"#, ks: #"{"p": {"k": [10, 0]}}"#),
            Self.layer(1, name: "parent", ks: #"{"p": {"k": [100, 100]}, "r": {"k": 90}, "s": {"k": [200, 200]}, "o": {"k": 50}}"#),
        ].joined(separator: ",") + "]")
        let scene = timeline.scene(atFrame: 0)
        XCTAssertEqual(names(scene), ["child"], "null layers are not drawn")
        let child = try XCTUnwrap(scene.layers.first)
        let origin = child.transform.apply(to: .zero)
        XCTAssertEqual(origin.x, 100, accuracy: 1e-9)
        XCTAssertEqual(origin.y, 120, accuracy: 1e-9)
        let corner = child.transform.apply(to: Vector2(x: 10, y: 0))
        XCTAssertEqual(corner.x, 100, accuracy: 1e-9)
        XCTAssertEqual(corner.y, 140, accuracy: 1e-9)
        XCTAssertEqual(child.opacity, 1, "a parent's opacity is not inherited")
    }

    /// Each drawn layer of a composition with parents keeps its own opacity, however its matrix
    /// was reached: "top" is worked out first as the parent of "middle" (drawn before it, from the
    /// bottom), "middle" walks up to it, "bottom" has no parent. Opacities move 100 -> 20 over
    /// frames 0..<20 for "top" (60 at frame 10), and stay 30 and 70 for the others.
    func testEachLayerKeepsItsOwnOpacityWhateverItsParents() throws {
        let fading = #"{"o": {"a": 1, "k": [{"t": 0, "s": [100]}, {"t": 20, "s": [20]}]}, "p": {"k": [5, 0]}}"#
        let timeline = try Self.timeline(layers: "[" + [
            Self.solid(1, name: "top", ks: fading),
            Self.solid(2, name: "middle", extra: #", "parent": 1"#, ks: #"{"o": {"k": 30}, "p": {"k": [0, 7]}}"#),
            Self.solid(3, name: "bottom", ks: #"{"o": {"k": 70}}"#),
        ].joined(separator: ",") + "]")
        var scene = timeline.scene(atFrame: 0)
        for frame in [10.0, 10, 25, 0] {
            timeline.update(&scene, toFrame: frame)
            let fresh = timeline.scene(atFrame: frame)
            for made in [scene, fresh] {
                XCTAssertEqual(names(made), ["bottom", "middle", "top"])
                XCTAssertEqual(made.layers.map(\.opacity), [0.7, 0.3, frame == 0 ? 1 : frame == 10 ? 0.6 : 0.2],
                               "frame \(frame)")
                XCTAssertEqual(made.layers[1].transform.apply(to: .zero), Vector2(x: 5, y: 7), "frame \(frame)")
            }
        }
    }

    func testParentCycleIsCutWithAWarning() throws {
        let timeline = try Self.timeline(layers: "[" + [
            Self.solid(1, name: "a", extra: #", "parent": 2"#, ks: #"{"p": {"k": [1, 0]}}"#),
            Self.solid(2, name: "b", extra: #", "parent": 1"#, ks: #"{"p": {"k": [0, 2]}}"#),
            Self.solid(3, name: "self", extra: #", "parent": 3"#),
        ].joined(separator: ",") + "]")
        XCTAssertEqual(timeline.warnings.count, 2)
        XCTAssertTrue(timeline.warnings.map(\.description).contains("layers[2]: parent 3 is the layer itself; the parent is ignored"))
        XCTAssertTrue(timeline.warnings.map(\.description).contains { $0.contains("parenting cycle") })
        XCTAssertEqual(timeline.scene(atFrame: 0).layers.count, 3)
    }

    // MARK: Time

    func testLayerIsVisibleFromInPointUntilBeforeOutPoint() throws {
        let timeline = try Self.timeline(layers: "[" + Self.solid(1, name: "s", ip: 10, op: 20) + "]")
        XCTAssertEqual(timeline.scene(atFrame: 9.99).layers.count, 0)
        XCTAssertEqual(timeline.scene(atFrame: 10).layers.count, 1)
        XCTAssertEqual(timeline.scene(atFrame: 19.99).layers.count, 1)
        XCTAssertEqual(timeline.scene(atFrame: 20).layers.count, 0)
    }

    func testFinalProgressShowsTheFinalPose() throws {
        let timeline = try Self.timeline(layers: "[" + Self.solid(1, name: "s", ks: """
        {"p": {"a": 1, "k": [{"t": 0, "s": [0, 0]}, {"t": 60, "s": [60, 0]}]}}
        """) + "]")
        XCTAssertEqual(timeline.frame(forProgress: 1), 60)
        let scene = timeline.scene(atProgress: 1)
        XCTAssertEqual(scene.layers.count, 1, "a layer ending at op is still drawn at the very end")
        XCTAssertEqual(scene.layers[0].transform.tx, 60)
        XCTAssertEqual(timeline.frame(forProgress: 0.5), 30)
    }

    func testStIsIgnoredForALayersOwnKeyframes() throws {
        let timeline = try Self.timeline(layers: "[" + Self.solid(1, name: "s", extra: #", "st": 10"#, ks: """
        {"p": {"a": 1, "k": [{"t": 0, "s": [0, 0]}, {"t": 20, "s": [20, 0]}]}}
        """).replacingOccurrences(of: #""st": 0, "#, with: "") + "]")
        XCTAssertEqual(timeline.scene(atFrame: 5).layers[0].transform.tx, 5)
    }

    private static let precompAsset = """
    [{"id": "inner", "layers": [\(solid(1, name: "inner solid", ks: """
    {"p": {"a": 1, "k": [{"t": 0, "s": [0, 0]}, {"t": 100, "s": [100, 0]}]}}
    """, op: 1000))]}]
    """

    func testPrecompTimeIsStartAndStretchAdjusted() throws {
        // Child frame = (t - st) / sr = (30 - 10) / 2 = 10.
        let precomp = Self.layer(1, type: 0, name: "pre", extra: #", "refId": "inner", "sr": 2, "w": 100, "h": 100"#)
            .replacingOccurrences(of: #""st": 0"#, with: #""st": 10"#)
        let timeline = try Self.timeline(layers: "[\(precomp)]", assets: Self.precompAsset)
        let layer = try XCTUnwrap(timeline.scene(atFrame: 30).layers.first)
        guard case .precomp(let children, let clip) = layer.content else { return XCTFail("expected precomp content") }
        XCTAssertEqual(children.first?.localFrame, 10)
        XCTAssertEqual(children.first?.transform.tx, 10)
        XCTAssertEqual(clip, Rect(x: 0, y: 0, width: 100, height: 100))
    }

    /// Parents inside a precomp: the child at (5, 0) in its parent's space, the parent (a null)
    /// at (30, 0) in the precomp, the precomp layer at (10, 20): the child's origin is (45, 20).
    func testLayersInsideAPrecompFollowTheirParents() throws {
        let assets = """
        [{"id": "inner", "layers": [\(Self.solid(2, name: "child", extra: #", "parent": 1"#, ks: #"{"p": {"k": [5, 0]}}"#)),
                                    \(Self.layer(1, name: "parent", ks: #"{"p": {"k": [30, 0]}}"#))]}]
        """
        let precomp = Self.layer(1, type: 0, name: "pre", extra: #", "refId": "inner""#, ks: #"{"p": {"k": [10, 20]}}"#)
        let timeline = try Self.timeline(layers: "[\(precomp)]", assets: assets)
        let layer = try XCTUnwrap(timeline.scene(atFrame: 0).layers.first)
        guard case .precomp(let children, _) = layer.content else { return XCTFail("expected precomp content") }
        XCTAssertEqual(children.map(\.name), ["child"], "the null is not drawn")
        let origin = try XCTUnwrap(children.first).transform.apply(to: .zero)
        XCTAssertEqual(origin.x, 45, accuracy: 1e-9)
        XCTAssertEqual(origin.y, 20, accuracy: 1e-9)
    }

    func testTimeRemapInSecondsSupersedesStartAndStretch() throws {
        // tm goes 0 s -> 2 s over frames 0..60 (linear): at frame 15 it is 0.5 s = child frame 15 at 30 fps.
        let precomp = Self.layer(1, type: 0, name: "pre", extra: """
        , "refId": "inner", "sr": 3, "tm": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 60, "s": [2]}]}
        """)
        let timeline = try Self.timeline(layers: "[\(precomp)]", assets: Self.precompAsset)
        let layer = try XCTUnwrap(timeline.scene(atFrame: 15).layers.first)
        guard case .precomp(let children, _) = layer.content else { return XCTFail("expected precomp content") }
        XCTAssertEqual(try XCTUnwrap(children.first).localFrame, 15, accuracy: 1e-9)
    }

    func testNestedPrecompsMapTimeTwice() throws {
        let assets = """
        [{"id": "outer", "layers": [\(Self.layer(1, type: 0, name: "mid", extra: #", "refId": "inner""#, op: 1000)
            .replacingOccurrences(of: #""st": 0"#, with: #""st": 5"#))]},
         {"id": "inner", "layers": [\(Self.solid(1, name: "leaf", op: 1000))]}]
        """
        let top = Self.layer(1, type: 0, name: "top", extra: #", "refId": "outer""#)
            .replacingOccurrences(of: #""st": 0"#, with: #""st": 10"#)
        let timeline = try Self.timeline(layers: "[\(top)]", assets: assets)
        let leaf = timeline.scene(atFrame: 40).flattenedLayers().last
        XCTAssertEqual(leaf?.layer.name, "leaf")
        XCTAssertEqual(leaf?.depth, 2)
        XCTAssertEqual(leaf?.layer.localFrame, 25, "(40 - 10) - 5")
    }

    func testPrecompCycleIsCutWithAWarning() throws {
        let assets = """
        [{"id": "a", "layers": [\(Self.layer(1, type: 0, name: "to b", extra: #", "refId": "b""#))]},
         {"id": "b", "layers": [\(Self.layer(1, type: 0, name: "to a", extra: #", "refId": "a""#))]}]
        """
        let timeline = try Self.timeline(layers: "[\(Self.layer(1, type: 0, name: "root", extra: #", "refId": "a""#))]", assets: assets)
        XCTAssertEqual(timeline.warnings.map(\.description), ["assets[1].layers[0]: precomp 'a' contains itself (a precomp cycle); the reference is ignored"])
        XCTAssertEqual(timeline.scene(atFrame: 0).flattenedLayers().count, 2)
    }

    // MARK: Stacking and mattes

    func testLayersAreListedBottomFirst() throws {
        let timeline = try Self.timeline(layers: "[" + [
            Self.solid(1, name: "top"), Self.solid(2, name: "middle"), Self.solid(3, name: "bottom"),
        ].joined(separator: ",") + "]")
        XCTAssertEqual(names(timeline.scene(atFrame: 0)), ["bottom", "middle", "top"])
    }

    func testMatteIsTheLayerAboveOrTheOneNamedByTp() throws {
        let timeline = try Self.timeline(layers: "[" + [
            Self.solid(1, name: "matte", extra: #", "td": 1"#),
            Self.solid(2, name: "masked", extra: #", "tt": 1"#),
            Self.solid(3, name: "other matte", extra: #", "td": 1"#),
            Self.solid(4, name: "masked by tp", extra: #", "tt": 2, "tp": 1"#),
        ].joined(separator: ",") + "]")
        let scene = timeline.scene(atFrame: 0)
        XCTAssertEqual(names(scene), ["masked by tp", "masked"], "matte sources are not drawn")
        XCTAssertEqual(scene.layers[0].matte?.mode, .alphaInverted)
        XCTAssertEqual(scene.layers[0].matte?.source.name, "matte")
        XCTAssertEqual(scene.layers[1].matte?.mode, .alpha)
        XCTAssertEqual(scene.layers[1].matte?.source.name, "matte")
    }

    func testHiddenLayersAreNotDrawnButStillParent() throws {
        let timeline = try Self.timeline(layers: "[" + [
            Self.solid(1, name: "hidden parent", extra: #", "hd": true"#, ks: #"{"p": {"k": [7, 0]}}"#),
            Self.solid(2, name: "child", extra: #", "parent": 1"#),
        ].joined(separator: ",") + "]")
        let scene = timeline.scene(atFrame: 0)
        XCTAssertEqual(names(scene), ["child"])
        XCTAssertEqual(scene.layers[0].transform.tx, 7)
    }

    func testMasksAreEvaluated() throws {
        let timeline = try Self.timeline(layers: "[" + Self.solid(1, name: "s", extra: """
        , "masksProperties": [{"mode": "s", "inv": true, "o": {"k": 40}, "x": {"k": 3},
          "pt": {"k": {"c": true, "v": [[0, 0], [10, 0], [10, 10]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}}}]
        """) + "]")
        let mask = try XCTUnwrap(timeline.scene(atFrame: 0).layers.first?.masks.first)
        XCTAssertEqual(mask.mode, .subtract)
        XCTAssertTrue(mask.inverted)
        XCTAssertEqual(mask.opacity, 0.4)
        XCTAssertEqual(mask.expansion, 3)
        XCTAssertEqual(mask.path.vertices.count, 3)
    }
}
