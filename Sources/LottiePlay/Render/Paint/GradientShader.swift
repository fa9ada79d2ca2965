// MARK: - GradientShader
//
// The colour of a linear or radial gradient at each device pixel.
//
// - The gradient parameter t of a pixel is computed at the pixel's centre mapped back into the
//   gradient's space (layer space): linear t = (p - start) . (end - start) / |end - start|^2;
//   radial t is the smallest circle through p of the family centred on the focal point at t = 0
//   and on `start` with radius |end - start| at t = 1 (a two-point conical gradient with a zero
//   focal radius, as in SVG and the players).
// - The focal point (FORMAT.md "Shapes", gradients; lottie-web's rule): highlight length h% of the radius
//   (clamped to +-99%) from the centre, at the highlight angle added to the direction start->end.
// - Spread: pad (t clamped to 0...1).
// - Colours: colour stops and opacity stops are interpolated separately, each at its own stops,
//   and combined; the result is premultiplied and sampled into a table of `tableSize` entries
//   that is interpolated linearly between neighbouring merged stops (premultiplied, as rlottie's
//   and ThorVG's colour tables are).

import Foundation

struct GradientShader {
    static let tableSize = 1024

    enum Geometry {
        case linear(start: SIMD2<Double>, direction: SIMD2<Double>)
        /// `focal` relative to `center`; `a` is |focal - center|^2 - radius^2 (negative).
        case radial(center: SIMD2<Double>, focal: SIMD2<Double>, radius: Double, a: Double)
        /// Degenerate (zero length, radius or a singular transform): the colour at t = 1.
        case constant
    }

    let geometry: Geometry
    /// Device pixel to gradient space.
    let inverse: AffineMatrix
    /// The colours at t = i / (tableSize - 1), opacity included, as canvas words
    /// (`PremultipliedPixel`).
    let words: [UInt32]

    init(_ gradient: GradientPaint, transform: AffineMatrix, opacity: Double) {
        words = Self.colorTable(gradient, opacity: opacity).map(PremultipliedPixel.word)
        let inverse = transform.inverse
        self.inverse = inverse ?? .identity
        let start = SIMD2(gradient.start.x, gradient.start.y)
        let end = SIMD2(gradient.end.x, gradient.end.y)
        let delta = end - start
        let lengthSquared = (delta * delta).sum()
        guard inverse != nil, lengthSquared > 1e-12, lengthSquared.isFinite else {
            geometry = .constant
            return
        }
        switch gradient.kind {
        case .linear:
            geometry = .linear(start: start, direction: delta / lengthSquared)
        case .radial:
            let radius = lengthSquared.squareRoot()
            var highlight = gradient.highlightLength / 100
            if !highlight.isFinite { highlight = 0 }
            highlight = Swift.min(Swift.max(highlight, -0.99), 0.99)
            let angle = atan2(delta.y, delta.x) + gradient.highlightAngle * .pi / 180
            let distance = radius * highlight
            let focal = SIMD2(cos(angle), sin(angle)) * distance
            let a = (focal * focal).sum() - radius * radius
            geometry = .radial(center: start, focal: focal, radius: radius, a: a)
        }
    }

    /// The parameter t (not clamped) at gradient-space point `p`.
    @inline(__always)
    func parameter(_ p: SIMD2<Double>) -> Double {
        switch geometry {
        case .linear(let start, let direction):
            return ((p - start) * direction).sum()
        case .radial(let center, let focal, let radius, let a):
            guard radius > 0 else { return 1 }
            let d = p - center - focal
            let t = Self.radialParameter(dx: SIMD4(repeating: d.x), dy: SIMD4(repeating: d.y),
                                         b: SIMD4(repeating: (d * -focal).sum()), a: a, inverseA: 1 / a)
            return t[0]
        case .constant:
            return 1
        }
    }

    /// A radial gradient's t at four points, each given by d = p - center - focal (`dx`, `dy`) and
    /// b = d . (center - focal): |d - t (center - focal)| = t radius, that is a t^2 - 2 b t + |d|^2 = 0,
    /// whose smaller root is taken (a negative discriminant counts as zero). The painter steps d
    /// and b along a row and calls this for four pixels at a time.
    @inline(__always)
    static func radialParameter(dx: SIMD4<Double>, dy: SIMD4<Double>, b: SIMD4<Double>, a: Double,
                                inverseA: Double) -> SIMD4<Double> {
        var discriminant = b * b - a * (dx * dx + dy * dy)
        discriminant.replace(with: 0, where: .!(discriminant .> 0))
        return (b - discriminant.squareRoot()) * inverseA
    }

    // MARK: Colour table

    static func colorTable(_ gradient: GradientPaint, opacity: Double) -> [SIMD4<Float>] {
        let colors = gradient.colorStops
        let opacities = gradient.opacityStops
        guard !colors.isEmpty else { return Array(repeating: .zero, count: tableSize) }
        // Merged stop positions, each with its premultiplied colour.
        var positions = colors.map { Swift.min(Swift.max($0.offset, 0), 1) }
        positions += opacities.map { Swift.min(Swift.max($0.offset, 0), 1) }
        positions.sort()
        var stops: [(Double, SIMD4<Float>)] = []
        for position in positions {
            if let last = stops.last, last.0 == position { continue }
            let color = colorAt(position, colors)
            let alpha = (opacities.isEmpty ? 1 : opacityAt(position, opacities)) * opacity
            stops.append((position, color.premultiplied(opacity: alpha)))
        }
        var table = [SIMD4<Float>](repeating: .zero, count: tableSize)
        var stop = 0
        for index in 0..<tableSize {
            let t = Double(index) / Double(tableSize - 1)
            while stop + 1 < stops.count && stops[stop + 1].0 <= t { stop += 1 }
            if t <= stops[0].0 {
                table[index] = stops[0].1
            } else if stop + 1 >= stops.count {
                table[index] = stops[stops.count - 1].1
            } else {
                let (t0, c0) = stops[stop]
                let (t1, c1) = stops[stop + 1]
                let f = Float(t1 > t0 ? (t - t0) / (t1 - t0) : 0)
                table[index] = c0 + (c1 - c0) * f
            }
        }
        return table
    }

    /// The straight colour of the colour stops at `t` (held before the first and after the last).
    static func colorAt(_ t: Double, _ stops: [GradientPaint.ColorStop]) -> RGBAColor {
        if t <= stops[0].offset { return stops[0].color }
        for index in 1..<stops.count where t <= stops[index].offset {
            let a = stops[index - 1]
            let b = stops[index]
            let f = b.offset > a.offset ? (t - a.offset) / (b.offset - a.offset) : 1
            return RGBAColor(red: a.color.red + (b.color.red - a.color.red) * f,
                             green: a.color.green + (b.color.green - a.color.green) * f,
                             blue: a.color.blue + (b.color.blue - a.color.blue) * f)
        }
        return stops[stops.count - 1].color
    }

    /// The opacity of the opacity stops at `t` (held before the first and after the last).
    static func opacityAt(_ t: Double, _ stops: [GradientPaint.OpacityStop]) -> Double {
        func clamp(_ value: Double) -> Double { value.isFinite ? Swift.min(Swift.max(value, 0), 1) : 1 }
        if t <= stops[0].offset { return clamp(stops[0].opacity) }
        for index in 1..<stops.count where t <= stops[index].offset {
            let a = stops[index - 1]
            let b = stops[index]
            let f = b.offset > a.offset ? (t - a.offset) / (b.offset - a.offset) : 1
            return clamp(a.opacity + (b.opacity - a.opacity) * f)
        }
        return clamp(stops[stops.count - 1].opacity)
    }
}
