// MARK: - HelpCommand

/// `lottie-cli help [COMMAND]`: the tool's help, or a command's.
struct HelpCommand: Command {
    let toolName: String
    let overview: String
    /// The registered commands.
    let commands: [any Command]

    static let summary = "Show the list of commands, or the help of one command"
    let name = "help"
    var summary: String { Self.summary }
    let discussion = ""

    var signature: CommandSignature {
        CommandSignature(positionals: [
            Positional(name: "COMMAND", help: "The command to explain", isOptional: true),
        ])
    }

    func run(_ arguments: Arguments) throws -> ExitCode {
        guard let name = arguments.positional(0) else {
            Console.write(HelpText.tool(name: toolName, overview: overview, commands: commands))
            return .success
        }
        guard let command = (commands + [self]).first(where: { $0.name == name }) else {
            throw UsageError("unknown command '\(name)'")
        }
        Console.write(HelpText.command(command, toolName: toolName))
        return .success
    }
}
