import XCTest
import LottieModel
@testable import LottiePlay

/// A shape layer evaluated again writes each path into the list and contour that held it the
/// frame before (`ShapeStorage`), merged lists included; lists compiled with the program are
/// shared, never kept to be written; a drawing still held elsewhere keeps its values. Spares
/// (`RecycledShapes`) hand out again what layers let go of, but not compiled storage.
final class ShapeStorageTests: XCTestCase {
    private static let triangle = #"{"c": true, "v": [[0, 0], [10, 0], [10, 10]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}"#
    private static let square = #"{"c": true, "v": [[0, 0], [20, 0], [20, 20], [0, 20]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}"#
    /// Moves linearly from the triangle at frame 0 to the square at frame 10 (keys of different
    /// vertex counts: the triangle's three vertices move to the square's first three).
    private static let movingPath = #"{"ty": "sh", "ks": {"a": 1, "k": [{"t": 0, "s": [\#(triangle)], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [\#(square)]}]}}"#
    private static let fixedPath = #"{"ty": "sh", "ks": {"k": \#(square)}}"#
    private static let fill = #"{"ty": "fl", "c": {"k": [1, 0, 0, 1]}, "o": {"k": 100}}"#
    private static let movingFill = #"{"ty": "fl", "c": {"a": 1, "k": [{"t": 0, "s": [1, 0, 0, 1]}, {"t": 10, "s": [0, 0, 1, 1]}]}, "o": {"k": 100}}"#

    private static func program(_ shapes: String) throws -> ShapeProgram {
        let timeline = try TimelineTests.timeline(layers: "[\(TimelineTests.layer(1, type: 4, name: "shapes", extra: #", "shapes": \#(shapes)"#))]")
        return try XCTUnwrap(timeline.root.layers.first?.shapeProgram)
    }

    private static func address<Element>(_ list: [Element]) -> UInt? {
        RecycledShapes.storage(of: list)
    }

    /// Evaluates `program` at `frame` with the layer's `storage`, over `previous`.
    private static func evaluate(_ program: ShapeProgram, at frame: Double, storage: inout ShapeStorage,
                                 evaluation: inout ShapeEvaluation, previous: consuming [ShapeDrawing]?) -> [ShapeDrawing] {
        program.evaluate(at: frame, limits: .default, vertexBudget: LottieLimits.default.maxFrameVertices,
                         evaluation: &evaluation, storage: &storage, previous: consume previous).drawings
    }

    func testAMovingPathIsWrittenIntoTheListAndContourItHadTheFrameBefore() throws {
        let program = try Self.program("[\(Self.movingPath), \(Self.fill)]")
        var storage = ShapeStorage()
        var evaluation = ShapeEvaluation(frame: 0, limits: .default)
        var drawings = Self.evaluate(program, at: 5, storage: &storage, evaluation: &evaluation, previous: nil)
        let list = try XCTUnwrap(Self.address(drawings[0].paths))
        let vertices = try XCTUnwrap(Self.address(drawings[0].paths[0].vertices))
        XCTAssertEqual(storage.slots.count, 1, "the slot's list is kept with the layer")
        drawings = Self.evaluate(program, at: 7.5, storage: &storage, evaluation: &evaluation, previous: consume drawings)
        XCTAssertEqual(Self.address(drawings[0].paths), list)
        XCTAssertEqual(Self.address(drawings[0].paths[0].vertices), vertices)
        // Three quarters of the way from the triangle to the square's first three corners:
        XCTAssertEqual(drawings[0].paths[0].vertices, [Vector2(x: 0, y: 0), Vector2(x: 17.5, y: 0),
                                                       Vector2(x: 17.5, y: 17.5)])
        XCTAssertEqual(drawings.map(\.paths), program.drawings(at: 7.5).map(\.paths), "the same as made afresh")
    }

    func testSlotsMergedIntoOneDrawingKeepTheirMergedList() throws {
        let program = try Self.program("[\(Self.movingPath), \(Self.movingPath), \(Self.fill)]")
        var storage = ShapeStorage()
        var evaluation = ShapeEvaluation(frame: 0, limits: .default)
        var drawings = Self.evaluate(program, at: 2, storage: &storage, evaluation: &evaluation, previous: nil)
        XCTAssertEqual(drawings.count, 1)
        XCTAssertEqual(drawings[0].paths.count, 2, "two paths in one list")
        let merged = try XCTUnwrap(Self.address(drawings[0].paths))
        let contours = drawings[0].paths.map { Self.address($0.vertices) }
        XCTAssertEqual([storage.slots.count, storage.merged.count], [2, 1])
        drawings = Self.evaluate(program, at: 3, storage: &storage, evaluation: &evaluation, previous: consume drawings)
        XCTAssertEqual(Self.address(drawings[0].paths), merged)
        XCTAssertEqual(drawings[0].paths.map { Self.address($0.vertices) }, contours)
        XCTAssertEqual(drawings.map(\.paths), program.drawings(at: 3).map(\.paths))
    }

    func testAListCompiledWithTheProgramIsSharedNotKept() throws {
        let program = try Self.program("[\(Self.fixedPath), \(Self.movingFill)]")
        var storage = ShapeStorage()
        var evaluation = ShapeEvaluation(frame: 0, limits: .default)
        var drawings = Self.evaluate(program, at: 2, storage: &storage, evaluation: &evaluation, previous: nil)
        let compiled = Self.address(drawings[0].paths)
        XCTAssertTrue(storage.slots.isEmpty, "the compiled list is not the layer's to write")
        drawings = Self.evaluate(program, at: 3, storage: &storage, evaluation: &evaluation, previous: consume drawings)
        XCTAssertEqual(Self.address(drawings[0].paths), compiled, "still shared")
        XCTAssertEqual(program.drawings(at: 0)[0].paths, drawings[0].paths)
    }

    func testADrawingHeldElsewhereKeepsItsValues() throws {
        let program = try Self.program("[\(Self.movingPath), \(Self.fill)]")
        var storage = ShapeStorage()
        var evaluation = ShapeEvaluation(frame: 0, limits: .default)
        let first = Self.evaluate(program, at: 5, storage: &storage, evaluation: &evaluation, previous: nil)
        let kept = first
        let next = Self.evaluate(program, at: 7.5, storage: &storage, evaluation: &evaluation, previous: first)
        XCTAssertEqual(kept.map(\.paths), program.drawings(at: 5).map(\.paths), "written into new storage, not over the held copy")
        XCTAssertEqual(next.map(\.paths), program.drawings(at: 7.5).map(\.paths))
        XCTAssertNotEqual(Self.address(kept[0].paths[0].vertices), Self.address(next[0].paths[0].vertices))
    }

    // MARK: Spares

    private static func contour(_ count: Int, at offset: Double) -> BezierContour {
        BezierContour(polygon: (0..<count).map { Vector2(x: offset + Double($0), y: 0) }, closed: true)
    }

    /// A trim's source, cut into pieces, is given back: its contour comes out again, also for the
    /// next layer, but not a contour compiled with the program nor one a piece kept whole.
    func testContoursGivenBackAreHandedOutAgainButNotCompiledOnes() throws {
        let source = Self.contour(6, at: 0)
        let keptWhole = Self.contour(2, at: 30)
        let compiled = Self.contour(7, at: 50)
        let shared = StorageAddresses([try XCTUnwrap(Self.address(compiled.vertices))])
        var recycled = RecycledShapes()
        recycled.giveBack([source, keptWhole, compiled], keeping: [keptWhole], shared: shared)
        let taken = recycled.contour()
        XCTAssertEqual(Self.address(taken.vertices), Self.address(source.vertices), "the source's own storage")
        XCTAssertTrue(recycled.contour().vertices.isEmpty, "nothing else was kept")
        XCTAssertGreaterThanOrEqual(recycled.list().capacity, 3, "the emptied list, with its room")
        XCTAssertEqual(recycled.list().capacity, 0, "then new lists")
    }
}
