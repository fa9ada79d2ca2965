// MARK: - CommandLineTool

/// Picks the command named by the first argument, parses the rest against its signature, runs
/// it, and turns errors into one line on standard error and an exit code:
///
///     lottie-cli: error: unknown option '--jsn' (see 'lottie-cli inspect --help')
struct CommandLineTool {
    let name: String
    let overview: String
    /// The registered commands, in the order the help lists them, and `help`.
    let commands: [any Command]
    let help: HelpCommand

    init(name: String, overview: String, commands: [any Command]) {
        self.name = name
        self.overview = overview
        self.commands = commands
        self.help = HelpCommand(toolName: name, overview: overview, commands: commands)
    }

    /// Runs the command line (without the program name) and returns the exit code.
    func run(_ arguments: [String]) -> ExitCode {
        guard let first = arguments.first else {
            return report(UsageError("missing command"), hint: "\(name) --help")
        }
        if first == "--help" || first == "-h" {
            Console.write(HelpText.tool(name: name, overview: overview, commands: commands))
            return .success
        }
        if first == "--version" {
            Console.write("\(name) \(ToolVersion.current)\n")
            return .success
        }
        guard let command = (commands + [help]).first(where: { $0.name == first }) else {
            let problem = first.hasPrefix("-")
                ? "unknown option '\(first)'" + Suggestion.hint(for: first, among: ["--help", "--version"])
                : "unknown command '\(first)'" + Suggestion.hint(for: first, among: (commands + [help]).map(\.name))
            return report(UsageError(problem), hint: "\(name) --help")
        }
        let hint = command.name == help.name ? "\(name) --help" : "\(name) \(command.name) --help"
        do {
            let parsed = try Arguments(parsing: Array(arguments.dropFirst()), for: command.signature)
            if parsed.isHelpRequested {
                Console.write(HelpText.command(command, toolName: name))
                return .success
            }
            return try command.run(parsed)
        } catch let error as UsageError {
            return report(error, hint: hint)
        } catch let error as CommandFailure {
            return report(error, exitCode: command.failureExitCode)
        } catch {
            return report(CommandFailure("\(error)"), exitCode: command.failureExitCode)
        }
    }

    private func report(_ error: UsageError, hint: String) -> ExitCode {
        Console.writeError("\(name): error: \(error.message) (see '\(hint)')\n")
        return .usage
    }

    private func report(_ failure: CommandFailure, exitCode: ExitCode) -> ExitCode {
        Console.writeError("\(name): error: \(failure.message)\n")
        return exitCode
    }
}
