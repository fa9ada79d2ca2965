// MARK: - StillSpans

/// The stretches of time over which a set of tracks all keep one value, found once when an
/// animation is compiled. Whatever is made from those tracks alone (a shape layer's drawings, a
/// layer's matrix) is then the same at every frame of a still stretch, and evaluation can make
/// it once per stretch instead of once per frame.
///
/// The keyframe times of all the tracks cut time into stretches: `(-inf, t0)`, `[t0, t1)`, ...,
/// `[tn, +inf)`. A track keeps its value over a stretch before its first keyframe, from its last
/// keyframe on, inside a hold, and inside a segment from a value to the same value (FORMAT.md
/// "Easing": at exactly a keyframe's time the segment starting there applies, so each stretch is
/// closed at its start and open at its end). A stretch is still when every track keeps its value
/// over all of it.
struct StillSpans: Sendable, Equatable {
    /// The keyframe times of every track, sorted, without repeats.
    private let cuts: [Double]
    /// One flag per stretch (`cuts.count + 1`): true when nothing moves in it.
    private let still: [Bool]
    /// The answer for each whole frame from 0 on, when the cuts are whole frames (`TimeIndex`):
    /// the still stretch holding the frame, or -1 when something moves in it. One read: finding
    /// the stretch, then its flag, was two reads apart in memory for every layer of every frame.
    private let spanByFrame: [Int32]
    /// The last of `cuts` (-infinity when there are none).
    private let lastCut: Double

    fileprivate init(cuts: [Double], still: [Bool]) {
        self.cuts = cuts
        self.still = still
        let index = TimeIndex(count: cuts.count) { cuts[$0] }
        spanByFrame = (0..<index.frameCount).map { frame in
            let stretch = index.count(atOrBefore: Double(frame)) ?? 0
            return still[stretch] ? Int32(stretch) : -1
        }
        lastCut = cuts.last ?? -.infinity
    }

    /// The stretch holding `frame`, when nothing moves in it; nil when something does. A frame
    /// that is not a number falls in the first stretch, where the tracks hold their first value
    /// (`PropertyTrack.value(at:)` does the same).
    func span(at frame: Double) -> Int? {
        if frame >= 0, frame < Double(spanByFrame.count) {
            let span = spanByFrame.withUnsafeBufferPointer { $0[Int(frame)] }
            return span >= 0 ? Int(span) : nil
        }
        // From the last cut on (an animation come to rest) is the last stretch: no search.
        let stretch = frame >= lastCut ? cuts.count
            : cuts.withUnsafeBufferPointer { countOfCuts(atOrBefore: frame, in: $0) }
        return still[stretch] ? stretch : nil
    }
}

// MARK: - Collecting motion

/// Gathers where a set of tracks move; `spans()` then says where none of them does.
struct MotionCollector {
    private var cuts: [Double] = []
    /// Stretches `[from, to)` over which some track moves.
    private var moving: [(from: Double, to: Double)] = []
    private var alwaysMoving = false

    init() {}

    /// Adds a track: each of its segments moves, except holds and segments between equal values.
    mutating func add<Value>(_ track: PropertyTrack<Value>) {
        // An expression may change the value at any time (it reads time, or other properties).
        if track.expression != nil { alwaysMoving = true }
        track.addMotion(cuts: &cuts, moving: &moving)
    }

    /// Marks the whole timeline as moving: for values that depend on time in ways the values of
    /// the keyframes do not show (auto-orient).
    mutating func addAlwaysMoving() {
        alwaysMoving = true
    }

    /// Where nothing added moves; nil when that is nowhere.
    func spans() -> StillSpans? {
        guard !alwaysMoving else { return nil }
        let sorted = cuts.sorted()
        var unique: [Double] = []
        unique.reserveCapacity(sorted.count)
        for cut in sorted where unique.last != cut { unique.append(cut) }
        // A difference list over the stretches: +1 where a moving stretch begins, -1 past its end.
        var starts = [Int](repeating: 0, count: unique.count + 2)
        for segment in moving where segment.from < segment.to {
            // Stretch k is [unique[k - 1], unique[k]); both ends are cuts.
            let first = unique.withUnsafeBufferPointer { countOfCuts(atOrBefore: segment.from, in: $0) }
            let last = unique.withUnsafeBufferPointer { countOfCuts(atOrBefore: segment.to, in: $0) } - 1
            guard first <= last else { continue }
            starts[first] += 1
            starts[last + 1] -= 1
        }
        var still: [Bool] = []
        still.reserveCapacity(unique.count + 1)
        var depth = 0
        for stretch in 0...unique.count {
            depth += starts[stretch]
            still.append(depth == 0)
        }
        guard still.contains(true) else { return nil }
        return StillSpans(cuts: unique, still: still)
    }
}

/// How many of the sorted `cuts` are at or before `time` (none for NaN): the stretch it is in.
private func countOfCuts(atOrBefore time: Double, in cuts: UnsafeBufferPointer<Double>) -> Int {
    var low = 0
    var high = cuts.count
    while low < high {
        let middle = (low + high) / 2
        if cuts[middle] <= time { low = middle + 1 } else { high = middle }
    }
    return low
}

// MARK: - Tracks

extension PropertyTrack {
    /// Adds this track's keyframe times to `cuts`, and the segments over which it moves.
    /// Time-sorted keys: segment i runs `[t_i, t_i+1)`; a hold keeps its value all along, and so
    /// does a segment that starts and ends on the same value, unless it loops along a spatial curve.
    func addMotion(cuts: inout [Double], moving: inout [(from: Double, to: Double)]) {
        guard keys.count > 1 else { return }
        for key in keys { cuts.append(key.time) }
        for index in 0..<(keys.count - 1) where !holdsStill(segment: index) {
            moving.append((keys[index].time, keys[index + 1].time))
        }
    }

    /// The stretch of time around `frame` over which the keyframed value keeps the value it has
    /// at `frame` (`[from, until)`), or nil when it moves there.
    func stillStretch(at frame: Double) -> (from: Double, until: Double)? {
        guard keys.count > 1 else { return (-.infinity, .infinity) }
        guard !frame.isNaN else { return nil }
        if frame < keys[0].time { return (-.infinity, keys[0].time) }
        guard let last = keys.last, frame < last.time else { return (keys[keys.count - 1].time, .infinity) }
        let index = segmentIndex(containing: frame)
        guard index + 1 < keys.count, frame < keys[index + 1].time, holdsStill(segment: index) else { return nil }
        return (keys[index].time, keys[index + 1].time)
    }

    private func holdsStill(segment index: Int) -> Bool {
        let key = keys[index]
        return key.hold || (key.spatialCurve == nil && Value.holdsStill(from: key.value, to: key.segmentEnd))
    }
}

extension TransformTrack {
    /// What moves the matrix and the opacity (not the repeater's start and end opacities, which
    /// only repeaters read: their own `addMotion` adds them).
    func addMotion(to motion: inout MotionCollector) {
        motion.add(anchor)
        switch position {
        case .combined(let track):
            motion.add(track)
        case .split(let x, let y):
            motion.add(x)
            motion.add(y)
        }
        // Auto-orient turns with the direction of motion, which the values do not show: a split
        // position is read either side of the frame, and a hold along a curve still turns.
        if autoOrient { motion.addAlwaysMoving() }
        motion.add(scale)
        motion.add(rotation)
        motion.add(skew)
        motion.add(skewAxis)
        motion.add(opacity)
        if let tilt {
            motion.add(tilt.rotationX)
            motion.add(tilt.rotationY)
            motion.add(tilt.orientation)
        }
    }
}

// MARK: - Shapes

extension ShapeGroupNode {
    func addMotion(to motion: inout MotionCollector) {
        transform?.addMotion(to: &motion)
        for node in nodes {
            switch node {
            case .group(let child): child.addMotion(to: &motion)
            case .path(let path): path.geometry.addMotion(to: &motion)
            case .style(let style): style.addMotion(to: &motion)
            case .modifier(let modifier): modifier.addMotion(to: &motion)
            }
        }
    }
}

extension StrokeTracks {
    func addMotion(to motion: inout MotionCollector) {
        motion.add(width)
        motion.add(miterLimit)
        for dash in dashes { motion.add(dash) }
        motion.add(dashOffset)
    }
}

extension GradientTracks {
    func addMotion(to motion: inout MotionCollector) {
        motion.add(start)
        motion.add(end)
        motion.add(highlightLength)
        motion.add(highlightAngle)
        motion.add(stops)
    }
}
