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
    /// The z of a 3D layer's position and anchor, read where a camera sees the layer.
    let depth: Depth?

    /// The z parts of a 3D transform (`p`, `a`; a camera's point of interest is its `a`).
    struct Depth: Sendable {
        enum Position: Sendable {
            case combined(PropertyTrack<PlainVector3>)
            case split(PropertyTrack<Double>)
        }

        let position: Position
        let anchor: PropertyTrack<PlainVector3>

        func position(at frame: Double) -> Double {
            switch position {
            case .combined(let track): track.value(at: frame).z
            case .split(let track): track.value(at: frame)
            }
        }
    }

    /// A 3D layer's turns out of the screen's plane (`rx`, `ry`, `or`).
    struct Tilt: Sendable {
        let rotationX: PropertyTrack<Double>
        let rotationY: PropertyTrack<Double>
        let orientation: PropertyTrack<PlainVector3>

        var isAnimated: Bool { rotationX.isAnimated || rotationY.isAnimated || orientation.isAnimated }
    }

    /// `spatial`: the transform places a 3D layer or a camera, whose z parts are kept (`depth`).
    init(_ transform: Transform, autoOrient: Bool = false, spatial: Bool = false, context: ValueContext) {
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
        if spatial {
            let positionZ: Depth.Position = switch transform.position {
            case .split(_, _, let z): .split(PropertyTrack(z, fallback: 0, context: context))
            case .combined(let property):
                .combined(PropertyTrack(property, fallback: PlainVector3(x: 0, y: 0, z: 0), context: context))
            case nil: .split(PropertyTrack(constant: 0))
            }
            depth = Depth(position: positionZ, anchor: PropertyTrack(transform.anchor, fallback: PlainVector3(x: 0, y: 0, z: 0),
                                                                     context: context))
        } else {
            depth = nil
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

    /// The transform in space at a frame (a 3D layer's, where a camera sees it): anchor, scale,
    /// skew and z rotation as in the plane, then the tilt's turns, with the anchor's and the
    /// position's z (scale along z is not applied: layers are flat).
    func spatialMatrix(at frame: Double) -> AffineMatrix3D {
        let anchor3 = PlainVector3(x: anchor.value(at: frame).x, y: anchor.value(at: frame).y,
                                   z: depth?.anchor.value(at: frame).z ?? 0)
        let position2 = position(at: frame)
        let position3 = PlainVector3(x: position2.x, y: position2.y, z: depth?.position(at: frame) ?? 0)
        let flat = AffineMatrix.lottie(anchor: .zero, position: .zero, scale: scale.value(at: frame).value,
                                       rotation: rotation(at: frame), skew: skew.value(at: frame),
                                       skewAxis: skewAxis.value(at: frame))
        var matrix = AffineMatrix3D(flat)
        if let tilt { matrix = matrix.turned(by: Self.tilt(tilt, at: frame)) }
        matrix.t = position3 - matrix.applyLinear(to: anchor3)
        return matrix
    }

    /// A camera in space at a frame: at its position, looking at its point of interest (its
    /// anchor) when that is elsewhere, then turned by its own rotations (nil: it looks along z).
    func cameraMatrix(at frame: Double) -> AffineMatrix3D {
        let position2 = position(at: frame)
        let position3 = PlainVector3(x: position2.x, y: position2.y, z: depth?.position(at: frame) ?? 0)
        let target2 = anchor.value(at: frame)
        let target = PlainVector3(x: target2.x, y: target2.y, z: depth?.anchor.value(at: frame).z ?? 0)
        var matrix = AffineMatrix3D(AffineMatrix.rotation(degrees: rotation(at: frame)))
        if let tilt { matrix = matrix.turned(by: Self.tilt(tilt, at: frame)) }
        let look = target - position3
        if look.length > 1e-9, look.isFinite {
            // Turned about x (pitch), then about y (heading), so that the view's z runs to the target.
            let heading = atan2(look.x, look.z) * 180 / .pi
            let pitch = atan2(-look.y, (look.x * look.x + look.z * look.z).squareRoot()) * 180 / .pi
            let aim = AffineMatrix.Tilt(orientation: (0, 0, 0), rotationX: pitch, rotationY: 0)
            let turn = AffineMatrix.Tilt(orientation: (0, heading, 0), rotationX: 0, rotationY: 0)
            matrix = matrix.turned(by: aim).turned(by: turn)
        }
        matrix.t = position3
        return matrix
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
