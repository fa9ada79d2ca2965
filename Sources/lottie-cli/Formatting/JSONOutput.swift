import Foundation

// MARK: - JSONOutput

/// Values printed as JSON for scripts: pretty, with sorted keys, slashes not escaped, ending
/// with a newline.
enum JSONOutput {
    static func text(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}
