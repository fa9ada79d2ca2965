import LottieModel
import XCTest
@testable import LottiePlay

/// `text.sourceText` of text layers and the composition's markers (`thisComp.marker`).
final class ExpressionTextAndMarkerTests: XCTestCase {
    private typealias S = ExpressionScene

    /// A text layer "T" whose document reads "Hello" from frame 0 and "Hi there" from frame 30.
    private let textLayer = """
        {"ty":5,"nm":"T","ind":9,"ip":0,"op":300,"st":0,
         "ks":{"a":{"a":0,"k":[0,0]},"p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}},
         "t":{"d":{"k":[{"t":0,"s":{"t":"Hello","s":20,"f":"Sans","j":0,"tr":0,"lh":24,"fc":[0,0,0]}},
                        {"t":30,"s":{"t":"Hi there","s":20,"f":"Sans","j":0,"tr":0,"lh":24,"fc":[0,0,0]}}]},
              "p":{},"m":{"a":{"a":0,"k":[0,0]}},"a":[]}}
        """

    func testSourceTextOfAnotherLayer() throws {
        // The length of the text, and its word count through `text('Source Text').value`.
        let timeline = try S.timeline([
            S.layer("B", index: 1, position: S.fixed("[0,0]", expression: """
                var t = thisComp.layer('T').text;
                $bm_rt = [t.sourceText.length, t('Source Text').value.split(' ').length];
                """)),
            textLayer,
        ])
        assertNumbers(try S.origin("B", of: timeline, atFrame: 10), [5, 1])
        assertNumbers(try S.origin("B", of: timeline, atFrame: 40), [8, 2])
        XCTAssertEqual(timeline.expressionFaults, [])
    }

    func testCompositionMarkers() throws {
        // Markers "start" at frame 30 and "end" at frame 60 lasting 15 frames, listed out of order:
        // numbered by time. At frame 50 (time 5/3 s) the nearest is "end", the second.
        let layers = [
            S.layer("A", index: 1, position: S.fixed("[0,0]", expression:
                "var m = thisComp.marker; $bm_rt = [m.numKeys, m.key(1).time * 100];")),
            S.layer("B", index: 2, position: S.fixed("[0,0]", expression:
                "$bm_rt = [thisComp.marker.key('end').duration * 30, thisComp.marker.nearestKey(time).index];")),
            S.layer("C", index: 3, position: S.fixed("[0,0]", expression:
                "$bm_rt = [thisLayer.marker.numKeys, thisComp.marker.key(2).comment == 'end' ? 1 : 0];")),
        ]
        var json = S.animationJSON(layers)
        json.insert(contentsOf: "\"markers\":[{\"tm\":60,\"cm\":\"end\",\"dr\":15},{\"tm\":30,\"cm\":\"start\",\"dr\":0}],",
                    at: try XCTUnwrap(json.range(of: "\"assets\"")).lowerBound)
        let timeline = Timeline(try LottieDecoder().decode(json))
        assertNumbers(try S.origin("A", of: timeline, atFrame: 50), [2, 100])
        assertNumbers(try S.origin("B", of: timeline, atFrame: 50), [15, 2])
        assertNumbers(try S.origin("C", of: timeline, atFrame: 50), [0, 1])
        XCTAssertEqual(timeline.expressionFaults, [])
    }

    func testAMissingMarkerIsAFault() throws {
        let timeline = try S.timeline([
            S.layer("A", index: 1, position: S.fixed("[7,8]", expression: "$bm_rt = [thisComp.marker.key(1).time, 0];")),
        ])
        assertNumbers(try S.origin("A", of: timeline, atFrame: 0), [7, 8])
        XCTAssertEqual(timeline.expressionFaults.count, 1)
        XCTAssertTrue(timeline.expressionFaults.first?.contains("marker.key(1): there are 0 markers") == true,
                      "\(timeline.expressionFaults)")
    }
}
