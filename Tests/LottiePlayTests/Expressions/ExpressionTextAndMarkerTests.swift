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
        XCTAssertTrue(timeline.expressionFaults.map(\.description).first?.contains("marker.key(1): there are 0 markers") == true,
                      "\(timeline.expressionFaults.map(\.description))")
    }
}

/// Expressions on a text layer's document (After Effects' Source Text).
final class ExpressionSourceTextTests: XCTestCase {
    private typealias S = ExpressionScene

    private func text(_ expression: String, atFrame frame: Double) throws -> (text: String, size: Double?, faults: [String]) {
        let layer = """
            {"ty":5,"nm":"T","ind":1,"ip":0,"op":300,"st":0,
             "ks":{"a":{"a":0,"k":[0,0]},"p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}},
             "t":{"d":{"k":[{"t":0,"s":{"t":"Hello","s":20,"f":"Sans","j":0,"tr":0,"lh":24,"fc":[0,0,0]}}],
                       "x":\(S.quoted(expression))},
                  "p":{},"m":{"a":{"a":0,"k":[0,0]}},"a":[]}}
            """
        let timeline = try S.timeline([layer])
        let found = try S.layer("T", of: timeline, atFrame: frame)
        guard case .text(let scene) = found.content else {
            XCTFail("no text")
            throw XCTSkip("no text")
        }
        return (scene.document.text, scene.document.fontSize, S.faults(of: timeline))
    }

    func testACounter() throws {
        // A counter from 0 to 10 over 1.3 s, then a '+': at frame 20 (2/3 s), round(5.128...) = 5.
        let counter = "$bm_rt = $bm_sum($bm_sum('', Math.round(linear(time, 0, 1.3, 0, 10))), '+');"
        XCTAssertEqual(try text(counter, atFrame: 20).text, "5+")
        XCTAssertEqual(try text(counter, atFrame: 60).text, "10+")
        // The keyframed document's size is kept.
        XCTAssertEqual(try text(counter, atFrame: 60).size, 20)
    }

    func testValueIsTheTextAndNumbersAreWritten() throws {
        XCTAssertEqual(try text("$bm_rt = value.toUpperCase() + '!';", atFrame: 0).text, "HELLO!")
        XCTAssertEqual(try text("$bm_rt = 1 / 4;", atFrame: 0).text, "0.25")
        XCTAssertEqual(try text("$bm_rt = [1, 2];", atFrame: 0).text, "1,2")
    }

    func testAnotherLayerReadsTheComputedText() throws {
        // B reads T's text, which T's expression makes "HELLO": its length, 5, and 1 for the capital.
        let layers = [
            S.layer("B", index: 2, position: S.fixed("[0,0]", expression:
                "var t = thisComp.layer('T').text.sourceText; $bm_rt = [t.length, t == 'HELLO' ? 1 : 0];")),
            """
            {"ty":5,"nm":"T","ind":1,"ip":0,"op":300,"st":0,
             "ks":{"a":{"a":0,"k":[0,0]},"p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}},
             "t":{"d":{"k":[{"t":0,"s":{"t":"Hello","s":20,"f":"Sans","j":0,"tr":0,"lh":24,"fc":[0,0,0]}}],
                       "x":"$bm_rt = value.toUpperCase();"},
                  "p":{},"m":{"a":{"a":0,"k":[0,0]}},"a":[]}}
            """,
        ]
        let timeline = try S.timeline(layers)
        assertNumbers(try S.origin("B", of: timeline, atFrame: 0), [5, 1])
        XCTAssertEqual(S.faults(of: timeline), [])
    }

    func testAnObjectKeepsTheKeyframedText() throws {
        let result = try text("$bm_rt = {a: 1};", atFrame: 0)
        XCTAssertEqual(result.text, "Hello")
        XCTAssertEqual(result.faults.count, 1, "\(result.faults)")
    }
}
