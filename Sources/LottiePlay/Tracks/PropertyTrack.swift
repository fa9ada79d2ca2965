import Foundation
import LottieModel

// MARK: - PropertyTrack

/// An animated property made ready for evaluation: keyframe values converted, easing curves
/// solved into coefficients, spatial segments measured, segments sorted by time. Built once
/// when an animation is loaded; `value(at:)` only does arithmetic on what is stored.
///
/// Semantics (FORMAT.md "Easing"): before the first keyframe the first value holds, after the
/// last the last; at exactly the next keyframe's time the next segment applies; a hold keeps
/// the segment's start value until then; legacy `s`/`e` keyframes are resolved here.
struct PropertyTrack<Value: TrackValue>: Sendable {
    /// One keyframe's resolved data. What finding a frame's segment reads comes first, so that
    /// it shares the key's first cache lines: keys are far apart (about 200 bytes), and each
    /// key read was a cache miss on files keyed every frame.
    struct Key: Sendable {
        var time: Double
        /// The next key's time (infinity for the last key): the segment's end, read without
        /// reading the next key.
        var nextTime: Double = .infinity
        /// The easings' progress at whole and half frames into the segment, when tabled.
        var steps: EasingSteps? = nil
        var hold: Bool
        /// Whether the segment's progress is its time fraction (one linear curve): then the
        /// curves, in memory of their own, are not read at all.
        var isLinear = false
        /// How many curves `easings` holds (1 to 4), known without reading them.
        var curveCount: UInt8 = 1
        /// The value at this keyframe.
        var value: Value
        /// The value the segment starting here ends at (legacy `e`, or the next keyframe's value).
        var segmentEnd: Value
        /// One easing curve per dimension given by the handles (at least one).
        var easings: [CubicBezierEasing]
        /// The curve the value moves along when the segment is spatial and curved.
        var spatialCurve: ArcLengthTable?
        /// The spatial curve's point at each of `steps`, when both are there.
        var spatialSteps: StepPoints? = nil
        /// Holds the memory `steps` and `spatialSteps` read. Kept in the keys, not in the track:
        /// a track is copied (a mask's, say, every frame), and each copy would retain it.
        var stepOwner: EasingStepTables? = nil
    }

    let keys: [Key]
    let constant: Value
    /// The last key's time (-infinity without keys), read without reading the last key.
    private let lastTime: Double
    /// Finds a frame's segment without searching `keys` (made from their times).
    let timeIndex: TimeIndex
    /// The property's expression, when it has one that runs: it gives the value, from the
    /// keyframed one (FORMAT.md "Expressions").
    let expression: ExpressionBinding?

    /// A track that always has `value`.
    init(constant value: Value) {
        self.init(keys: [], constant: value, expression: nil)
    }

    private init(keys: [Key], constant: Value, expression: ExpressionBinding?) {
        self.expression = expression
        var keys = keys
        for index in keys.indices.dropLast() { keys[index].nextTime = keys[index + 1].time }
        self.keys = keys
        self.constant = constant
        lastTime = keys.last?.time ?? -.infinity
        timeIndex = TimeIndex(count: keys.count) { keys[$0].time }
    }

    /// Compiles a model property; `fallback` is used when it has no usable value at all.
    init(_ property: Animatable<Value.Source>?, fallback: Value, context: ValueContext) {
        guard let property else {
            self.init(constant: fallback)
            return
        }
        switch property.content {
        case .fixed(let value):
            // A value that is not finite (only a model built in code can hold one) is unusable.
            let converted = Value(value, context: context)
            self.init(keys: [], constant: converted.isFinite ? converted : fallback,
                      expression: ExpressionBinding.make(for: property, valueType: Value.self, keyTimes: [], context: context))
        case .keyframes(let keyframes):
            var keys = Self.resolve(keyframes, context: context)
            if let tables = context.easingSteps { Self.attachSteps(&keys, from: tables) }
            self.init(keys: keys.count > 1 ? keys : [], constant: keys.first?.value ?? fallback,
                      expression: ExpressionBinding.make(for: property, valueType: Value.self, keyTimes: keys.map(\.time),
                                                         context: context))
        }
    }

    /// True when the value changes over time (or may: an expression's does).
    var isAnimated: Bool { !keys.isEmpty || expression != nil }

    /// The frames of the keyframes.
    var keyframeTimes: [Double] { keys.map(\.time) }

    // MARK: Evaluation

    /// The value at a frame (any real number): the expression's, when there is one.
    func value(at frame: Double) -> Value {
        if let expression { return expression.value(of: self, at: frame) }
        return keyframedValue(at: frame)
    }

    /// The value the keyframes give at a frame, before any expression.
    func keyframedValue(at frame: Double) -> Value {
        guard !keys.isEmpty else { return constant }
        // The keys are read in place through a buffer: binding a whole `Key` would copy (and
        // retain) its values, curves and easings every frame.
        return keys.withUnsafeBufferPointer { keys in
            let (index, progress) = locate(frame, in: keys)
            guard let progress else { return keys[index].value }
            // Only positions have curves: a value that cannot does not look for one (a constant
            // the compiler folds in each specialisation).
            guard Value.isSpatial else {
                return Value.interpolate(keys[index].value, keys[index].segmentEnd, progress: progress)
            }
            // A spatial curve's point at a step is tabled: finding it on the curve takes Newton's
            // method on the arc length.
            if let points = keys[index].spatialSteps,
               let row = keys[index].steps?.row(atOffset: frame - keys[index].time, frame: frame) {
                return Value(spatialPoint: points[row], template: keys[index].value)
            }
            // Read through the optional: binding the curve copied it (and retained its table).
            if let point = keys[index].spatialCurve?.point(atProgress: progress[0]) {
                return Value(spatialPoint: point, template: keys[index].value)
            }
            return Value.interpolate(keys[index].value, keys[index].segmentEnd, progress: progress)
        }
    }

    /// Where `frame` falls among `keys` (at least two): on the value of key `index` (no
    /// progress: before the first key, from the last on, in a hold, after a zero-length
    /// segment), or `progress` of the way along the segment that starts at key `index`.
    @inline(__always)
    func locate(_ frame: Double, in keys: UnsafeBufferPointer<Key>) -> (index: Int, progress: EasedProgress?) {
        if !(frame >= keys[0].time) { return (0, nil) }  // also NaN
        if frame >= lastTime { return (keys.count - 1, nil) }
        let index = segmentIndex(containing: frame, in: keys)
        if keys[index].hold { return (index, nil) }
        let duration = keys[index].nextTime - keys[index].time
        guard duration > 0 else { return (index + 1, nil) }
        let offset = frame - keys[index].time
        // On the key itself every curve's progress is 0, and files keyed every few frames are on a
        // key at many frames: the curves (in memory of their own) are not read.
        if offset == 0 { return (index, EasedProgress(repeating: 0, count: Int(keys[index].curveCount))) }
        if let steps = keys[index].steps, let row = steps.row(atOffset: offset, frame: frame) {
            return (index, steps.progress(row: row))
        }
        if keys[index].isLinear {
            return (index, EasedProgress(CubicBezierEasing.linearProgress(at: offset / duration)))
        }
        return (index, Self.progress(of: keys[index].easings, at: offset / duration))
    }

    /// The eased progress per dimension at `fraction` of a segment.
    private static func progress(of easings: [CubicBezierEasing], at fraction: Double) -> EasedProgress {
        var progress = EasedProgress(easings[0].progress(at: fraction))
        if easings.count > 1 {
            progress.count = easings.count
            for dimension in 1..<min(easings.count, 4) {
                progress.set(easings[dimension].progress(at: fraction), for: dimension)
            }
        }
        return progress
    }

    /// The index of the last key whose time is at or before `frame` (keys.count >= 2, and
    /// keys[0].time <= frame < keys.last.time).
    func segmentIndex(containing frame: Double) -> Int {
        keys.withUnsafeBufferPointer { segmentIndex(containing: frame, in: $0) }
    }

    /// The last key at or before `frame`, for `keys[0].time <= frame < keys[last].time`.
    private func segmentIndex(containing frame: Double, in keys: UnsafeBufferPointer<Key>) -> Int {
        if let count = timeIndex.count(atOrBefore: frame) { return count - 1 }
        var low = 0
        var high = keys.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if keys[middle].time <= frame { low = middle } else { high = middle }
        }
        return low
    }

    /// The direction of motion in degrees (clockwise from +x) at a frame, for auto-orient;
    /// nil when the value does not move there.
    func motionAngle(at frame: Double) -> Double? {
        guard keys.count > 1, let first = keys.first, let last = keys.last else { return nil }
        let clamped = min(max(frame, first.time), last.time)
        var index = clamped >= last.time ? keys.count - 2 : segmentIndex(containing: clamped)
        index = min(index, keys.count - 2)
        let key = keys[index]
        if let curve = key.spatialCurve {
            let next = keys[index + 1]
            let duration = next.time - key.time
            let fraction = duration > 0 ? (clamped - key.time) / duration : 1
            let progress = key.easings[0].progress(at: fraction)
            return curve.tangentAngle(atDistance: min(max(progress, 0), 1) * curve.length)
        }
        let delta = key.segmentEnd.spatialPoint - key.value.spatialPoint
        guard delta.length > 1e-12 else { return nil }
        return atan2(delta.y, delta.x) * 180 / Double.pi
    }

    // MARK: Compiling

    /// Keyframes in time order, stable for equal times (so lookups can bisect; players draw
    /// keyframes out of order the same way); keyframes whose time is not finite are dropped, and
    /// values that are not finite count as missing. `FaultScan` warns about each of these.
    private static func resolve(_ keyframes: [Keyframe<Value.Source>], context: ValueContext) -> [Key] {
        let ordered = keyframes.enumerated().sorted { lhs, rhs in
            lhs.element.time != rhs.element.time ? lhs.element.time < rhs.element.time : lhs.offset < rhs.offset
        }.map(\.element).filter { $0.time.isFinite }
        func convert(_ source: Value.Source?) -> Value? {
            guard let source else { return nil }
            let value = Value(source, context: context)
            return value.isFinite ? value : nil
        }
        var values: [Value?] = []
        var previousEnd: Value?
        for keyframe in ordered {
            let value = convert(keyframe.value) ?? previousEnd ?? values.last ?? nil
            values.append(value)
            previousEnd = convert(keyframe.endValue)
        }
        var keys: [Key] = []
        for (index, keyframe) in ordered.enumerated() {
            guard let value = values[index] else { continue }
            let nextValue = index + 1 < values.count ? values[index + 1] : nil
            let end = convert(keyframe.endValue) ?? nextValue ?? value
            let easings = easings(keyframe)
            keys.append(Key(
                time: keyframe.time, hold: keyframe.hold, isLinear: easings.count == 1 && easings[0].isLinear,
                curveCount: UInt8(easings.count),
                value: value, segmentEnd: end, easings: easings, spatialCurve: nil))
        }
        if Value.isSpatial { attachSpatialCurves(&keys, ordered) }
        return keys
    }

    /// The easing curves of the segment starting at `keyframe`: its `o` and `i` handles, one
    /// curve per dimension the handles list (FORMAT.md: per-dimension easing).
    private static func easings(_ keyframe: Keyframe<Value.Source>) -> [CubicBezierEasing] {
        guard let out = keyframe.outEasing, let into = keyframe.inEasing else { return [.linear] }
        let dimensions = max(1, out.x.count, out.y.count, into.x.count, into.y.count)
        let curves = (0..<min(dimensions, 4, max(1, Value.easedDimensions))).map { dimension in
            CubicBezierEasing(
                x1: finite(out.x(for: dimension), or: 0), y1: finite(out.y(for: dimension), or: 0),
                x2: finite(into.x(for: dimension), or: 1), y2: finite(into.y(for: dimension), or: 1))
        }
        // After Effects writes one handle per dimension even when they are all the same: one
        // curve then serves every dimension, solved once per frame instead of two or three times.
        if let first = curves.first, curves.allSatisfy({ $0 == first }) { return [first] }
        return curves
    }

    /// Each eased segment's step table (`EasingSteps`), shared with the timeline's other tracks,
    /// and a curved segment's points at those steps.
    private static func attachSteps(_ keys: inout [Key], from tables: EasingStepTables) {
        guard keys.count > 1 else { return }
        for index in 0..<(keys.count - 1) where !keys[index].hold {
            // A curved segment is tabled even when its easing is linear: its points are the cost.
            keys[index].steps = tables.steps(for: keys[index].easings, from: keys[index].time,
                                             to: keys[index + 1].time, evenIfLinear: keys[index].spatialCurve != nil)
            if let steps = keys[index].steps, let curve = keys[index].spatialCurve {
                keys[index].spatialSteps = tables.spatialPoints(of: curve, at: steps)
            }
            if keys[index].steps != nil { keys[index].stepOwner = tables }
        }
    }

    /// Spatial tangents `to`/`ti` make a curved segment (FORMAT.md "Position along a path");
    /// tangents that are zero or on the straight line leave a plain lerp.
    private static func attachSpatialCurves(_ keys: inout [Key], _ keyframes: [Keyframe<Value.Source>]) {
        guard keys.count == keyframes.count, keys.count > 1 else { return }  // an empty list: no segment
        for index in 0..<(keys.count - 1) {
            guard let out = keyframes[index].outTangent, let into = keyframes[index].inTangent else { continue }
            let start = keys[index].value.spatialPoint
            let end = keys[index].segmentEnd.spatialPoint
            let segment = CubicSegment.spatial(
                from: start, outTangent: Vector2(x: finite(out.x, or: 0), y: finite(out.y, or: 0)),
                inTangent: Vector2(x: finite(into.x, or: 0), y: finite(into.y, or: 0)), to: end)
            let table = ArcLengthTable(segment)
            if !table.isStraightLine { keys[index].spatialCurve = table }
        }
    }
}

func finite(_ value: Double, or fallback: Double) -> Double {
    value.isFinite ? value : fallback
}
