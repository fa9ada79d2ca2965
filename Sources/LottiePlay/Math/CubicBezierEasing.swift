import Foundation

// The easing curve of a keyframe segment (FORMAT.md "Easing").
//
// The curve runs from (0, 0) through the handles (x1, y1) = keyframe k's `o` and (x2, y2) = keyframe k's `i` to
// (1, 1). For a linear time fraction x in [0, 1] we solve bezierX(u) = x for the curve parameter u and return
// bezierY(u), the eased progress. The x handles are clamped to [0, 1], which makes bezierX non-decreasing on
// [0, 1], so the root is unique: its derivative is linear in x1 and in x2, so over the square of handles its
// minimum sits at a corner, where it is 3u^2, 3(1 - u)^2, 6u(1 - u) or 3(1 - 2u)^2, never negative. The y
// handles are not clamped: progress may leave [0, 1] (overshoot).
//
// The solver is exact, not a lookup table: a safeguarded Halley iteration (Halley steps while they stay inside
// the bracket that holds the root and shrink fast enough, bisection otherwise). It runs until the parameter is
// pinned to about 1e-15, far below the 1e-12 needed in x, because a flat spot in bezierX (x1 = 1, x2 = 0 at
// u = 0.5, where dx/du = 0) turns a 1e-12 error in x into a 1e-4 error in u and so in the progress.
//
// Two curves invert in closed form, and the solver takes them that way: both x handles at 0 make
// bezierX(u) = u^3, both at 1 make it 1 - (1 - u)^3 (After Effects writes such handles for a sharp ease in or
// out). Their flat end slows the iteration: 4.5 rounds on average, up to 8, instead of one cube root.
//
// Polynomial form, built once in `init`: bezierX(u) = ((ax u + bx) u + cx) u with cx = 3 x1,
// bx = 3 (x2 - x1) - cx, ax = 1 - cx - bx; the same for y.

/// A cubic-bezier easing curve from (0, 0) via (x1, y1) and (x2, y2) to (1, 1), solved exactly.
///
/// Build one per keyframe segment when the timeline is loaded; ``progress(at:)`` then costs a few polynomial
/// evaluations and never allocates.
@frozen
public struct CubicBezierEasing: Hashable, Sendable {
    /// The first handle's x, clamped to [0, 1].
    public let x1: Double
    /// The first handle's y (unclamped).
    public let y1: Double
    /// The second handle's x, clamped to [0, 1].
    public let x2: Double
    /// The second handle's y (unclamped).
    public let y2: Double

    /// Whether the curve is the identity (`x1 == y1` and `x2 == y2` after clamping), so no solver runs.
    public let isLinear: Bool

    @usableFromInline let ax: Double
    @usableFromInline let bx: Double
    @usableFromInline let cx: Double
    @usableFromInline let ay: Double
    @usableFromInline let by: Double
    @usableFromInline let cy: Double

    /// Creates the curve from its handles: `(x1, y1)` is keyframe k's out handle `o`, `(x2, y2)` keyframe k's in
    /// handle `i`. The x values are clamped to [0, 1]; the y values are kept as they are.
    @inlinable
    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        let x1 = Swift.min(Swift.max(x1, 0), 1)
        let x2 = Swift.min(Swift.max(x2, 0), 1)
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
        isLinear = x1 == y1 && x2 == y2
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    /// Creates the curve from a keyframe's out handle `o` and in handle `i` (see ``init(x1:y1:x2:y2:)``).
    @inlinable
    public init(outHandle: Vector2, inHandle: Vector2) {
        self.init(x1: outHandle.x, y1: outHandle.y, x2: inHandle.x, y2: inHandle.y)
    }

    /// The linear curve (0, 0, 1, 1): progress equals the time fraction.
    @inlinable
    public static var linear: CubicBezierEasing { CubicBezierEasing(x1: 0, y1: 0, x2: 1, y2: 1) }
}

// MARK: - Evaluation

extension CubicBezierEasing {
    /// The eased progress at the linear time fraction `x`.
    ///
    /// `x` is clamped to [0, 1]: the result is exactly 0 for `x <= 0` and exactly 1 for `x >= 1` (and 0 for NaN).
    /// Inside, the result may leave [0, 1] when a y handle does (overshoot, anticipation).
    @inlinable
    public func progress(at x: Double) -> Double {
        if isLinear { return Self.linearProgress(at: x) }
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        return bezierY(solveParameter(x))
    }

    /// What ``progress(at:)`` gives for any linear curve: `x` clamped to [0, 1] (0 for NaN).
    @inlinable
    public static func linearProgress(at x: Double) -> Double {
        guard x > 0 else { return 0 }
        return x < 1 ? x : 1
    }

    /// The curve parameter u in [0, 1] with `bezierX(u) == x`, for `x` clamped to [0, 1].
    ///
    /// Always solved: even a linear curve (``isLinear``) has `u != x` unless its handles sit at thirds.
    @inlinable
    public func parameter(forX x: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        return solveParameter(x)
    }

    /// The curve's x coordinate at parameter `u`.
    @inlinable
    public func bezierX(_ u: Double) -> Double {
        ((ax * u + bx) * u + cx) * u
    }

    /// The curve's y coordinate (the progress) at parameter `u`.
    @inlinable
    public func bezierY(_ u: Double) -> Double {
        ((ay * u + by) * u + cy) * u
    }

    /// d bezierX / du at parameter `u` (never negative for clamped handles).
    @inlinable
    public func bezierXDerivative(_ u: Double) -> Double {
        (3 * ax * u + 2 * bx) * u + cx
    }
}

// MARK: - Solver

extension CubicBezierEasing {
    /// Safeguarded Halley for `bezierX(u) == x` with `0 < x < 1`; see the file header.
    @inlinable
    func solveParameter(_ x: Double) -> Double {
        if cx == 0 && bx == 0 { return cbrt(x) }
        if x1 == 1 && x2 == 1 { return 1 - cbrt(1 - x) }
        var low = 0.0
        var high = 1.0
        var u = x // bezierX is close to the identity for mild curves: a good first guess.
        var step = 1.0
        var stepBefore = 1.0
        for _ in 0..<128 {
            let error = bezierX(u) - x
            if error == 0 { return u }
            // bezierX is non-decreasing: the root lies on the side where the error changes sign.
            if error < 0 { low = u } else { high = u }
            let slope = bezierXDerivative(u)
            var next = 0.5 * (low + high)
            if slope > 0 {
                // Halley's step (Newton's with the curvature term): cubic convergence, about four
                // rounds instead of six on After Effects' curves; Newton's where it is not defined.
                let curvature = 6 * ax * u + 2 * bx
                let denominator = 2 * slope * slope - error * curvature
                let newton = denominator > 0 ? u - 2 * error * slope / denominator : u - error / slope
                // Converged: the step is below the pin. Going on would bisect from a bracket end
                // (the step no longer leaves `u`, which just became one) for ~50 more rounds.
                if abs(newton - u) <= 1e-15 { return newton }
                // The step only when it stays strictly inside the bracket and halves the step at least as well as
                // bisection would over two iterations (Numerical Recipes' rtsafe criterion).
                if newton > low, newton < high, abs(2 * error) <= abs(stepBefore * slope) {
                    next = newton
                }
            }
            stepBefore = step
            step = next - u
            u = next
            if abs(step) <= 1e-15 || high - low <= 1e-15 { break }
        }
        return u
    }
}
