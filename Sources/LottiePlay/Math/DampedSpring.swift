import Foundation

// A damped spring as SwiftUI's `spring(response:dampingFraction:)` defines it: mass 1, stiffness
// k = (2π / response)², damping c = 4π · dampingFraction / response. Its undamped angular frequency is
// ω₀ = √k = 2π / response and its damping ratio ζ = c / (2ω₀) = dampingFraction.
//
// The motion is solved in closed form, not integrated, so any tick length gives the same positions. For the
// displacement y from the rest point, with y(0) = y₀ and y'(0) = v₀, y'' + 2ζω₀ y' + ω₀² y = 0 gives:
// - ζ < 1 (under-damped), with σ = ζω₀ and ω_d = ω₀√(1 − ζ²):
//     y(t) = e^(−σt) (y₀ cos ω_d t + B sin ω_d t),  B = (v₀ + σ y₀) / ω_d
// - ζ = 1 (critically damped):
//     y(t) = e^(−ω₀t) (y₀ + (v₀ + ω₀ y₀) t)
// - ζ > 1 (over-damped), with the roots r₁ = −ω₀ / (ζ + √(ζ² − 1)) and r₂ = −ω₀ (ζ + √(ζ² − 1)) (r₁ r₂ = ω₀²,
//   written so that r₁ does not lose its digits to cancellation when ζ is large):
//     y(t) = A e^(r₁t) + (y₀ − A) e^(r₂t),  A = (v₀ − r₂ y₀) / (r₁ − r₂)
// Starting at rest one unit before the rest point (y₀ = −1, v₀ = 0), the under-damped case is SwiftUI's
// x(t) = 1 − e^(−ζω₀t)(cos ω_d t + (ζω₀ / ω_d) sin ω_d t).
//
// Damping ratios within 1e-9 of 1 take the critical form: the other two divide by ω_d or r₁ − r₂, which vanish
// there.

/// A unit-mass damped spring defined as SwiftUI defines `spring(response:dampingFraction:)`, solved in closed form.
public struct DampedSpring: Equatable, Sendable {
    /// Seconds of one oscillation of the undamped spring.
    public let response: Double
    /// The damping ratio ζ: below 1 the spring overshoots, 1 is critical, above 1 it creeps.
    public let dampingFraction: Double

    /// The undamped angular frequency ω₀ = 2π / response, in radians per second.
    public var angularFrequency: Double { 2 * Double.pi / response }
    /// k = ω₀² (mass 1).
    public var stiffness: Double { angularFrequency * angularFrequency }
    /// c = 4π · dampingFraction / response = 2ζω₀.
    public var damping: Double { 4 * Double.pi * dampingFraction / response }

    /// A spring, or nil unless `response` is positive and finite and `dampingFraction` finite and not negative.
    public init?(response: Double, dampingFraction: Double) {
        guard response > 0, response.isFinite, dampingFraction >= 0, dampingFraction.isFinite else { return nil }
        self.response = response
        self.dampingFraction = dampingFraction
    }

    /// The displacement from the rest point and the velocity `t` seconds after the spring was at
    /// `displacement` with `velocity`.
    public func state(after t: Double, displacement y0: Double, velocity v0: Double) -> (displacement: Double, velocity: Double) {
        let omega = angularFrequency
        let zeta = dampingFraction
        if abs(zeta - 1) <= 1e-9 {
            let decay = exp(-omega * t)
            let slope = v0 + omega * y0
            return (decay * (y0 + slope * t), decay * (slope - omega * (y0 + slope * t)))
        }
        if zeta < 1 {
            let sigma = zeta * omega
            let damped = omega * (1 - zeta * zeta).squareRoot()
            let b = (v0 + sigma * y0) / damped
            let decay = exp(-sigma * t)
            let cosine = cos(damped * t)
            let sine = sin(damped * t)
            let oscillation = y0 * cosine + b * sine
            return (decay * oscillation, decay * (damped * (b * cosine - y0 * sine) - sigma * oscillation))
        }
        let spread = zeta + (zeta * zeta - 1).squareRoot()
        let slow = -omega / spread
        let fast = -omega * spread
        let a = (v0 - fast * y0) / (slow - fast)
        let slowTerm = a * exp(slow * t)
        let fastTerm = (y0 - a) * exp(fast * t)
        return (slowTerm + fastTerm, slow * slowTerm + fast * fastTerm)
    }
}
