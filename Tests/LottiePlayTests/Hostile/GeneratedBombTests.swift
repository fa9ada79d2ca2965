import XCTest
import LottieModel
import LottiePlay

/// Bombs too big to keep as files, generated here: a dash list of 1e6 entries, a path of 1e6
/// vertices, a chain of 100 000 precomps, a chain of 10 000 parents, 20 000 layers. Each runs
/// the whole pipeline (decode, compile, three scenes, 32 x 32 renders) with its exact warnings;
/// the time is printed, not asserted.
final class GeneratedBombTests: XCTestCase {
    /// An animation document around `layers` (JSON text) and `assets`.
    private func document(layers: String, assets: String = "[]") -> Data {
        Data(#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"assets":\#(assets),"layers":\#(layers)}"#.utf8)
    }

    private static let rectangle = #"{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}}"#
    private static let fill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#

    private func shapeLayer(_ items: [String], index: Int = 1, extra: String = "") -> String {
        #"{"ty":4,"ind":\#(index),"ip":0,"op":60,"st":0,"ks":{}\#(extra),"shapes":[\#(items.joined(separator: ","))]}"#
    }

    private func run(_ label: String, _ data: Data, limits: LottieLimits = .default) -> HostileFixtures.Outcome {
        let outcome = HostileFixtures.run(data, limits: limits)
        print(String(format: "%@: %d bytes, %.3f s (decode %.3f, evaluate %.3f, render %.3f)", label, data.count,
                     outcome.totalSeconds, outcome.decodeSeconds, outcome.evaluateSeconds, outcome.renderSeconds))
        return outcome
    }

    func testDashListOfAMillionEntries() {
        let dash = #"{"n":"d","v":{"a":0,"k":2}},{"n":"g","v":{"a":0,"k":3}}"#
        let dashes = Array(repeating: dash, count: 500_000).joined(separator: ",")
        let stroke = #"{"ty":"st","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2},"d":[\#(dashes)]}"#
        let outcome = run("1e6 dash entries", document(layers: "[\(shapeLayer([Self.rectangle, stroke]))]"))
        XCTAssertNil(outcome.error)
        XCTAssertEqual(outcome.warnings, [
            "layers[0].shapes[1].d: 1000000 dash and gap lengths, more than the limit maxDashEntries (64); the first 64 are used",
        ])
    }

    func testPathOfAMillionVertices() {
        let count = 1_000_000
        var vertices = "", zeros = ""
        vertices.reserveCapacity(count * 12)
        zeros.reserveCapacity(count * 6)
        for index in 0..<count {
            if index > 0 { vertices += ","; zeros += "," }
            vertices += "[\(index % 100),\(index / 10_000)]"
            zeros += "[0,0]"
        }
        let path = #"{"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[\#(vertices)],"i":[\#(zeros)],"o":[\#(zeros)]}}}"#
        let outcome = run("1e6 path vertices", document(layers: "[\(shapeLayer([path, Self.fill]))]"))
        XCTAssertNil(outcome.error)
        XCTAssertEqual(outcome.warnings, [
            "layers[0].shapes[0].ks.k: path has 1000000 vertices, more than the limit maxPathVertices (100000); "
                + "the first 100000 are drawn",
        ])
    }

    /// A chain of `count` precomps, each the only layer of the one above.
    private func precompChain(_ count: Int) -> Data {
        var assets: [String] = []
        assets.reserveCapacity(count)
        for index in 0..<count {
            let inner = index + 1 < count
                ? #"{"ty":0,"ind":1,"refId":"c\#(index + 1)","ip":0,"op":60,"st":0,"ks":{}}"#
                : shapeLayer([Self.rectangle, Self.fill])
            assets.append(#"{"id":"c\#(index)","layers":[\#(inner)]}"#)
        }
        let root = #"[{"ty":0,"ind":1,"refId":"c0","ip":0,"op":60,"st":0,"ks":{}}]"#
        return document(layers: root, assets: "[\(assets.joined(separator: ","))]")
    }

    func testChainOfOneThousandPrecomps() {
        let outcome = run("1000 nested precomps", precompChain(1000))
        XCTAssertNil(outcome.error)
        XCTAssertEqual(outcome.warnings, [
            "assets[31].layers[0]: precomps nest 1000 deep, more than the limit maxPrecompDepth (32); "
                + "the precomps from here down are not drawn",
        ])
    }

    /// `TimelineCompiler` walks a chain of any length without recursion, and the caveat scan
    /// (`AnimationReport.unsupportedFeatures`) is linear in the number of assets.
    func testChainOfOneHundredThousandPrecomps() throws {
        let outcome = run("100 000 nested precomps", precompChain(100_000))
        XCTAssertNil(outcome.error)
        XCTAssertEqual(outcome.warnings, [
            "assets[31].layers[0]: precomps nest 100000 deep, more than the limit maxPrecompDepth (32); "
                + "the precomps from here down are not drawn",
            "layers: a frame evaluates up to 100001 layers counting every precomp instance, more than the limit "
                + "maxLayers (10000); layers past the limit are not drawn",
        ])
    }

    func testChainOfTenThousandParents() {
        let count = 10_000
        var layers = [shapeLayer([Self.rectangle, Self.fill], index: 1, extra: #","parent":2"#)]
        for index in 2...count {
            let parent = index < count ? #","parent":\#(index + 1)"# : ""
            layers.append(#"{"ty":3,"ind":\#(index),"ip":0,"op":60,"st":0\#(parent),"ks":{"p":{"a":0,"k":[0.001,0]}}}"#)
        }
        let outcome = run("10 000 chained parents", document(layers: "[\(layers.joined(separator: ","))]"))
        XCTAssertNil(outcome.error)
        XCTAssertEqual(outcome.warnings, [])
    }

    func testChainOfTenThousandParentsThatLoops() {
        let count = 10_000
        var layers: [String] = []
        for index in 1...count {
            layers.append(#"{"ty":3,"ind":\#(index),"ip":0,"op":60,"st":0,"parent":\#(index % count + 1),"ks":{}}"#)
        }
        let outcome = run("10 000 parents in a loop", document(layers: "[\(layers.joined(separator: ","))]"))
        XCTAssertEqual(outcome.warnings, ["layers[9999]: parenting cycle; the link to its parent is ignored"])
    }

    func testTwentyThousandLayers() {
        let layers = (1...20_000).map { shapeLayer([Self.rectangle, Self.fill], index: $0) }
        let outcome = run("20 000 layers", document(layers: "[\(layers.joined(separator: ","))]"))
        XCTAssertNil(outcome.error)
        XCTAssertEqual(outcome.warnings, [
            "layers: a frame evaluates up to 20000 layers counting every precomp instance, more than the limit "
                + "maxLayers (10000); layers past the limit are not drawn",
        ])
    }

    /// Groups nested as deep as the JSON depth limit allows (two levels a group, 255 in all):
    /// every walk over shapes (decoding, compiling, the fault scan, evaluation) recurses once per
    /// group and must not run out of stack; one group more is refused by the decoder.
    func testGroupsNestedAsDeepAsTheJSONLimitAllows() {
        func nested(_ depth: Int) -> Data {
            var items = [Self.rectangle, Self.fill]
            for _ in 0..<depth { items = [#"{"ty":"gr","it":[\#(items.joined(separator: ","))]}"#] }
            return document(layers: "[\(shapeLayer(items))]")
        }
        let outcome = run("124 nested groups", nested(124))
        XCTAssertNil(outcome.error)
        XCTAssertEqual(outcome.warnings, [])
        let refused = run("125 nested groups", nested(125))
        XCTAssertEqual(refused.error.map { String($0.suffix(68)) },
                       "invalid JSON: nesting deeper than 256 levels, the limit maxJSONDepth")
    }

    func testRepeaterOfABillionCopiesFiveDeepUnderStrictLimits() throws {
        let outcome = run("repeater bomb, strict", try HostileFixtures.data("repeater-bomb.json"), limits: .strict)
        XCTAssertEqual(outcome.warnings.last,
                       "layers[0].shapes: repeaters make up to 320000000000 paths, more than the limit maxPaths (5000); "
                        + "paths past the limit are not drawn")
    }
}
