// MARK: - TimeIndex

/// How many of a sorted list of times are at or before a frame, read from a table instead of
/// searched: evaluation asks this of every animated value and every still stretch at every
/// frame, and on files keyed every few frames the binary search over keys spread through memory
/// was two fifths of reading a value (an ellipse's size in bodymovin/data, 41 keys).
///
/// Made for whole-frame times from 0 on (what After Effects writes): then the times at or before
/// a frame are those at or before its whole frame, and the table holds that count for each whole
/// frame up to the last time; the answer is exactly the search's. Other frames (before 0, past
/// the table, NaN) are left to the caller's search: `count(atOrBefore:)` returns nil.
///
/// Made only where it pays and stays small: at least `minimumTimes` times, over at most
/// `framesPerTime` whole frames per time (plus `spareFrames`), so the table is never much larger
/// than the times it indexes.
struct TimeIndex: Sendable, Equatable {
    /// `countsAtOrBefore[f]`: how many times are at or before whole frame `f`.
    private let countsAtOrBefore: [Int32]

    static let minimumTimes = 4
    static let framesPerTime = 16
    static let spareFrames = 64

    /// No table: every frame is left to the caller's search.
    static let none = TimeIndex(countsAtOrBefore: [])

    private init(countsAtOrBefore: [Int32]) {
        self.countsAtOrBefore = countsAtOrBefore
    }

    /// A table of `count` sorted times read by `time` (ascending; equal times allowed); `.none`
    /// when there are too few of them, one is not a whole frame from 0 on, or they span too many.
    init(count: Int, time: (Int) -> Double) {
        guard count >= Self.minimumTimes, count <= Int(Int32.max),
              time(0) >= 0, time(count - 1) < Double(Self.framesPerTime * count + Self.spareFrames),
              (0..<count).allSatisfy({ time($0) == time($0).rounded(.down) })
        else {
            self = .none
            return
        }
        let frames = Int(time(count - 1)) + 1
        var counts: [Int32] = []
        counts.reserveCapacity(frames)
        var atOrBefore = 0
        for frame in 0..<frames {
            while atOrBefore < count, time(atOrBefore) <= Double(frame) { atOrBefore += 1 }
            counts.append(Int32(atOrBefore))
        }
        self.init(countsAtOrBefore: counts)
    }

    /// Whether a table was made.
    var isIndexed: Bool { !countsAtOrBefore.isEmpty }

    /// How many whole frames the table covers (`0..<frameCount`; 0 without a table).
    var frameCount: Int { countsAtOrBefore.count }

    /// How many of the times are at or before `frame`; nil when `frame` is outside the table
    /// (before 0, past the last time's whole frame, or NaN), for the caller to search.
    @inline(__always)
    func count(atOrBefore frame: Double) -> Int? {
        guard frame >= 0, frame < Double(countsAtOrBefore.count) else { return nil }
        return countsAtOrBefore.withUnsafeBufferPointer { Int($0[Int(frame)]) }
    }
}
