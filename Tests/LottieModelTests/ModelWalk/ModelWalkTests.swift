import XCTest
@testable import LottieModel

/// `ModelWalk` on a small hand-written file: which parts it enters and leaves, which properties
/// it visits, with which JSON paths and keypath names, in which order.
final class ModelWalkTests: XCTestCase {
    /// A shape layer (split position, two masks of one name, an effect with a parameter, a group
    /// with a rectangle, a dashed stroke and its transform, a gradient fill, a repeater, an
    /// unknown item), a text layer (path options, two animators, one without a style), a precomp
    /// layer with a time remap, a camera with a 3D rotation; one precomposition, one glyph.
    static let json = #"""
        {"v": "5.7.4", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100,
         "layers": [
           {"ty": 4, "nm": "Shapes", "ip": 0, "op": 60,
            "ks": {"a": {"a": 0, "k": [0, 0]}, "p": {"s": true, "x": {"a": 0, "k": 10}, "y": {"a": 0, "k": 20}},
                   "o": {"a": 0, "k": 100}},
            "masksProperties": [
              {"nm": "Cut", "mode": "a", "pt": {"a": 0, "k": {"c": true, "v": [[0, 0]], "i": [[0, 0]], "o": [[0, 0]]}},
               "o": {"a": 0, "k": 50}},
              {"nm": "Cut", "mode": "s", "x": {"a": 0, "k": 2}}],
            "ef": [{"ty": 5, "nm": "Slider", "ef": [{"ty": 0, "nm": "Value", "v": {"a": 0, "k": 3}}]}],
            "shapes": [
              {"ty": "gr", "nm": "Box", "it": [
                {"ty": "rc", "nm": "Rect", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [10, 10]}},
                {"ty": "st", "c": {"a": 0, "k": [1, 0, 0]}, "w": {"a": 0, "k": 2},
                 "d": [{"n": "d", "v": {"a": 0, "k": 4}}, {"n": "g", "v": {"a": 0, "k": 2}},
                       {"n": "d", "v": {"a": 0, "k": 1}}]},
                {"ty": "tr", "o": {"a": 0, "k": 100}}]},
              {"ty": "gf", "o": {"a": 0, "k": 100}, "t": 1, "s": {"a": 0, "k": [0, 0]}, "e": {"a": 0, "k": [1, 1]},
               "g": {"p": 1, "k": {"a": 0, "k": [0, 1, 1, 1]}}},
              {"ty": "rp", "c": {"a": 0, "k": 3}, "tr": {"r": {"a": 0, "k": 45}}},
              {"ty": "xx"}]},
           {"ty": 5, "nm": "Title", "ip": 0, "op": 60, "ks": {},
            "t": {"d": {"k": [{"t": 0, "s": {"t": "Hi", "f": "Sans", "s": 12}}]}, "p": {"m": 0},
                  "a": [{"nm": "Glow", "a": {"fc": {"a": 0, "k": [1, 1, 1]}}}, {"s": {}}]}},
           {"ty": 0, "nm": "Inner", "refId": "comp", "ip": 0, "op": 60, "ks": {}, "tm": {"a": 0, "k": 1}},
           {"ty": 13, "nm": "Camera", "ip": 0, "op": 60, "ks": {"rx": {"a": 0, "k": 10}}, "pe": {"a": 0, "k": 500}}],
         "assets": [{"id": "comp", "layers": [{"ty": 3, "ip": 0, "op": 60, "ks": {"r": {"a": 0, "k": 5}}}]}],
         "chars": [{"ch": "A", "fFamily": "Sans", "style": "Regular", "size": 12, "w": 10,
                    "data": {"shapes": [{"ty": "sh", "ks": {"a": 0, "k": {"c": false, "v": [[0, 0]], "i": [[0, 0]],
                                                                          "o": [[0, 0]]}}}]}}]}
        """#

    private func animation() throws -> LottieAnimation {
        try LottieDecoder().decode(Self.json)
    }

    func testTheWalkVisitsEveryPartAndPropertyInFileOrder() throws {
        var log = WalkLog()
        ModelWalk.walk(try animation(), with: &log)
        XCTAssertEqual(log.lines, [
            "> layers layers",
            "> layer layers[0]",
            "layers[0].ks.a: Transform.Anchor Point (position)",
            "> split position layers[0].ks.p",
            "layers[0].ks.p.x: Transform.Position X (scalar)",
            "layers[0].ks.p.y: Transform.Position Y (scalar)",
            "< split position layers[0].ks.p",
            "layers[0].ks.o: Transform.Opacity (scalar)",
            "> mask layers[0].masksProperties[0]",
            "layers[0].masksProperties[0].pt: Masks.Cut[0].Path (path)",
            "layers[0].masksProperties[0].o: Masks.Cut[0].Opacity (scalar)",
            "< mask layers[0].masksProperties[0]",
            "> mask layers[0].masksProperties[1]",
            "layers[0].masksProperties[1].x: Masks.Cut[1].Expansion (scalar)",
            "< mask layers[0].masksProperties[1]",
            "> effect layers[0].ef[0]",
            "> effect parameter layers[0].ef[0].ef[0]",
            "< effect parameter layers[0].ef[0].ef[0]",
            "< effect layers[0].ef[0]",
            "> content layers[0]",
            "> item gr layers[0].shapes[0]",
            "> item rc layers[0].shapes[0].it[0]",
            "layers[0].shapes[0].it[0].p: Position (position)",
            "layers[0].shapes[0].it[0].s: Size (vector)",
            "< item rc layers[0].shapes[0].it[0]",
            "> item st layers[0].shapes[0].it[1]",
            "layers[0].shapes[0].it[1].c: Color (color)",
            "layers[0].shapes[0].it[1].w: Stroke Width (scalar)",
            "> dashes layers[0].shapes[0].it[1].d",
            "layers[0].shapes[0].it[1].d[0].v: Dashes.Dash[0] (scalar)",
            "layers[0].shapes[0].it[1].d[1].v: Dashes.Gap (scalar)",
            "layers[0].shapes[0].it[1].d[2].v: Dashes.Dash[1] (scalar)",
            "< dashes layers[0].shapes[0].it[1].d",
            "< item st layers[0].shapes[0].it[1]",
            "> item tr layers[0].shapes[0].it[2]",
            "layers[0].shapes[0].it[2].o: Opacity (scalar)",
            "< item tr layers[0].shapes[0].it[2]",
            "< item gr layers[0].shapes[0]",
            "> item gf layers[0].shapes[1]",
            "layers[0].shapes[1].o: Opacity (scalar)",
            "> gradient layers[0].shapes[1]",
            "layers[0].shapes[1].s: Start Point (position)",
            "layers[0].shapes[1].e: End Point (position)",
            "layers[0].shapes[1].g.k: Colors (gradient)",
            "< gradient layers[0].shapes[1]",
            "< item gf layers[0].shapes[1]",
            "> item rp layers[0].shapes[2]",
            "layers[0].shapes[2].c: Copies (scalar)",
            "layers[0].shapes[2].tr.r: Transform.Rotation (scalar)",
            "< item rp layers[0].shapes[2]",
            "> item xx layers[0].shapes[3]",
            "< item xx layers[0].shapes[3]",
            "< content layers[0]",
            "< layer layers[0]",
            "> layer layers[1]",
            "> content layers[1]",
            "layers[1].t.d: Text.Source Text (text)",
            "> text path layers[1].t.p",
            "< text path layers[1].t.p",
            "> text animator layers[1].t.a[0]",
            "layers[1].t.a[0].a.fc: Text.Animators.Glow.Fill Color (color)",
            "< text animator layers[1].t.a[0]",
            "> text animator layers[1].t.a[1]",
            "< text animator layers[1].t.a[1]",
            "< content layers[1]",
            "< layer layers[1]",
            "> layer layers[2]",
            "> content layers[2]",
            "layers[2].tm: Time Remap (scalar)",
            "< content layers[2]",
            "< layer layers[2]",
            "> layer layers[3]",
            "layers[3].ks.rx: Transform.X Rotation (scalar, 3D only)",
            "> content layers[3]",
            "layers[3].pe: Perspective (scalar, 3D only)",
            "< content layers[3]",
            "< layer layers[3]",
            "< layers layers",
            "> asset assets[0]",
            "> layers assets[0].layers",
            "> layer assets[0].layers[0]",
            "assets[0].layers[0].ks.r: Transform.Rotation (scalar)",
            "> content assets[0].layers[0]",
            "< content assets[0].layers[0]",
            "< layer assets[0].layers[0]",
            "< layers assets[0].layers",
            "< asset assets[0]",
            "> glyph chars[0]",
            "> item sh chars[0].data.shapes[0]",
            "chars[0].data.shapes[0].ks: Path (path)",
            "< item sh chars[0].data.shapes[0]",
            "< glyph chars[0]",
        ])
    }

    func testAPartRefusedOnEntryIsNotWalkedNorLeft() throws {
        var log = WalkLog(refusing: ["split", "mask", "effect", "content"])
        let layer = try animation().layers[0]
        ModelWalk.walk(layer, at: JSONPath([.key("layers"), .index(0)]), with: &log)
        XCTAssertEqual(log.lines, [
            "> layer layers[0]",
            "layers[0].ks.a: Transform.Anchor Point (position)",
            "> split position layers[0].ks.p",
            "layers[0].ks.o: Transform.Opacity (scalar)",
            "> mask layers[0].masksProperties[0]",
            "> mask layers[0].masksProperties[1]",
            "> effect layers[0].ef[0]",
            "> content layers[0]",
            "< layer layers[0]",
        ])
    }

    func testAnItemWalkedFromTheEmptyPathHasPathsAndNamesBelowIt() throws {
        guard case .shape(let items) = try animation().layers[0].content else { return XCTFail("not a shape layer") }
        var log = WalkLog()
        ModelWalk.walk(items[2], at: JSONPath(), with: &log)
        XCTAssertEqual(log.lines, [
            "> item rp (root)",
            "c: Copies (scalar)",
            "tr.r: Transform.Rotation (scalar)",
            "< item rp (root)",
        ])
    }

    func testAGroupsTransformItemNamesItsPropertiesWithoutAPrefix() throws {
        let item = ShapeItem.transform(ShapeTransform(transform: {
            var transform = Transform()
            transform.position = .combined(Animatable(Vector([1, 2])))
            transform.skew = Animatable(3)
            return transform
        }()))
        var log = WalkLog()
        ModelWalk.walk(item, at: JSONPath([.key("it"), .index(4)]), with: &log)
        XCTAssertEqual(log.lines, [
            "> item tr it[4]",
            "it[4].p: Position (position)",
            "it[4].sk: Skew (scalar)",
            "< item tr it[4]",
        ])
    }

    func testRepeatedSiblingNamesGetTheirOccurrenceIndex() {
        XCTAssertEqual(ModelWalk.uniqueNames(["Dot", "Mask", "Dot", "Dot"]), ["Dot[0]", "Mask", "Dot[1]", "Dot[2]"])
        XCTAssertEqual(ModelWalk.uniqueNames(["A", "B"]), ["A", "B"])
        XCTAssertEqual(ModelWalk.uniqueNames([]), [])
    }

    func testHiddenItemsAreWalkedAndReportHidden() throws {
        let json = #"{"ty": "el", "hd": true, "s": {"a": 0, "k": [5, 5]}}"#
        let item = try JSONDecoder().decode(ShapeItem.self, from: Data(json.utf8))
        XCTAssertTrue(item.isHidden)
        var log = WalkLog()
        ModelWalk.walk(item, at: JSONPath(), with: &log)
        XCTAssertEqual(log.lines, ["> item el (root)", "s: Size (vector)", "< item el (root)"])
        XCTAssertFalse(ShapeItem.unknown(type: "xx", raw: .object([:])).isHidden)
    }
}

// MARK: - WalkLog

/// Writes down what the walk calls: `> kind path` on entry, `< kind path` on leaving, and
/// `path: names (kind)` for each property. Refuses to enter the kinds of node in `refusing`.
private struct WalkLog: ModelVisitor {
    var refusing: Set<String> = []
    var lines: [String] = []

    mutating func enter(_ node: ModelNode, at path: JSONPath) -> Bool {
        lines.append("> \(Self.kind(of: node)) \(path)")
        return !refusing.contains(Self.kind(of: node).split(separator: " ").first.map(String.init) ?? "")
    }

    mutating func leave(_ node: ModelNode, at path: JSONPath) {
        lines.append("< \(Self.kind(of: node)) \(path)")
    }

    mutating func visit(
        _ property: ModelProperty, _ field: PropertyField, names: @autoclosure () -> [String],
        at path: @autoclosure () -> JSONPath
    ) {
        XCTAssertEqual(property.kind, field.kind, "\(path())")
        lines.append("\(path()): \(names().joined(separator: ".")) (\(field.kind)\(field.is3DOnly ? ", 3D only" : ""))")
    }

    static func kind(of node: ModelNode) -> String {
        switch node {
        case .layers: "layers"
        case .layer: "layer"
        case .content: "content"
        case .mask: "mask"
        case .effect: "effect"
        case .effectParameter: "effect parameter"
        case .splitPosition: "split position"
        case .textPath: "text path"
        case .textAnimator: "text animator"
        case .shapeItem(let item): "item \(item.typeCode)"
        case .gradient: "gradient"
        case .dashes: "dashes"
        case .asset: "asset"
        case .glyph: "glyph"
        }
    }
}
