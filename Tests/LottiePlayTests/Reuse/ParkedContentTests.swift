import XCTest
import LottieModel
@testable import LottiePlay

/// `ParkedContent` keeps the content of layers that left a scene, by layer slot, within a cap on
/// the vertices it holds.
final class ParkedContentTests: XCTestCase {
    private typealias Parts = ParkedContent.Parts

    /// One drawing of a triangle and a square: 7 vertices.
    private static let drawings = [ShapeDrawing(
        paths: [BezierContour(polygon: [Vector2(0, 0), Vector2(1, 0), Vector2(1, 1)], closed: true),
                BezierContour(polygon: [Vector2(0, 0), Vector2(2, 0), Vector2(2, 2), Vector2(0, 2)], closed: true)],
        paint: .fill(.black, .nonZero), opacity: 1, jsonPath: "shapes[0]")]

    private static func layer(_ content: SceneContent) -> SceneLayer {
        SceneLayer(name: "inner", index: 1, type: 4, jsonPath: "layers[0]", localFrame: 0, transform: .identity,
                   opacity: 1, blendMode: .normal, content: content)
    }

    func testContentIsTakenBackOnce() {
        let parked = ParkedContent()
        parked.park(Parts(content: .shapes(Self.drawings)), slot: 3, vertexCap: 100)
        XCTAssertEqual(parked.count, 1)
        XCTAssertEqual(parked.vertices, 7)
        guard case .empty = parked.take(slot: 2) else { return XCTFail("slot 2 parked nothing") }
        guard case .shapes(let back) = parked.take(slot: 3) else { return XCTFail("expected the drawings back") }
        XCTAssertEqual(back.first?.paths, Self.drawings.first?.paths)
        guard case .empty = parked.take(slot: 3) else { return XCTFail("taken twice") }
        XCTAssertEqual(parked.vertices, 0)
        XCTAssertEqual(parked.count, 0)
    }

    func testAPrecompsLayersAreCountedWithTheirDrawings() {
        let parked = ParkedContent()
        let precomp = SceneContent.precomp([Self.layer(.shapes(Self.drawings)), Self.layer(.shapes(Self.drawings))],
                                           clip: nil)
        parked.park(Parts(content: precomp), slot: 0, vertexCap: 100)
        XCTAssertEqual(parked.vertices, 16, "7 vertices and the layer listing them, twice")
    }

    /// A precomp whose layers draw nothing as it leaves (all transparent) is kept for its lists.
    func testAPrecompOfLayersDrawingNothingIsKept() {
        let parked = ParkedContent()
        let layers = [Self.layer(.empty), Self.layer(.empty)]
        parked.park(Parts(content: .precomp(layers, clip: nil)), slot: 0, vertexCap: 100)
        XCTAssertEqual(parked.vertices, 2)
        guard case .precomp(let layers, _) = parked.take(slot: 0) else { return XCTFail("expected the precomp back") }
        XCTAssertEqual(layers.count, 2)
    }

    /// Instances of one precomp park their layers' content in the same slots: each is kept, and
    /// taken back last parked first; past `maxPerSlot` the first parked is let go.
    func testASlotKeepsTheContentOfEachInstance() {
        let parked = ParkedContent()
        let precomp = SceneContent.precomp([Self.layer(.shapes(Self.drawings))], clip: nil)
        parked.park(Parts(content: precomp), slot: 0, vertexCap: 1000)
        parked.park(Parts(content: .shapes(Self.drawings)), slot: 0, vertexCap: 1000)
        XCTAssertEqual(parked.count, 2)
        XCTAssertEqual(parked.vertices, 15)
        guard case .shapes = parked.take(slot: 0) else { return XCTFail("the drawings, parked last") }
        guard case .precomp = parked.take(slot: 0) else { return XCTFail("then the precomp's layers") }
        XCTAssertEqual(parked.vertices, 0)
        for _ in 0...ParkedContent.maxPerSlot {
            parked.park(Parts(content: .shapes(Self.drawings)), slot: 1, vertexCap: 1000)
        }
        XCTAssertEqual(parked.count, ParkedContent.maxPerSlot)
        XCTAssertEqual(parked.vertices, 7 * ParkedContent.maxPerSlot)
    }

    func testNothingPastTheCapNorWithoutDrawingsIsKept() {
        let parked = ParkedContent()
        parked.park(Parts(content: .shapes(Self.drawings)), slot: 0, vertexCap: 10)
        parked.park(Parts(content: .shapes(Self.drawings)), slot: 1, vertexCap: 10)  // 14 > 10: let go
        parked.park(Parts(content: .solid(color: .black, width: 10, height: 10)), slot: 2, vertexCap: 10)
        parked.park(Parts(content: .shapes(Self.drawings)), slot: -1, vertexCap: 10)
        XCTAssertEqual(parked.count, 1)
        XCTAssertEqual(parked.vertices, 7)
        guard case .empty = parked.take(slot: 1) else { return XCTFail("past the cap") }
        guard case .empty = parked.take(slot: 2) else { return XCTFail("a solid has no drawings to keep") }
    }

    /// A solid with a mask is kept for its mask (the solid draws no path), and gives it back with
    /// its outline's own storage, which the layer coming back writes over; its vertices count.
    func testMasksAreKeptWithTheContent() throws {
        let outline = BezierContour(polygon: [Vector2(0, 0), Vector2(4, 0), Vector2(4, 4)], closed: true)
        let mask = SceneMask(mode: .add, path: outline, opacity: 1, expansion: 0, inverted: false)
        let parked = ParkedContent()
        parked.park(Parts(content: .solid(color: .black, width: 10, height: 10), masks: [mask]), slot: 1,
                    vertexCap: 10)
        XCTAssertEqual(parked.vertices, 3)
        let parts = parked.takeAll(slot: 1)
        let (content, masks) = (parts.content, parts.masks)
        guard case .solid = content else { return XCTFail("expected the solid back") }
        XCTAssertEqual(masks.count, 1)
        XCTAssertEqual(masks.first.flatMap { RecycledShapes.storage(of: $0.path.vertices) },
                       RecycledShapes.storage(of: outline.vertices))
        XCTAssertEqual(parked.vertices, 0)
        // Masks count against the cap too: 3 + 7 > 9.
        parked.park(Parts(content: .shapes(Self.drawings), masks: [mask]), slot: 2, vertexCap: 9)
        XCTAssertEqual(parked.count, 0)
    }
}
