import XCTest
import LottieModel

/// The names of After Effects' API the interpreter does not implement, found in a program and
/// listed with its expression.
final class ExpressionAPICoverageTests: XCTestCase {
    private func unimplemented(_ source: String) throws -> [String] {
        ExpressionAPICoverage.unimplementedNames(in: try ExpressionParser.parse(source))
    }

    func testNamesOfTheAPINotImplemented() throws {
        // As members and as names the program does not declare; sorted, each once.
        XCTAssertEqual(try unimplemented("$bm_rt = thisLayer.lookAt(a, b); var m = mask('M').maskPath;"), ["lookAt", "mask"])
        XCTAssertEqual(try unimplemented("$bm_rt = timeToTimecode(time) + thisComp.layer(1).sampleImage([0, 0]);"),
                       ["sampleImage", "timeToTimecode"])
        // Declared by the program (a variable, a parameter, a function, a catch name): its own.
        XCTAssertEqual(try unimplemented("var zoom = 2; function f(style) { return style; } $bm_rt = zoom;"), [])
        XCTAssertEqual(try unimplemented("try { x(); } catch (footage) { $bm_rt = footage; }"), [])
        XCTAssertEqual(try unimplemented("$bm_rt = loopOut('cycle') + wiggle(2, 10)[0];"), [])
    }

    func testListedAsNotRunWithTheNames() throws {
        let json = """
            {"v":"5.7.0","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":3,"ind":1,"ip":0,"op":60,"st":0,
              "ks":{"o":{"a":0,"k":100,"x":"$bm_rt = thisComp.layer(1).zoom;"},"p":{"a":0,"k":[0,0],"x":"$bm_rt = [1, 2];"}}}]}
            """
        let listings = AnimationReport.expressions(in: try LottieDecoder().decode(json))
        XCTAssertEqual(Set(listings.map(\.path)), ["layers[0].ks.p", "layers[0].ks.o"])
        let opacity = try XCTUnwrap(listings.first { $0.path == "layers[0].ks.o" })
        XCTAssertEqual(opacity.notRunReason, "uses 'zoom', not implemented (where reached, the keyframed value is used)")
        XCTAssertEqual(listings.first { $0.path == "layers[0].ks.p" }?.notRunReason, nil)
    }
}
