import Foundation

// MARK: - AnimationValidator

/// Finds every problem a player would trip on in a Lottie file, each a `LottieDiagnostic`
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
            return ValidationReport(findings: [LottieDiagnostic(
                .error, .syntax, path: error.path.description, message: "invalid JSON: \(error.message)",
                location: error.location)])
        }
        var schema = SchemaCheck(tree: tree)
        schema.checkAnimation()
        var findings = schema.findings
        guard tree.root.isObject else { return Self.located(findings, in: tree) }
        func add(_ finding: LottieDiagnostic, at path: JSONPath) {
            findings.append((finding, tree.deepestValue(along: path).offset))
        }

        let animation: LottieAnimation
        do {
            animation = try LottieDecoder().decode(data)
        } catch {
            let path = error.path.description
            if !findings.contains(where: { $0.finding.severity == .error && Self.covers($0.finding.path, path) }) {
                add(LottieDiagnostic(
                    .error, .decoding, path: path, message: error.message,
                    notes: ["the file cannot be decoded, so references and cycles were not checked"]), at: error.path)
            }
            return Self.located(findings, in: tree)
        }

        var references = ReferenceCheck(animation: animation)
        references.run()
        for (finding, path) in references.findings { add(finding, at: path) }
        for unsupported in AnimationReport(inspecting: animation).unsupported {
            guard let feature = unsupported.feature else { continue }
            let detail = unsupported.message.isEmpty ? "" : ": \(unsupported.message)"
            let message = "not supported: \(feature)\(detail)"
            add(LottieDiagnostic(.info, .unsupported(feature), path: unsupported.path, message: message),
                at: JSONPath(describing: unsupported.path) ?? JSONPath())
        }
        return Self.located(findings, in: tree)
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

    /// The findings with their lines and columns (all computed in one pass over the file), in
    /// file order, errors before warnings before infos at one place.
    private static func located(_ findings: [(finding: LottieDiagnostic, offset: Int)], in tree: JSONTree) -> ValidationReport {
        let locations = tree.locations(ofOffsets: findings.map(\.offset))
        let ordered = findings.enumerated().sorted { lhs, rhs in
            if lhs.element.offset != rhs.element.offset { return lhs.element.offset < rhs.element.offset }
            if lhs.element.finding.severity != rhs.element.finding.severity {
                return lhs.element.finding.severity < rhs.element.finding.severity
            }
            return lhs.offset < rhs.offset
        }
        return ValidationReport(findings: ordered.map { entry in
            var finding = entry.element.finding
            let location = locations[entry.element.offset]
            finding.line = location?.line
            finding.column = location?.column
            return finding
        })
    }
}
