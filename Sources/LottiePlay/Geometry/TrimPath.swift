// Trim paths (`tm`): keeping the part of the paths between a start and an end, measured by arc length.
//
// The window (FORMAT.md "Shapes", the Lottie spec "Trim Path", lottie-web `TrimModifier.processShapes`):
//
//     s, e   = clamp(s / 100, 0, 1), clamp(e / 100, 0, 1)
//     s == e          -> nothing is drawn (whatever the offset)
//     {s, e} == {0,1} -> the paths are returned unchanged (whatever the offset; the spec's "rendered as-is")
//     o      = frac(o / 360), in [0, 1)
//     start  = o + min(s, e),  end = o + max(s, e)       (so s > e is the same window as e > s)
//     if start >= 1: start -= 1, end -= 1
//     end <= 1 -> one interval [start, end]; end > 1 -> two: [start, 1] and [0, end - 1] (the wrap)
//
// The fractions are of a length L: each contour's own length in parallel mode (`m` 1), the sum of all the
// contours' lengths in sequential mode (`m` 2), where the contours follow each other in the order given. An
// interval becomes, on each contour it touches, a slice between two distances (ContourSlice.swift), cut by the
// inverse of the arc length.
//
// Decisions, each checked against lottie-web's TrimModifier (player/js/utils/shapes/TrimModifier.js):
// - Wrap on a closed contour: the piece from start to the contour's end and the piece from its start to the end
//   meet at vertex 0, and come out as ONE open contour running through vertex 0 (lottie-web pops the first
//   piece's path and continues it with the second: `addShapes(shapeData, segments[1], lastShape)`), so a stroke
//   shows no seam or doubled caps there. On an open contour the two pieces stay separate, the one nearer the
//   end first (lottie-web's order). In sequential mode the wrap point is the start of the first contour and the
//   end of the last, different contours unless there is only one, so the pieces stay separate; lottie-web joins
//   the end piece of a shape's LAST sub-path to the start piece of its FIRST when the last is closed, drawing a
//   line between two unrelated points; we do not copy that.
// - A contour wholly inside an interval (sequential mode) is returned as it is, closed if it was closed, as in
//   lottie-web (whose path keeps `c` when no segment was cut). Any cut makes the piece open.
// - Contours of zero length, and pieces of zero length, are dropped (lottie-web draws nothing for them).
// - Sequential order: the order of the array. lottie-web processes a group's shapes in their JSON order (first
//   listed first); the caller should pass them that way.
// - lottie-web rounds the start and end to 1e-4 and measures with sampled polylines; this code uses the exact
//   values and real arc lengths.
// - lottie-web measures the sub-paths of ONE shape item together even in parallel mode (one "shape" there may
//   hold several paths, e.g. after a merge). To get that, trim each item's contours with `.sequential`.
//
// Sources (read, not copied): the Lottie spec `docs/specs/shapes.md` ("Trim Path"); lottie-web
// `player/js/utils/shapes/TrimModifier.js`; lottie-docs `docs/shapes.md` ("Trim Path").

/// A trim path modifier (`tm`) with its values at one frame: keeps the part of the contours between `start` and
/// `end` percent of their length, shifted along them by `offset` degrees (360 = the whole length).
public struct TrimPathModifier: Equatable, Sendable {
    /// How a trim treats several contours (`m`).
    public enum Mode: Int, Sendable, Hashable {
        /// `m` 1: each contour is trimmed on its own, the window applied to its own length.
        case parallel = 1
        /// `m` 2: the contours are measured as one path, one after the other, and the window applies to the sum.
        case sequential = 2
    }

    /// The window as fractions of the length: `start` in [0, 1), `end` in (`start`, `start` + 1]; an `end`
    /// above 1 wraps around to the beginning.
    public struct Window: Equatable, Sendable {
        /// Where the kept part begins, as a fraction of the length.
        public var start: Double
        /// Where it ends; above 1 means the part continues from the beginning up to `end - 1`.
        public var end: Double
    }

    /// The start `s`, in percent (clamped to 0...100).
    public var start: Double
    /// The end `e`, in percent (clamped to 0...100).
    public var end: Double
    /// The offset `o`, in degrees: 360 shifts the window by the whole length.
    public var offset: Double
    /// Parallel (`m` 1) or sequential (`m` 2).
    public var mode: Mode

    /// Creates a trim with the values of its properties at one frame.
    public init(start: Double, end: Double, offset: Double = 0, mode: Mode = .parallel) {
        self.start = start
        self.end = end
        self.offset = offset
        self.mode = mode
    }

    /// Whether the trim draws nothing: `s` equals `e` (after clamping).
    public var isEmpty: Bool {
        Self.clampedFraction(start) == Self.clampedFraction(end)
    }

    /// Whether the trim keeps everything: `s` and `e` are 0 and 100 (in either order, whatever the offset).
    public var isFull: Bool {
        let low = Swift.min(Self.clampedFraction(start), Self.clampedFraction(end))
        let high = Swift.max(Self.clampedFraction(start), Self.clampedFraction(end))
        return low == 0 && high == 1
    }

    /// The window as fractions of the length, or nil when the trim is empty. See the file header for the formula.
    public var window: Window? {
        let s = Self.clampedFraction(start)
        let e = Self.clampedFraction(end)
        guard s != e else { return nil }
        var turn = offset.isFinite ? offset.truncatingRemainder(dividingBy: 360) / 360 : 0
        if turn < 0 { turn += 1 }
        if turn >= 1 { turn = 0 } // -tiny + 1 rounding to 1
        var lower = turn + Swift.min(s, e)
        var upper = turn + Swift.max(s, e)
        if lower >= 1 {
            lower -= 1
            upper -= 1
        }
        return Window(start: lower, end: upper)
    }

    private static func clampedFraction(_ percent: Double) -> Double {
        guard percent.isFinite else { return percent > 0 ? 1 : 0 }
        return Swift.min(1, Swift.max(0, percent / 100))
    }
}

// MARK: - Applying

extension TrimPathModifier {
    /// The trimmed contours.
    ///
    /// Returns `contours` unchanged when the trim is full (``isFull``) and an empty array when it is empty
    /// (``isEmpty``). Otherwise every contour contributes zero, one or two open pieces (or itself, unchanged,
    /// when sequential mode keeps it whole), in the order of `contours`.
    public func apply(to contours: [BezierContour]) -> [BezierContour] {
        guard window != nil, !isFull else { return window == nil ? [] : contours }
        var lengths: [Double] = []
        for contour in contours { contour.appendSegmentLengths(to: &lengths) }
        return apply(to: contours, segmentLengths: lengths[...])
    }

    /// ``apply(to:)`` with the contours' segment lengths already measured: every contour's
    /// ``BezierContour/segmentLengths()``, one contour after the other.
    func apply(to contours: [BezierContour], segmentLengths lengths: ArraySlice<Double>) -> [BezierContour] {
        guard let window else { return [] }
        if isFull { return contours }
        var result: [BezierContour] = []
        result.reserveCapacity(contours.count + 1)
        var contourLengths: [Double] = []
        contourLengths.reserveCapacity(contours.count)
        var total = 0.0
        var segment = lengths.startIndex
        for contour in contours {
            let end = Swift.min(segment + contour.segmentCount, lengths.endIndex)
            let length = lengths[segment..<end].reduce(0, +)
            contourLengths.append(length)
            total += length
            segment = end
        }
        var firstSegment = lengths.startIndex
        var contourStart = 0.0
        for (contour, length) in zip(contours, contourLengths) {
            let segments = lengths[firstSegment..<(firstSegment + contour.segmentCount)]
            switch mode {
            case .parallel:
                Self.appendPieces(of: contour, lengths: segments, contourStart: 0, contourLength: length,
                                  window: window, totalLength: length, into: &result)
            case .sequential:
                Self.appendPieces(of: contour, lengths: segments, contourStart: contourStart, contourLength: length,
                                  window: window, totalLength: total, into: &result)
            }
            firstSegment += contour.segmentCount
            contourStart += length
        }
        return result
    }

    /// Appends what the window keeps of one contour that occupies [contourStart, contourStart + contourLength] of
    /// a path of length `totalLength`.
    private static func appendPieces(of contour: BezierContour, lengths: ArraySlice<Double>, contourStart: Double,
                                     contourLength: Double, window: Window, totalLength: Double,
                                     into result: inout [BezierContour]) {
        guard contourLength > 0, totalLength > 0 else { return }
        let snap = 1e-12 * totalLength
        // The window's one or two intervals, in distances along the whole path, clipped to this contour.
        let wraps = window.end > 1
        var first: (from: Double, to: Double)?
        var second: (from: Double, to: Double)?
        for interval in 0..<(wraps ? 2 : 1) {
            let low = interval == 0 ? window.start : 0
            let high = interval == 0 ? Swift.min(window.end, 1) : window.end - 1
            var from = low * totalLength - contourStart
            var to = high * totalLength - contourStart
            if from < snap { from = 0 }
            if to > contourLength - snap { to = contourLength }
            guard to - from > snap else { continue }
            if first == nil { first = (from, to) } else { second = (from, to) }
        }
        guard let first else { return }
        guard let second else {
            if first.from == 0 && first.to == contourLength {
                result.append(contour) // wholly kept
            } else {
                result.append(contour.slice(fromDistance: first.from, toDistance: first.to, segmentLengths: lengths))
            }
            return
        }
        // Two pieces on one contour: the end part [x, L], then the start part [0, y] (the wrap).
        if contour.closed && first.to == contourLength && second.from == 0 {
            result.append(contour.slice(fromDistance: first.from, toDistance: contourLength + second.to,
                                        segmentLengths: lengths))
        } else {
            result.append(contour.slice(fromDistance: first.from, toDistance: first.to, segmentLengths: lengths))
            result.append(contour.slice(fromDistance: second.from, toDistance: second.to, segmentLengths: lengths))
        }
    }
}
