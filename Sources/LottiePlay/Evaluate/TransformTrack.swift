import Foundation
import LottieModel

// MARK: - TransformTrack

/// A compiled transform (layer `ks`, group `tr`, repeater `tr`).
struct TransformTrack: Sendable {
    enum Position: Sendable {
        case combined(PropertyTrack<Vector2>)
        case split(x: PropertyTrack<Double>, y: PropertyTrack<Double>)
    }

    var anchor: PropertyTrack<Vector2>
    var position: Position
    var scale: PropertyTrack<PlainVector2>
    var rotation: PropertyTrack<Double>
    var skew: PropertyTrack<Double>
    var skewAxis: PropertyTrack<Double>
    var opacity: PropertyTrack<Double>
    var startOpacity: PropertyTrack<Double>
    var endOpacity: PropertyTrack<Double>
    var autoOrient: Bool

    init(_ transform: Transform, autoOrient: Bool = false, context: ValueContext) {
        anchor = PropertyTrack(transform.anchor, fallback: .zero, context: context)
        switch transform.position {
        case .split(let x, let y, _):
            position = .split(x: PropertyTrack(x, fallback: 0, context: context),
                              y: PropertyTrack(y, fallback: 0, context: context))
        case .combined(let property):
            position = .combined(PropertyTrack(property, fallback: .zero, context: context))
        case nil:
            position = .combined(PropertyTrack(constant: .zero))
        }
        scale = PropertyTrack(transform.scale, fallback: PlainVector2(Vector2(x: 100, y: 100)), context: context)
        // 2D output: `rz` of a 3D layer acts as `r`; `rx`, `ry` and `or` are listed as unsupported.
        rotation = PropertyTrack(transform.rotation ?? transform.rotationZ, fallback: 0, context: context)
        skew = PropertyTrack(transform.skew, fallback: 0, context: context)
        skewAxis = PropertyTrack(transform.skewAxis, fallback: 0, context: context)
        opacity = PropertyTrack(transform.opacity, fallback: 100, context: context)
        startOpacity = PropertyTrack(transform.startOpacity, fallback: 100, context: context)
        endOpacity = PropertyTrack(transform.endOpacity, fallback: 100, context: context)
        self.autoOrient = autoOrient
    }

    /// The position at a frame.
    func position(at frame: Double) -> Vector2 {
        switch position {
        case .combined(let track): track.value(at: frame)
        case .split(let x, let y): Vector2(x: x.value(at: frame), y: y.value(at: frame))
        }
    }

    /// The rotation at a frame, plus the direction of motion when auto-orienting.
    func rotation(at frame: Double) -> Double {
        var degrees = rotation.value(at: frame)
        if autoOrient, let angle = motionAngle(at: frame) { degrees += angle }
        return degrees
    }

    private func motionAngle(at frame: Double) -> Double? {
        switch position {
        case .combined(let track):
            return track.motionAngle(at: frame)
        case .split(let x, let y):
            let step = 0.01
            let delta = Vector2(x: x.value(at: frame + step) - x.value(at: frame - step),
                                y: y.value(at: frame + step) - y.value(at: frame - step))
            guard delta.length > 1e-12 else { return nil }
            return atan2(delta.y, delta.x) * 180 / Double.pi
        }
    }

    /// The matrix at a frame, in the spec's order (anchor, scale, skew, rotation, position).
    func matrix(at frame: Double) -> AffineTransform {
        AffineTransform.lottie(
            anchor: anchor.value(at: frame), position: position(at: frame), scale: scale.value(at: frame).value,
            rotation: rotation(at: frame), skew: skew.value(at: frame), skewAxis: skewAxis.value(at: frame))
    }

    /// Opacity 0...1 at a frame.
    func opacity(at frame: Double) -> Double {
        min(max(opacity.value(at: frame) / 100, 0), 1)
    }

    /// Whether anything in the transform changes over time.
    var isAnimated: Bool {
        let positionAnimated: Bool
        switch position {
        case .combined(let track): positionAnimated = track.isAnimated
        case .split(let x, let y): positionAnimated = x.isAnimated || y.isAnimated
        }
        return positionAnimated || anchor.isAnimated || scale.isAnimated || rotation.isAnimated
            || skew.isAnimated || skewAxis.isAnimated || opacity.isAnimated
    }
}
