import LottieModel

// MARK: - Format

/// Numbers and sizes as the tool prints them.
enum Format {
    /// 60 -> "60", 29.97 -> "29.97", 1/3 -> "0.333".
    static func number(_ value: Double, maxFractionDigits: Int = 3) -> String {
        guard value.isFinite else { return String(value) }
        var scale = 1.0
        for _ in 0..<maxFractionDigits { scale *= 10 }
        // Past 1e15 there is no fraction to round, and scaling could overflow to infinity.
        let rounded = abs(value) < 1e15 ? (value * scale).rounded() / scale : value
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        var text = String(rounded)
        if text.contains("e") { return text }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }  // 2000000000000001.0, past Int's exact range
        return text
    }

    /// 8123 -> "8,123 bytes (7.9 KB)"; below 1 KB only the bytes.
    static func bytes(_ count: Int) -> String {
        let text = digitsGrouped(count) + (count == 1 ? " byte" : " bytes")
        guard count >= 1024 else { return text }
        let units = ["KB", "MB", "GB"]
        var value = Double(count) / 1024
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return text + " (\(number(value, maxFractionDigits: 1)) \(units[unit]))"
    }

    /// "1 layer", "3 layers".
    static func plural(_ count: Int, _ noun: String, _ plural: String? = nil) -> String {
        "\(count) " + (count == 1 ? noun : plural ?? noun + "s")
    }

    /// Text cut to `limit` characters, with "..." when cut.
    static func truncated(_ text: String, to limit: Int) -> String {
        text.count > limit ? text.prefix(limit - 3) + "..." : text
    }
}
