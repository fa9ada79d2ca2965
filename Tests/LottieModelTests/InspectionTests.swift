import XCTest
@testable import LottieModel

/// `AnimationReport` on a small hand-written file whose counts are worked out by hand below.
final class InspectionTests: XCTestCase {
    /// Main composition: a precomp layer, a shape layer (expression, legacy keyframes with
    /// tangents, an effect with an animated parameter, merge paths, a trim path), a null with
    /// split position, a text layer with an animator, a camera and a layer of unknown type 42.
    /// Asset `comp`: one 3D shape layer with a star, a hold keyframe and an unknown item `xx`.
    static let json = #"""
        {"v": "5.7.4", "fr": 25, "ip": 0, "op": 50, "w": 200, "h": 100, "nm": "Small",
         "markers": [{"cm": "intro", "tm": 0, "dr": 10}],
         "assets": [
           {"id": "comp", "layers": [
             {"ty": 4, "nm": "Star", "ind": 1, "ip": 0, "op": 50, "ddd": 1,
              "ks": {"o": {"a": 0, "k": 100},
                     "r": {"a": 1, "k": [{"t": 0, "s": [0], "h": 1}, {"t": 10, "s": [90]}]}},
              "shapes": [
                {"ty": "sr", "sy": 1, "pt": {"a": 0, "k": 5}, "or": {"a": 0, "k": 20}, "ir": {"a": 0, "k": 10},
                 "p": {"a": 0, "k": [0, 0]}},
                {"ty": "xx", "nm": "Mystery"}]}]},
           {"id": "img", "w": 10, "h": 20, "u": "images/", "p": "a.png", "e": 0}],
         "layers": [
           {"ty": 0, "nm": "Comp", "ind": 1, "refId": "comp", "ip": 0, "op": 50, "ks": {}},
           {"ty": 4, "nm": "Shapes", "ind": 2, "parent": 3, "ip": 0, "op": 50,
            "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [0, 0], "e": [10, 10], "to": [5, 0], "ti": [0, 5],
                                        "o": {"x": [0.3], "y": [0]}, "i": {"x": [0.7], "y": [1]}},
                                       {"t": 20}],
                         "x": "var $bm_rt;\n$bm_rt = loopOut('cycle');"},
                   "s": {"a": 0, "k": [100, 100]}},
            "ef": [{"ty": 26, "nm": "Wipe", "ef": [
              {"ty": 2, "nm": "Color", "v": {"a": 0, "k": [0, 0, 0, 1]}},
              {"ty": 0, "nm": "Distance", "v": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 10, "s": [5]}],
                                                "x": "time * 2"}}]}],
            "shapes": [
              {"ty": "gr", "nm": "G", "it": [
                {"ty": "rc", "s": {"a": 0, "k": [10, 10]}, "p": {"a": 0, "k": [0, 0]}, "r": {"a": 0, "k": 0}},
                {"ty": "mm", "nm": "Merge", "mm": 1},
                {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}},
                {"ty": "tr", "p": {"a": 0, "k": [0, 0]}}]},
              {"ty": "tm", "s": {"a": 0, "k": 0}, "e": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 20, "s": [100]}]},
               "o": {"a": 0, "k": 0}}]},
           {"ty": 3, "nm": "Root", "ind": 3, "ip": 0, "op": 50,
            "ks": {"p": {"s": true, "x": {"a": 0, "k": 10}, "y": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 5, "s": [5]}]}}}},
           {"ty": 5, "nm": "Title", "ind": 4, "ip": 0, "op": 50, "ks": {},
            "t": {"d": {"k": [{"t": 0, "s": {"t": "Hi", "f": "Sans", "s": 12}}]},
                  "a": [{"nm": "Fade", "s": {}, "a": {"o": {"a": 0, "k": 0}}}]}},
           {"ty": 13, "nm": "Cam", "ind": 5, "ip": 0, "op": 50, "ks": {}, "pe": {"a": 0, "k": 600}},
           {"ty": 42, "nm": "Future", "ind": 6, "ip": 0, "op": 50}]}
        """#

    private func report(_ json: String = InspectionTests.json) throws -> AnimationReport {
        AnimationReport(inspecting: try LottieDecoder().decode(json))
    }

    func testTimingAndCanvas() throws {
        let report = try report()
        XCTAssertEqual(report.name, "Small")
        XCTAssertEqual(report.version, "5.7.4")
        XCTAssertEqual(report.width, 200)
        XCTAssertEqual(report.height, 100)
        XCTAssertEqual(report.frameRate, 25)
        XCTAssertEqual(report.durationFrames, 50)
        XCTAssertEqual(report.durationSeconds, 2)
        XCTAssertNil(report.file)
        XCTAssertEqual(report.markers, [MarkerSummary(name: "intro", frame: 0, durationFrames: 10)])
    }

    /// By hand, per layer (properties / animated / keyframes):
    /// - Comp: `ks` is empty: 0.
    /// - Shapes: ks.p (2 keyframes, legacy), ks.s; effect parameters Color (static) and Distance
    ///   (2 keyframes); rc s, p, r; fl c, o; tr p; tm s, e (2 keyframes), o: 13 / 3 / 6.
    /// - Root: split p.x (static), p.y (2 keyframes): 2 / 1 / 2.
    /// - Title: t.d (a list of 1 keyframe), animator opacity: 2 / 1 / 1.
    /// - Cam: pe: 1 / 0 / 0. Future: 0.
    /// - comp's Star: ks.o, ks.r (2 keyframes); star pt, or, ir, p: 6 / 1 / 2.
    /// Total 24 properties, 6 animated, 18 static, 11 keyframes; 2 expressions (ks.p, Distance).
    func testPropertyCounts() throws {
        XCTAssertEqual(try report().properties, PropertyStatistics(
            count: 24, animatedCount: 6, staticCount: 18, keyframeCount: 11, expressionCount: 2))
    }

    func testFeaturesInOrderWithCountsAndFirstPaths() throws {
        let features = try report().features.map { "\($0.feature.rawValue) \($0.count) \($0.firstPath)" }
        XCTAssertEqual(features, [
            "precomps 1 layers[0]",
            "shapeLayers 2 layers[1]",
            "nullLayers 1 layers[2]",
            "textLayers 1 layers[3]",
            "cameras 1 layers[4]",
            "unknownLayers 1 layers[5]",
            "parenting 1 layers[1].parent",
            "threeD 1 assets[0].layers[0]",
            "effectsNotDrawn 1 layers[1].ef[0]",
            "expressions 2 layers[1].ks.p",
            "splitPosition 1 layers[2].ks.p",
            "motionPaths 1 layers[1].ks.p",
            "holdKeyframes 1 assets[0].layers[0].ks.r",
            "legacyKeyframes 1 layers[1].ks.p",
            "polystars 1 assets[0].layers[0].shapes[0]",
            "trimPaths 1 layers[1].shapes[1]",
            "mergePaths 1 layers[1].shapes[0].it[1]",
            "unknownShapes 1 assets[0].layers[0].shapes[1]",
            "textAnimators 1 layers[3].t.a[0]",
            "missingFonts 1 layers[3].t.d",
        ])
        let report = try report()
        XCTAssertEqual(report.count(of: .expressions), 2)
        XCTAssertEqual(report.count(of: .masks), 0)
        XCTAssertEqual(report.features.filter { !$0.isSupported }.map(\.feature),
                       [.unknownLayers, .effectsNotDrawn, .unknownShapes, .missingFonts])
    }

    func testUnsupportedFeaturesWithPathsAndDetails() throws {
        let found = try report().unsupported.map { "\($0.feature?.rawValue ?? "") \($0.path): \($0.message)" }
        XCTAssertEqual(found, [
            "effectsNotDrawn layers[1].ef[0]: 'Wipe' (radial wipe, type 26)",
            "missingFonts layers[3].t.d: font 'Sans': the file has no glyph outlines for it and no font file was given, so its text is not drawn",
            "unknownLayers layers[5]: layer 'Future' of type 42",
            "unknownShapes assets[0].layers[0].shapes[1]: 'Mystery' of type 'xx'",
        ])
    }

    func testMissingFontsAreNamedOncePerFont() throws {
        // "Sans" has glyphs (family Sans, style Bold); "Serif" has none and is used twice;
        // "Mono" is not even in the font list.
        let json = """
            {"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100,
             "fonts": {"list": [{"fName": "Sans-Bold", "fFamily": "Sans", "fStyle": "Bold"},
                                {"fName": "Serif", "fFamily": "Serif", "fStyle": "Regular"}]},
             "chars": [{"ch": "A", "size": 100, "style": "Bold", "w": 60, "fFamily": "Sans", "data": {}}],
             "layers": [
               {"ty": 5, "ind": 1, "ip": 0, "op": 30, "ks": {}, "t": {"d": {"k": [{"t": 0, "s": {"t": "A", "f": "Sans-Bold", "s": 12}}]}}},
               {"ty": 5, "ind": 2, "ip": 0, "op": 30, "ks": {}, "t": {"d": {"k": [
                 {"t": 0, "s": {"t": "B", "f": "Serif", "s": 12}}, {"t": 10, "s": {"t": "C", "f": "Mono", "s": 12}}]}}},
               {"ty": 5, "ind": 3, "ip": 0, "op": 30, "ks": {}, "t": {"d": {"k": [{"t": 0, "s": {"t": "D", "f": "Serif", "s": 12}}]}}}]}
            """
        let found = try report(json).unsupported.map { "\($0.path): \($0.message)" }
        XCTAssertEqual(found, [
            "layers[1].t.d: font 'Serif': the file has no glyph outlines for it and no font file was given, so its text is not drawn",
            "layers[1].t.d: font 'Mono': the file has no glyph outlines for it and no font file was given, so its text is not drawn",
        ])
    }

    func testLayerTreeNestsThePrecompAndDescribesContents() throws {
        let report = try report()
        XCTAssertEqual(report.layerCount, 7)
        XCTAssertEqual(report.layers.map(\.path),
                       ["layers[0]", "layers[1]", "layers[2]", "layers[3]", "layers[4]", "layers[5]"])
        XCTAssertEqual(report.layers.map(\.typeName), ["precomp", "shape", "null", "text", "camera", "unknown type 42"])
        XCTAssertEqual(report.layers.map(\.contents), [
            "precomp 'comp', 1 layer",
            "2 items: group 'G' (rectangle, merge paths, fill, transform), trim path",
            "no content",
            "text 'Hi' (font 'Sans', size 12, 1 animator)",
            "camera, perspective 600",
            "not drawn by this toolkit",
        ])
        XCTAssertEqual(report.layers[0].precompID, "comp")
        XCTAssertEqual(report.layers[0].children.map(\.path), ["assets[0].layers[0]"])
        XCTAssertEqual(report.layers[0].children[0].contents, "2 items: star, type 'xx' item 'Mystery'")
        XCTAssertTrue(report.layers[0].children[0].is3D)
        XCTAssertEqual(report.layers[1].parent, 3)
        XCTAssertEqual(report.layers[1].effectCount, 1)
    }

    func testAssets() throws {
        let assets = try report().assets
        XCTAssertEqual(assets.map(\.id), ["comp", "img"])
        XCTAssertEqual(assets[0].kind, .precomp)
        XCTAssertEqual(assets[0].layerCount, 1)
        XCTAssertEqual(assets[0].useCount, 1)
        XCTAssertEqual(assets[1].kind, .image)
        XCTAssertEqual(assets[1].file, "images/a.png")
        XCTAssertEqual(assets[1].isEmbedded, false)
        XCTAssertEqual(assets[1].width, 10)
        XCTAssertEqual(assets[1].height, 20)
        XCTAssertEqual(assets[1].useCount, 0)
    }

    func testEmbeddedImageSizeFromTheDataURI() throws {
        // "iVBORw0KGgo=" is base64 for the 8 bytes of the PNG signature.
        let report = try report("""
            {"fr": 30, "ip": 0, "op": 1, "w": 1, "h": 1, "layers": [],
             "assets": [{"id": "i", "w": 1, "h": 1, "e": 1, "p": "data:image/png;base64,iVBORw0KGgo="}]}
            """)
        XCTAssertEqual(report.assets[0].isEmbedded, true)
        XCTAssertEqual(report.assets[0].mediaType, "image/png")
        XCTAssertEqual(report.assets[0].embeddedByteCount, 8)
        XCTAssertNil(report.assets[0].file)
    }

    func testPrecompCycleAndReuseAreListedOnce() throws {
        let report = try report("""
            {"fr": 30, "ip": 0, "op": 10, "w": 10, "h": 10,
             "assets": [{"id": "a", "layers": [{"ty": 0, "refId": "a", "nm": "Self", "ip": 0, "op": 10}]}],
             "layers": [{"ty": 0, "refId": "a", "nm": "First", "ip": 0, "op": 10},
                        {"ty": 0, "refId": "a", "nm": "Second", "ip": 0, "op": 10},
                        {"ty": 0, "refId": "gone", "nm": "Missing", "ip": 0, "op": 10}]}
            """)
        XCTAssertEqual(report.layers[0].children.map(\.name), ["Self"])
        XCTAssertEqual(report.layers[0].children[0].childrenNote, "cycle: 'a' contains itself (a > a)")
        XCTAssertEqual(report.layers[1].childrenNote, "layers of 'a' listed above")
        XCTAssertEqual(report.layers[2].childrenNote, "no precomp asset with id 'gone'")
        XCTAssertEqual(report.count(of: .precomps), 4)
    }

    func testTheReportRoundTripsThroughJSON() throws {
        var report = try report()
        report.file = AnimationReport.SourceFile(path: "small.json", byteCount: 123)
        let decoded = try JSONDecoder().decode(AnimationReport.self, from: JSONEncoder().encode(report))
        XCTAssertEqual(decoded, report)
    }

    func testExpressionFirstLinePassesOverDeclarationsAndBraces() {
        XCTAssertEqual(FeatureScan.firstLine(of: "var $bm_rt;\n$bm_rt = loopOut();"), "$bm_rt = loopOut(); (2 lines)")
        XCTAssertEqual(FeatureScan.firstLine(of: "var a, b;\ntry {\n  a = wiggle(1, 2);\n} catch (e) {\n}"),
                       "a = wiggle(1, 2); (5 lines)")
        XCTAssertEqual(FeatureScan.firstLine(of: "value"), "value")
    }

    func testDrawnEffectsAndExpressionControlsAreSupportedAndOthersAreNot() throws {
        let json = """
        {"v": "5.7.4", "fr": 30, "ip": 0, "op": 10, "w": 10, "h": 10, "layers": [
          {"ty": 3, "ind": 1, "ip": 0, "op": 10, "st": 0, "ks": {}, "ef": [
            {"ty": 29, "nm": "Blur", "ef": []},
            {"ty": 5, "nm": "Slider", "mn": "ADBE Slider Control", "ef": []},
            {"ty": 5, "nm": "Bulge", "mn": "ADBE Bulge", "ef": []},
            {"ty": 26, "nm": "Off", "en": 0, "ef": []}]}]}
        """
        let report = try report(json)
        XCTAssertEqual(report.count(of: .effects), 3)
        XCTAssertEqual(report.unsupported.map { "\($0.feature?.rawValue ?? "") \($0.path)" }, ["effectsNotDrawn layers[0].ef[2]"])
    }

    func testLayerStylesAreListedDrawnOrNotAndRoundTrip() throws {
        let json = """
        {"v": "5.7.4", "fr": 30, "ip": 0, "op": 10, "w": 10, "h": 10, "layers": [
          {"ty": 3, "ind": 1, "ip": 0, "op": 10, "st": 0, "ks": {}, "sy": [
            {"ty": 1, "nm": "Drop Shadow", "c": {"a": 0, "k": [0, 0, 0, 1]}, "d": {"a": 0, "k": 5}},
            {"ty": 3, "nm": "Outer Glow", "c": {"a": 0, "k": [1, 1, 0, 1]}}]}]}
        """
        let report = try report(json)
        XCTAssertEqual(report.count(of: .layerStyles), 1)
        XCTAssertEqual(report.unsupported.map { "\($0.feature?.rawValue ?? "") \($0.path)" }, ["layerStylesNotDrawn layers[0].sy[1]"])
        let animation = try LottieDecoder().decode(Data(json.utf8))
        let styles = try XCTUnwrap(animation.layers.first?.styles)
        XCTAssertEqual(styles.map(\.kind), [.dropShadow, .outerGlow])
        guard case .fixed(let distance)? = styles[0].number("d")?.content else { return XCTFail("no distance") }
        XCTAssertEqual(distance, 5)
        XCTAssertNotNil(styles[1].color("c"))
        XCTAssertNil(styles[1].number("s"), "a member it does not list")
        // Both decoders agree, and encoding keeps the styles.
        XCTAssertEqual(try JSONDecoder().decode(LottieAnimation.self, from: Data(json.utf8)).layers.first?.styles, styles)
        let again = try LottieDecoder().decode(JSONEncoder().encode(animation))
        XCTAssertEqual(again.layers.first?.styles, styles)
    }

    func testEffectKindsByTypeAndMatchName() {
        XCTAssertEqual(EffectKind(type: 29, matchName: nil), .gaussianBlur)
        XCTAssertEqual(EffectKind(type: 5, matchName: "ADBE Drop Shadow"), .dropShadow)
        XCTAssertEqual(EffectKind(type: 25, matchName: "ADBE Slider Control"), .sliderControl)
        XCTAssertEqual(EffectKind(type: 5, matchName: "ADBE Bulge"), .unknown(type: 5, matchName: "ADBE Bulge"))
        XCTAssertEqual(EffectKind(type: nil, matchName: nil).displayName, "type none")
    }
}
