// MARK: - WiggleNoise

/// The smooth noise of `wiggle`: one-dimensional gradient noise (a random slope at each whole
/// number, blended with a quintic fade), from -1 to 1, the same for the same seed on every run
/// and machine. After Effects' own noise is not published; this one has its character: smooth,
/// zero at each whole step of `time * freq`, and about `freq` swings a second.
enum WiggleNoise {
    static func value(at position: Double, seed: UInt64) -> Double {
        guard position.isFinite, abs(position) < 1e15 else { return 0 }
        let floor = position.rounded(.down)
        let offset = position - floor
        let cell = Int64(floor)
        let left = slope(cell, seed: seed) * offset
        let right = slope(cell &+ 1, seed: seed) * (offset - 1)
        let fade = offset * offset * offset * (offset * (offset * 6 - 15) + 10)
        // Two slopes of at most 1 meet at most 0.5 from their points: scaled to reach about 1.
        return min(max((left + (right - left) * fade) * 2, -1), 1)
    }

    /// A slope from -1 to 1 for a whole number (SplitMix64 of the number and the seed).
    private static func slope(_ cell: Int64, seed: UInt64) -> Double {
        var state = UInt64(bitPattern: cell) &+ seed &* 0x9E37_79B9_7F4A_7C15
        state = (state ^ (state >> 30)) &* 0xBF58_476D_1CE4_E5B9
        state = (state ^ (state >> 27)) &* 0x94D0_49BB_1331_11EB
        state ^= state >> 31
        return Double(state >> 11) / Double(1 << 53) * 2 - 1
    }
}
