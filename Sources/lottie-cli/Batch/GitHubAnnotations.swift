// MARK: - GitHubAnnotations

/// GitHub Actions workflow commands, one per finding, which GitHub shows on the file (and line,
/// where known) of a pull request:
///
///     ::error file=icons/bad.json,line=24,col=13,title=lottie-cli validate::layers[0].ks.a: 'a' must be 0 or 1, found 2
///
/// Errors of files that passed are not possible; their warnings and notices are kept.
enum GitHubAnnotations {
    static func lines(_ result: FileResult, command: String) -> String {
        var text = ""
        for finding in result.outcome.findings {
            var properties = ["file=" + escapeProperty(InputFile.label(result.file.path))]
            if result.outcome.isPlainJSON, let line = finding.line {
                properties.append("line=\(line)")
                if let column = finding.column { properties.append("col=\(column)") }
            }
            properties.append("title=" + escapeProperty("lottie-cli \(command)"))
            let message = (finding.path.map { $0 + ": " } ?? "") + finding.message
            text += "::\(finding.severity.rawValue) \(properties.joined(separator: ","))::\(escapeData(message))\n"
        }
        return text
    }

    /// A message as a workflow command reads it: `%`, carriage returns and line feeds escaped.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A property value: as a message, and `:` and `,` escaped too.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
