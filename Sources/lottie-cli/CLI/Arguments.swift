// MARK: - Arguments

/// A command's arguments, parsed against its `CommandSignature`.
///
/// Accepted forms: positionals; flags `--json`; options with a value `--frame 12` or
/// `--frame=12` (the value may start with a dash: `--frame -5`); one-letter aliases `-o FILE`;
/// `--` ends the options (what follows is positional, even `-x`); `-` alone and negative numbers
/// are positionals. Anything else that starts with a dash is an unknown option, a usage error.
struct Arguments: Sendable {
    /// The positionals, in order.
    private(set) var positionals: [String] = []
    /// The values given to each option, by long name, in order (flags hold one empty value per use).
    private var values: [String: [String]] = [:]
    /// `-h` or `--help` was given (before `--`): the command shows its help, whatever else is wrong.
    private(set) var isHelpRequested = false

    init(parsing arguments: [String], for signature: CommandSignature) throws(UsageError) {
        let optionsEnd = arguments.firstIndex(of: "--") ?? arguments.endIndex
        isHelpRequested = arguments[..<optionsEnd].contains { $0 == "--help" || $0 == "-h" }
        if isHelpRequested { return }

        var index = arguments.startIndex
        var onlyPositionals = false
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !Self.looksLikeOption(argument) {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            let (option, inlineValue) = try Self.option(in: argument, signature: signature)
            if option.takesValue {
                if let inlineValue {
                    values[option.name, default: []].append(inlineValue)
                } else if index < arguments.endIndex {
                    values[option.name, default: []].append(arguments[index])
                    index += 1
                } else {
                    throw UsageError("option '--\(option.name)' needs a value \(option.valueName ?? "")")
                }
            } else {
                if inlineValue != nil { throw UsageError("option '--\(option.name)' takes no value") }
                values[option.name, default: []].append("")
            }
        }
        try checkCount(against: signature.positionals)
        if positionals.count(where: { $0 == Self.standardInput }) > 1 {
            throw UsageError("'-' (standard input) can be given once; it is read once")
        }
    }

    /// The file name that stands for standard input (`cat icon.json | lottie-cli inspect -`), and for
    /// standard output as `--out -`.
    static let standardInput = "-"

    // MARK: Reading

    /// Whether the flag `--name` was given.
    func flag(_ name: String) -> Bool {
        values[name] != nil
    }

    /// The value of `--name` (the last one when given more than once), or nil.
    func value(_ name: String) -> String? {
        values[name]?.last
    }

    /// Every value of `--name`, in order.
    func values(_ name: String) -> [String] {
        values[name] ?? []
    }

    /// The positional at `index`, or nil when it was not given.
    func positional(_ index: Int) -> String? {
        index < positionals.count ? positionals[index] : nil
    }

    /// The value of `--name` as a number, or nil when absent.
    func number(_ name: String) throws(UsageError) -> Double? {
        guard let text = value(name) else { return nil }
        guard let number = Double(text), number.isFinite else {
            throw UsageError("option '--\(name)' needs a number, got '\(text)'")
        }
        return number
    }

    // MARK: Parsing

    private static func looksLikeOption(_ argument: String) -> Bool {
        argument.hasPrefix("-") && argument != "-" && Double(argument) == nil
    }

    /// The option an argument names, and its `=value` if any.
    private static func option(
        in argument: String, signature: CommandSignature
    ) throws(UsageError) -> (Option, String?) {
        if argument.hasPrefix("--") {
            let body = argument.dropFirst(2)
            let name = body.prefix { $0 != "=" }
            let value = body.count > name.count ? String(body.dropFirst(name.count + 1)) : nil
            guard let option = signature.option(named: String(name)) else {
                let hint = Suggestion.hint(for: String(name), among: signature.options.map(\.name), quoted: "--")
                throw UsageError("unknown option '--\(name)'\(hint)")
            }
            return (option, value)
        }
        let body = argument.dropFirst()
        guard body.count == 1, let short = body.first, let option = signature.option(short: short) else {
            throw UsageError("unknown option '\(argument)'")
        }
        return (option, nil)
    }

    private func checkCount(against declared: [Positional]) throws(UsageError) {
        let required = declared.filter { !$0.isOptional }
        if positionals.count < required.count {
            throw UsageError("missing argument \(required[positionals.count].name)")
        }
        let isUnbounded = declared.last?.isRepeating ?? false
        if !isUnbounded, positionals.count > declared.count {
            throw UsageError("unexpected argument '\(positionals[declared.count])'")
        }
    }
}
