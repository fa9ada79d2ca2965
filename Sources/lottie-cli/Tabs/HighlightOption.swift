import LottiePlay

// MARK: - HighlightOption

/// `--highlight CURVE`: how the selection highlight slides to a newly selected tab, as SwiftUI's
/// animations: `ease-in-out[:DURATION]`, `ease-in[:DURATION]`, `ease-out[:DURATION]`,
/// `linear[:DURATION]` (default duration 0.35 s), `spring[:RESPONSE,DAMPING]` (default
/// `spring:0.3,0.7`, also the default of the option) or `none`. Durations and the response are
/// seconds (`0.5`, `0.5s` or `500ms`).
enum HighlightOption {
    /// What `tabs` uses without `--highlight`, and `spring` alone.
    static let defaultSpring = (response: 0.3, dampingFraction: 0.7)

    /// Durations and responses accepted, in seconds.
    static let secondsRange = 0.001...60.0
    /// Damping fractions accepted.
    static let dampingRange = 0.0...100.0

    /// The forms, for messages and help.
    static let forms = "ease-in-out[:DURATION], ease-in[:DURATION], ease-out[:DURATION], linear[:DURATION], "
        + "spring[:RESPONSE,DAMPING] or none"

    /// Reads `--highlight`; the default spring when it is absent.
    static func animation(_ text: String?) throws(UsageError) -> HighlightAnimation {
        guard let text else { return .spring(response: defaultSpring.response, dampingFraction: defaultSpring.dampingFraction) }
        let parts = text.lowercased().split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        let parameters = parts.count > 1 ? String(parts[1]) : nil
        let timing: [String: (Double) -> HighlightAnimation] = [
            "ease-in-out": { .easeInOut(duration: $0) }, "ease-in": { .easeIn(duration: $0) },
            "ease-out": { .easeOut(duration: $0) }, "linear": { .linear(duration: $0) },
        ]
        if let make = timing[name] {
            guard let parameters else { return make(HighlightAnimation.defaultDuration) }
            return make(try seconds(parameters, what: "the duration", in: text))
        }
        switch name {
        case "none":
            guard parameters == nil else { throw UsageError("--highlight none takes no parameters, got '\(text)'") }
            return .none
        case "spring":
            guard let parameters else {
                return .spring(response: defaultSpring.response, dampingFraction: defaultSpring.dampingFraction)
            }
            let values = parameters.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard values.count == 2 else {
                throw UsageError("--highlight spring takes RESPONSE,DAMPING, such as spring:0.3,0.7; got '\(text)'")
            }
            let response = try seconds(values[0], what: "the response", in: text)
            guard let damping = Double(values[1]), dampingRange.contains(damping) else {
                throw UsageError("--highlight \(text): the damping fraction must be a number from "
                    + "\(Format.number(dampingRange.lowerBound)) to \(Format.number(dampingRange.upperBound))")
            }
            return .spring(response: response, dampingFraction: damping)
        default:
            throw UsageError("--highlight must be \(forms); got '\(text)'")
        }
    }

    /// `0.5`, `0.5s` or `500ms`, in seconds, within `secondsRange`.
    private static func seconds(_ text: String, what: String, in option: String) throws(UsageError) -> Double {
        let value: Double?
        if text.hasSuffix("ms") {
            value = Double(text.dropLast(2)).map { $0 / 1000 }
        } else {
            value = Double(text.hasSuffix("s") ? String(text.dropLast()) : text)
        }
        guard let value, secondsRange.contains(value) else {
            throw UsageError("--highlight \(option): \(what) must be seconds from \(Format.number(secondsRange.lowerBound)) "
                + "to \(Format.number(secondsRange.upperBound)), such as 0.35, 0.35s or 350ms")
        }
        return value
    }
}
