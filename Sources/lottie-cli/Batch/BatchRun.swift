import Foundation

// MARK: - BatchRun

/// A command run over several files: the files and folders it was given, expanded
/// (`BatchInputs`), worked on in parallel (`OrderedWork`), reported as `--format` says, one file
/// after the other in a stable order, then a summary. The exit code is the command's failure
/// code when a file could not be worked with, 1 when a file failed, 0 when all passed.
struct BatchRun: Sendable {
    /// The command's name, for the summary and the reports.
    var command: String
    var format: BatchFormat
    var jobs: Int

    /// Whether a command given `arguments` works in batch: more than one file, a folder, or
    /// `--format` or `--jobs` given.
    static func isBatch(_ arguments: Arguments, files: [String]) -> Bool {
        files.count > 1 || arguments.value("format") != nil || arguments.value("jobs") != nil
            || files.contains { path in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
            }
    }

    /// The run `--format` and `--jobs` ask for (`--json` is `--format json`).
    init(command: String, arguments: Arguments) throws(UsageError) {
        self.command = command
        if let name = arguments.value("format") {
            guard let format = BatchFormat(rawValue: name) else {
                throw UsageError("--format must be one of \(BatchFormat.allCases.map(\.rawValue).joined(separator: ", ")), got '\(name)'")
            }
            if arguments.flag("json"), format != .json { throw UsageError("--json and --format \(name) disagree: give one") }
            self.format = format
        } else {
            format = arguments.flag("json") ? .json : .text
        }
        jobs = try Jobs.count(arguments)
    }

    /// Works on every file of `inputs` and writes the report; returns the exit code. Fails when
    /// there is no file to work on (a folder without animations is more likely a wrong path
    /// than a success).
    func run(_ inputs: BatchInputs, failureExitCode: ExitCode,
             work: @escaping @Sendable (BatchInputs.File) -> FileOutcome) throws(CommandFailure) -> ExitCode {
        guard !inputs.files.isEmpty else {
            throw CommandFailure("no Lottie file in \(inputs.roots.map { "'\($0)'" }.joined(separator: ", ")) "
                + "(\(Format.plural(inputs.skipped.count, "other file")) skipped)")
        }
        let start = DispatchTime.now().uptimeNanoseconds
        let (format, command) = (self.format, self.command)
        let files = inputs.files
        var results: [FileResult] = []
        // Each file's result is written as soon as it and the files before it are done.
        OrderedWork.run(count: files.count, jobs: jobs, ahead: files.count, makeWorker: {
            { index in
                let start = DispatchTime.now().uptimeNanoseconds
                let outcome = work(files[index])
                return FileResult(file: files[index], outcome: outcome,
                                  seconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
        }) { _, result in
            results.append(result)
            switch format {
            case .text: Console.write(BatchText.lines(result))
            case .github: Console.write(GitHubAnnotations.lines(result, command: command))
            case .json, .junit: break
            }
        }
        let summary = BatchSummary(
            command: command, results: results, skipped: inputs.skipped.count,
            seconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        switch format {
        case .text, .github: Console.write(summary.line + "\n")
        case .json: Console.write((try? JSONOutput.text(BatchJSON(summary: summary, results: results, skipped: inputs.skipped))) ?? "")
        case .junit: Console.write(JUnitReport.xml(summary: summary, results: results))
        }
        if results.contains(where: { $0.outcome.status == .error }) { return failureExitCode }
        return results.contains(where: { $0.outcome.status == .failed }) ? .failure : .success
    }
}

/// The counts a batch ends with.
struct BatchSummary: Encodable, Sendable {
    var command: String
    var files: Int
    var passed: Int
    var failed: Int
    var errors: Int
    var skipped: Int
    var seconds: Double

    init(command: String, results: [FileResult], skipped: Int, seconds: Double) {
        self.command = command
        files = results.count
        passed = results.count { $0.outcome.status == .passed }
        failed = results.count { $0.outcome.status == .failed }
        errors = results.count { $0.outcome.status == .error }
        self.skipped = skipped
        self.seconds = seconds
    }

    /// "validate: 12 files, 11 passed, 1 failed, 0 errors, 3 skipped (not Lottie files), 0.42 s".
    var line: String {
        "\(command): \(Format.plural(files, "file")), \(passed) passed, \(failed) failed, "
            + "\(Format.plural(errors, "error")), \(skipped) skipped (not Lottie files), "
            + "\(String(format: "%.2f", seconds)) s"
    }
}
