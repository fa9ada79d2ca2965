import LottieModel

// MARK: - StyleNode

/// A compiled style item (fill, stroke, gradient fill or gradient stroke: a `PaintSource` of its
/// kind) with what every style has: opacity, fill rule, blend mode, and where it is. A class,
/// shared by every frame's drawings; it never changes once compiled.
final class StyleNode: Sendable {
    let source: any PaintSource
    let opacity: PropertyTrack<Double>
    let fillRule: FillRule
    let blendMode: BlendMode
    let jsonPath: String
    /// True for gradients, written over the gradient a drawing had (`PaintSource.writeGradient`).
    let isGradient: Bool
    /// True when none of the paint's properties is animated: `paint` is then `fixedPaint`.
    let isPaintFixed: Bool
    /// The paint made once, at frame 0 (a paint that is not fixed is made at each frame instead).
    /// Not optional: copying a paint out of an optional cost more than the rest of a flat fill.
    private let fixedPaint: Paint

    init(_ source: any PaintSource, opacity: PropertyTrack<Double>, fillRule: FillRule, blendMode: BlendMode,
         jsonPath: String) {
        self.source = source
        self.opacity = opacity
        self.fillRule = fillRule
        self.blendMode = blendMode
        self.jsonPath = jsonPath
        isGradient = source.isGradient
        isPaintFixed = !source.isAnimated
        fixedPaint = source.paint(at: 0, fillRule: fillRule)
    }

    /// The paint at a frame, in the style's own group space.
    func paint(at frame: Double) -> Paint {
        isPaintFixed ? fixedPaint : source.paint(at: frame, fillRule: fillRule)
    }

    /// Writes the paint at a frame, carried into layer space by `transform`, over `paint`
    /// (`PaintSource.writeGradient`).
    func writeGradient(at frame: Double, carriedBy transform: AffineMatrix, paths: [BezierContour], maxDashes: Int,
                       over paint: inout Paint) {
        source.writeGradient(at: frame, fillRule: fillRule, carriedBy: transform, paths: paths, maxDashes: maxDashes,
                             over: &paint)
    }

    func addMotion(to motion: inout MotionCollector) {
        motion.add(opacity)
        source.addMotion(to: &motion)
    }
}

// MARK: - Gradient storage

extension Paint {
    /// The gradient this paint holds, taken out so that nothing else holds its values (a blank
    /// one when it holds none); the paint is left a flat fill.
    mutating func takeGradient() -> GradientPaint {
        var taken = Paint.fill(.black, .nonZero)
        swap(&taken, &self)
        switch consume taken {
        case .gradientFill(let gradient, _), .gradientStroke(let gradient, _):
            return gradient
        case .fill, .stroke:
            return GradientPaint(kind: .linear, start: .zero, end: .zero, colorStops: [], opacityStops: [])
        }
    }
}
