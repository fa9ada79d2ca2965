// MARK: - SchemaCheck: properties

// Animated properties `{ "a": 0|1, "k": ... }`: the flag, the value's shape for its kind,
// keyframes (objects, in time order, with values and easing handles), bezier paths whose
// `v`/`i`/`o` agree, gradients with the numbers `p` announces, values in range.

/// What a property's values must be: of its kind, in its range, and for gradient stops as many
/// numbers as the colour stop count `p` beside them needs (when it is known).
struct ValueRule {
    var kind: PropertyKind
    var range: ValueRange?
    var colorStops: Int?
}

extension SchemaCheck {
    /// Checks a property object at `path`.
    mutating func checkProperty(
        _ property: JSONTree.Value, at path: JSONPath, _ kind: PropertyKind, range: ValueRange? = nil, colorStops: Int? = nil
    ) {
        let rule = ValueRule(kind: kind, range: range, colorStops: colorStops)
        guard property.isObject, kind != .text || property.has("k") else {
            if kind == .text, property.isObject { return }  // a bare document object, read by the model
            guard property.kind == .number || property.isArray else {
                report(.error, .schema, path, "expected a property object {\"a\": 0|1, \"k\": value}, found \(property.phrase)",
                       at: property)
                return
            }
            report(.warning, .schema, path, "a bare value where a property object {\"a\": 0|1, \"k\": value} belongs",
                   at: property, notes: ["some players reject it"])
            checkStaticValue(property, at: path, rule)
            return
        }
        intBoolean(property["a"], at: path, named: "a")
        guard let value = property["k"] else {
            report(.error, .schema, path.appending(.key("k")), "missing required field 'k', the property's value", at: property)
            return
        }
        let valuePath = path.appending(.key("k"))
        let isKeyframes = value.isArray && (value.count == 0 || value[0].map { $0.isObject && $0.has("t") } == true)
        if let flag = property["a"]?.integer, flag == 0 || flag == 1, (flag == 1) != isKeyframes {
            let says = flag == 1 ? "'a' is 1 (animated) but 'k' holds a static value" : "'a' is 0 (static) but 'k' holds keyframes"
            report(.warning, .schema, path.appending(.key("a")), says, at: property["a"],
                   notes: ["players that trust 'a' read the value wrongly; this toolkit goes by the shape of 'k'"])
        }
        if isKeyframes {
            checkKeyframes(value.elements, of: value, at: valuePath, rule)
        } else {
            checkStaticValue(value, at: valuePath, rule)
        }
    }

    // MARK: Values

    /// A static value (`k`) of a property.
    private mutating func checkStaticValue(_ value: JSONTree.Value, at path: JSONPath, _ rule: ValueRule) {
        switch rule.kind {
        case .path:
            if value.isArray, value.count == 1, let path0 = value[0] {
                checkBezier(path0, at: path.appending(.index(0)))
            } else if let object = object(value, at: path) {
                checkBezier(object, at: path)
            }
        case .text:
            object(value, at: path)
        default:
            checkNumbers(value, at: path, rule)
        }
    }

    /// A keyframe's `s` or `e`: scalars are usually wrapped (`[5]`), paths always are (`[{...}]`).
    private mutating func checkKeyframeValue(_ value: JSONTree.Value, at path: JSONPath, _ rule: ValueRule) {
        switch rule.kind {
        case .path:
            if value.isObject {
                checkBezier(value, at: path)
            } else if let shapes = array(value, at: path) {
                for (index, shape) in shapes.enumerated() {
                    if let object = object(shape, at: path.appending(.index(index))) {
                        checkBezier(object, at: path.appending(.index(index)))
                    }
                }
            }
        case .text:
            object(value, at: path)
        default:
            checkNumbers(value, at: path, rule)
        }
    }

    /// A number or an array of numbers, sized for the rule's kind, in its range. Numbers are only
    /// read (parsed) when a range or a colour needs their values.
    private mutating func checkNumbers(_ value: JSONTree.Value, at path: JSONPath, _ rule: ValueRule) {
        let elements: [JSONTree.Value]
        if value.kind == .number {
            elements = [value]
        } else if value.isArray {
            elements = value.elements
            if let position = elements.firstIndex(where: { $0.kind != .number }) {
                report(.error, .schema, path.appending(.index(position)),
                       "expected a number, found \(elements[position].phrase)", at: elements[position])
                return
            }
        } else {
            let expected = rule.kind == .scalar ? "a number" : "an array of numbers"
            report(.error, .schema, path, "expected \(expected), found \(value.phrase)", at: value)
            return
        }
        switch rule.kind {
        case .color:
            checkColor(elements.compactMap(\.number), value: value, at: path)
        case .gradient:
            checkGradient(count: elements.count, colorStops: rule.colorStops, value: value, at: path)
        case .vector, .position:
            if elements.isEmpty { report(.error, .schema, path, "expected an array of numbers, found an empty array", at: value) }
        default:
            break
        }
        if let range = rule.range, let outside = elements.lazy.compactMap(\.number).first(where: { !range.bounds.contains($0) }) {
            report(.warning, .range, path,
                   "\(range.name) \(Self.text(outside)) is outside \(Self.text(range.bounds.lowerBound))...\(Self.text(range.bounds.upperBound))",
                   at: value, notes: ["players clamp it"])
        }
    }

    private mutating func checkColor(_ numbers: [Double], value: JSONTree.Value, at path: JSONPath) {
        guard numbers.count >= 3 else {
            report(.error, .schema, path, "a colour needs 3 or 4 components [r, g, b, a], found \(numbers.count)", at: value)
            return
        }
        let isLegacy255 = colorsMayBe255 || numbers.prefix(3).allSatisfy { $0 > 1 }
        let limit = isLegacy255 ? 255.0 : 1.0
        if let outside = numbers.first(where: { $0 < 0 || $0 > limit }) {
            report(.warning, .range, path, "colour component \(Self.text(outside)) is outside 0...\(Self.text(limit))",
                   at: value, notes: ["players clamp it"])
        }
    }

    private mutating func checkGradient(count: Int, colorStops: Int?, value: JSONTree.Value, at path: JSONPath) {
        guard let colorStops else { return }
        let needed = colorStops * 4
        if count < needed {
            report(.error, .schema, path,
                   "'p' announces \(colorStops) colour stops (4 numbers each) but the gradient has \(count) numbers",
                   at: value)
        } else if (count - needed) % 2 != 0 {
            report(.warning, .schema, path,
                   "after the \(colorStops) colour stops, \(count - needed) numbers are left; opacity stops come in pairs",
                   at: value)
        }
    }

    // MARK: Bezier paths

    /// A path object `{ "c", "v", "i", "o" }`: three arrays of points of the same length.
    /// Returns the vertex count.
    @discardableResult
    private mutating func checkBezier(_ shape: JSONTree.Value, at path: JSONPath) -> Int? {
        var counts: [(String, Int)] = []
        for (key, what) in [("v", "the vertices"), ("i", "the in tangents"), ("o", "the out tangents")] {
            guard let points = array(field(key, of: shape, at: path, .error, what), at: path.appending(.key(key))) else {
                continue
            }
            for (index, point) in points.enumerated() where point.count < 2 || !point.isArrayOfNumbers {
                report(.error, .schema, path.appending(.key(key)).appending(.index(index)),
                       "a point needs two numbers [x, y], found \(point.shortText)", at: point)
            }
            counts.append((key, points.count))
        }
        boolean(shape["c"], at: path.appending(.key("c")))
        guard let first = counts.first else { return nil }
        if let other = counts.first(where: { $0.1 != first.1 }) {
            report(.error, .path, path,
                   "'\(first.0)' has \(first.1) points but '\(other.0)' has \(other.1); 'v', 'i' and 'o' must have the same length",
                   at: shape, notes: ["players read past the shorter array or drop the path"])
        }
        return first.0 == "v" ? first.1 : nil
    }

    // MARK: Keyframes

    private mutating func checkKeyframes(
        _ keyframes: [JSONTree.Value], of list: JSONTree.Value, at path: JSONPath, _ rule: ValueRule
    ) {
        guard !keyframes.isEmpty else {
            report(.error, .keyframes, path, "an animated property with no keyframes", at: list)
            return
        }
        var previousTime: Double?
        var previousHasEnd = false
        var vertexCounts: [(time: Double, count: Int)] = []
        for (index, entry) in keyframes.enumerated() {
            let keyPath = path.appending(.index(index))
            func key(_ name: String) -> JSONPath { keyPath.appending(.key(name)) }
            guard entry.isObject else {
                report(.error, .keyframes, keyPath, "a keyframe must be an object, found \(entry.phrase)", at: entry,
                       notes: ["players skip it or reject the file"])
                continue
            }
            let isLast = index == keyframes.count - 1
            let time = number(field("t", of: entry, at: keyPath, .error, "the keyframe's frame"), at: key("t"))
            if let time, let previousTime {
                if time < previousTime {
                    report(.error, .keyframes, key("t"),
                           "keyframes out of order: t \(Self.text(time)) comes after t \(Self.text(previousTime))",
                           at: entry["t"], notes: ["players sort them or stop at the first one out of order"])
                } else if time == previousTime {
                    report(.warning, .keyframes, key("t"), "two keyframes at t \(Self.text(time))", at: entry["t"],
                           notes: ["the segment between them lasts no time; the value jumps"])
                }
            }
            if let time { previousTime = time }
            if let value = entry["s"] {
                checkKeyframeValue(value, at: key("s"), rule)
                if rule.kind == .path, let time, let count = Self.vertexCount(of: value) { vertexCounts.append((time, count)) }
            } else if !isLast, !previousHasEnd {
                report(.error, .keyframes, key("s"), "missing required field 's', the keyframe's value", at: entry)
            }
            if let end = entry["e"] { checkKeyframeValue(end, at: key("e"), rule) }
            previousHasEnd = entry.has("e")
            intBoolean(entry["h"], at: key("h"), named: "h")
            let isHold = entry["h"]?.integer == 1
            for name in ["o", "i"] {
                if let handle = entry[name] { checkEasingHandle(handle, at: key(name)) }
            }
            if !isLast, !isHold, rule.kind != .text, !entry.has("o") || !entry.has("i") {
                report(.warning, .keyframes, keyPath, "keyframe at t \(time.map(Self.text) ?? "?") has no easing handles 'o' and 'i'",
                       at: entry, notes: ["this toolkit moves linearly; players differ"])
            }
            for name in ["to", "ti"] { if let tangent = entry[name] { checkNumbers(tangent, at: key(name), ValueRule(kind: .vector)) } }
        }
        if let first = vertexCounts.first, let other = vertexCounts.first(where: { $0.count != first.count }) {
            report(.warning, .path, path,
                   "path keyframes have different vertex counts: \(first.count) at t \(Self.text(first.time)), \(other.count) at t \(Self.text(other.time))",
                   at: list, notes: ["players interpolate the first \(min(first.count, other.count)) vertices only"])
        }
    }

    /// The vertex count of a keyframe's path value (`[{ "v": [...] }]`).
    private static func vertexCount(of value: JSONTree.Value) -> Int? {
        let shape = value.isArray ? value[0] : value
        guard let vertices = shape?["v"], vertices.isArray else { return nil }
        return vertices.count
    }

    /// An easing handle `{ "x": n or [n...], "y": n or [n...] }`; x outside 0...1 is clamped by players.
    private mutating func checkEasingHandle(_ value: JSONTree.Value, at path: JSONPath) {
        guard let handle = object(value, at: path) else { return }
        for axis in ["x", "y"] {
            guard let component = field(axis, of: handle, at: path, .error, "the easing handle's \(axis)") else { continue }
            let axisPath = path.appending(.key(axis))
            let elements = component.isArray ? component.elements : [component]
            guard !elements.isEmpty, elements.allSatisfy({ $0.kind == .number }) else {
                report(.error, .schema, axisPath, "expected a number or an array of numbers, found \(component.shortText)",
                       at: component)
                continue
            }
            if axis == "x", let outside = elements.lazy.compactMap(\.number).first(where: { !(0...1).contains($0) }) {
                report(.warning, .range, axisPath, "easing x \(Self.text(outside)) is outside 0...1", at: component,
                       notes: ["players clamp it"])
            }
        }
    }
}
