import LottieModel

// MARK: - KeypathValue

/// The value of a property at one moment, as the evaluator computes it (`LottieAnimation.value(for:atFrame:)`).
public enum KeypathValue: Equatable, Sendable {
    /// Opacity, rotation, a width, a trim's start...
    case number(Double)
    /// A position, anchor, scale or size: x and y.
    case point(x: Double, y: Double)
    /// Components from 0 to 1.
    case color(RGBAColor)
    case path(BezierContour)
    /// Lottie's flat list of stops (offset and RGB of each colour stop, then offset and alpha).
    case gradient(colorStops: Int, values: [Double])
    case text(TextDocument)
}

extension LottieAnimation {
    /// The value at animation frame `frame` of every property `keypath` matches, in file order.
    /// A property inside a precomposition is read at its own composition's frame (through the
    /// precomp layer's start time, stretch or time remap).
    public func values(for keypath: AnimationKeypath, atFrame frame: Double) -> [(keypath: Keypath, value: KeypathValue)] {
        let index = KeypathIndex(self)
        return index.entries(matching: keypath).map { entry in
            (entry.keypath, PropertyEvaluator(entry.property, context: index.context).value(at: entry.localFrame(frame)))
        }
    }

    /// The value at animation frame `frame` of the first property `keypath` matches, as
    /// lottie-ios's `getValue(for:atFrame:)`; nil when it matches none.
    public func value(for keypath: AnimationKeypath, atFrame frame: Double) -> KeypathValue? {
        values(for: keypath, atFrame: frame).first?.value
    }
}

extension PropertyEvaluator {
    /// The value at a (local) frame.
    func value(at frame: Double) -> KeypathValue {
        switch self {
        case .scalar(let track): .number(track.value(at: frame))
        case .position(let track): .point(x: track.value(at: frame).x, y: track.value(at: frame).y)
        case .vector(let track): .point(x: track.value(at: frame).value.x, y: track.value(at: frame).value.y)
        case .color(let track): .color(track.value(at: frame))
        case .path(let track): .path(track.value(at: frame))
        case .gradient(let track, let colorStops): .gradient(colorStops: colorStops, values: track.value(at: frame).values)
        case .text(let track): .text(track.value(at: frame))
        }
    }
}
