import Foundation

// MARK: - Effect parameters

// An effect's parameters are kept as the file writes them (`Effect.parameters`, each value `v`
// verbatim): their types follow the effect, not the JSON. These read a parameter's value as the
// animated property an effect of known kind expects, leniently: a value of another form reads
// as nil, and the caller says so and skips the effect (the file still loads).

extension Effect {
    /// The animated number of parameter `index` (a slider, angle, checkbox, dropdown or layer
    /// value); nil when there is none or its value is not one.
    public func number(at index: Int) -> Animatable<Double>? {
        decodedValue(at: index)
    }

    /// The animated colour of parameter `index`; nil when there is none or its value is not one.
    public func color(at index: Int) -> Animatable<LottieColor>? {
        decodedValue(at: index)
    }

    /// The animated point of parameter `index`; nil when there is none or its value is not one.
    public func point(at index: Int) -> Animatable<Vector>? {
        decodedValue(at: index)
    }

    /// The value of parameter `index` decoded as an animated property of `Value`.
    private func decodedValue<Value: FastKeyframeValue>(at index: Int) -> Animatable<Value>? {
        guard let parameters, parameters.indices.contains(index), let value = parameters[index].value,
              let data = try? JSONEncoder().encode(value) else { return nil }
        return try? FastDecoding.decode(Animatable<Value>.self, from: data, maxDepth: 64).get()
    }
}
