import Foundation

// MARK: - Slot values written as text

extension JSONValue {
    /// A value written on a command line (`--slot col=#00ff00`, `--set ...=150,100`): `#rrggbb`
    /// or `#rrggbbaa` is a colour with components from 0 to 1 (`[0, 1, 0]`, `[0, 1, 0, 0.5]`),
    /// numbers separated by commas are one number or an array of them, anything else is read as
    /// JSON. Nil when the text is none of these.
    public init?(valueText text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("#") {
            let digits = trimmed.dropFirst()
            guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit) else { return nil }
            var components: [JSONValue] = []
            var index = digits.startIndex
            while index < digits.endIndex {
                let next = digits.index(index, offsetBy: 2)
                guard let byte = UInt8(digits[index..<next], radix: 16) else { return nil }
                components.append(.number(Double(byte) / 255))
                index = next
            }
            self = .array(components)
            return
        }
        let parts = trimmed.split(separator: ",", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        if !parts.isEmpty, numbers.count == parts.count, numbers.allSatisfy(\.isFinite) {
            self = numbers.count == 1 ? .number(numbers[0]) : .array(numbers.map { .number($0) })
            return
        }
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(trimmed.utf8)) else { return nil }
        self = value
    }
}
