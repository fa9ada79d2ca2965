// MARK: - GIFFrameDelays
//
// GIF stores each frame's delay in whole centiseconds, so most frame rates cannot be matched frame by
// frame (60 fps is 1.67 cs). Rounding every delay alike would drift (60 × 2 cs = 1.2 s for a 1 s
// animation). Instead frame i is shown from round(100·i / fps) to round(100·(i+1) / fps): the error
// never exceeds half a centisecond at any frame boundary and the total is the rounded true duration.
// At 60 fps the delays run 2, 1, 2, 2, 1, 2, … and 60 frames last exactly 100 cs.
//
// Browsers show delays of 0 or 1 cs as 10 cs, so above 50 fps a GIF plays unevenly there; rendering
// every other frame (30 fps) avoids it.

/// Centisecond delays for the frames of a GIF.
enum GIFFrameDelays {
    /// The largest delay a GIF can store.
    static let maxDelay = 65_535

    /// The delay of each of `frameCount` frames shown at `framesPerSecond` (positive), with the
    /// rounding error carried from frame to frame.
    static func centiseconds(frameCount: Int, framesPerSecond: Double) -> [Int] {
        precondition(framesPerSecond.isFinite && framesPerSecond > 0)
        func boundary(_ frame: Int) -> Double { (Double(frame) * 100 / framesPerSecond).rounded() }
        return (0..<frameCount).map { frame in
            let delay = boundary(frame + 1) - boundary(frame)
            return Int(min(delay, Double(maxDelay)))
        }
    }
}
