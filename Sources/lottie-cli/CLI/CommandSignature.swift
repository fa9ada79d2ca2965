// MARK: - CommandSignature

/// What a command accepts: its positional arguments, in order, and its options. Help text and
/// the parser both read it, so every option is documented and nothing undocumented is accepted.
struct CommandSignature: Sendable {
    var positionals: [Positional]
    var options: [Option]

    init(positionals: [Positional] = [], options: [Option] = []) {
        self.positionals = positionals
        self.options = options + [.help]
    }

    /// The option spelled `--name`.
    func option(named name: String) -> Option? {
        options.first { $0.name == name }
    }

    /// The option spelled `-c`.
    func option(short: Character) -> Option? {
        options.first { $0.short == short }
    }

    /// `FILE [--json]`, for usage lines.
    var synopsis: String {
        var parts = positionals.map(\.synopsis)
        parts += options.filter { $0 != .help }.map { "[\($0.synopsis)]" }
        return parts.joined(separator: " ")
    }
}

// MARK: - Positional

/// A positional argument, e.g. `FILE`.
struct Positional: Equatable, Sendable {
    /// The placeholder shown in usage and help: `FILE`.
    var name: String
    var help: String
    var isOptional = false
    /// The last positional may take any number of values (`FILE...`).
    var isRepeating = false

    var synopsis: String {
        let base = isRepeating ? "\(name)..." : name
        return isOptional ? "[\(base)]" : base
    }

    /// The help of a command's FILE.
    static let fileHelp = "A Lottie file: JSON, .lottie, .tgs or a zip bundle; - reads standard input"
}

// MARK: - Option

/// An option: a flag (`--json`) or an option with a value (`--frame F`, `--frame=F`).
struct Option: Equatable, Sendable {
    /// The long name without dashes: `json`.
    var name: String
    /// A one-letter alias: `-o`.
    var short: Character?
    /// The placeholder of the value (`F`), or nil for a flag.
    var valueName: String?
    var help: String

    init(_ name: String, short: Character? = nil, value valueName: String? = nil, help: String) {
        self.name = name
        self.short = short
        self.valueName = valueName
        self.help = help
    }

    var takesValue: Bool { valueName != nil }

    /// `--frame F`.
    var synopsis: String {
        valueName.map { "--\(name) \($0)" } ?? "--\(name)"
    }

    /// `-o, --output FILE`, for the help's option list.
    var helpLabel: String {
        (short.map { "-\($0), " } ?? "") + synopsis
    }

    /// `-h`, `--help`: every command has it.
    static let help = Option("help", short: "h", help: "Show this help")
}
