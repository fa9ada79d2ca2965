import Foundation
import LottieModel

// MARK: - TransformTrack

/// A compiled transform (layer `ks`, group `tr`, repeater `tr`).
///
/// A class so that the layers and groups holding one share it instead of copying its nine
/// tracks every frame; it never changes once compiled.
final class TransformTrack: Sendable {
    enum Position: Sendable {
        case combined(PropertyTrack<Vector2>)
        case split(x: PropertyTrack<Double>, y: PropertyTrack<Double>)
    }

    /// The matrix, computed once, when nothing that moves it is animated (first: read first).
    let fixedMatrix: AffineMatrix?
    let anchor: PropertyTrack<Vector2>
    let position: Position
    let scale: PropertyTrack<PlainVector2>
    let rotation: PropertyTrack<Double>
    let skew: PropertyTrack<Double>
    let skewAxis: PropertyTrack<Double>
    let opacity: PropertyTrack<Double>
    let startOpacity: PropertyTrack<Double>
    let endOpacity: PropertyTrack<Double>
    let autoOrient: Bool
    /// A 3D layer's rotations about x and y and its orientation, when it has any.
    let tilt: Tilt?

    /// A 3D layer's turns out of the screen's plane (`rx`, `ry`, `or`).
    struct Tilt: Sendable {
        let rotationX: PropertyTrack<Double>
        let rotationY: PropertyTrack<Double>
        let orientation: PropertyTrack<PlainVector3>

        var isAnimated: Bool { rotationX.isAnimated || rotationY.isAnimated || orientation.isAnimated }
    }

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
        if transform.rotationX != nil || transform.rotationY != nil || transform.orientation != nil {
            tilt = Tilt(rotationX: PropertyTrack(transform.rotationX, fallback: 0, context: context),
                        rotationY: PropertyTrack(transform.rotationY, fallback: 0, context: context),
                        orientation: PropertyTrack(transform.orientation, fallback: PlainVector3(x: 0, y: 0, z: 0),
                                                   context: context))
        } else {
            tilt = nil
        }
        let position = self.position
        let positionMoves = switch position {
        case .combined(let track): track.isAnimated
        case .split(let x, let y): x.isAnimated || y.isAnimated
        }
        let moves = positionMoves || anchor.isAnimated || scale.isAnimated || rotation.isAnimated
            || skew.isAnimated || skewAxis.isAnimated || tilt?.isAnimated == true
        // A position that stays gives auto-orient no direction, so the rotation is the track's.
        fixedMatrix = moves ? nil : AffineMatrix.lottie(
            anchor: anchor.value(at: 0), position: Self.position(position, at: 0), scale: scale.value(at: 0).value,
            rotation: rotation.value(at: 0), skew: skew.value(at: 0), skewAxis: skewAxis.value(at: 0),
            tilt: tilt.map { Self.tilt($0, at: 0) })
    }

    /// The tilt's angles at a frame: orientation x, y, z, then rotation x and y.
    private static func tilt(_ tilt: Tilt, at frame: Double) -> AffineMatrix.Tilt {
        let orientation = tilt.orientation.value(at: frame)
        return AffineMatrix.Tilt(orientation: (orientation.x, orientation.y, orientation.z),
                                 rotationX: tilt.rotationX.value(at: frame), rotationY: tilt.rotationY.value(at: frame))
    }

    /// The position at a frame.
    func position(at frame: Double) -> Vector2 {
        Self.position(position, at: frame)
    }

    private static func position(_ position: Position, at frame: Double) -> Vector2 {
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
    func matrix(at frame: Double) -> AffineMatrix {
        if let fixedMatrix { return fixedMatrix }
        return AffineMatrix.lottie(
            anchor: anchor.value(at: frame), position: position(at: frame), scale: scale.value(at: frame).value,
            rotation: rotation(at: frame), skew: skew.value(at: frame), skewAxis: skewAxis.value(at: frame),
            tilt: tilt.map { Self.tilt($0, at: frame) })
    }

    /// Opacity 0...1 at a frame.
    func opacity(at frame: Double) -> Double {
        min(max(opacity.value(at: frame) / 100, 0), 1)
    }

    /// Whether anything in the transform changes over time.
    var isAnimated: Bool {
        fixedMatrix == nil || opacity.isAnimated
    }
}
