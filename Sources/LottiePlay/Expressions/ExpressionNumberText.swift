import Foundation
import LottieModel

// MARK: - Numbers as text

/// Numbers printed and parsed as JavaScript does.
extension ExpressionInterpreter {
    /// JavaScript's Number::toString: the shortest digits that read back the same, integers
    /// without `.0`, exponent form from 1e21 and below 1e-6 (`1e+21`, `1.5e-7`), `-0` as `0`.
    static func numberString(_ number: Double) -> String {
        if number.isNaN { return "NaN" }
        if number == 0 { return "0" }
        if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
        if number < 0 { return "-" + numberString(-number) }
        // Swift's description also gives the shortest round-trip digits; only the layout differs.
        let text = number.description
        var mantissa = Substring(text)
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[..<e]
            exponent = Int(text[text.index(after: e)...]) ?? 0
        }
        let integerPart: Substring
        let fractionPart: Substring
        if let dot = mantissa.firstIndex(of: ".") {
            integerPart = mantissa[..<dot]
            fractionPart = mantissa[mantissa.index(after: dot)...]
        } else {
            integerPart = mantissa
            fractionPart = ""
        }
        var digits = Array(integerPart + fractionPart)
        var point = integerPart.count + exponent  // value = 0.digits × 10^point
        while let first = digits.first, first == "0" {
            digits.removeFirst()
            point -= 1
        }
        while let last = digits.last, last == "0" { digits.removeLast() }
        if digits.isEmpty { return "0" }
        let k = digits.count
        let n = point
        if k <= n && n <= 21 {
            return String(digits) + String(repeating: "0", count: n - k)
        }
        if 0 < n && n <= 21 {
            return String(digits[..<n]) + "." + String(digits[n...])
        }
        if -6 < n && n <= 0 {
            return "0." + String(repeating: "0", count: -n) + String(digits)
        }
        let e = n - 1
        let sign = e < 0 ? "-" : "+"
        let head = k == 1 ? String(digits) : String(digits[0]) + "." + String(digits[1...])
        return head + "e" + sign + String(abs(e))
    }

    /// ToNumber of a string: decimal (surrounding white space ignored, empty is 0), `0x`/`0o`/
    /// `0b` integers, `Infinity`; anything else NaN.
    static func parseNumber(_ text: String) -> Double {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return 0 }
        let lower = trimmed.lowercased()
        for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where lower.hasPrefix(prefix) {
            let body = lower.dropFirst(2)
            guard !body.isEmpty else { return .nan }
            var value = 0.0
            for character in body {
                guard let digit = character.hexDigitValue, digit < radix else { return .nan }
                value = value * Double(radix) + Double(digit)
            }
            return value
        }
        switch trimmed {
        case "Infinity", "+Infinity": return .infinity
        case "-Infinity": return -.infinity
        default: break
        }
        // Only decimal digits, a point, signs and an exponent (Swift would also read "nan", "inf").
        guard trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }) else { return .nan }
        return Double(trimmed) ?? .nan
    }

    /// `parseFloat`: the longest decimal prefix after white space.
    static func parseFloatPrefix(_ text: String) -> Double {
        let characters = Array(text.trimmingCharacters(in: .whitespacesAndNewlines).unicodeScalars)
        var end = 0
        var index = 0
        if index < characters.count, characters[index] == "+" || characters[index] == "-" { index += 1 }
        let rest = String(String.UnicodeScalarView(characters[index...]))
        if rest.hasPrefix("Infinity") { return index > 0 && characters[0] == "-" ? -.infinity : .infinity }
        var sawDigit = false
        while index < characters.count, characters[index].properties.numericType != nil, characters[index].isASCII {
            index += 1; sawDigit = true; end = index
        }
        if index < characters.count, characters[index] == "." {
            index += 1
            while index < characters.count, characters[index].isASCII, characters[index].properties.numericType != nil {
                index += 1; sawDigit = true; end = index
            }
        }
        guard sawDigit else { return .nan }
        if index < characters.count, characters[index] == "e" || characters[index] == "E" {
            var exponentIndex = index + 1
            if exponentIndex < characters.count, characters[exponentIndex] == "+" || characters[exponentIndex] == "-" {
                exponentIndex += 1
            }
            var exponentDigits = false
            while exponentIndex < characters.count, characters[exponentIndex].isASCII,
                  characters[exponentIndex].properties.numericType != nil {
                exponentIndex += 1; exponentDigits = true
            }
            if exponentDigits { end = exponentIndex }
        }
        let prefix = String(String.UnicodeScalarView(characters[..<end]))
        return Double(prefix) ?? .nan
    }

    /// `parseInt(text, radix)`: radix 2–36 (0 or missing: 10, or 16 after `0x`).
    static func parseInteger(_ text: String, radix radixValue: Double) -> Double {
        var characters = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        var negative = false
        if let first = characters.first, first == "+" || first == "-" {
            negative = first == "-"
            characters = characters.dropFirst()
        }
        var radix = radixValue.isFinite ? Int(exactly: radixValue.rounded(.towardZero)) ?? 0 : 0
        if radix != 0 && (radix < 2 || radix > 36) { return .nan }
        let lower = characters.lowercased()
        if (radix == 0 || radix == 16) && lower.hasPrefix("0x") {
            characters = characters.dropFirst(2)
            radix = 16
        }
        if radix == 0 { radix = 10 }
        var value = 0.0
        var any = false
        for character in characters {
            guard character.isASCII, let digit = character.hexDigitValue ?? letterDigit(character), digit < radix else { break }
            value = value * Double(radix) + Double(digit)
            any = true
        }
        guard any else { return .nan }
        return negative ? -value : value
    }

    private static func letterDigit(_ character: Character) -> Int? {
        guard let ascii = character.lowercased().first?.asciiValue, ascii >= 97, ascii <= 122 else { return nil }
        return Int(ascii) - 87
    }

    /// `number.toFixed(digits)` (digits 0–100).
    static func fixed(_ number: Double, digits: Int) -> String {
        if !number.isFinite || abs(number) >= 1e21 { return numberString(number) }
        let text = String(format: "%.\(digits)f", number)
        // JavaScript prints 0 (and -0 rounded) without the sign when the number is -0.
        return number == 0 ? String(format: "%.\(digits)f", 0.0) : text
    }

    /// `number.toPrecision(precision)` (1–100).
    static func precision(_ number: Double, digits: Int) -> String {
        if !number.isFinite { return numberString(number) }
        if number == 0 {
            return digits == 1 ? "0" : "0." + String(repeating: "0", count: digits - 1)
        }
        let scientific = String(format: "%.\(digits - 1)e", number)
        guard let e = scientific.firstIndex(of: "e"), let exponent = Int(scientific[scientific.index(after: e)...]) else {
            return numberString(number)
        }
        if exponent < -6 || exponent >= digits {
            let mantissa = String(scientific[..<e])
            return mantissa + "e" + (exponent < 0 ? "-" : "+") + String(abs(exponent))
        }
        return String(format: "%.\(max(0, digits - 1 - exponent))f", number)
    }

    /// `number.toString(radix)`: integers exactly; fractions to about 20 digits.
    static func radixString(_ number: Double, radix: Int) -> String {
        if radix == 10 || !number.isFinite { return numberString(number) }
        let negative = number < 0
        var integer = abs(number).rounded(.down)
        var fraction = abs(number) - integer
        let symbols = Array("0123456789abcdefghijklmnopqrstuvwxyz")
        var digits: [Character] = []
        repeat {
            let digit = Int(integer.truncatingRemainder(dividingBy: Double(radix)))
            digits.append(symbols[max(0, min(35, digit))])
            integer = (integer / Double(radix)).rounded(.down)
        } while integer > 0 && digits.count < 1100
        var text = String(digits.reversed())
        if fraction > 0 {
            text += "."
            var count = 0
            while fraction > 0 && count < 20 {
                fraction *= Double(radix)
                let digit = Int(fraction.rounded(.down))
                text.append(symbols[max(0, min(35, digit))])
                fraction -= Double(digit)
                count += 1
            }
        }
        return negative ? "-" + text : text
    }
}
