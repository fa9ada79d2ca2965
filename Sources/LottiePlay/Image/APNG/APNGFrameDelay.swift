// MARK: - APNGFrameDelay
//
// APNG gives each frame's delay as a fraction of seconds, numerator / denominator, each 16 bits. At
// 60 fps that is exactly 1/60, so an APNG keeps any whole frame rate up to 65535 fps exactly; other
// rates (29.97 fps: 100/2997 s) take the closest fraction with both terms ≤ 65535, found with
// continued fractions (the convergents of a number are its best approximations for their size).

/// The delay of an APNG frame as numerator / denominator seconds.
struct APNGFrameDelay: Equatable {
    /// The largest numerator or denominator APNG stores.
    static let maxTerm = 65_535

    var numerator: Int
    var denominator: Int

    init(numerator: Int, denominator: Int) {
        self.numerator = numerator
        self.denominator = denominator
    }

    /// The delay of one frame at `framesPerSecond` (positive and finite).
    init(framesPerSecond: Double) {
        precondition(framesPerSecond.isFinite && framesPerSecond > 0)
        if framesPerSecond == framesPerSecond.rounded(), framesPerSecond <= Double(Self.maxTerm) {
            self.init(numerator: 1, denominator: Int(framesPerSecond))
        } else {
            self = Self.closestFraction(to: 1 / framesPerSecond)
        }
    }

    /// The last continued-fraction convergent of `value` whose terms fit in 16 bits.
    private static func closestFraction(to value: Double) -> APNGFrameDelay {
        guard value < Double(maxTerm) else { return APNGFrameDelay(numerator: maxTerm, denominator: 1) }
        // The convergents h/k start from h₋₁/k₋₁ = 1/0 and h₋₂/k₋₂ = 0/1.
        var (numerator, previousNumerator) = (1, 0)
        var (denominator, previousDenominator) = (0, 1)
        var remainder = value
        for _ in 0..<64 {
            let term = remainder.rounded(.down)
            guard term < Double(maxTerm + 1) else { break }
            let nextNumerator = Int(term) * numerator + previousNumerator
            let nextDenominator = Int(term) * denominator + previousDenominator
            guard nextNumerator <= maxTerm, nextDenominator <= maxTerm else { break }
            (previousNumerator, numerator) = (numerator, nextNumerator)
            (previousDenominator, denominator) = (denominator, nextDenominator)
            let fraction = remainder - term
            guard fraction > 1e-12 else { break }
            remainder = 1 / fraction
        }
        // Shorter than 1/65535 s: the shortest delay APNG can state.
        return numerator == 0 ? APNGFrameDelay(numerator: 1, denominator: maxTerm)
            : APNGFrameDelay(numerator: numerator, denominator: denominator)
    }
}
