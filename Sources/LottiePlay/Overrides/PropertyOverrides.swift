import Foundation
import LottieModel

// MARK: - Property overrides
//
// Values an app sets on the properties a keypath matches: a colour for dark mode, a position, a
// text. They are put into the model before it is compiled (the model is written as JSON, each
// matched property replaced, and the result decoded, as slots are), so a `Timeline` made from
// the result evaluates them like any value of the file, and properties that are not overridden
// cost nothing. Removing an override is making the timeline again from the original animation
// (`Timeline.removingOverride(for:)`).
//
// A matched property loses its keyframes, its expression and its slot (`sid`): the override is
// what it shows, whatever the file's slots say. A
// function of the frame is sampled at every frame from `ip` to `op` into linear keyframes, so
// it is exact at whole frames and linear between them.

/// A value for the properties a keypath matches.
public struct PropertyOverride: Sendable {
    /// A property's new value.
    public enum Value: Sendable {
        /// The value as the file would write it in `k`: `[0, 1, 0]` for a colour, `50` for an
        /// opacity, `[150, 100]` for a position, a text document object, a path object.
        case constant(JSONValue)
        /// The value at each frame (composition frames of the property's own composition).
        case frames(@Sendable (Double) -> JSONValue)
    }

    public var keypath: AnimationKeypath
    public var value: Value

    public init(_ keypath: AnimationKeypath, _ value: Value) {
        self.keypath = keypath
        self.value = value
    }

    /// A constant value.
    public init(_ keypath: AnimationKeypath, _ value: JSONValue) {
        self.init(keypath, .constant(value))
    }
}

/// The result of `LottieAnimation.overriding(_:)`.
public struct OverriddenAnimation: Sendable {
    /// The animation with the overrides put in.
    public var animation: LottieAnimation
    /// The keypaths each override matched, in the order given (empty for one that matched
    /// nothing).
    public var matches: [[Keypath]]
    /// For each override that matched nothing, the keypath nearest to its pattern, when the
    /// animation has any properties.
    public var nearest: [AnimationKeypath: Keypath]
}

/// An override whose value does not fit a property it matched.
public struct OverrideError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The override's pattern.
    public var keypath: String
    /// The property at fault.
    public var property: String
    /// What is wrong: "expected an array of numbers, found a string".
    public var reason: String

    public var description: String {
        keypath == property ? "\(property): \(reason)" : "\(keypath) (at \(property)): \(reason)"
    }
}

extension LottieAnimation {
    /// The most frames a function override is sampled at.
    public static let maxOverrideFrames = 10_000

    /// This animation with each override's value put into every property its keypath matches
    /// (later overrides win where two match the same property).
    ///
    /// - Throws: `OverrideError` when a value does not fit a property it matched (text for a
    ///   colour), or a function override would be sampled at more than `maxOverrideFrames`.
    public func overriding(_ overrides: [PropertyOverride]) throws(OverrideError) -> OverriddenAnimation {
        let index = KeypathIndex(self)
        var matches: [[Keypath]] = []
        var nearest: [AnimationKeypath: Keypath] = [:]
        var replacements: [(path: JSONPath, value: JSONValue, override: PropertyOverride, keypath: Keypath)] = []
        for override in overrides {
            let matched = index.entries(matching: override.keypath)
            matches.append(matched.map(\.keypath))
            if matched.isEmpty, let closest = Self.nearest(to: override.keypath, in: index) {
                nearest[override.keypath] = closest
            }
            for entry in matched {
                let value = try property(for: override, at: entry.keypath)
                replacements.append((entry.jsonPath, value, override, entry.keypath))
            }
        }
        guard !replacements.isEmpty, var tree = jsonValue() else {
            return OverriddenAnimation(animation: self, matches: matches, nearest: nearest)
        }
        var budget = Self.maxPutInValues
        for replacement in replacements {
            budget -= replacement.value.valueCount(limit: max(budget, 0))
            guard budget >= 0 else {
                throw OverrideError(keypath: replacement.override.keypath.description, property: replacement.keypath.description,
                                    reason: "the overrides' values, put in every property they match, come to more than "
                                        + "\(Self.maxPutInValues) JSON values")
            }
            tree = tree.replacingProperty(at: replacement.path.components[...], with: replacement.value)
        }
        do throws(LottieDecodingError) {
            let animation = try LottieAnimation(jsonValue: tree)
            return OverriddenAnimation(animation: animation, matches: matches, nearest: nearest)
        } catch {
            // The override whose property holds the fault.
            let culprit = replacements.last { error.path.components.starts(with: $0.path.components) }
            throw OverrideError(keypath: culprit?.override.keypath.description ?? "",
                                property: culprit?.keypath.description ?? error.path.description, reason: error.message)
        }
    }

    /// The property object an override puts in: a static value, or linear keyframes at every
    /// frame for a function.
    private func property(for override: PropertyOverride, at keypath: Keypath) throws(OverrideError) -> JSONValue {
        switch override.value {
        case .constant(let value):
            return .object(["a": .number(0), "k": value])
        case .frames(let function):
            let first = inPoint.rounded(.down), last = outPoint.rounded(.up)
            guard first.isFinite, last.isFinite, last - first <= Double(Self.maxOverrideFrames) else {
                throw OverrideError(keypath: override.keypath.description, property: keypath.description,
                                    reason: "a function is sampled at every frame, and \(inPoint) to \(outPoint) is more than "
                                        + "\(Self.maxOverrideFrames) frames")
            }
            var keyframes: [JSONValue] = []
            var frame = first
            while frame <= last {
                var start = function(frame)
                if case .number = start { start = .array([start]) }
                var keyframe: [String: JSONValue] = ["t": .number(frame), "s": start]
                if frame < last {
                    keyframe["o"] = .object(["x": .array([.number(0)]), "y": .array([.number(0)])])
                    keyframe["i"] = .object(["x": .array([.number(1)]), "y": .array([.number(1)])])
                }
                keyframes.append(.object(keyframe))
                frame += 1
            }
            return .object(["a": .number(1), "k": .array(keyframes)])
        }
    }

    /// The keypath of `index` nearest to `pattern` by edit distance of their printed forms.
    private static func nearest(to pattern: AnimationKeypath, in index: KeypathIndex) -> Keypath? {
        let wanted = Array(pattern.description.utf8)
        var best: (keypath: Keypath, distance: Int)?
        for entry in index.entries {
            let distance = editDistance(wanted, Array(entry.keypath.description.utf8), atMost: best?.distance ?? .max)
            if distance < (best?.distance ?? .max) { best = (entry.keypath, distance) }
        }
        return best?.keypath
    }

    /// The Levenshtein distance of two byte strings, or a number at least `limit` once it is
    /// sure to be no smaller.
    private static func editDistance(_ a: [UInt8], _ b: [UInt8], atMost limit: Int) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                rowMinimum = Swift.min(rowMinimum, current[j])
            }
            if rowMinimum >= limit { return limit }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

extension JSONValue {
    /// This document with the property at `path` given `property`'s members (its `a` and `k`),
    /// its expression removed; unchanged when nothing is at `path`.
    fileprivate func replacingProperty(at path: ArraySlice<JSONPathComponent>, with property: JSONValue) -> JSONValue {
        guard let step = path.first else {
            guard case .object(var members) = self, case .object(let replacement) = property else { return property }
            members["x"] = nil
            members["sid"] = nil
            for (key, value) in replacement { members[key] = value }
            return .object(members)
        }
        switch (self, step) {
        case (.object(var members), .key(let key)):
            guard let member = members[key] else { return self }
            members[key] = member.replacingProperty(at: path.dropFirst(), with: property)
            return .object(members)
        case (.array(var elements), .index(let index)) where elements.indices.contains(index):
            elements[index] = elements[index].replacingProperty(at: path.dropFirst(), with: property)
            return .array(elements)
        default:
            return self
        }
    }
}
