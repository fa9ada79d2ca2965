import Foundation

// MARK: - Commands over several files

extension Command {
    /// Runs the command over `files` (files and folders) when it is asked to work in batch
    /// (`BatchRun.isBatch`): `work` makes each file's outcome. Nil when the command works on one
    /// file as before. Usage errors (`--format`, `--jobs`, the limits) are found before any file
    /// is read.
    func runBatch(_ arguments: Arguments, files: [String],
                  work: @escaping @Sendable (BatchInputs.File) -> FileOutcome) throws -> ExitCode? {
        guard BatchRun.isBatch(arguments, files: files) else { return nil }
        return try runBatch(arguments, inputs: { try BatchInputs(files) }, work: work)
    }

    /// Runs the command over the files `inputs` gives (after checking the options).
    func runBatch(_ arguments: Arguments, inputs: () throws -> BatchInputs,
                  work: @escaping @Sendable (BatchInputs.File) -> FileOutcome) throws -> ExitCode {
        let run = try BatchRun(command: name, arguments: arguments)
        _ = try LimitOptions.limits(from: arguments)
        return try run.run(try inputs(), failureExitCode: failureExitCode, work: work)
    }
}

extension FileOutcome {
    /// The outcome `make` gives, or the trouble it threw (a file that cannot be read or decoded).
    static func catching(_ make: () throws -> FileOutcome) -> FileOutcome {
        do {
            return try make()
        } catch let failure as CommandFailure {
            return .trouble(failure.message)
        } catch {
            return .trouble("\(error)")
        }
    }
}
