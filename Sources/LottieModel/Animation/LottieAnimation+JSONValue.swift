import Foundation

// MARK: - The animation as a JSON value
//
// Slots, themes and overrides change properties wherever they are by rewriting the model's JSON
// form and decoding it again (`resolvingSlots`, `overriding`): one way through every kind of
// property, paid only by the animations they change.

extension LottieAnimation {
    /// The most JSON values that slots or overrides may put into an animation in all: a value
    /// put into many places is counted in each, so a file of a large slot named by many
    /// properties cannot make the rewritten animation grow without bound.
    public static let maxPutInValues = 4_000_000

    /// The animation written as a JSON value (its `Codable` form); nil if it cannot be written
    /// (a number that is not finite).
    public func jsonValue() -> JSONValue? {
        try? JSONValueEncoder().encode(self)
    }

    /// The animation `value` describes, decoded as `LottieDecoder` decodes a file.
    ///
    /// - Throws: `LottieDecodingError` naming the JSON path at fault.
    public init(jsonValue value: JSONValue) throws(LottieDecodingError) {
        guard let bytes = value.jsonBytes() else {
            throw LottieDecodingError(kind: .invalidValue, path: JSONPath(), location: nil,
                                      message: "a number that is not finite cannot be written as JSON")
        }
        self = try LottieDecoder().decode(Data(bytes))
    }
}

extension JSONValue {
    /// How many values this one holds, itself included (an array or object and everything in
    /// it), counted up to `limit` + 1 at most.
    public func valueCount(limit: Int = .max) -> Int {
        var count = 0
        var pending: [JSONValue] = [self]
        while let value = pending.popLast() {
            count += 1
            if count > limit { return count }
            switch value {
            case .array(let elements): pending += elements
            case .object(let members): pending += members.values
            default: break
            }
        }
        return count
    }
}
