// MARK: - BatchFormat

/// How a multi-file command reports (`--format`): text for people, JSON for scripts, JUnit XML
/// and GitHub workflow annotations for CI systems.
enum BatchFormat: String, CaseIterable, Sendable {
    case text, json, junit, github
}

extension Option {
    /// `--format F` of the commands that take several files.
    static let batchFormat = Option(
        "format", value: "F", help: "With several files or folders: text (default), json, junit or github (workflow annotations)")
    /// `--jobs N` of the commands that take several files.
    static let jobs = Option("jobs", short: "j", value: "N", help: "Files worked on at once (default: the number of cores)")
}

extension Positional {
    /// The FILE... of a command that takes several files and folders.
    static let files = Positional(
        name: "FILE", help: "Lottie files (JSON, .lottie, .tgs, zip) or folders searched for them; - reads standard input",
        isRepeating: true)
}
