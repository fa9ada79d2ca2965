import XCTest
import LottieModel
@testable import LottiePlay

/// Taking a layer's old drawings apart for their storage: contours come back in the order the
/// drawings held them, with their storage (not copies); lists and storage held elsewhere too are
/// left alone.
final class RecycledShapesTests: XCTestCase {
    private static func contour(_ count: Int, at offset: Double) -> BezierContour {
        BezierContour(polygon: (0..<count).map { Vector2(x: offset + Double($0), y: 0) }, closed: true)
    }

    private static func drawing(_ paths: [BezierContour]) -> ShapeDrawing {
        ShapeDrawing(paths: paths, paint: .fill(RGBAColor(red: 0, green: 0, blue: 0), .nonZero), opacity: 1,
                     jsonPath: "test")
    }

    private static func storage(_ contour: BezierContour) -> UInt? {
        RecycledShapes.storage(of: contour.vertices)
    }

    func testContoursComeBackInTheOrderTheDrawingsHeldThemWithTheirStorage() throws {
        var drawings = [Self.drawing([Self.contour(3, at: 0), Self.contour(5, at: 10)]),
                        Self.drawing([Self.contour(4, at: 20)])]
        let addresses = drawings.flatMap(\.paths).map(Self.storage)
        var recycled = RecycledShapes()
        recycled.takeApart(drawings, shared: StorageAddresses())
        drawings = []
        var counts: [Int] = []
        var taken: [UInt?] = []
        for _ in 0..<3 {
            let contour = recycled.contour()
            counts.append(contour.vertices.count)
            taken.append(Self.storage(contour))
        }
        XCTAssertEqual(counts, [3, 5, 4])
        XCTAssertEqual(taken, addresses, "the contours' own storage, not copies")
        XCTAssertTrue(recycled.contour().vertices.isEmpty, "then empty contours")
        // The two path lists come back emptied, with room for what they held.
        XCTAssertEqual([recycled.list().capacity >= 1, recycled.list().capacity >= 1], [true, true])
        XCTAssertEqual(recycled.list().capacity, 0, "then new lists")
        XCTAssertGreaterThanOrEqual(recycled.drawings().capacity, 2)
    }

    func testStorageCompiledWithTheProgramIsLeftAlone() throws {
        let compiled = [Self.contour(4, at: 0)]
        let shared = StorageAddresses([try XCTUnwrap(RecycledShapes.storage(of: compiled))])
        var recycled = RecycledShapes()
        recycled.takeApart([Self.drawing(compiled), Self.drawing([Self.contour(3, at: 5)])], shared: shared)
        XCTAssertEqual(recycled.contour().vertices.count, 3, "only the other drawing's contour")
        XCTAssertTrue(recycled.contour().vertices.isEmpty)
        XCTAssertEqual(compiled[0].vertices.count, 4, "the compiled list keeps its contour")
    }

    func testAListPaintedByTwoDrawingsIsTakenOnce() throws {
        // A fill and a stroke of the same paths share one list.
        let paths = [Self.contour(3, at: 0)]
        var recycled = RecycledShapes()
        recycled.takeApart([Self.drawing(paths), Self.drawing(paths)], shared: StorageAddresses())
        XCTAssertEqual(recycled.contour().vertices.count, 3)
        XCTAssertTrue(recycled.contour().vertices.isEmpty, "the contour is not handed out twice")
    }

    func testUnpaintedSlotsAreKeptEmptiedForTheLayersThatFollow() throws {
        // Two slots merged into one drawing's list: the slots' lists are no drawing's and are kept.
        var slots = [[Self.contour(3, at: 0)], [Self.contour(4, at: 5)]]
        var recycled = RecycledShapes()
        recycled.keepUnpainted(&slots, uses: [.copied, .copied], shared: StorageAddresses())
        slots = []
        XCTAssertEqual([recycled.list().capacity >= 1, recycled.list().capacity >= 1], [true, true])
        XCTAssertEqual(recycled.list().capacity, 0)
        // A slot painted as it is stays where it is.
        var painted = [[Self.contour(3, at: 0)]]
        var other = RecycledShapes()
        other.keepUnpainted(&painted, uses: [.painted], shared: StorageAddresses())
        XCTAssertEqual(painted[0].count, 1)
        XCTAssertEqual(other.list().capacity, 0)
    }

    /// A slot no drawing read (a path no style paints) holds the only hold on its contour: the
    /// contour is kept as a spare, its storage handed out again to the next path made; one
    /// compiled with the program is left alone.
    func testTheContourOfASlotNoDrawingReadIsKeptAsASpare() throws {
        let unread = Self.contour(5, at: 0)
        let storage = try XCTUnwrap(Self.storage(unread))
        let compiled = Self.contour(6, at: 10)
        var slots = [[unread], [compiled]]
        var recycled = RecycledShapes()
        recycled.keepUnpainted(&slots, uses: [.unread, .unread],
                               shared: StorageAddresses([try XCTUnwrap(Self.storage(compiled))]))
        slots = []
        recycled.removeAll()
        XCTAssertEqual(Self.storage(recycled.contour()), storage)
        XCTAssertNil(Self.storage(recycled.contour()), "the compiled contour is not handed out")
    }

    /// A trim's source, cut into pieces, is given back: its contour comes out again, also for the
    /// next layer (spares outlive `removeAll()`), but not a contour compiled with the program nor
    /// one a piece kept whole; what a layer did not ask for becomes a spare too.
    func testContoursGivenBackAreHandedOutAgainToTheLayersThatFollow() throws {
        let source = Self.contour(6, at: 0)
        let keptWhole = Self.contour(2, at: 30)
        let compiled = Self.contour(7, at: 50)
        let shared = StorageAddresses([try XCTUnwrap(Self.storage(compiled))])
        var recycled = RecycledShapes()
        recycled.giveBack([source, keptWhole, compiled], keeping: [keptWhole], shared: shared)
        recycled.removeAll()
        let taken = recycled.contour()
        XCTAssertEqual(Self.storage(taken), Self.storage(source), "the source's own storage")
        XCTAssertTrue(recycled.contour().vertices.isEmpty, "nothing else was kept")
        // Taken apart but not asked for: kept for the next layer.
        let unasked = Self.contour(4, at: 70)
        recycled.takeApart([Self.drawing([unasked])], shared: StorageAddresses())
        recycled.removeAll()
        XCTAssertEqual(Self.storage(recycled.contour()), Self.storage(unasked))
    }
}
