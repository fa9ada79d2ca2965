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
struct TrimPathModifier: Equatable, Sendable {
    /// How a trim treats several contours (`m`).
    enum Mode: Int, Sendable, Hashable {
        /// `m` 1: each contour is trimmed on its own, the window applied to its own length.
        case parallel = 1
        /// `m` 2: the contours are measured as one path, one after the other, and the window applies to the sum.
        case sequential = 2
    }

    /// The window as fractions of the length: `start` in [0, 1), `end` in (`start`, `start` + 1]; an `end`
    /// above 1 wraps around to the beginning.
    struct Window: Equatable, Sendable {
        /// Where the kept part begins, as a fraction of the length.
        var start: Double
        /// Where it ends; above 1 means the part continues from the beginning up to `end - 1`.
        var end: Double
    }

    /// The start `s`, in percent (clamped to 0...100).
    var start: Double
    /// The end `e`, in percent (clamped to 0...100).
    var end: Double
    /// The offset `o`, in degrees: 360 shifts the window by the whole length.
    var offset: Double
    /// Parallel (`m` 1) or sequential (`m` 2).
    var mode: Mode

    /// Creates a trim with the values of its properties at one frame.
    init(start: Double, end: Double, offset: Double = 0, mode: Mode = .parallel) {
        self.start = start
        self.end = end
        self.offset = offset
        self.mode = mode
    }

    /// Whether the trim draws nothing: `s` equals `e` (after clamping).
    var isEmpty: Bool {
        Self.clampedFraction(start) == Self.clampedFraction(end)
    }

    /// Whether the trim keeps everything: `s` and `e` are 0 and 100 (in either order, whatever the offset).
    var isFull: Bool {
        let low = Swift.min(Self.clampedFraction(start), Self.clampedFraction(end))
        let high = Swift.max(Self.clampedFraction(start), Self.clampedFraction(end))
        return low == 0 && high == 1
    }

    /// The window as fractions of the length, or nil when the trim is empty. See the file header for the formula.
    var window: Window? {
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
    func apply(to contours: [BezierContour]) -> [BezierContour] {
        guard window != nil, !isFull else { return window == nil ? [] : contours }
        var lengths: [Double] = []
        for contour in contours { contour.appendSegmentLengths(to: &lengths) }
        return apply(to: contours, segmentLengths: lengths[...])
    }

    /// ``apply(to:)`` with the contours' segment lengths already measured: every contour's
    /// ``BezierContour/segmentLengths()``, one contour after the other.
    func apply(to contours: [BezierContour], segmentLengths lengths: ArraySlice<Double>) -> [BezierContour] {
        guard window != nil else { return [] }
        if isFull { return contours }
        var result: [BezierContour] = []
        result.reserveCapacity(contours.count + 1)
        var fresh = FreshContours()
        appendPieces(of: contours, segmentLengths: lengths, into: &result, storage: &fresh)
        return result
    }

    /// Appends the pieces ``apply(to:)`` keeps of `contours` to `result` (nothing when the trim is
    /// full or empty: the caller handles those), each cut written into a contour `storage` hands
    /// out; a contour kept whole is appended as it is. `contours` is read twice.
    func appendPieces<Contours: Collection<BezierContour>, Storage: ContourStorage>(
        of contours: Contours, segmentLengths lengths: ArraySlice<Double>, into result: inout [BezierContour],
        storage: inout Storage
    ) {
        guard let window, !isFull else { return }
        var total = 0.0
        var segment = lengths.startIndex
        for contour in contours {
            total += Self.length(of: contour, in: lengths, from: &segment)
        }
        segment = lengths.startIndex
        var contourStart = 0.0
        for contour in contours {
            let firstSegment = segment
            let length = Self.length(of: contour, in: lengths, from: &segment)
            let segments = lengths[firstSegment..<segment]
            switch mode {
            case .parallel:
                Self.appendPieces(of: contour, lengths: segments, contourStart: 0, contourLength: length,
                                  window: window, totalLength: length, into: &result, storage: &storage)
            case .sequential:
                Self.appendPieces(of: contour, lengths: segments, contourStart: contourStart, contourLength: length,
                                  window: window, totalLength: total, into: &result, storage: &storage)
            }
            contourStart += length
        }
    }

    /// The length of `contour`, whose segments' lengths start at `segment` in `lengths` (moved past them).
    private static func length(of contour: BezierContour, in lengths: ArraySlice<Double>,
                               from segment: inout Int) -> Double {
        let end = Swift.min(segment + contour.segmentCount, lengths.endIndex)
        var length = 0.0
        for index in segment..<end { length += lengths[index] }
        segment = end
        return length
    }

    /// Appends what the window keeps of one contour that occupies [contourStart, contourStart + contourLength] of
    /// a path of length `totalLength`.
    private static func appendPieces<Storage: ContourStorage>(
        of contour: BezierContour, lengths: ArraySlice<Double>, contourStart: Double, contourLength: Double,
        window: Window, totalLength: Double, into result: inout [BezierContour], storage: inout Storage
    ) {
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
        func appendSlice(from: Double, to: Double) {
            var piece = storage.contour()
            contour.writeSlice(fromDistance: from, toDistance: to, segmentLengths: lengths, into: &piece,
                               breakpoints: &storage.breakpoints)
            result.append(consume piece)
        }
        guard let second else {
            if first.from == 0 && first.to == contourLength {
                result.append(contour) // wholly kept
            } else {
                appendSlice(from: first.from, to: first.to)
            }
            return
        }
        // Two pieces on one contour: the end part [x, L], then the start part [0, y] (the wrap).
        if contour.closed && first.to == contourLength && second.from == 0 {
            appendSlice(from: first.from, to: contourLength + second.to)
        } else {
            appendSlice(from: first.from, to: first.to)
            appendSlice(from: second.from, to: second.to)
        }
    }
}

// MARK: - Storage for pieces

/// Hands out contours for trimmed pieces to be written into (`BezierContour.writeSlice`).
protocol ContourStorage {
    /// A contour whose storage a piece may be written into (its content is replaced).
    mutating func contour() -> BezierContour
    /// Room for the arc-length table of each curved segment cut, kept from cut to cut.
    var breakpoints: [Double] { get set }
}

/// Storage for trimming slots in place (`ShapeOperations.trim(_:_:by:sequential:memo:lengths:storage:shared:)`):
/// lists for the pieces, and a place for the lists they replace.
protocol SlotStorage: ContourStorage {
    /// An empty list (with room, when there is some) for a slot's pieces.
    mutating func list() -> [BezierContour]
    /// Takes back a slot's list that pieces replaced, with the contours in it, except those stored
    /// with the program (`shared`) and those whose points a contour of `kept` also holds.
    mutating func giveBack(_ list: consuming [BezierContour], keeping kept: [BezierContour],
                           shared: StorageAddresses)
}

/// New, empty contours and lists: pieces in storage of their own, the lists they replace let go.
struct FreshContours: SlotStorage {
    var breakpoints: [Double] = []

    func contour() -> BezierContour {
        BezierContour(vertices: [], inTangents: [], outTangents: [], closed: false)
    }

    func list() -> [BezierContour] { [] }

    func giveBack(_ list: consuming [BezierContour], keeping kept: [BezierContour], shared: StorageAddresses) {}
}
