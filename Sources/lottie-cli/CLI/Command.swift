// MARK: - Command

/// A subcommand of `lottie-cli`: `inspect`, later `eval`, `render`... A command is one file in
/// `Commands/` and one line in the registry of `main.swift`.
///
/// The tool parses the command line against `signature` before `run` is called, shows the help
/// for `-h`/`--help`, and turns thrown errors into a one-line message and an exit code:
/// `UsageError` exits 2, `CommandFailure` and any other error exit 1 (`failureExitCode`).
protocol Command: Sendable {
    /// The word that selects the command: `inspect`.
    var name: String { get }
    /// One line for the command list: "Describe an animation: ...".
    var summary: String { get }
    /// The positionals and options; each is documented in the help.
    var signature: CommandSignature { get }
    /// More help after the option list: what the output holds, examples. May be empty.
    var discussion: String { get }

    /// The exit code of a `CommandFailure` (a missing or corrupt file): 1, or 2 for the commands
    /// whose 1 means "they differ" (`check`, `diff`), as `diff(1)` and `cmp(1)` do.
    var failureExitCode: ExitCode { get }

    /// Does the job, writing its output to standard output.
    func run(_ arguments: Arguments) throws -> ExitCode
}

extension Command {
    var failureExitCode: ExitCode { .failure }
}
