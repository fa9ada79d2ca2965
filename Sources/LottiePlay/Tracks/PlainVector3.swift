import LottieModel

// MARK: - PlainVector3

/// Three numbers interpolated per component: a 3D layer's orientation (`or`, degrees about x, y
/// and z). A missing component is 0.
struct PlainVector3: TrackValue, Equatable {
    var x: Double
    var y: Double
    var z: Double

    init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    init(_ source: Vector, context: ValueContext) {
        let components = source.components
        x = components.count > 0 ? components[0] : 0
        y = components.count > 1 ? components[1] : 0
        z = components.count > 2 ? components[2] : 0
    }

    static func interpolate(_ from: PlainVector3, _ to: PlainVector3, progress: EasedProgress) -> PlainVector3 {
        PlainVector3(x: from.x + (to.x - from.x) * progress[0], y: from.y + (to.y - from.y) * progress[1],
                     z: from.z + (to.z - from.z) * progress[2])
    }

    static var easedDimensions: Int { 3 }

    static func holdsStill(from a: PlainVector3, to b: PlainVector3) -> Bool { a == b }

    var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }
}
