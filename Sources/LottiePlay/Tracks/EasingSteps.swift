// MARK: - EasingSteps

/// The eased progress of a keyframe segment at every whole and half frame inside it, solved once
/// when the timeline is made: a player asks for frames at those offsets from a key (a file keyed
/// at whole frames, played at its frame rate or twice it), and solving the easing curve there
/// costs 4 to 6 Halley rounds, about 200 instructions, for every eased value of every frame.
///
/// A table holds exactly what the solver gives (`CubicBezierEasing.progress(at:)` at the same
/// fraction, `offset / duration`, computed the same way), so reading it changes no bit of any
/// value. Any other offset is solved as before.
struct EasingSteps: @unchecked Sendable {
    /// `dimensions` rows of `count` progresses, for offsets 1/2, 2/2, ... count/2 frames (or,
    /// read by frame, for frames `(origin + 1)/2, (origin + 2)/2, ...`).
    /// The `EasingStepTables` that made it owns the memory: whoever keeps this keeps the tables
    /// (a track's key holds them), because reading through a strong reference here would retain
    /// and release it for every eased value of every frame.
    let values: UnsafePointer<Double>
    let count: Int
    let dimensions: Int
    /// Whether rows are found by the frame (a segment starting between half frames: its own
    /// table, `EasingStepTables.steps(for:from:to:)`) rather than by the offset into the segment
    /// (a table shared by the segments of one shape starting on half frames).
    let readsFrames: Bool
    /// The half frame before the first row, for a table read by frame (0 otherwise).
    let origin: Double

    init(values: UnsafePointer<Double>, count: Int, dimensions: Int, readsFrames: Bool = false, origin: Double = 0) {
        self.values = values
        self.count = count
        self.dimensions = dimensions
        self.readsFrames = readsFrames
        self.origin = origin
    }

    /// Offsets are looked up in steps of 1 / `stepsPerFrame` frames.
    static let stepsPerFrame = 2.0

    /// The table row of `frame`, `offset` frames into the segment, when it is a step inside it.
    @inline(__always)
    func row(atOffset offset: Double, frame: Double) -> Int? {
        let step = (readsFrames ? frame : offset) * Self.stepsPerFrame - origin
        // Compared as doubles first: a step far outside the table is not converted to an Int.
        guard step >= 1, step <= Double(count), step == step.rounded(.down) else { return nil }
        return Int(step) - 1
    }

    /// The progress of table row `row` (`0..<count`).
    @inline(__always)
    func progress(row: Int) -> EasedProgress {
        var progress = EasedProgress(values[row])
        if dimensions > 1 {
            progress.count = dimensions
            for dimension in 1..<dimensions { progress.set(values[dimension * count + row], for: dimension) }
        }
        return progress
    }
}

// MARK: - EasingStepTables

/// The step tables of one timeline, made while it is compiled and read-only after: segments with
/// the same curves and the same duration (a file keyed every 8 frames with one ease uses one
/// table for thousands of segments) share one table.
///
/// Bounded: segments longer than `maxDuration` frames get none, and once `maxEntries` progresses
/// are stored no more tables are made, so a file of long segments with distinct curves costs at
/// most that many solves while it loads.
final class EasingStepTables: @unchecked Sendable {
    // Mutated only by the compile that made it (one thread), before any frame is evaluated.
    private struct Shape: Hashable {
        let easings: [CubicBezierEasing]
        let duration: Double
    }

    private var tables: [Shape: EasingSteps] = [:]
    private var blocks: [UnsafeMutableBufferPointer<Double>] = []
    private var entries = 0

    static let maxDuration = 600.0
    static let maxEntries = 1 << 16

    init() {}

    deinit {
        for block in blocks { block.deallocate() }
    }

    /// The table of the segment from `time` to `nextTime` eased by `easings`: shared with the
    /// segments of the same shape when it starts on a half frame (`steps(for:duration:)`), its own,
    /// read by frame, when it starts between half frames (keyed at 2.625, say): its offsets at
    /// whole frames are then not steps, and each would be solved. Nil as `steps(for:duration:)`.
    func steps(for easings: [CubicBezierEasing], from time: Double, to nextTime: Double,
               evenIfLinear: Bool = false) -> EasingSteps? {
        let step = time * EasingSteps.stepsPerFrame
        guard step != step.rounded(.down) else {
            return steps(for: easings, duration: nextTime - time, evenIfLinear: evenIfLinear)
        }
        let duration = nextTime - time
        guard duration > 0, duration <= Self.maxDuration, time.magnitude <= Self.maxFramedTime, !easings.isEmpty,
              easings.count <= 4, evenIfLinear || !easings.allSatisfy(\.isLinear) else { return nil }
        // The half frames strictly inside the segment: first / 2 > time, up to (not at) nextTime.
        let first = Int(step.rounded(.down)) + 1
        let count = Int((nextTime * EasingSteps.stepsPerFrame).rounded(.up)) - first
        guard count > 0, entries + count * easings.count <= Self.maxEntries else { return nil }
        // Each progress computed as `PropertyTrack` computes it at that frame: the same bits.
        let block = makeBlock(count: count, easings: easings) { row in
            (Double(first + row) / EasingSteps.stepsPerFrame - time) / duration
        }
        guard let base = block.baseAddress else { return nil }
        return EasingSteps(values: UnsafePointer(base), count: count, dimensions: easings.count, readsFrames: true,
                           origin: Double(first - 1))
    }

    /// Segments starting further than this from frame 0 are not tabled by frame: their half
    /// frames stay exact, and counted in an Int.
    static let maxFramedTime = 1e9

    /// The table of a segment of `duration` frames eased by `easings` (one curve, or one per
    /// dimension as `PropertyTrack` keeps them); nil when a table would not pay (linear curves,
    /// unless `evenIfLinear`; no step inside) or the bounds are reached.
    func steps(for easings: [CubicBezierEasing], duration: Double, evenIfLinear: Bool = false) -> EasingSteps? {
        guard duration > 0, duration <= Self.maxDuration, !easings.isEmpty, easings.count <= 4,
              evenIfLinear || !easings.allSatisfy(\.isLinear) else { return nil }
        let shape = Shape(easings: easings, duration: duration)
        if let known = tables[shape] { return known }
        // Steps strictly inside the segment: offset k / stepsPerFrame < duration.
        let count = Int((duration * EasingSteps.stepsPerFrame).rounded(.up)) - 1
        guard count > 0, entries + count * easings.count <= Self.maxEntries else { return nil }
        let block = makeBlock(count: count, easings: easings) { row in
            Double(row + 1) / EasingSteps.stepsPerFrame / duration
        }
        guard let base = block.baseAddress else { return nil }
        let steps = EasingSteps(values: UnsafePointer(base), count: count, dimensions: easings.count)
        tables[shape] = steps
        return steps
    }

    /// A table of `count` rows per curve, row `row` holding each curve's progress at `fraction(row)`.
    private func makeBlock(count: Int, easings: [CubicBezierEasing],
                           fraction: (Int) -> Double) -> UnsafeMutableBufferPointer<Double> {
        let block = UnsafeMutableBufferPointer<Double>.allocate(capacity: count * easings.count)
        for (dimension, easing) in easings.enumerated() {
            for row in 0..<count {
                block.initializeElement(at: dimension * count + row, to: easing.progress(at: fraction(row)))
            }
        }
        blocks.append(block)
        entries += block.count
        return block
    }

    /// The points of a spatial segment (`ArcLengthTable`) at each of its steps: finding the
    /// distance along the curve takes Newton's method on the arc length, about 1 000
    /// instructions. Not shared (a curve is its segment's own); two entries a point. Nil past
    /// the bounds.
    func spatialPoints(of curve: ArcLengthTable, at steps: EasingSteps) -> StepPoints? {
        guard entries + 2 * steps.count <= Self.maxEntries else { return nil }
        let block = UnsafeMutableBufferPointer<Double>.allocate(capacity: 2 * steps.count)
        blocks.append(block)
        entries += block.count
        guard let base = block.baseAddress else { return nil }
        let points = UnsafeMutableRawPointer(base).bindMemory(to: Vector2.self, capacity: steps.count)
        for row in 0..<steps.count {
            (points + row).initialize(to: curve.point(atProgress: steps.progress(row: row)[0]))
        }
        return StepPoints(base: UnsafePointer(points))
    }
}

/// The points of one spatial segment at its steps (`EasingStepTables.spatialPoints`), in memory
/// the tables own, like `EasingSteps`.
struct StepPoints: @unchecked Sendable {
    let base: UnsafePointer<Vector2>

    subscript(row: Int) -> Vector2 { base[row] }
}
