// MARK: - Digit grouping

/// `value` with a comma between groups of three digits, as messages and reports write counts
/// and byte offsets: 8123 -> "8,123", -1234567 -> "-1,234,567".
package func digitsGrouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var text = ""
    for (offset, digit) in digits.enumerated() {
        if offset > 0, (digits.count - offset) % 3 == 0 { text += "," }
        text.append(digit)
    }
    return value < 0 ? "-" + text : text
}
