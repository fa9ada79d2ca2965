// MARK: - BatchText

/// The text report of a batch, a file at a time: one line per file (`ok`, `FAIL` or `ERROR`, the
/// path, the summary), and under a file that did not pass, its findings indented.
///
///     ok     icons/home.json  valid, 0 errors, 0 warnings, 1 info
///     FAIL   icons/bad.json   invalid, 1 error, 0 warnings, 0 infos
///              error  layers[0].ks.a  'a' must be 0 or 1, found 2 (line 24, column 13)
enum BatchText {
    static func lines(_ result: FileResult) -> String {
        let outcome = result.outcome
        let label = switch outcome.status {
        case .passed: "ok   "
        case .failed: "FAIL "
        case .error: "ERROR"
        }
        var text = "\(label)  \(InputFile.label(result.file.path))  \(outcome.summary)\n"
        guard outcome.status != .passed else { return text }
        for line in details(outcome) {
            text += "         \(line)\n"
        }
        return text
    }

    /// The lines that say more than the summary: `details`, or the findings but one that only
    /// repeats the summary.
    static func details(_ outcome: FileOutcome) -> [String] {
        outcome.details ?? outcome.findings.filter { $0.message != outcome.summary || $0.path != nil }.map(describe)
    }

    /// "error  layers[0].ks.a  'a' must be 0 or 1, found 2 (line 24, column 13)".
    static func describe(_ finding: FileOutcome.Finding) -> String {
        var text = finding.severity.rawValue + "  "
        if let path = finding.path { text += path + "  " }
        text += finding.message
        if let line = finding.line, let column = finding.column { text += " (line \(line), column \(column))" }
        return text
    }
}
