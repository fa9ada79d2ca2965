import Foundation

// MARK: - AnimationValidator

/// Finds every problem a player would trip on in a Lottie file, each a `ValidationFinding`
/// with a severity, the JSON path of the value at fault, its line and column, and a message.
///
/// Four passes, each catching what the others cannot see:
/// 1. JSON syntax (`JSONScanner`): a file that is not JSON gets one error and nothing else.
/// 2. The raw JSON (`SchemaCheck`): the schema's requirements for the main objects, checked
///    by hand where the model is lenient or drops information (`a` flags, exact JSON types,
///    keyframes as written, data URLs, ranges).
/// 3. The model (`LottieDecoder`, then `ReferenceCheck`): a decoding error the raw pass did not
///    already explain; references that do not resolve; parenting and precomp cycles.
/// 4. Unsupported features (`AnimationReport.unsupported`), as `info`.
///
///     let report = AnimationValidator().validate(data)
///     for finding in report.findings(.error) { print(finding.path, finding.message) }
public struct AnimationValidator: Sendable {
    public init() {}

    /// Validates the bytes of a Lottie JSON file.
    public func validate(_ data: Data) -> ValidationReport {
        let bytes = [UInt8](data)
        let tree: JSONTree
        do {
            tree = try JSONTree(bytes: bytes)
        } catch {
            return ValidationReport(findings: [ValidationFinding(
                .error, .syntax, path: error.path.description, message: "invalid JSON: \(error.message)",
                location: error.location)])
        }
        var schema = SchemaCheck(tree: tree)
        schema.checkAnimation()
        var findings = schema.findings
        guard tree.root.isObject else { return ValidationReport(findings: findings) }

        let animation: Animation
        do {
            animation = try LottieDecoder().decode(data)
        } catch {
            if !findings.contains(where: { $0.severity == .error && Self.covers($0.path, error.path.description) }) {
                findings.append(ValidationFinding(
                    .error, .decoding, path: error.path.description, message: error.message,
                    location: tree.deepestValue(along: error.path).location,
                    notes: ["the file cannot be decoded, so references and cycles were not checked"]))
            }
            return ValidationReport(findings: Self.ordered(findings, in: tree))
        }

        var references = ReferenceCheck(animation: animation)
        references.run()
        for (severity, category, path, message, notes) in references.findings {
            findings.append(ValidationFinding(
                severity, category, path: path.description, message: message,
                location: tree.deepestValue(along: path).location, notes: notes))
        }
        for feature in AnimationReport(inspecting: animation).unsupported {
            let detail = feature.detail.isEmpty ? "" : ": \(feature.detail)"
            let path = Self.jsonPath(parsing: feature.path)
            findings.append(ValidationFinding(
                .info, .unsupported, path: feature.path, message: "not supported: \(feature.feature)\(detail)",
                location: path.map { tree.deepestValue(along: $0).location }))
        }
        return ValidationReport(findings: Self.ordered(findings, in: tree))
    }

    /// Validates a JSON string.
    public func validate(_ text: String) -> ValidationReport {
        validate(Data(text.utf8))
    }

    // MARK: Helpers

    /// Whether a finding at `path` explains a decoding error at `errorPath` (the same value,
    /// or one inside it, or the object that holds it).
    private static func covers(_ path: String, _ errorPath: String) -> Bool {
        path == errorPath || errorPath.hasPrefix(path + ".") || errorPath.hasPrefix(path + "[")
            || path.hasPrefix(errorPath + ".") || path.hasPrefix(errorPath + "[")
    }

    /// File order (by line and column), errors before warnings before infos at one place.
    private static func ordered(_ findings: [ValidationFinding], in tree: JSONTree) -> [ValidationFinding] {
        findings.enumerated().sorted { lhs, rhs in
            let left = (lhs.element.line ?? 0, lhs.element.column ?? 0)
            let right = (rhs.element.line ?? 0, rhs.element.column ?? 0)
            if left != right { return left < right }
            if lhs.element.severity != rhs.element.severity { return lhs.element.severity < rhs.element.severity }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// `layers[2].ks.p` -> the path; nil for `(root)` or text that is not a path.
    static func jsonPath(parsing text: String) -> JSONPath? {
        guard text != "(root)" else { return JSONPath() }
        var components: [JSONPathComponent] = []
        var key = ""
        var index: String?
        for character in text {
            if var digits = index {
                if character == "]" {
                    guard let number = Int(digits) else { return nil }
                    components.append(.index(number))
                    index = nil
                } else {
                    digits.append(character)
                    index = digits
                }
            } else if character == "." || character == "[" {
                if !key.isEmpty { components.append(.key(key)) }
                key = ""
                if character == "[" { index = "" }
            } else {
                key.append(character)
            }
        }
        if !key.isEmpty { components.append(.key(key)) }
        return JSONPath(components)
    }
}
