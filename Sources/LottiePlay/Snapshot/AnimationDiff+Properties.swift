import LottieModel

// MARK: - ModelDiffer: properties and keyframes

extension ModelDiffer {
    /// The properties of a matched layer or item, by name.
    mutating func compareProperties(
        _ old: [NamedProperty], _ new: [NamedProperty], keypath: Keypath, prefix: String, path: String
    ) {
        func name(_ property: NamedProperty) -> String { property.names.joined(separator: ".") }
        func jsonPath(_ property: NamedProperty) -> String { path + "." + JSONPath(property.jsonPath).description }
        let oldByName = Dictionary(old.map { (name($0), $0) }, uniquingKeysWith: { first, _ in first })
        let newNames = Set(new.map(name))
        for property in old where !newNames.contains(name(property)) {
            add(.removed, keypath: prefix + keypath.appending(property.names).description, path: jsonPath(property), "property")
        }
        for property in new {
            let printed = prefix + keypath.appending(property.names).description
            guard let before = oldByName[name(property)] else {
                add(.added, keypath: printed, path: jsonPath(property), "property")
                continue
            }
            compare(before.property, property.property, keypath: printed, path: jsonPath(property))
        }
    }

    private mutating func compare(_ old: ModelProperty, _ new: ModelProperty, keypath: String, path: String) {
        let list = SnapshotNumber(precision: 3)
        func vector(_ value: Vector) -> String { list.list(value.components) }
        switch (old, new) {
        case (.scalar(let before), .scalar(let after)):
            compare(before, after, keypath: keypath, path: path) { list($0) }
        case (.position(let before), .position(let after)), (.vector(let before), .vector(let after)):
            compare(before, after, keypath: keypath, path: path, format: vector)
        case (.color(let before), .color(let after)):
            compare(before, after, keypath: keypath, path: path) { list.list($0.components) }
        case (.path(let before), .path(let after)):
            compare(before, after, keypath: keypath, path: path, format: Self.describe(path:), change: Self.change)
        case (.gradient(let before, let oldStops), .gradient(let after, let newStops)):
            if oldStops != newStops {
                add(.value, keypath: keypath, path: path, "colour stop count 'p' \(oldStops) -> \(newStops)")
            }
            compare(before, after, keypath: keypath, path: path) { list.list($0.values) }
        case (.text(let before), .text(let after)):
            compare(before, after, keypath: keypath, path: path) { SnapshotNumber.quoted($0.text) }
        default:
            add(.changed, keypath: keypath, path: path, "the property holds another kind of value")
        }
    }

    /// One property: expression, static value, static <-> animated, keyframes.
    private mutating func compare<Value: KeyframeValue>(
        _ old: Animatable<Value>, _ new: Animatable<Value>, keypath: String, path: String,
        format: (Value) -> String, change: ((Value, Value) -> String)? = nil
    ) {
        func describeChange(_ before: Value, _ after: Value) -> String {
            change?(before, after) ?? "\(format(before)) -> \(format(after))"
        }
        if old.expression != new.expression {
            let what = old.expression == nil ? "added" : new.expression == nil ? "removed" : "changed"
            add(.changed, keypath: keypath, path: path + ".x", "expression \(what)")
        }
        switch (old.content, new.content) {
        case (.fixed(let before), .fixed(let after)):
            if before != after { add(.value, keypath: keypath, path: path + ".k", describeChange(before, after)) }
        case (.fixed(let before), .keyframes(let keyframes)):
            add(.animated, keypath: keypath, path: path + ".k",
                "became animated: \(Self.summary(keyframes)) (was \(format(before)))")
        case (.keyframes(let keyframes), .fixed(let after)):
            add(.animated, keypath: keypath, path: path + ".k",
                "became static: \(format(after)) (had \(Self.summary(keyframes)))")
        case (.keyframes(let before), .keyframes(let after)):
            compareKeyframes(before, after, keypath: keypath, path: path + ".k", format: format, change: describeChange)
        }
    }

    private mutating func compareKeyframes<Value: KeyframeValue>(
        _ old: [Keyframe<Value>], _ new: [Keyframe<Value>], keypath: String, path: String,
        format: (Value) -> String, change: (Value, Value) -> String
    ) {
        func describe(_ value: Value?) -> String { value.map { format($0) } ?? "(none)" }
        var pairs: [(Int, Int)] = []
        var removed: [Int] = []
        var added: [Int] = []
        if old.count == new.count {
            pairs = old.indices.map { ($0, $0) }
        } else {
            var unused = Set(new.indices)
            for (index, keyframe) in old.enumerated() {
                if let match = new.indices.first(where: { unused.contains($0) && new[$0].time == keyframe.time }) {
                    pairs.append((index, match))
                    unused.remove(match)
                } else {
                    removed.append(index)
                }
            }
            added = unused.sorted()
        }
        for index in removed {
            let value = old[index].value.map { " (\(format($0)))" } ?? ""
            add(.keyframeRemoved, keypath: keypath, path: "\(path)[\(index)]",
                "keyframe \(index) at t \(number(old[index].time)) removed\(value)")
        }
        for (oldIndex, newIndex) in pairs {
            let (before, after) = (old[oldIndex], new[newIndex])
            let keyPath = "\(path)[\(newIndex)]"
            let label = "keyframe \(newIndex) (t \(number(after.time)))"
            if before.time != after.time {
                add(.keyframeMoved, keypath: keypath, path: keyPath + ".t",
                    "keyframe \(newIndex) moved from t \(number(before.time)) to t \(number(after.time))")
            }
            if before.value != after.value, let oldValue = before.value, let newValue = after.value {
                add(.value, keypath: keypath, path: keyPath + ".s", "\(label) value \(change(oldValue, newValue))")
            } else if before.value != after.value {
                add(.value, keypath: keypath, path: keyPath + ".s",
                    "\(label) value \(describe(before.value)) -> \(describe(after.value))")
            }
            if before.endValue != after.endValue {
                add(.value, keypath: keypath, path: keyPath + ".e",
                    "\(label) end value \(describe(before.endValue)) -> \(describe(after.endValue))")
            }
            // The last keyframe's easing is never used.
            let isLast = oldIndex == old.count - 1 && newIndex == new.count - 1
            if !isLast, Self.easing(before) != Self.easing(after) {
                add(.easing, keypath: keypath, path: keyPath, "\(label) \(Self.easing(before)) -> \(Self.easing(after))")
            }
            if before.outTangent != after.outTangent || before.inTangent != after.inTangent {
                add(.value, keypath: keypath, path: keyPath + ".to",
                    "\(label) spatial tangents \(Self.tangents(before)) -> \(Self.tangents(after))")
            }
        }
        for index in added {
            let value = new[index].value.map { " (\(format($0)))" } ?? ""
            add(.keyframeAdded, keypath: keypath, path: "\(path)[\(index)]",
                "keyframe \(index) at t \(number(new[index].time)) added\(value)")
        }
    }

    // MARK: Describing

    /// `3 keyframes, t 0 to 24`.
    private static func summary<Value>(_ keyframes: [Keyframe<Value>]) -> String {
        let number = SnapshotNumber(precision: 3)
        guard let first = keyframes.first, let last = keyframes.last else { return "no keyframes" }
        let count = keyframes.count == 1 ? "1 keyframe" : "\(keyframes.count) keyframes"
        return keyframes.count == 1 ? "\(count) at t \(number(first.time))" : "\(count), t \(number(first.time)) to \(number(last.time))"
    }

    /// `out (0.42, 0) in (0.58, 1)`, `hold`, `linear` (no handles).
    static func easing<Value>(_ keyframe: Keyframe<Value>) -> String {
        if keyframe.hold { return "hold" }
        guard let out = keyframe.outEasing, let into = keyframe.inEasing else { return "linear" }
        return "out \(handle(out)) in \(handle(into))"
    }

    private static func handle(_ handle: EasingHandle) -> String {
        let number = SnapshotNumber(precision: 3)
        if handle.x.count <= 1, handle.y.count <= 1 {
            return "(\(number(handle.x.first ?? 0)), \(number(handle.y.first ?? 0)))"
        }
        return "(x \(number.list(handle.x)), y \(number.list(handle.y)))"
    }

    private static func tangents<Value>(_ keyframe: Keyframe<Value>) -> String {
        let number = SnapshotNumber(precision: 3)
        let out = keyframe.outTangent.map { number.list($0.components) } ?? "(none)"
        let into = keyframe.inTangent.map { number.list($0.components) } ?? "(none)"
        return "to \(out) ti \(into)"
    }

    /// `closed, 5 vertices`.
    static func describe(path: BezierPath) -> String {
        "\(path.closed ? "closed" : "open"), \(path.vertices.count) vertices"
    }

    /// What changed in a path: its vertex count, closedness, or the first vertex or tangent that moved.
    static func change(_ old: BezierPath, _ new: BezierPath) -> String {
        guard old.vertices.count == new.vertices.count, old.closed == new.closed else {
            return "\(describe(path: old)) -> \(describe(path: new))"
        }
        let number = SnapshotNumber(precision: 3)
        for (name, before, after) in [("vertex", old.vertices, new.vertices), ("in tangent", old.inTangents, new.inTangents),
                                      ("out tangent", old.outTangents, new.outTangents)] {
            let shared = 0..<min(before.count, after.count)
            if let index = shared.first(where: { before[$0] != after[$0] }) {
                let count = shared.count { before[$0] != after[$0] }
                let more = count > 1 ? " (and \(count - 1) more)" : ""
                return "\(name) \(index) \(number.list(before[index].components)) -> \(number.list(after[index].components))\(more)"
            }
            if before.count != after.count { return "\(name) count \(before.count) -> \(after.count)" }
        }
        return "changed"
    }
}
