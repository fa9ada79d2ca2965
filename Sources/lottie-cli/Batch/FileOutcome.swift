import Foundation

// MARK: - FileOutcome

/// What a multi-file command found in one file: whether it passed, a one-line summary, and its
/// findings, each with the JSON path (and line and column where known) it is about.
struct FileOutcome: Sendable {
    enum Status: String, Encodable, Sendable {
        /// The file is what the command asks of it.
        case passed
        /// The command found problems in it (an invalid file, a broken sticker rule, a changed snapshot).
        case failed
        /// The command could not do its job with it (it cannot be read or decoded).
        case error
    }

    /// A finding, in the words of the command that made it.
    struct Finding: Encodable, Sendable {
        enum Severity: String, Encodable, Sendable {
            case error, warning, notice
        }

        var severity: Severity
        var message: String
        /// The JSON path of the value at fault, when there is one.
        var path: String?
        var line: Int?
        var column: Int?
    }

    var status: Status
    /// One line: "valid, 0 errors, 1 warning, 0 infos".
    var summary: String
    var findings: [Finding] = []
    /// Lines shown under the file in the text report (the findings, by default).
    var details: [String]?
    /// False when the file is a container (`.tgs`, `.lottie`, zip): the findings' lines and
    /// columns are then in the animation's JSON inside it, not in the file, and annotations
    /// on the file leave them out.
    var isPlainJSON = true

    /// A file the command could not work with: one error finding with the message.
    static func trouble(_ message: String) -> FileOutcome {
        FileOutcome(status: .error, summary: message, findings: [Finding(severity: .error, message: message)])
    }
}

/// A file's outcome with the file and the time it took.
struct FileResult: Sendable {
    var file: BatchInputs.File
    var outcome: FileOutcome
    var seconds: Double
}
