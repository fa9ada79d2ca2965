import Foundation
import LottieModel

// MARK: - ValidateCommand

/// `lottie-cli validate FILE [--json]`: every problem a player would trip on, one finding per
/// line with its severity and JSON path, then a summary; exit 1 when there is an error.
struct ValidateCommand: Command {
    let name = "validate"
    let summary = "Find what a player would trip on: schema violations, broken references, cycles, bad keyframes"

    var signature: CommandSignature {
        CommandSignature(
            positionals: [.files],
            options: [
                Option("json", help: "Print the findings as a JSON array for scripts"),
                Option("errors-only", help: "Show errors only (the summary still counts everything)"),
                .animation, .batchFormat, .jobs,
            ])
    }

    let discussion = """
        Each finding is one line: its severity, the JSON path of the value at fault (for a missing
        field, the path it would have) and what is wrong, with the line and column; notes follow,
        indented. The summary line counts the findings. A .lottie file, a Telegram sticker (.tgs)
        or a zip bundle is recognised by its content: the animation --animation names (default:
        the initial one) is validated, with paths, lines and columns inside its JSON.

        Severities:
          error    a player fails, draws nothing or draws something else: a missing or mistyped
                   required field, 'a' not 0 or 1, an embedded image without a data URL, a refId,
                   parent or tp that names nothing, a parenting or precomp cycle, keyframes out of
                   order, a path whose v, i and o differ in length
          warning  against the spec, or read differently by different players: a field the spec
                   requires but players default, opacity outside 0...100, keyframes at equal times,
                   'a' that disagrees with 'k', path keyframes with different vertex counts
          info     a feature this toolkit does not handle yet (expressions, most effects, 3D...)

        The exit code is 1 when there is an error, 0 otherwise (warnings and infos allowed).

        With several files or folders (searched recursively for Lottie files, recognised by
        content), each file gets one line (ok, FAIL or ERROR, and its counts), the findings of a
        file that failed follow it, and a summary ends the report; --format json, junit or
        github reports for scripts and CI, --jobs sets how many files are validated at once.

        EXAMPLES:
          lottie-cli validate Samples/home.json
          lottie-cli validate broken.json --json
          lottie-cli validate animations/ --format github
        """

    func run(_ arguments: Arguments) throws -> ExitCode {
        let errorsOnly = arguments.flag("errors-only")
        if let code = try runBatch(arguments, files: arguments.positionals, work: { file in
            .catching { try Self.outcome(of: file.path, arguments, errorsOnly: errorsOnly) }
        }) { return code }
        let path = arguments.positionals[0]
        let report = AnimationValidator().validate(Data(try loadAnimationJSON(path, arguments).json))
        if arguments.flag("json") {
            let findings = arguments.flag("errors-only") ? report.findings(.error) : report.findings
            Console.write(try JSONOutput.text(findings))
        } else {
            Console.write(Self.rendered(report, file: InputFile.label(path), errorsOnly: arguments.flag("errors-only")))
        }
        return report.isValid ? .success : .failure
    }

    /// A file's outcome in a batch: it passes without errors; its findings are listed.
    static func outcome(of path: String, _ arguments: Arguments, errorsOnly: Bool) throws -> FileOutcome {
        let loaded = try loadAnimationJSON(path, arguments)
        let report = AnimationValidator().validate(Data(loaded.json))
        let findings = report.findings.filter { !errorsOnly || $0.severity == .error }.map { finding in
            let severity: FileOutcome.Finding.Severity = switch finding.severity {
            case .error: .error
            case .warning: .warning
            case .info: .notice
            }
            let notes = finding.notes.map { "; note: " + $0 }.joined()
            return FileOutcome.Finding(severity: severity, message: finding.message + notes, path: finding.path,
                                       line: finding.line, column: finding.column)
        }
        return FileOutcome(status: report.isValid ? .passed : .failed, summary: counts(report), findings: findings,
                           isPlainJSON: loaded.container == nil)
    }

    /// "valid, 1 error, 0 warnings, 0 infos".
    private static func counts(_ report: ValidationReport) -> String {
        let counts = [
            Format.plural(report.errorCount, "error"), Format.plural(report.warningCount, "warning"),
            Format.plural(report.infoCount, "info", "infos"),
        ]
        return (report.isValid ? "valid, " : "invalid, ") + counts.joined(separator: ", ")
    }

    /// One finding per line, notes under it, and the summary:
    ///
    ///     error  layers[0].ks.a  'a' must be 0 or 1, found 2 (line 24, column 13)
    ///     bad.json: 1 error, 0 warnings, 0 infos
    static func rendered(_ report: ValidationReport, file: String, errorsOnly: Bool = false) -> String {
        var rows: [[String]] = []
        for finding in report.findings where !errorsOnly || finding.severity == .error {
            var message = finding.message
            if let line = finding.line, let column = finding.column { message += " (line \(line), column \(column))" }
            rows.append([finding.severity.rawValue, finding.path, message])
            rows += finding.notes.map { ["", "", "note: " + $0] }
        }
        return TextTable(rows: rows).rendered() + "\(file): \(counts(report))\n"
    }
}
