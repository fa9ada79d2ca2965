import Foundation

// MARK: - Jobs

/// `--jobs N`, read the same way by every command that works on several threads: a whole number
/// from 1 to 1024, the number of cores by default.
enum Jobs {
    static func count(_ arguments: Arguments) throws(UsageError) -> Int {
        guard let count = try arguments.number("jobs") else { return ProcessInfo.processInfo.activeProcessorCount }
        guard count >= 1, count <= 1024, count == count.rounded() else {
            throw UsageError("--jobs must be a whole number from 1 to 1024, got \(Format.number(count))")
        }
        return Int(count)
    }
}
