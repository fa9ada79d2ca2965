// MARK: - UsageError

/// The command line is wrong (exit code 2): an unknown command or option, a missing or extra
/// argument, a value that cannot be used. The message says what, in one sentence.
struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    var message: String

    init(_ message: String) { self.message = message }

    var description: String { message }
}

// MARK: - CommandFailure

/// A command could not do its job (exit code 1): the file is missing, is a directory, cannot be
/// read, or is not a Lottie animation. The message says what and where, in one line.
struct CommandFailure: Error, Equatable, Sendable, CustomStringConvertible {
    var message: String

    init(_ message: String) { self.message = message }

    var description: String { message }
}
