import Foundation

// MARK: - Slots
//
// The Lottie specification's slots: `slots` at the top of a file maps an id to `{"p": value}`,
// and an object that names a slot with `"sid": id` takes the slot's value instead of its own:
//
// - a property (`{"a": 0, "k": ..., "sid": "col"}`, a text layer's document `t.d` included)
//   takes the slot property's members over its own: `a`, `k` with its keyframes (its `x` and
//   `ix` stay unless the slot has its own); a bare value (`[0, 0, 1]`) is a static property;
// - an image asset takes the slot's `w`, `h`, `u`, `p` and `e` and keeps its `id`;
// - a text document's fields go over the property's own first document, so that a slot (or a
//   theme's Text rule) may give only the text and keep the font, size and colours.
//
// A slot id with no value leaves the object's own. This is lottie-web's `Object.assign(data,
// slots[sid].p)`; ThorVG's slot parser reads the same values. Values given by the caller
// (`overrides`) come before the file's.
//
// The animation is resolved by writing the model as JSON, replacing the slotted objects and
// decoding the result: every kind of property, wherever it is, without a second walk of the
// model. It costs a round trip of the whole animation, paid only by files that name slots.

/// The result of `LottieAnimation.resolvingSlots(_:)`.
public struct SlotResolution: Sendable {
    /// The animation with every slotted property and image asset given its slot's value; its
    /// `slots` hold the values used, so resolving it again changes nothing.
    public var animation: LottieAnimation
    /// The slot ids that properties and image assets name, sorted.
    public var referenced: [String]
    /// Of those, the ids that have no value: their objects keep their own.
    public var missing: [String]
    /// The ids of `overrides` that nothing names, sorted.
    public var unusedOverrides: [String]
}

/// A slot value that does not fit the objects that name its slot.
public struct SlotError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The slot whose value was refused.
    public var slotID: String
    /// Why: the decoding error of the object with the slot's value put in.
    public var reason: String

    public var description: String { "slot '\(slotID)': \(reason)" }
}

extension LottieAnimation {
    /// Gives every property and image asset that names a slot (`sid`) the slot's value: from
    /// `overrides` (by slot id: a property such as `{"a": 0, "k": [0, 1, 0]}`, a bare value such
    /// as `[0, 1, 0]`, or for an image asset an object with `w`, `h`, `u`, `p`, `e`) or else from
    /// the file's `slots`. An animation without `slots`, given no overrides, is returned as it
    /// is (and `referenced` is not worked out).
    ///
    /// - Throws: `SlotError` when a value does not fit the object that names its slot (a
    ///   colour's slot holding text, say).
    public func resolvingSlots(_ overrides: [String: JSONValue] = [:]) throws(SlotError) -> SlotResolution {
        var values: [String: JSONValue] = [:]
        if case .object(let table)? = slots {
            for (id, slot) in table {
                if let value = slot["p"] { values[id] = value }
            }
        }
        for (id, value) in overrides { values[id] = value }
        // Without slots or overrides there is nothing to put in: no round trip.
        guard slots != nil || !overrides.isEmpty else {
            return SlotResolution(animation: self, referenced: [], missing: [], unusedOverrides: [])
        }
        guard let original = jsonValue() else {
            return SlotResolution(animation: self, referenced: [], missing: [], unusedOverrides: overrides.keys.sorted())
        }
        var named: [String: Int] = [:]
        var replaced: [String] = []
        var budget = Self.maxPutInValues
        var tree = Self.substituting(original, values: values, named: &named, replaced: &replaced, budget: &budget,
                                     isTop: true)
        if budget < 0 {
            // The slot that puts in the most: its value's size times the places naming it.
            let cost = { (id: String) in (values[id]?.valueCount(limit: Self.maxPutInValues) ?? 0) * (named[id] ?? 0) }
            let id = named.keys.max { cost($0) < cost($1) || (cost($0) == cost($1) && $0 > $1) } ?? ""
            throw SlotError(slotID: id, reason: "the slots' values, put in every place that names them, come to more than "
                + "\(digitsGrouped(Self.maxPutInValues)) JSON values")
        }
        let unused = overrides.keys.filter { named[$0] == nil }.sorted()
        let missing = named.keys.filter { values[$0] == nil }.sorted()
        guard !replaced.isEmpty else {
            return SlotResolution(animation: self, referenced: named.keys.sorted(), missing: missing, unusedOverrides: unused)
        }
        if case .object(var top) = tree {
            var table: [String: JSONValue] = [:]
            if case .object(let own)? = slots { table = own }
            for (id, value) in overrides { table[id] = .object(["p": value]) }
            top["slots"] = .object(table)
            tree = .object(top)
        }
        switch Self.decoding(tree) {
        case .success(let resolved):
            return SlotResolution(animation: resolved, referenced: named.keys.sorted(), missing: missing, unusedOverrides: unused)
        case .failure(let error):
            // The slot at fault: the first whose value alone does not decode in place.
            let culprit = replaced.first { id in
                var ignoredNames: [String: Int] = [:]
                var ignoredIDs: [String] = []
                var ignoredBudget = Self.maxPutInValues
                let alone = Self.substituting(original, values: values.filter { $0.key == id }, named: &ignoredNames,
                                              replaced: &ignoredIDs, budget: &ignoredBudget, isTop: true)
                if case .failure = Self.decoding(alone) { return true }
                return false
            } ?? replaced[0]
            // The path names the property; line and column would be those of the rewritten JSON.
            throw SlotError(slotID: culprit, reason: "at \(error.path): \(error.message)")
        }
    }

    /// The animation `tree` describes.
    private static func decoding(_ tree: JSONValue) -> Result<LottieAnimation, LottieDecodingError> {
        do throws(LottieDecodingError) {
            return .success(try LottieAnimation(jsonValue: tree))
        } catch {
            return .failure(error)
        }
    }

    /// How many properties, gradients and image assets name each slot id. Like
    /// `resolvingSlots`, it writes the model as JSON to find them.
    public func slotUses() -> [String: Int] {
        guard let tree = jsonValue() else { return [:] }
        var named: [String: Int] = [:]
        var replaced: [String] = []
        var budget = 0
        _ = Self.substituting(tree, values: [:], named: &named, replaced: &replaced, budget: &budget, isTop: true)
        return named
    }

    /// The document of a text property's first keyframe (`k[0].s`, an object), or nil.
    private static func firstDocument(_ keyframes: JSONValue?) -> [String: JSONValue]? {
        guard case .array(let list)? = keyframes, case .object(let document)? = list.first?["s"] else { return nil }
        return document
    }

    /// `value` with every object that names a slot in `values` replaced (see above); `named`
    /// counts the objects that name each slot id, `replaced` lists those given a value. Each
    /// value put in is taken from `budget` (its number of JSON values); once it is spent,
    /// nothing more is put in and it is left below zero. The top level's own `slots` are not
    /// searched.
    private static func substituting(_ value: JSONValue, values: [String: JSONValue], named: inout [String: Int],
                                     replaced: inout [String], budget: inout Int, isTop: Bool = false) -> JSONValue {
        switch value {
        case .array(let elements):
            return .array(elements.map { substituting($0, values: values, named: &named, replaced: &replaced, budget: &budget) })
        case .object(var members):
            for (key, member) in members where !(isTop && key == "slots") {
                members[key] = substituting(member, values: values, named: &named, replaced: &replaced, budget: &budget)
            }
            guard case .string(let id)? = members["sid"] else { return .object(members) }
            named[id, default: 0] += 1
            guard let slot = values[id], budget >= 0 else { return .object(members) }
            budget -= slot.valueCount(limit: max(budget, 0))
            guard budget >= 0 else { return .object(members) }
            if !replaced.contains(id) { replaced.append(id) }
            // The slot's members over the object's own (an image asset keeps its id).
            let isAsset = members["id"] != nil && members["k"] == nil
            let slotMembers: [String: JSONValue]
            if case .object(let object) = slot, isAsset || object["k"] != nil {
                slotMembers = object
            } else {
                slotMembers = ["a": .number(0), "k": slot]
            }
            let ownDocument = Self.firstDocument(members["k"])
            for (key, field) in slotMembers where key != "id" && key != "sid" { members[key] = field }
            if let ownDocument, case .array(let keyframes)? = members["k"] {
                // Text documents: the slot's fields over the property's own first document, so
                // that a slot may give only the text and keep the font, size and colours.
                members["k"] = .array(keyframes.map { keyframe in
                    guard case .object(var fields) = keyframe, case .object(let document)? = fields["s"] else { return keyframe }
                    fields["s"] = .object(ownDocument.merging(document) { _, slot in slot })
                    return .object(fields)
                })
            }
            return .object(members)
        default:
            return value
        }
    }
}
