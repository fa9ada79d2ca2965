import XCTest
import LottieModel

/// `JSONPath`: printed as people write paths, and read back from that text.
final class JSONPathTests: XCTestCase {
    func testADescriptionReadsBackAsThePath() {
        let path = JSONPath([.key("layers"), .index(2), .key("shapes"), .index(0), .index(1), .key("k")])
        XCTAssertEqual(path.description, "layers[2].shapes[0][1].k")
        XCTAssertEqual(JSONPath(describing: path.description), path)
        XCTAssertEqual(JSONPath(describing: "(root)"), JSONPath())
        XCTAssertEqual(JSONPath(describing: "fr"), JSONPath([.key("fr")]))
    }

    func testTextThatIsNotAPathIsRefused() {
        XCTAssertNil(JSONPath(describing: "layers[x]"))
        XCTAssertNil(JSONPath(describing: "layers[2"))
        XCTAssertNil(JSONPath(describing: "layers[]"))
    }
}
