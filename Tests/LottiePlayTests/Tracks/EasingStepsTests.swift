import XCTest
import LottieModel
@testable import LottiePlay

/// `EasingSteps` tables the eased progress of a segment at whole and half frames into it; a value
/// read from a table must be the solver's, to the last bit, and any other offset must be solved.
final class EasingStepsTests: XCTestCase {
    private static let easeInOut = CubicBezierEasing(x1: 0.333, y1: 0, x2: 0.667, y2: 1)
    private static let overshoot = CubicBezierEasing(x1: 0.7, y1: -0.4, x2: 0.2, y2: 1.6)

    /// The tabled progress `offset` frames into the segment, as `PropertyTrack` reads it (a
    /// shared table reads the offset only).
    private static func progress(_ steps: EasingSteps, atOffset offset: Double,
                                 frame: Double = .nan) -> EasedProgress? {
        steps.row(atOffset: offset, frame: frame).map { steps.progress(row: $0) }
    }

    // MARK: Tables

    func testATableHoldsTheSolversProgressAtEveryHalfFrame() throws {
        let tables = EasingStepTables()
        defer { withExtendedLifetime(tables) {} }
        for duration in [1.0, 2, 6.579, 8, 15] {
            let steps = try XCTUnwrap(tables.steps(for: [Self.overshoot], duration: duration))
            // Steps strictly inside: 1/2 ... up to (but not at) the segment's end.
            XCTAssertEqual(steps.count, Int((duration * 2).rounded(.up)) - 1, "duration \(duration)")
            for step in 1...steps.count {
                let offset = Double(step) / 2
                let tabled = try XCTUnwrap(Self.progress(steps, atOffset: offset))
                XCTAssertEqual(tabled[0].bitPattern, Self.overshoot.progress(at: offset / duration).bitPattern,
                               "duration \(duration), offset \(offset)")
            }
        }
    }

    func testHandComputedSteps() throws {
        // A linear curve (y handles equal to x handles) needs no table: its progress is x.
        let smooth = CubicBezierEasing(x1: 0, y1: 0, x2: 1, y2: 1)
        XCTAssertTrue(smooth.isLinear)
        // The tables own the memory steps are read from: kept to the end of the test.
        let tables = EasingStepTables()
        defer { withExtendedLifetime(tables) {} }
        XCTAssertNil(tables.steps(for: [smooth], duration: 8))
        // Ease in-out over 2 frames: steps at 1/2, 1 and 3/2 frames, x = 1/4, 1/2, 3/4.
        let steps = try XCTUnwrap(tables.steps(for: [Self.easeInOut], duration: 2))
        XCTAssertEqual(steps.count, 3)
        // Symmetric handles: halfway in time is halfway in progress.
        XCTAssertEqual(try XCTUnwrap(Self.progress(steps, atOffset: 1))[0], 0.5, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(Self.progress(steps, atOffset: 0.5))[0]
                       + XCTUnwrap(Self.progress(steps, atOffset: 1.5))[0], 1, accuracy: 1e-12)
        XCTAssertLessThan(try XCTUnwrap(Self.progress(steps, atOffset: 0.5))[0], 0.25)
    }

    func testOffsetsOffTheStepsAreNotTabled() throws {
        let tables = EasingStepTables()
        defer { withExtendedLifetime(tables) {} }
        let steps = try XCTUnwrap(tables.steps(for: [Self.easeInOut], duration: 4))
        for offset in [0, 0.25, 1.1, 3.75, 4, 4.5, 1e300, -0.5, .nan, .infinity] {
            XCTAssertNil(Self.progress(steps, atOffset: offset), "offset \(offset)")
        }
        XCTAssertNotNil(Self.progress(steps, atOffset: 3.5))
    }

    func testEachDimensionHasItsRow() throws {
        let tables = EasingStepTables()
        defer { withExtendedLifetime(tables) {} }
        let steps = try XCTUnwrap(tables.steps(for: [Self.easeInOut, Self.overshoot], duration: 3))
        let progress = try XCTUnwrap(Self.progress(steps, atOffset: 2.5))
        XCTAssertEqual(progress.count, 2)
        XCTAssertEqual(progress[0].bitPattern, Self.easeInOut.progress(at: 2.5 / 3).bitPattern)
        XCTAssertEqual(progress[1].bitPattern, Self.overshoot.progress(at: 2.5 / 3).bitPattern)
    }

    func testSegmentsOfTheSameShapeShareOneTable() throws {
        let tables = EasingStepTables()
        defer { withExtendedLifetime(tables) {} }
        let first = try XCTUnwrap(tables.steps(for: [Self.easeInOut], duration: 8))
        let again = try XCTUnwrap(tables.steps(for: [Self.easeInOut], duration: 8))
        let longer = try XCTUnwrap(tables.steps(for: [Self.easeInOut], duration: 9))
        XCTAssertEqual(first.values, again.values)
        XCTAssertNotEqual(first.values, longer.values)
    }

    /// A segment keyed between half frames (2.625 to 6) has a table of its own, read by frame:
    /// its offsets at whole frames (0.375, 1.375...) are not half frames. Each row is what the
    /// solver gives at that frame's offset, to the bit; frames off the half frames, and the
    /// segment's ends, are solved.
    func testASegmentStartingBetweenHalfFramesIsTabledByFrame() throws {
        let tables = EasingStepTables()
        defer { withExtendedLifetime(tables) {} }
        let (time, nextTime) = (2.625, 6.0)
        let steps = try XCTUnwrap(tables.steps(for: [Self.overshoot], from: time, to: nextTime))
        XCTAssertTrue(steps.readsFrames)
        // Half frames 3, 3.5 ... 5.5: 6 rows.
        XCTAssertEqual(steps.count, 6)
        for frame in stride(from: 3.0, through: 5.5, by: 0.5) {
            let offset = frame - time
            let tabled = try XCTUnwrap(Self.progress(steps, atOffset: offset, frame: frame), "frame \(frame)")
            XCTAssertEqual(tabled[0].bitPattern, Self.overshoot.progress(at: offset / (nextTime - time)).bitPattern,
                           "frame \(frame)")
        }
        for frame in [2.5, 2.625, 2.75, 3.1, 6, 6.5, -1, .nan] {
            XCTAssertNil(Self.progress(steps, atOffset: frame - time, frame: frame), "frame \(frame)")
        }
        // A segment starting on a half frame keeps the table shared by its shape.
        let shared = try XCTUnwrap(tables.steps(for: [Self.overshoot], from: 2.5, to: 6))
        XCTAssertFalse(shared.readsFrames)
        XCTAssertEqual(shared.values, try XCTUnwrap(tables.steps(for: [Self.overshoot], duration: 3.5)).values)
        // Far from frame 0, half frames are not counted: solved.
        XCTAssertNil(tables.steps(for: [Self.overshoot], from: 2e9 + 0.3, to: 2e9 + 4))
    }

    func testTablesStopAtTheirBounds() {
        let tables = EasingStepTables()
        XCTAssertNil(tables.steps(for: [Self.easeInOut], duration: EasingStepTables.maxDuration + 1))
        XCTAssertNil(tables.steps(for: [Self.easeInOut], duration: .infinity))
        XCTAssertNil(tables.steps(for: [Self.easeInOut], duration: 0))
        // 1 199 entries a table: the 55th would pass 65 536.
        var made = 0
        for index in 0..<100 {
            let curve = CubicBezierEasing(x1: 0.3, y1: Double(index) / 100, x2: 0.7, y2: 1)
            if tables.steps(for: [curve], duration: EasingStepTables.maxDuration) != nil { made += 1 }
        }
        XCTAssertEqual(made, EasingStepTables.maxEntries / 1199)
    }

    // MARK: Tracks

    /// Keys at whole frames, a key at a half frame starting a curved (spatial) segment, keys
    /// between half frames (tabled by frame), and a 2-dimensional easing, compiled in a timeline
    /// (whose tracks share tables) and on their own (no tables): equal at every eighth of a frame.
    func testATimelinesTracksEqualUntabledTracks() throws {
        let json = """
        {"v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100, "layers": [
          {"ty": 4, "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": {
            "p": {"a": 1, "k": [
              {"t": 0, "s": [0, 0], "o": {"x": [0.7, 0.2], "y": [-0.4, 0]}, "i": {"x": [0.2, 0.8], "y": [1.6, 1]}},
              {"t": 7.5, "s": [40, 10], "o": {"x": 0.333, "y": 0}, "i": {"x": 0.667, "y": 1}, "to": [10, 30], "ti": [-5, 0]},
              {"t": 20, "s": [10, 80], "h": 1},
              {"t": 24, "s": [90, 90]}]},
            "o": {"a": 1, "k": [
              {"t": 2, "s": [100], "o": {"x": [0.333], "y": [0]}, "i": {"x": [0.667], "y": [1]}},
              {"t": 10, "s": [20], "o": {"x": [0.7], "y": [-0.4]}, "i": {"x": [0.2], "y": [1.6]}},
              {"t": 12.3, "s": [70], "o": {"x": [0.333], "y": [0]}, "i": {"x": [0.667], "y": [1]}},
              {"t": 17.7, "s": [40]}]}},
           "shapes": []}]}
        """
        let animation = try JSONDecoder().decode(LottieAnimation.self, from: Data(json.utf8))
        let transform = try XCTUnwrap(Timeline(animation).root.layers.first?.transform)
        guard case .combined(let position) = transform.position,
              case .combined(let positionProperty) = animation.layers.first?.transform.position else {
            return XCTFail("expected a combined position")
        }
        let untabledPosition = PropertyTrack<Vector2>(positionProperty, fallback: .zero, context: ValueContext())
        let untabledOpacity = PropertyTrack(animation.layers.first?.transform.opacity, fallback: 100,
                                            context: ValueContext())
        XCTAssertTrue(transform.opacity.keys.contains { $0.steps != nil })
        XCTAssertEqual(transform.opacity.keys.map { $0.steps?.readsFrames }, [false, false, true, nil])
        XCTAssertTrue(position.keys.contains { $0.steps?.dimensions == 2 })
        XCTAssertNotNil(position.keys[1].spatialCurve)
        XCTAssertNotNil(position.keys[1].spatialSteps)
        XCTAssertFalse(untabledOpacity.keys.contains { $0.steps != nil })
        for frame in stride(from: -1.0, through: 26, by: 0.125) {
            XCTAssertEqual(transform.opacity.value(at: frame).bitPattern,
                           untabledOpacity.value(at: frame).bitPattern, "opacity at \(frame)")
            XCTAssertEqual(position.value(at: frame), untabledPosition.value(at: frame), "position at \(frame)")
        }
    }
}
