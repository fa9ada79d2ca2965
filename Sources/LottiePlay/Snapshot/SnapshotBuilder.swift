import LottieModel

// MARK: - SnapshotBuilder

/// Walks an animation and evaluates every animatable property into snapshot lines.
///
/// Layers are walked in file order with their keypaths; precomp layers are followed into
/// their precomposition (each instance on its own, under the precomp layer's keypath), with
/// the instance's clock: a child property at composition frame `t` is evaluated at
/// `(t - st) / sr`, or at `tm(t) * fr` when the precomp layer remaps time (FORMAT.md "Time").
/// A precomposition that contains itself is not followed again.
struct SnapshotBuilder {
    let context: ValueContext
    let frameRate: Double
    let inPoint: Double
    /// The composition frames to evaluate animated properties at; nil: each at its keyframes.
    let frames: [Double]?
    let precision: Int
    let precomps: [String: [Layer]]
    private(set) var lines: [SnapshotLine] = []

    /// Deepest precomp nesting followed.
    static let maxDepth = 16

    init(animation: LottieAnimation, frames: [Double]?, precision: Int) {
        context = ValueContext(version: animation.version)
        frameRate = animation.frameRate
        inPoint = animation.inPoint
        self.frames = frames
        self.precision = precision
        var precomps: [String: [Layer]] = [:]
        for asset in animation.assets {
            if case .precomposition(let precomp) = asset, precomps[precomp.id] == nil { precomps[precomp.id] = precomp.layers }
        }
        self.precomps = precomps
    }

    // MARK: Layers

    mutating func add(_ layers: [Layer], under prefix: Keypath, clocks: [PrecompClock], assets: [String]) {
        let names = Keypath.unique(layers.map(\.keypathName))
        for (position, layer) in layers.enumerated() {
            let keypath = prefix.appending([names[position]])
            for property in PropertyWalk.properties(of: layer) {
                add(property.property, at: keypath.appending(property.names), clocks: clocks)
            }
            switch layer.content {
            case .shape(let items):
                add(items, under: keypath, clocks: clocks)
            case .precomp(let fields):
                guard let children = precomps[fields.assetID], !assets.contains(fields.assetID),
                      assets.count < Self.maxDepth else { continue }
                let clock = PrecompClock(layer: layer, timeRemap: fields.timeRemap, frameRate: frameRate, context: context)
                add(children, under: keypath, clocks: clocks + [clock], assets: assets + [fields.assetID])
            default:
                break
            }
        }
    }

    private mutating func add(_ items: [ShapeItem], under prefix: Keypath, clocks: [PrecompClock]) {
        let names = Keypath.unique(items.map(\.keypathName))
        for (position, item) in items.enumerated() {
            let keypath = prefix.appending([names[position]])
            for property in PropertyWalk.properties(of: item) {
                add(property.property, at: keypath.appending(property.names), clocks: clocks)
            }
            add(PropertyWalk.children(of: item), under: keypath, clocks: clocks)
        }
    }

    // MARK: Properties

    private mutating func add(_ property: ModelProperty, at keypath: Keypath, clocks: [PrecompClock]) {
        let evaluator = PropertyEvaluator(property, context: context)
        let name = keypath.description
        guard evaluator.isAnimated else {
            lines.append(SnapshotLine(keypath: name, frame: nil, value: evaluator.text(at: 0, precision: precision)))
            return
        }
        for frame in frames ?? keyframeFrames(evaluator.keyframeTimes, clocks: clocks) {
            let local = clocks.reduce(frame) { $1.localFrame($0) }
            lines.append(SnapshotLine(keypath: name, frame: frame, value: evaluator.text(at: local, precision: precision)))
        }
    }

    /// A property's keyframe times in composition frames: through each precomp clock from the
    /// inside out, `t * sr + st`; a time remap replaces them with its own keyframe frames (its
    /// content's time is whatever it says), or the first frame when it is static.
    private func keyframeFrames(_ times: [Double], clocks: [PrecompClock]) -> [Double] {
        var frames = times
        for clock in clocks.reversed() {
            if let remap = clock.timeRemap {
                frames = remap.keyframeTimes
            } else {
                frames = frames.map { $0 * clock.timeStretch + clock.startTime }
            }
        }
        var seen: Set<Double> = []
        let unique = frames.filter { seen.insert($0).inserted }
        return unique.isEmpty ? [inPoint] : unique
    }
}

// MARK: - PrecompClock

/// How a precomp layer maps composition frames to its content's frames.
struct PrecompClock: Sendable {
    var startTime: Double
    var timeStretch: Double
    var timeRemap: PropertyTrack<Double>?
    var frameRate: Double

    init(layer: Layer, timeRemap: Animatable<Double>?, frameRate: Double, context: ValueContext) {
        startTime = layer.startTime
        timeStretch = layer.timeStretch != 0 && layer.timeStretch.isFinite ? layer.timeStretch : 1
        self.timeRemap = timeRemap.map { PropertyTrack($0, fallback: 0, context: context) }
        self.frameRate = frameRate
    }

    /// The content's frame at composition frame `frame` (the same rule as the scene builder).
    func localFrame(_ frame: Double) -> Double {
        if let timeRemap { return timeRemap.value(at: frame) * frameRate }
        return (frame - startTime) / timeStretch
    }
}
