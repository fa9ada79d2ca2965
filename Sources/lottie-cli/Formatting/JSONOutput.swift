import Foundation

// MARK: - JSONOutput

/// Values printed as JSON for scripts: pretty, with sorted keys, slashes not escaped, empty
/// arrays and objects on one line (`[]`, `{}`), ending with a newline.
enum JSONOutput {
    static func text(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let text = String(decoding: try encoder.encode(value), as: UTF8.self)
        return collapsingEmptyContainers(text) + "\n"
    }

    /// Foundation prints an empty array as `[`, a blank line and `]`. JSON strings cannot hold a
    /// raw newline, so a bracket followed by only whitespace up to its closing bracket is always
    /// an empty container.
    static func collapsingEmptyContainers(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            result.append(character)
            index = text.index(after: index)
            guard character == "[" || character == "{" else { continue }
            let closing: Character = character == "[" ? "]" : "}"
            var end = index
            while end < text.endIndex, text[end] == " " || text[end] == "\n" { end = text.index(after: end) }
            if end > index, end < text.endIndex, text[end] == closing, text[index..<end].contains("\n") {
                result.append(closing)
                index = text.index(after: end)
            }
        }
        return result
    }
}
