import LottieModel

// MARK: - FaultScan: properties

// How `FaultScan` checks one animated property: its keyframe list (empty, out of order, equal
// times, times or values that are not finite, keyframes without a value), the numbers of its
// values, and for paths and gradients the shape of the value.

extension FaultScan {
    /// Checks a property whose JSON object is at `path` (its value is `path.k`); the path is made
    /// only for a warning.
    mutating func visit<Value: ScannedValue>(_ property: Animatable<Value>, at path: @autoclosure () -> JSONPath) {
        switch property.content {
        case .fixed(let value):
            checkNumbers(of: value, at: "\(path()).k", unusable: "the property's default value is used")
        case .keyframes(let keyframes):
            guard !keyframes.isEmpty else {
                warn(.keyframes, "\(path()).k", "the keyframe list is empty; the property's default value is used")
                return
            }
            visit(keyframes, at: path())
        }
    }

    /// The keyframes `k` of the property at `path`.
    private mutating func visit<Value: ScannedValue>(_ keyframes: [Keyframe<Value>], at path: @autoclosure () -> JSONPath) {
        var previousTime: Double?
        var orderReported = false
        var numbersReported = false
        var hasValue = false
        for (position, keyframe) in keyframes.enumerated() {
            // Written only for a warning: files have many keyframes and few faults.
            var keyPath: String { "\(path()).k[\(position)]" }
            guard keyframe.time.isFinite else {
                warn(.keyframes, "\(keyPath).t", "keyframe time \(Self.number(keyframe.time)) is not a finite number; "
                    + "the keyframe is ignored")
                continue
            }
            if let previous = previousTime, !orderReported {
                if keyframe.time < previous {
                    warn(.keyframes, "\(keyPath).t", "keyframe at frame \(Self.number(keyframe.time)) comes before the one above it "
                        + "(frame \(Self.number(previous))); keyframes are used in time order")
                    orderReported = true
                } else if keyframe.time == previous {
                    warn(.keyframes, "\(keyPath).t", "keyframe at frame \(Self.number(keyframe.time)) has the time of the one "
                        + "above it; the value jumps at frame \(Self.number(keyframe.time))")
                    orderReported = true
                }
            }
            previousTime = keyframe.time
            if keyframe.value == nil && !hasValue {
                warn(.keyframes, keyPath, "keyframe has no value 's' (and none comes before it); it is ignored")
            }
            for (key, value) in [("s", keyframe.value), ("e", keyframe.endValue)] {
                guard let value else { continue }
                hasValue = true
                if !numbersReported {
                    numbersReported = checkNumbers(of: value, at: "\(keyPath).\(key)", unusable: "the value is not used")
                }
            }
            checkHandles(keyframe, at: keyPath)
        }
    }

    /// Easing handles and spatial tangents that are not finite (a model built in code).
    private mutating func checkHandles<Value>(_ keyframe: Keyframe<Value>, at path: @autoclosure () -> String) {
        func firstBad(_ lists: [Double]...) -> Double? {
            for list in lists { if let bad = list.first(where: { !$0.isFinite }) { return bad } }
            return nil
        }
        if let handle = keyframe.outEasing, let bad = firstBad(handle.x, handle.y) {
            warn(.range, "\(path()).o", "easing handle holds \(Self.number(bad)), which is not a finite number; 0 is used for it")
        }
        if let handle = keyframe.inEasing, let bad = firstBad(handle.x, handle.y) {
            warn(.range, "\(path()).i", "easing handle holds \(Self.number(bad)), which is not a finite number; 1 is used for it")
        }
        if let tangent = keyframe.outTangent, let bad = firstBad(tangent.components) {
            warn(.range, "\(path()).to", "spatial tangent holds \(Self.number(bad)), which is not a finite number; 0 is used for it")
        }
        if let tangent = keyframe.inTangent, let bad = firstBad(tangent.components) {
            warn(.range, "\(path()).ti", "spatial tangent holds \(Self.number(bad)), which is not a finite number; 0 is used for it")
        }
    }

    /// Warns about a number that is not finite or is huge; true when it did.
    @discardableResult
    private mutating func checkNumbers<Value: ScannedValue>(of value: Value, at path: @autoclosure () -> String,
                                                            unusable: String) -> Bool {
        var nonFinite: Double?
        // The number of largest magnitude, its sign kept for the message.
        var largest = 0.0
        value.forEachNumber { number in
            if !number.isFinite {
                if nonFinite == nil { nonFinite = number }
            } else if abs(number) > abs(largest) {
                largest = number
            }
        }
        if let nonFinite {
            warn(.range, path(), "value holds \(Self.number(nonFinite)), which is not a finite number; \(unusable)")
            return true
        }
        if abs(largest) > Self.hugeMagnitude {
            warn(.range, path(), "value holds \(Self.number(largest)), beyond ±1e9 and far outside any canvas; "
                + "it is used as it is")
            return true
        }
        return false
    }

    // MARK: Values of a property

    /// Every value a property holds (static, or each keyframe's `s` and `e`) with its JSON path.
    static func values<Value>(of property: Animatable<Value>?, at path: String) -> [(Value, String)] {
        guard let property else { return [] }
        switch property.content {
        case .fixed(let value):
            return [(value, "\(path).k")]
        case .keyframes(let keyframes):
            var found: [(Value, String)] = []
            for (position, keyframe) in keyframes.enumerated() {
                if let value = keyframe.value { found.append((value, "\(path).k[\(position)].s")) }
                if let value = keyframe.endValue { found.append((value, "\(path).k[\(position)].e")) }
            }
            return found
        }
    }

    /// The largest finite value a scalar property holds, if any.
    static func largest(of property: Animatable<Double>?) -> Double? {
        values(of: property, at: "").map(\.0).filter(\.isFinite).max()
    }

    // MARK: Paths

    /// A path property (`ks` of a path item, `pt` of a mask): numbers, tangent counts, vertex limit.
    mutating func visitPath(_ property: Animatable<BezierPath>, at path: JSONPath) {
        visit(property, at: path)
        let values = Self.values(of: property, at: path.description)
        if let (shape, valuePath) = values.first(where: { value, _ in
            value.inTangents.count != value.vertices.count || value.outTangents.count != value.vertices.count
        }) {
            warn(.path, valuePath, "path has \(shape.vertices.count) vertices ('v') but \(shape.inTangents.count) in-tangents "
                + "('i') and \(shape.outTangents.count) out-tangents ('o'); missing tangents are zero, extra ones are ignored")
        }
        if let (shape, valuePath) = values.max(by: { $0.0.vertices.count < $1.0.vertices.count }),
           shape.vertices.count > limits.maxPathVertices {
            warn(.limit, valuePath, "path has \(shape.vertices.count) vertices, more than the limit maxPathVertices "
                + "(\(limits.maxPathVertices)); the first \(limits.maxPathVertices) are drawn")
        }
    }

    // MARK: Gradients

    /// A gradient's stops, after its properties: the `p` colour stops must fit the numbers, and
    /// what follows them must be whole opacity stops. `path` is the gradient fill's or stroke's.
    mutating func checkStops(of gradient: LottieGradient, at path: JSONPath) {
        let count = gradient.colors.colorStopCount
        guard count >= 0 else {
            warn(.range, "\(path).g.p", "colour stop count \(count) is negative; no colour stops are drawn")
            return
        }
        for (stops, valuePath) in Self.values(of: gradient.colors.stops, at: "\(path).g.k") {
            let numbers = stops.values.count
            if numbers < 4 * count {
                warn(.range, valuePath, "'p' says \(count) colour stops, which need \(4 * count) numbers, but there are "
                    + "\(numbers); \(numbers / 4) colour stops are drawn")
                return
            }
            if (numbers - 4 * count) % 2 == 1 {
                warn(.range, valuePath, "the \(numbers - 4 * count) numbers after the \(count) colour stops are not whole "
                    + "opacity stops (2 numbers each); the last one is ignored")
                return
            }
        }
    }
}

// MARK: - ScannedValue

/// A model value whose numbers `FaultScan` can check.
protocol ScannedValue: KeyframeValue {
    func forEachNumber(_ body: (Double) -> Void)
}

extension Double: ScannedValue {
    func forEachNumber(_ body: (Double) -> Void) { body(self) }
}

extension Vector: ScannedValue {
    func forEachNumber(_ body: (Double) -> Void) { components.forEach(body) }
}

extension LottieColor: ScannedValue {
    func forEachNumber(_ body: (Double) -> Void) { components.forEach(body) }
}

extension GradientStops: ScannedValue {
    func forEachNumber(_ body: (Double) -> Void) { values.forEach(body) }
}

extension BezierPath: ScannedValue {
    func forEachNumber(_ body: (Double) -> Void) {
        for list in [vertices, inTangents, outTangents] {
            for point in list { point.components.forEach(body) }
        }
    }
}

extension TextDocument: ScannedValue {
    func forEachNumber(_ body: (Double) -> Void) {}
}
