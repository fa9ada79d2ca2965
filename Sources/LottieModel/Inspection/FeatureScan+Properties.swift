import Foundation

// MARK: - FeatureScan: properties

// How `FeatureScan` counts a property: static or animated, its keyframes, and what they use
// (hold, legacy `e` values, spatial tangents), its expression and its slot.

extension FeatureScan {
    mutating func visit(
        _ property: ModelProperty, _ field: PropertyField, names: @autoclosure () -> [String],
        at path: @autoclosure () -> JSONPath
    ) {
        switch property {
        case .scalar(let property): count(property, at: path())
        case .position(let property), .vector(let property): count(property, at: path())
        case .color(let property): count(property, at: path())
        case .path(let property): count(property, at: path())
        case .gradient(let property, _): count(property, at: path())
        case .text(let property): count(property, at: path())
        }
    }

    /// Counts one property and notes what its keyframes and expression use; `path` is made
    /// only for a note.
    private mutating func count<Value>(_ property: Animatable<Value>, at path: @autoclosure () -> JSONPath) {
        statistics.count += 1
        switch property.content {
        case .fixed:
            statistics.staticCount += 1
        case .keyframes(let keyframes):
            statistics.animatedCount += 1
            statistics.keyframeCount += keyframes.count
            let holds = keyframes.dropLast().count(where: \.hold)
            if holds > 0 { note(.holdKeyframes, at: path(), Self.plural(holds, "hold keyframe")) }
            if keyframes.contains(where: { $0.endValue != nil }) {
                note(.legacyKeyframes, at: path(), "keyframes with an end value 'e'")
            }
            if keyframes.contains(where: { Self.isCurved($0.outTangent) || Self.isCurved($0.inTangent) }) {
                note(.motionPaths, at: path())
            }
        }
        if let expression = property.expression {
            // Expressions run on every kind of property (FORMAT.md "Expressions").
            noteExpression(expression, at: path())
        }
        if let slot = property.slotID { note(.slots, at: path().appending(.key("sid")), "slot '\(slot)'") }
    }

    /// Notes an expression, and again as not run when it does not parse or uses a name of After
    /// Effects' API the interpreter does not implement (`ExpressionAPICoverage`).
    mutating func noteExpression(_ expression: String, at path: JSONPath) {
        statistics.expressionCount += 1
        let text: (firstLine: String, problem: String?)
        if let known = expressionTexts[expression] {
            text = known
        } else {
            var problem: String?
            if !expression.allSatisfy(\.isWhitespace) {
                switch parse(expression) {
                case .failure(let error):
                    problem = "syntax error at \(error)"
                case .success(let program):
                    let missing = ExpressionAPICoverage.unimplementedNames(in: program)
                    if !missing.isEmpty {
                        let names = missing.map { "'\($0)'" }.joined(separator: ", ")
                        problem = "uses \(names), not implemented (where reached, the keyframed value is used)"
                    }
                }
            }
            text = (Self.firstLine(of: expression), problem)
            expressionTexts[expression] = text
        }
        note(.expressions, at: path, text.firstLine)
        if let problem = text.problem { note(.expressionsNotRun, at: path, "'\(text.firstLine)': \(problem)") }
        expressions.append(ExpressionListing(path: path.description, source: expression, notRunReason: text.problem))
    }

    /// The first line of an expression that does something, cut to 80 characters, with the
    /// count of lines when there are more. Declarations without a value (`var $bm_rt;`, which
    /// bodymovin puts first) and lines of braces (`try {`) are passed over.
    static func firstLine(of expression: String) -> String {
        let lines = expression.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        let line = lines.first { !isBareDeclaration($0) && !isPunctuation($0) } ?? lines.first ?? ""
        let shown = line.count > 80 ? line.prefix(77) + "..." : line
        return lines.count > 1 ? shown + " (\(plural(lines.count, "line")))" : shown
    }

    /// `try {`, `}`, `} else {`: lines that say nothing on their own.
    private static func isPunctuation(_ line: String) -> Bool {
        var rest = line
        for word in ["try", "else"] { rest = rest.replacingOccurrences(of: word, with: "") }
        return rest.allSatisfy { "{}() ;".contains($0) }
    }

    /// `var a;`, `var a, b;`.
    private static func isBareDeclaration(_ line: String) -> Bool {
        line.hasPrefix("var ") && line.hasSuffix(";") && !line.contains("=") && !line.contains("(")
    }

    private static func isCurved(_ tangent: Vector?) -> Bool {
        tangent?.storage.contains { $0 != 0 } ?? false
    }

    static func named(_ layer: Layer) -> String {
        if let name = layer.name { return "'\(name)'" }
        return layer.index.map { "#\($0)" } ?? "(unnamed)"
    }

    static func plural(_ count: Int, _ noun: String) -> String {
        ContentDescription.plural(count, noun)
    }

    static func describe(_ value: JSONValue?) -> String {
        switch value {
        case .number(let number)?: ContentDescription.number(number)
        case .object(let members)?: members["k"].map { describe($0) } ?? "(object)"
        case .string(let text)?: text
        default: "(unknown)"
        }
    }
}
