import XCTest
import LottieModel
import LottiePlay

/// Each limit of `LottieLimits`: what passes it, the warning or error that names it, and that
/// what is drawn stops at it.
final class LottieLimitsTests: XCTestCase {
    private func animation(_ layers: String, assets: String = "[]", extra: String = "") throws -> LottieAnimation {
        try LottieDecoder().decode(
            #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100\#(extra),"assets":\#(assets),"layers":\#(layers)}"#)
    }

    private static let rectangle = #"{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}}"#
    private static let fill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#

    private func shapeLayer(_ items: [String], index: Int = 1) -> String {
        #"{"ty":4,"ind":\#(index),"ip":0,"op":60,"st":0,"ks":{},"shapes":[\#(items.joined(separator: ","))]}"#
    }

    private func repeater(_ copies: Int) -> String {
        #"{"ty":"rp","c":{"a":0,"k":\#(copies)},"o":{"a":0,"k":0},"tr":{"ty":"tr","p":{"a":0,"k":[1,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}}}"#
    }

    private func group(_ items: [String]) -> String {
        #"{"ty":"gr","it":[\#(items.joined(separator: ","))]}"#
    }

    /// All drawings of the shape layers of a scene, precomps included.
    private func drawings(_ scene: LottieScene) -> [ShapeDrawing] {
        scene.flattenedLayers().flatMap { layer, _ -> [ShapeDrawing] in
            if case .shapes(let drawings) = layer.content { return drawings }
            return []
        }
    }

    private func pathCount(_ scene: LottieScene) -> Int {
        drawings(scene).reduce(0) { $0 + $1.paths.count }
    }

    // MARK: Presets and checks

    func testPresetsGrowFromStrictToGenerous() {
        let strict = LottieLimits.strict, normal = LottieLimits.default, generous = LottieLimits.generous
        let fields: [KeyPath<LottieLimits, Int>] = [
            \.maxFileBytes, \.maxJSONDepth, \.maxLayers, \.maxPrecompDepth, \.maxFrameRate, \.maxDurationFrames,
            \.maxRepeaterCopies, \.maxPaths,
            \.maxPathVertices, \.maxFrameVertices, \.maxDashEntries, \.maxDashes, \.maxPolystarPoints,
            \.maxZigZagRidges, \.maxMergeSegments, \.maxLayerEffects, \.maxRenderPixels, \.maxImagePixels, \.maxWarnings,
        ]
        for field in fields {
            XCTAssertLessThanOrEqual(strict[keyPath: field], normal[keyPath: field], "\(field)")
            XCTAssertLessThanOrEqual(normal[keyPath: field], generous[keyPath: field], "\(field)")
        }
        XCTAssertEqual(LottieLimits.default, LottieLimits())
        XCTAssertEqual(LottieLimits.preset(named: "strict"), .strict)
        XCTAssertEqual(LottieLimits.preset(named: "generous"), .generous)
        XCTAssertNil(LottieLimits.preset(named: "huge"))
        // The decoder's own defaults are the default preset's.
        XCTAssertEqual(LottieDecoder().maxBytes, normal.maxFileBytes)
        XCTAssertEqual(LottieDecoder().maxDepth, normal.maxJSONDepth)
    }

    func testRenderSize() {
        let limits = LottieLimits.default
        XCTAssertNil(limits.checkRenderSize(width: 4096, height: 4096))
        XCTAssertEqual(limits.checkRenderSize(width: 5000, height: 5000),
                       "the image would be 5000 x 5000 = 25000000 pixels, more than the limit maxRenderPixels (16777216)")
        XCTAssertEqual(limits.checkRenderSize(width: Int.max, height: 2),
                       "the image would be \(Int.max) x 2 = more than \(Int.max) pixels, more than the limit "
                        + "maxRenderPixels (16777216)")
        XCTAssertEqual(limits.checkRenderSize(width: 0, height: 10), "the image size 0 x 10 is not positive")
    }

    // MARK: Reading

    func testFileSizeLimitIsADecodingError() throws {
        var limits = LottieLimits.default
        limits.maxFileBytes = 100
        let data = try HostileFixtures.data("zero-scale.json")
        XCTAssertThrowsError(try LottieDecoder(limits: limits).decode(data)) { error in
            let error = error as? LottieDecodingError
            XCTAssertEqual(error?.kind, .tooLarge)
            XCTAssertEqual(error?.description, "(root): the file is \(data.count) bytes, more than the limit maxFileBytes (100)")
        }
    }

    func testJSONDepthLimitIsADecodingError() throws {
        var limits = LottieLimits.default
        limits.maxJSONDepth = 4
        XCTAssertThrowsError(try LottieDecoder(limits: limits).decode(try HostileFixtures.data("zero-scale.json"))) {
            XCTAssertEqual(($0 as? LottieDecodingError)?.description,
                           "layers[0].ks.s (line 1, column 111): invalid JSON: nesting deeper than 4 levels, the limit maxJSONDepth")
        }
    }

    // MARK: Compositions

    func testLayersPastTheLimitAreNotDrawn() throws {
        var limits = LottieLimits.default
        limits.maxLayers = 3
        let layers = (1...5).map { shapeLayer([Self.rectangle, Self.fill], index: $0) }
        let timeline = Timeline(try animation("[\(layers.joined(separator: ","))]"), limits: limits)
        XCTAssertEqual(timeline.warnings.map(\.description), [
            "layers: a frame evaluates up to 5 layers counting every precomp instance, more than the limit maxLayers (3); "
                + "layers past the limit are not drawn",
        ])
        XCTAssertEqual(timeline.scene(atFrame: 0).layers.count, 3)
    }

    func testPrecompsDeeperThanTheLimitAreNotDrawn() throws {
        let timeline = Timeline(try LottieDecoder().decode(try HostileFixtures.data("precomp-chain-100.json")),
                                maxPrecompDepth: 2)
        XCTAssertEqual(timeline.maxPrecompDepth, 2)
        XCTAssertEqual(timeline.warnings.map(\.description), [
            "assets[1].layers[0]: precomps nest 100 deep, more than the limit maxPrecompDepth (2); "
                + "the precomps from here down are not drawn",
        ])
        let depths = timeline.scene(atFrame: 0).flattenedLayers().map(\.depth)
        XCTAssertEqual(depths.max(), 2)
    }

    // MARK: Shapes

    func testRepeaterCopiesStopAtTheLimit() throws {
        var limits = LottieLimits.default
        limits.maxRepeaterCopies = 10
        let timeline = Timeline(try animation("[\(shapeLayer([Self.rectangle, Self.fill, repeater(50)]))]"), limits: limits)
        XCTAssertEqual(timeline.warnings.map(\.description), [
            "layers[0].shapes[2].c: 50 repeater copies, more than the limit maxRepeaterCopies (10); 10 are drawn",
        ])
        XCTAssertEqual(drawings(timeline.scene(atFrame: 0)).count, 10)
    }

    func testNestedRepeatersStopAtThePathLimit() throws {
        var limits = LottieLimits.default
        limits.maxPaths = 1000
        let items = [group([group([Self.rectangle, repeater(30)]), repeater(30)]), repeater(30), Self.fill]
        let timeline = Timeline(try animation("[\(shapeLayer(items))]"), limits: limits)
        XCTAssertEqual(timeline.warnings.map(\.description), [
            "layers[0].shapes: repeaters make up to 27000 paths, more than the limit maxPaths (1000); "
                + "paths past the limit are not drawn",
        ])
        let count = pathCount(timeline.scene(atFrame: 0))
        XCTAssertGreaterThan(count, 500)
        XCTAssertLessThanOrEqual(count, 1000)
    }

    func testVerticesPastTheFrameBudgetAreNotDrawn() throws {
        var limits = LottieLimits.default
        limits.maxFrameVertices = 100
        // Each layer: 10 squares of 4 vertices, one fill: 41 vertices counting the drawing.
        let layers = (1...4).map { shapeLayer([Self.rectangle, repeater(10), Self.fill], index: $0) }
        let squares = try animation("[\(layers.joined(separator: ","))]")
        let timeline = Timeline(squares, limits: limits)
        XCTAssertEqual(timeline.warnings, [])
        // Layers are evaluated bottom first: 41 + 41 vertices, then 4 copies (17) fit in what is left.
        let scene = timeline.scene(atFrame: 0)
        XCTAssertEqual(pathCount(scene), 24)
        let vertices = drawings(scene).flatMap(\.paths).reduce(0) { $0 + $1.vertices.count }
        XCTAssertLessThanOrEqual(vertices, 100)
        // Without the limit all 40 squares are drawn.
        XCTAssertEqual(pathCount(Timeline(squares).scene(atFrame: 0)), 40)
    }

    func testAPathIsCutToTheVertexLimit() throws {
        var limits = LottieLimits.default
        limits.maxPathVertices = 10
        let points = (0..<50).map { "[\($0),\($0 % 7)]" }.joined(separator: ",")
        let zeros = Array(repeating: "[0,0]", count: 50).joined(separator: ",")
        let path = #"{"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[\#(points)],"i":[\#(zeros)],"o":[\#(zeros)]}}}"#
        let timeline = Timeline(try animation("[\(shapeLayer([path, Self.fill]))]"), limits: limits)
        XCTAssertEqual(timeline.warnings.map(\.description), [
            "layers[0].shapes[0].ks.k: path has 50 vertices, more than the limit maxPathVertices (10); "
                + "the first 10 are drawn",
        ])
        XCTAssertEqual(drawings(timeline.scene(atFrame: 0))[0].paths[0].vertices.count, 10)
    }

    func testPolystarPointsStopAtTheLimit() throws {
        var limits = LottieLimits.default
        limits.maxPolystarPoints = 10
        let star = #"{"ty":"sr","sy":1,"p":{"a":0,"k":[50,50]},"pt":{"a":0,"k":50},"or":{"a":0,"k":40},"ir":{"a":0,"k":20},"r":{"a":0,"k":0}}"#
        let timeline = Timeline(try animation("[\(shapeLayer([star, Self.fill]))]"), limits: limits)
        XCTAssertEqual(timeline.warnings.map(\.description), [
            "layers[0].shapes[0].pt: 50 polystar points, more than the limit maxPolystarPoints (10); 10 are drawn",
        ])
        XCTAssertEqual(drawings(timeline.scene(atFrame: 0))[0].paths[0].vertices.count, 20)
    }

    func testZigZagRidgesStopAtTheLimit() throws {
        var limits = LottieLimits.default
        limits.maxZigZagRidges = 3
        let zigZag = #"{"ty":"zz","r":{"a":0,"k":50},"s":{"a":0,"k":2},"pt":{"a":0,"k":1}}"#
        let timeline = Timeline(try animation("[\(shapeLayer([Self.rectangle, zigZag, Self.fill]))]"), limits: limits)
        XCTAssertEqual(timeline.warnings.map(\.description), [
            "layers[0].shapes[1].r: 50 zig-zag ridges per segment, more than the limit maxZigZagRidges (3); 3 are drawn",
        ])
        // 4 sides of 3 ridges each, and the 4 corners.
        XCTAssertEqual(drawings(timeline.scene(atFrame: 0))[0].paths[0].vertices.count, 16)
    }

    func testDashEntriesPastTheLimitAreIgnored() throws {
        var limits = LottieLimits.default
        limits.maxDashEntries = 4
        let entries = (1...10).map { #"{"n":"\#($0 % 2 == 1 ? "d" : "g")","v":{"a":0,"k":\#($0)}}"# }
        let stroke = #"{"ty":"st","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":1},"d":[\#(entries.joined(separator: ","))]}"#
        let timeline = Timeline(try animation("[\(shapeLayer([Self.rectangle, stroke]))]"), limits: limits)
        XCTAssertEqual(timeline.warnings.map(\.description), [
            "layers[0].shapes[1].d: 10 dash and gap lengths, more than the limit maxDashEntries (4); the first 4 are used",
        ])
        guard case .stroke(_, let style) = drawings(timeline.scene(atFrame: 0))[0].paint else { return XCTFail() }
        XCTAssertEqual(style.dashes, [1, 2, 3, 4])
    }

    func testAStrokeWithTooManyDashesIsDrawnSolid() throws {
        func stroke(dash: Double) -> String {
            #"{"ty":"st","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":1},"d":[{"n":"d","v":{"a":0,"k":\#(dash)}},{"n":"g","v":{"a":0,"k":\#(dash)}}]}"#
        }
        var limits = LottieLimits.default
        limits.maxDashes = 1000
        // The square's outline is 160 long: dashes of 0.01 make 8000 dashes, of 5 make 16.
        let layers = [shapeLayer([Self.rectangle, stroke(dash: 0.01)], index: 1), shapeLayer([Self.rectangle, stroke(dash: 5)], index: 2)]
        let timeline = Timeline(try animation("[\(layers.joined(separator: ","))]"), limits: limits)
        XCTAssertEqual(timeline.warnings.map(\.description), [
            "layers[0].shapes[1].d: the dash pattern repeats every 0.02 units, so a stroke longer than 20 units "
                + "would have more dashes than the limit maxDashes (1000); such strokes are drawn solid",
        ])
        let styles = drawings(timeline.scene(atFrame: 0)).compactMap { drawing -> StrokeStyleValues? in
            if case .stroke(_, let style) = drawing.paint { return style }
            return nil
        }
        XCTAssertEqual(styles.map(\.dashes), [[5, 5], []])  // bottom first: layers[1], then layers[0]
    }

    // MARK: Reporting

    func testWarningsStopAtTheLimit() throws {
        var limits = LottieLimits.default
        limits.maxWarnings = 3
        let layers = (1...10).map { #"{"ty":3,"ind":\#($0),"parent":99,"ip":0,"op":60,"ks":{}}"# }
        let timeline = Timeline(try animation("[\(layers.joined(separator: ","))]"), limits: limits)
        XCTAssertEqual(timeline.warnings.map(\.description), [
            "layers[0]: parent 99 does not exist; the parent is ignored",
            "layers[1]: parent 99 does not exist; the parent is ignored",
            "and 8 more warnings (the limit maxWarnings is 3)",
        ])
    }

    func testManyFaultsAreCountedNotListed() throws {
        let layers = Array(repeating: #"{"ty":3,"ind":1,"ip":0,"op":60,"ks":{}}"#, count: 1000)
        let timeline = Timeline(try animation("[\(layers.joined(separator: ","))]"))
        XCTAssertEqual(timeline.warnings.count, 200)
        XCTAssertEqual(timeline.warnings.map(\.description).first, "layers[1].ind: index 1 is also the index of layers[0]; parents and mattes use layers[0]")
        XCTAssertEqual(timeline.warnings.map(\.description).last, "and 800 more warnings (the limit maxWarnings is 200)")
    }
}
