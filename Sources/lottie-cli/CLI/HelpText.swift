// MARK: - HelpText

/// The help of the tool and of each command, built from the commands' signatures so that
/// every option is documented.
enum HelpText {
    /// `lottie-cli --help`: the registered commands (and `help`) and the exit codes.
    static func tool(name: String, overview: String, commands: [any Command]) -> String {
        var text = "\(overview)\n\nUSAGE: \(name) COMMAND [ARGUMENTS] [OPTIONS]\n\nCOMMANDS:\n"
        let rows = commands.map { ["  " + $0.name, $0.summary] } + [["  help", HelpCommand.summary]]
        text += TextTable(rows: rows).rendered()
        text += "\nOPTIONS:\n"
        text += TextTable(rows: [["  " + Option.help.helpLabel, "Show this help"],
                                 ["  --version", "Show the version (\(ToolVersion.current))"]]).rendered()
        text += "\nRun '\(name) help COMMAND' or '\(name) COMMAND --help' for the arguments and options of a command.\n"
        text += "\n" + exitCodes
        return text
    }

    /// `lottie-cli CMD --help`: usage, arguments, every option, then the command's discussion.
    static func command(_ command: any Command, toolName: String) -> String {
        let signature = command.signature
        var text = "\(command.summary)\n\nUSAGE: \(toolName) \(command.name) \(signature.synopsis)\n"
        if !signature.positionals.isEmpty {
            text += "\nARGUMENTS:\n"
            text += TextTable(rows: signature.positionals.map { ["  " + $0.name, $0.help] }).rendered()
        }
        text += "\nOPTIONS:\n"
        text += TextTable(rows: signature.options.map { ["  " + $0.helpLabel, $0.help] }).rendered()
        if !command.discussion.isEmpty { text += "\n" + command.discussion + "\n" }
        text += "\n" + exitCodes
        return text
    }

    static let exitCodes = """
        EXIT CODES:
          0  success
          1  failure: a missing or unreadable file, a directory, invalid JSON, not a Lottie animation
          2  wrong usage: an unknown command or option, a missing or extra argument

        """
}
