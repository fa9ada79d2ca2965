// MARK: - ActivePlay

/// A play in progress: where the playhead is inside the segment, which way it is heading
/// and how many passes it has made. The arithmetic of loops and bounces lives here, so that
/// one tick of any size costs the same: the passes a tick covers are counted by division,
/// never walked one by one.
///
/// The playhead is an *offset* in `0...length` from `segment.fromFrame` towards
/// `segment.toFrame`. A signed advance (frames of the timeline, speed included) moves it by
/// `heading * advance`; `heading` is +1 at the start of a play and flips at each bounce.
struct ActivePlay: Sendable {
    /// Advances that land within this many frames of a pass end count as reaching it, so that
    /// sixty ticks of 1/60 s finish a one-second animation despite rounding.
    static let tolerance = 1e-9

    let segment: PlaybackSegment
    var offset: Double
    var heading: Double = 1
    var passesDone = 0
    var isPaused = false

    /// A play of a non-empty segment, starting at `offset`.
    init(segment: PlaybackSegment, offset: Double) {
        self.segment = segment
        self.offset = offset
    }

    var frame: Double { segment.frame(atOffset: offset) }

    /// Moves the playhead by `advance` frames. Returns the wraps or bounces made, and whether the
    /// play reached the end of its last pass (the playhead then rests exactly on that end).
    mutating func advance(by advance: Double) -> (loops: Int, finished: Bool) {
        let length = segment.length
        let motion = heading * advance
        guard length > 0, motion != 0, motion.isFinite else { return (0, false) }
        let forward = motion > 0
        let travelled = (forward ? offset : length - offset) + abs(motion)

        // How many pass ends the playhead reaches, and how far it goes past the last one.
        var ends = 0.0
        var rest = travelled
        if travelled >= length - Self.tolerance {
            rest = travelled.truncatingRemainder(dividingBy: length)
            ends = ((travelled - rest) / length).rounded()
            if length - rest <= Self.tolerance {
                rest = 0
                ends += 1
            }
        }
        if ends == 0 {
            offset = forward ? rest : length - rest
            return (0, false)
        }

        let reverses = segment.loopMode.reverses
        if let passCount = segment.loopMode.passCount {
            let remaining = passCount - passesDone
            if ends >= Double(remaining) {
                // The k-th end reached is the far one (in the direction of motion) unless the
                // playhead bounces and k is even.
                let farEnd = !reverses || remaining % 2 == 1
                offset = (forward == farEnd) ? length : 0
                let loops = remaining - 1
                if reverses && loops % 2 == 1 { heading = -heading }
                passesDone = passCount
                return (loops, true)
            }
        }

        let loops = ends >= Double(Int.max) ? Int.max : Int(ends)
        let (sum, overflow) = passesDone.addingReportingOverflow(loops)
        passesDone = overflow ? Int.max : sum
        if reverses && ends.truncatingRemainder(dividingBy: 2) == 1 {
            heading = -heading
            offset = forward ? length - rest : rest
        } else {
            offset = forward ? rest : length - rest
        }
        return (loops, false)
    }
}
