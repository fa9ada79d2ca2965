// Gauss–Legendre quadrature, the integrator behind arc lengths.
//
// The n-point rule integrates polynomials up to degree 2n - 1 exactly. The speed |B'(t)| of a cubic bezier is
// the square root of a quartic: smooth wherever the curve has no cusp, so a few points per interval reach
// machine precision, and an adaptive split (CubicSegment's arc length) takes care of the rest.
//
// Nodes and weights of the 8-point rule are the roots of the Legendre polynomial P8 on [-1, 1] and
// w = 2 / ((1 - x^2) P8'(x)^2), computed to 20 digits with mpmath and rounded to Double. They are symmetric
// about 0, so four pairs are stored.

/// Fixed-order Gauss–Legendre quadrature rules.
@usableFromInline
enum GaussLegendre {
    /// The integral of `integrand` over [`lower`, `upper`] by the 8-point rule (8 evaluations, no allocation).
    @inlinable
    static func integrate8(from lower: Double, to upper: Double, _ integrand: (Double) -> Double) -> Double {
        let half = 0.5 * (upper - lower)
        let middle = 0.5 * (upper + lower)
        @inline(__always)
        func pair(_ node: Double, _ weight: Double) -> Double {
            let offset = half * node
            return weight * (integrand(middle - offset) + integrand(middle + offset))
        }
        // Smallest weights first, which tends to keep the rounding error down.
        let sum = pair(0.96028985649753623168, 0.10122853629037625915)
            + pair(0.79666647741362673959, 0.22238103445337447054)
            + pair(0.52553240991632898582, 0.31370664587788728734)
            + pair(0.18343464249564980494, 0.36268378337836198297)
        return half * sum
    }
}
