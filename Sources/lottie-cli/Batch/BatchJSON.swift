// MARK: - BatchJSON

/// A batch as JSON for scripts: the summary, one object per file in order (its status, summary,
/// findings and time), and the files skipped.
struct BatchJSON: Encodable {
    struct File: Encodable {
        var file: String
        var status: FileOutcome.Status
        var summary: String
        var findings: [FileOutcome.Finding]
        var seconds: Double
    }

    var summary: BatchSummary
    var files: [File]
    var skipped: [String]

    init(summary: BatchSummary, results: [FileResult], skipped: [String]) {
        self.summary = summary
        files = results.map { result in
            File(file: InputFile.label(result.file.path), status: result.outcome.status, summary: result.outcome.summary,
                 findings: result.outcome.findings, seconds: result.seconds)
        }
        self.skipped = skipped
    }
}
