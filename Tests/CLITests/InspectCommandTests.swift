import Foundation
import XCTest
import TestSupport

/// `lottie-cli inspect` on the samples: the text and JSON reports, compared with snapshots.
final class InspectCommandTests: XCTestCase {
    func testInspectHome() throws {
        let run = try lottieCLI("inspect", "Samples/home.json")
        XCTAssertEqual(run.exitCode, 0)
        XCTAssertEqual(run.standardError, "")
        assertSnapshot(run.standardOutput, named: "inspect-home.txt", in: snapshots)
    }

    func testInspectUser() throws {
        let run = try lottieCLI("inspect", "Samples/user.json")
        XCTAssertEqual(run.exitCode, 0)
        XCTAssertEqual(run.standardError, "")
        assertSnapshot(run.standardOutput, named: "inspect-user.txt", in: snapshots)
    }

    func testInspectJSON() throws {
        let run = try lottieCLI("inspect", "--json", "Samples/home.json")
        XCTAssertEqual(run.exitCode, 0)
        XCTAssertEqual(run.standardError, "")
        assertSnapshot(run.standardOutput, named: "inspect-json-home.txt", in: snapshots)
    }

    func testJSONIsParsableAndMatchesTheText() throws {
        let run = try lottieCLI("inspect", "Samples/home.json", "--json")
        let object = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any]
        let report = try XCTUnwrap(object)
        XCTAssertEqual(report["name"] as? String, "Home Tab Icon")
        XCTAssertEqual((report["layers"] as? [Any])?.count, 4)
        let properties = try XCTUnwrap(report["properties"] as? [String: Int])
        XCTAssertEqual(properties["animatedCount"], 4)
        XCTAssertEqual(properties["keyframeCount"], 9)
        XCTAssertEqual((report["unsupported"] as? [Any])?.count, 0)
    }

    func testOptionsAfterAndBeforeTheFileAndEqualsForm() throws {
        let before = try lottieCLI("inspect", "--json", "Samples/user.json")
        let after = try lottieCLI("inspect", "Samples/user.json", "--json")
        XCTAssertEqual(before, after)
        XCTAssertEqual(before.exitCode, 0)
        let dashDash = try lottieCLI("inspect", "--", "Samples/user.json")
        XCTAssertEqual(dashDash.exitCode, 0)
        XCTAssertTrue(dashDash.standardOutput.hasPrefix("File        Samples/user.json"))
    }

    func testPrecompsAreNestedUnderTheirLayerAndUnsupportedFeaturesListed() throws {
        let folder = try temporaryDirectory(for: self)
        let file = folder.appendingPathComponent("nested.json")
        try Data(#"""
            {"v":"5.7.4","fr":30,"ip":0,"op":30,"w":64,"h":64,"nm":"Nested",
             "assets":[{"id":"inner","layers":[
               {"ty":4,"nm":"Dot","ind":1,"ip":0,"op":30,"ks":{"p":{"a":0,"k":[0,0],"x":"wiggle(2, 5"}},
                "shapes":[{"ty":"el","s":{"a":0,"k":[10,10]},"p":{"a":0,"k":[0,0]}},{"ty":"mm","nm":"Merge","mm":2}]}]}],
             "layers":[{"ty":0,"nm":"Inner A","ind":1,"refId":"inner","ip":0,"op":30},
                       {"ty":0,"nm":"Inner B","ind":2,"refId":"inner","ip":0,"op":30}]}
            """#.utf8).write(to: file)
        let run = try lottieCLI("inspect", file.path)
        XCTAssertEqual(run.exitCode, 0, run.standardError)
        let output = run.standardOutput
        XCTAssertTrue(output.contains("""
              1    precomp  Inner A  -       0 to 30  precomp 'inner', 1 layer
              1    shape    └─ Dot   -       0 to 30  2 items: ellipse, merge paths 'Merge'
              2    precomp  Inner B  -       0 to 30  precomp 'inner', 1 layer; layers of 'inner' listed above
            """), output)
        XCTAssertTrue(output.contains("""
            Not supported yet (1 place)
              expressions not run (1)
                assets[0].layers[0].ks.p  'wiggle(2, 5': syntax error at line 1, column 12: unexpected end of the expression, expected ')' after the arguments of a call
            """), output)
    }
}
