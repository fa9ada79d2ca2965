import Foundation

// MARK: - Console

/// Standard output and standard error. Commands build their text and write it in one go.
enum Console {
    /// Writes `text` to standard output.
    static func write(_ text: String) {
        try? FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
    }

    /// Writes `text` to standard error.
    static func writeError(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }
}
