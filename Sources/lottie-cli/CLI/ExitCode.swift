// MARK: - ExitCode

/// The status `lottie-cli` exits with.
struct ExitCode: RawRepresentable, Hashable, Sendable {
    var rawValue: Int32

    init(rawValue: Int32) { self.rawValue = rawValue }

    /// The command did its job.
    static let success = ExitCode(rawValue: 0)
    /// The command could not do its job: a missing file, invalid JSON, not a Lottie file...
    static let failure = ExitCode(rawValue: 1)
    /// The command line is wrong: an unknown command or option, a missing argument.
    static let usage = ExitCode(rawValue: 2)
}
