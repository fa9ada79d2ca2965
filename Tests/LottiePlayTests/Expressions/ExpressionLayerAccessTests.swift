import XCTest
@testable import LottiePlay

/// Layers and compositions as expressions see them: `thisComp.layer(name | index)`, another
/// layer's transform, `index`, `name`, times, opacity driven by an expression, shape groups
/// through `content(...)`, and `time` inside a precomp.
final class ExpressionLayerAccessTests: XCTestCase {
    private typealias S = ExpressionScene

    /// Layer A at [100, 50] (ind 1), layer B (ind 2) with `expression` on its position.
    private func readFromB(_ expression: String, aPosition: String = S.fixed("[100,50]"), atFrame frame: Double = 0,
                           file: StaticString = #filePath, line: UInt = #line) throws -> [Double] {
        let timeline = try S.timeline([
            S.layer("A", index: 1, position: aPosition),
            S.layer("B", index: 2, position: S.fixed("[0,0]", expression: expression)),
        ])
        return try S.origin("B", of: timeline, atFrame: frame, file: file, line: line)
    }

    func testAnotherLayersPositionByNameAndIndex() throws {
        // Both name layer A, at [100, 50].
        assertNumbers(try readFromB("$bm_rt = thisComp.layer('A').transform.position;"), [100, 50])
        assertNumbers(try readFromB("$bm_rt = thisComp.layer(1).transform.position;"), [100, 50])
        // The short forms: layer.position, and `.value`.
        assertNumbers(try readFromB("$bm_rt = thisComp.layer('A').position.value;"), [100, 50])
        // thisComp.layer(index - 1): the layer above B.
        assertNumbers(try readFromB("$bm_rt = add(thisComp.layer(index - 1).position, [1, 2]);"), [101, 52])
    }

    func testAnotherLayersExpressionIsApplied() throws {
        // A's own expression moves it by +5 in x; B reads the result, [105, 50].
        let a = S.fixed("[100,50]", expression: "$bm_rt = [value[0] + 5, value[1]];")
        assertNumbers(try readFromB("$bm_rt = thisComp.layer('A').transform.position;", aPosition: a), [105, 50])
        // ...and valueAtTime on it too.
        assertNumbers(try readFromB("$bm_rt = thisComp.layer('A').transform.position.valueAtTime(3);", aPosition: a),
                      [105, 50])
    }

    func testAnotherLayersValueAtTime() throws {
        // A moves 0 -> 300 in x over frames 0-30: at 0.5 s, 150; B reads it at frame 0.
        let a = S.keyed([(0, "[0,0]"), (30, "[300,0]")])
        assertNumbers(try readFromB("$bm_rt = thisComp.layer('A').transform.position.valueAtTime(0.5);", aPosition: a),
                      [150, 0], accuracy: 1e-6)
        // A follower one second behind: at frame 40, A as it was at frame 10 (x 100).
        assertNumbers(try readFromB("$bm_rt = thisComp.layer('A').transform.position.valueAtTime(time - 1);",
                                    aPosition: a, atFrame: 40), [100, 0], accuracy: 1e-6)
    }

    func testIndexNameAndComp() throws {
        // B is index 2, the comp has 2 layers, 400 x 300.
        assertNumbers(try readFromB("$bm_rt = [index * 10, thisLayer.index + thisComp.numLayers];"), [20, 4])
        assertNumbers(try readFromB("$bm_rt = [thisComp.width, thisComp.height];"), [400, 300])
        assertNumbers(try readFromB("$bm_rt = [thisLayer.name == 'B' ? 1 : 0, thisComp.layer(1).name == 'A' ? 1 : 0];"),
                      [1, 1])
        // comp('Main') is the root (the animation's name).
        assertNumbers(try readFromB("$bm_rt = [comp('Main').numLayers, comp('Main').layer('A').index];"), [2, 1])
    }

    func testLayerTimes() throws {
        // A layer from frame 15 to 90, starting at frame 6: 0.5 s, 3 s, 0.2 s.
        let layer = S.layer("L", index: 1, position: S.fixed("[0,0]", expression:
            "$bm_rt = [inPoint * 100 + outPoint, startTime * 10];"), inPoint: 15, outPoint: 90, startTime: 6)
        let timeline = try S.timeline([layer])
        assertNumbers(try S.origin("L", of: timeline, atFrame: 20), [53, 2], accuracy: 1e-9)
    }

    func testOpacityFromAnExpression() throws {
        // Opacity 25 + 25 = 50 % -> 0.5 in the scene.
        let fixed = try S.timeline([S.layer("L", index: 1, opacity: S.fixed("100", expression: "$bm_rt = 25 + 25;"))])
        XCTAssertEqual(try S.layer("L", of: fixed, atFrame: 0).opacity, 0.5, accuracy: 1e-9)
        // time * 100 at frame 9 (0.3 s): 30 %.
        let timed = try S.timeline([S.layer("L", index: 1, opacity: S.fixed("100", expression: "$bm_rt = time * 100;"))])
        XCTAssertEqual(try S.layer("L", of: timed, atFrame: 9).opacity, 0.3, accuracy: 1e-9)
        // Another layer's opacity (40) read by B, less 10.
        let pair = try S.timeline([
            S.layer("A", index: 1, opacity: S.fixed("40")),
            S.layer("B", index: 2, opacity: S.fixed("100", expression: "$bm_rt = thisComp.layer('A').transform.opacity - 10;")),
        ])
        XCTAssertEqual(try S.layer("B", of: pair, atFrame: 0).opacity, 0.3, accuracy: 1e-9)
    }

    func testRotationAndScaleFromExpressions() throws {
        // Rotation 90 and scale [200, 50] from expressions: x axis -> (0, 2), y axis -> (-0.5, 0).
        let layer = S.layer("L", index: 1, rotation: S.fixed("0", expression: "$bm_rt = 45 * 2;"),
                            scale: S.fixed("[100,100]", expression: "$bm_rt = [200, 50];"))
        let transform = try S.layer("L", of: try S.timeline([layer]), atFrame: 0).transform
        assertNumbers([transform.a, transform.b, transform.c, transform.d], [0, 2, -0.5, 0], accuracy: 1e-9)
    }

    func testContentGroupTransform() throws {
        // A shape group 'Group 1' scaled [50, 80]; the layer's position reads that scale.
        let shapes = """
            {"ty":"gr","nm":"Group 1","it":[
              {"ty":"rc","nm":"Rect","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},
              {"ty":"fl","nm":"Fill","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},
              {"ty":"tr","p":{"a":0,"k":[7,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[50,80]},"r":{"a":0,"k":0},
               "o":{"a":0,"k":100}}]}
            """
        func read(_ expression: String, file: StaticString = #filePath, line: UInt = #line) throws -> [Double] {
            let layer = S.layer("L", index: 1, position: S.fixed("[0,0]", expression: expression), shapes: shapes)
            return try S.origin("L", of: try S.timeline([layer]), atFrame: 0, file: file, line: line)
        }
        assertNumbers(try read("$bm_rt = content('Group 1').transform.scale;"), [50, 80])
        assertNumbers(try read("$bm_rt = thisLayer.content('Group 1').transform.position;"), [7, 0])
        // The rectangle's size through the group (the contents group named or not).
        assertNumbers(try read("$bm_rt = content('Group 1').content('Rect').size;"), [10, 10])
        assertNumbers(try read("$bm_rt = content('Group 1')('Contents')('Rect')('Size');"), [10, 10])
        // The fill's colour: [1, 0, 0, 1] -> red * 10, alpha * 20.
        assertNumbers(try read("var c = content('Group 1').content('Fill').color; $bm_rt = [c[0] * 10, c[3] * 20];"),
                      [10, 20])
    }

    func testFillColorFromAnExpression() throws {
        // A fill's colour set by an expression: [0, 0.5, 1] keeps the keyed alpha 1.
        let shapes = """
            {"ty":"rc","nm":"Rect","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},
            {"ty":"fl","nm":"Fill","c":{"a":0,"k":[1,0,0,1],"x":"$bm_rt = [0, 0.5, 1];"},"o":{"a":0,"k":100}}
            """
        let timeline = try S.timeline([S.layer("L", index: 1, shapes: shapes)])
        let fill = try S.firstFill("L", of: timeline, atFrame: 0)
        assertNumbers([fill.red, fill.green, fill.blue, fill.alpha], [0, 0.5, 1, 1], accuracy: 1e-9)
    }

    /// A precomp `comp1` holding layer `Inner` (position from `expression`) and `Other` at [9, 8],
    /// shown by root layer `P` at [0, 0] starting at frame `start`, stretched by `stretch`.
    private func precompTimeline(_ expression: String, start: Double = 0, stretch: Double = 1) throws -> Timeline {
        let asset = """
            {"id":"comp1","nm":"Inside","layers":[
              \(S.layer("Inner", index: 1, position: S.fixed("[0,0]", expression: expression))),
              \(S.layer("Other", index: 2, position: S.fixed("[9,8]")))]}
            """
        let precompLayer = """
            {"ty":0,"nm":"P","ind":1,"refId":"comp1","w":400,"h":300,"ip":0,"op":300,"st":\(start),"sr":\(stretch),
             "ks":{"a":{"a":0,"k":[0,0]},"p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},
                   "o":{"a":0,"k":100}}}
            """
        return try S.timeline([precompLayer], assets: [asset])
    }

    func testTimeInAPrecomp() throws {
        // `time` is the precomp's own: root frame 40 with the precomp starting at 10 is its frame 30, 1 s.
        let shifted = try precompTimeline("$bm_rt = [time * 30, 0];", start: 10)
        assertNumbers(try S.origin("Inner", of: shifted, atFrame: 40), [30, 0], accuracy: 1e-9)
        // Stretched twice as slow: root frame 40 is its frame 20.
        let stretched = try precompTimeline("$bm_rt = [time * 30, 0];", stretch: 2)
        assertNumbers(try S.origin("Inner", of: stretched, atFrame: 40), [20, 0], accuracy: 1e-9)
    }

    func testInstancesOfAPrecompShiftedInTime() throws {
        // Three layers show one precomp from frames 0, 10 and 20: at root frame 40 its layers are
        // at their frames 40, 30 and 20 within one scene. `Inner` moves with time; `Reader` reads
        // it. The instances share each property's kept results (ExpressionResults): each must still
        // get its own frame's values, also when a frame is asked for again.
        let asset = """
            {"id":"comp1","nm":"Inside","layers":[
              \(S.layer("Inner", index: 1, position: S.fixed("[0,0]", expression: "$bm_rt = [time * 30, 0];"))),
              \(S.layer("Reader", index: 2, position: S.fixed("[0,0]", expression:
                  "$bm_rt = add(thisComp.layer('Inner').position, [0, 5]);")))]}
            """
        let instances = [0.0, 10, 20].enumerated().map { index, start in
            """
            {"ty":0,"nm":"P\(index)","ind":\(index + 1),"refId":"comp1","w":400,"h":300,"ip":0,"op":300,"st":\(start),
             "ks":{"a":{"a":0,"k":[0,0]},"p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},
                   "o":{"a":0,"k":100}}}
            """
        }
        let timeline = try S.timeline(instances, assets: [asset])
        for frame in [40.0, 41, 40] {
            let layers = timeline.scene(atFrame: frame).layers
            for (index, start) in [0.0, 10, 20].enumerated() {
                let instance = try XCTUnwrap(S.find("P\(index)", in: layers))
                guard case .precomp(let children, _) = instance.content else { return XCTFail("P\(index) is not a precomp") }
                let inner = try XCTUnwrap(S.find("Inner", in: children))
                let reader = try XCTUnwrap(S.find("Reader", in: children))
                assertNumbers([inner.transform.tx, inner.transform.ty], [frame - start, 0], accuracy: 1e-9)
                assertNumbers([reader.transform.tx, reader.transform.ty], [frame - start, 5], accuracy: 1e-9)
            }
        }
    }

    func testThisCompInAPrecomp() throws {
        // thisComp inside the precomp is the precomp: its layer 'Other' at [9, 8], 2 layers.
        let timeline = try precompTimeline("$bm_rt = add(thisComp.layer('Other').position, [thisComp.numLayers, 0]);")
        assertNumbers(try S.origin("Inner", of: timeline, atFrame: 0), [11, 8])
        // comp('Main') reaches the root from inside: its one layer 'P' has index 1.
        let root = try precompTimeline("$bm_rt = [comp('Main').numLayers * 5, comp('Main').layer('P').index * 7];")
        assertNumbers(try S.origin("Inner", of: root, atFrame: 0), [5, 7])
    }

    func testParentAndHasParent() throws {
        // C's parent is P (ind 1) at [100, 100]: C reads parent.position and hasParent.
        let timeline = try S.timeline([
            S.layer("P", index: 1, position: S.fixed("[100,100]")),
            S.layer("C", index: 2, position: S.fixed("[0,0]", expression:
                "$bm_rt = [hasParent ? parent.position[0] / 10 : -1, thisComp.layer('P').hasParent ? -1 : 3];"),
                    parent: 1),
        ])
        // C at [10, 3] in P's space: [110, 103] on the canvas.
        assertNumbers(try S.origin("C", of: timeline, atFrame: 0), [110, 103])
    }

    func testAPropertyReadingItselfReadsItsKeyedValue() throws {
        // transform.position inside the position's own expression is the keyed [10, 20]: [15, 20].
        let layer = S.layer("L", index: 1, position: S.fixed("[10,20]", expression: "$bm_rt = add(transform.position, [5, 0]);"),
                            rotation: S.fixed("30", expression: "$bm_rt = thisLayer.transform.rotation + 60;"))
        let placed = try S.layer("L", of: try S.timeline([layer]), atFrame: 0)
        assertNumbers([placed.transform.tx, placed.transform.ty], [15, 20], accuracy: 1e-9)
        // Rotation 30 + 60 = 90: the x axis points down.
        assertNumbers([placed.transform.a, placed.transform.b], [0, 1], accuracy: 1e-9)
    }

    func testTwoPropertiesWithTheSameExpressionAreNotTheSame() throws {
        // Position and scale both carry add(transform.position, [1, 1]) (no `ix`, as hand-made files):
        // position reads itself keyed: [10, 10] + 1 = [11, 11]; scale reads position's result:
        // [11, 11] + 1 = [12, 12] %. The origin is the position, the x axis 0.12 long.
        let source = "$bm_rt = add(transform.position, [1, 1]);"
        let layer = S.layer("L", index: 1, position: S.fixed("[10,10]", expression: source),
                            scale: S.fixed("[100,100]", expression: source))
        let placed = try S.layer("L", of: try S.timeline([layer]), atFrame: 0)
        assertNumbers([placed.transform.tx, placed.transform.ty, placed.transform.a], [11, 11, 0.12], accuracy: 1e-9)
    }

    func testPropertyNamesAndGroups() throws {
        // The position's group is the layer's Transform; its own name Position; numProperties of it > 4.
        assertNumbers(try readFromB("""
            $bm_rt = [thisProperty.propertyGroup(1).name == 'Transform' ? 1 : 0, thisProperty.name == 'Position' ? 1 : 0];
            """), [1, 1])
        // thisLayer(1) and thisLayer('ADBE Transform Group') are the transform: its Position is A's? no, B's own [0, 0].
        assertNumbers(try readFromB("$bm_rt = add(thisComp.layer('A')('ADBE Transform Group')('ADBE Position'), [0, 1]);"),
                      [100, 51])
        assertNumbers(try readFromB("$bm_rt = add(thisComp.layer('A')(1)('Position'), [1, 0]);"), [101, 50])
    }

    func testSplitPosition() throws {
        // A's position split: x keyed 0 -> 300 over frames 0-30, y 40. B reads it whole and by axis at frame 15.
        let split = "{\"s\":true,\"x\":\(S.keyed([(0, "[0]"), (30, "[300]")])),\"y\":\(S.fixed("40"))}"
        assertNumbers(try readFromB("$bm_rt = thisComp.layer('A').transform.position;", aPosition: split, atFrame: 15),
                      [150, 40], accuracy: 1e-6)
        assertNumbers(try readFromB("var t = thisComp.layer('A').transform; $bm_rt = [t.xPosition, t.yPosition + 1];",
                                    aPosition: split, atFrame: 15), [150, 41], accuracy: 1e-6)
        // An expression on the split x alone: time * 30 at frame 15 -> 15.
        let expressed = "{\"s\":true,\"x\":\(S.fixed("0", expression: "$bm_rt = time * 30;")),\"y\":\(S.fixed("40"))}"
        let timeline = try S.timeline([S.layer("A", index: 1, position: expressed)])
        assertNumbers(try S.origin("A", of: timeline, atFrame: 15), [15, 40], accuracy: 1e-9)
    }

    func testACompByItsName() throws {
        // From the root, comp('Inside') is the precomp: its layer 'Other' at [9, 8].
        let asset = """
            {"id":"comp1","nm":"Inside","layers":[\(S.layer("Other", index: 1, position: S.fixed("[9,8]")))]}
            """
        let timeline = try S.timeline([S.layer("R", index: 1, position: S.fixed("[0,0]", expression:
            "$bm_rt = add(comp('Inside').layer('Other').position, [comp('Inside').numLayers, 0]);"))], assets: [asset])
        assertNumbers(try S.origin("R", of: timeline, atFrame: 0), [10, 8])
    }

    func testSizesAndActive() throws {
        // A shape layer is as large as its comp (400 x 300).
        assertNumbers(try readFromB("$bm_rt = [width, thisLayer.height];"), [400, 300])
        // A, from frame 15 to 90, is active at frame 20 and not at frame 10 (B lasts the whole time).
        let timeline = try S.timeline([
            S.layer("A", index: 1, inPoint: 15, outPoint: 90),
            S.layer("B", index: 2, position: S.fixed("[0,0]", expression:
                "$bm_rt = [thisComp.layer('A').active ? 1 : 2, thisLayer.active ? 3 : 4];")),
        ])
        assertNumbers(try S.origin("B", of: timeline, atFrame: 20), [1, 3])
        assertNumbers(try S.origin("B", of: timeline, atFrame: 10), [2, 3])
    }

    func testToCompOfItselfInItsOwnPosition() throws {
        // C's position reads C's own toComp: a cycle, cut where C's position is read again (its
        // keyframed [10, 0]): toComp gives [110, 100], which under P at [100, 100] is drawn at [210, 200].
        let timeline = try S.timeline([
            S.layer("P", index: 1, position: S.fixed("[100,100]")),
            S.layer("C", index: 2, position: S.fixed("[10,0]", expression: "$bm_rt = thisLayer.toComp([0, 0]);"), parent: 1),
        ])
        assertNumbers(try S.origin("C", of: timeline, atFrame: 0), [210, 200])
        XCTAssertEqual(timeline.expressionFaults, [])
    }
}
