import Foundation
import LottieModel

// MARK: - ContentHash

/// The hash a snapshot header records: SHA-256 of the model's canonical JSON. The decoded
/// `LottieAnimation` is encoded again (`JSONEncoder`), then rewritten canonically (`CanonicalJSON`:
/// keys sorted by their UTF-8 bytes, no whitespace, numbers in Swift's shortest round-trip
/// form), so the hash is the same on every platform. It is not a hash of the file's bytes:
/// a re-export that only reorders keys, changes whitespace or writes `5` as `[5]` keeps it;
/// any change to what the model holds changes it.
enum ContentHash {
    /// `sha256:` and 64 hex digits.
    static func of(_ animation: LottieAnimation) -> String {
        guard let data = try? JSONEncoder().encode(animation), let canonical = CanonicalJSON.rewrite([UInt8](data)) else {
            return "sha256:unavailable"
        }
        return "sha256:" + SHA256.hex(of: canonical)
    }
}

// MARK: - CanonicalJSON

/// Rewrites valid JSON (here, `JSONEncoder`'s output) in one canonical form: object keys
/// sorted by their UTF-8 bytes, no whitespace, whole numbers below 10^15 as integers and other
/// numbers as Swift prints a `Double`, strings with only `"`, `\` and control characters escaped.
enum CanonicalJSON {
    static func rewrite(_ bytes: [UInt8]) -> [UInt8]? {
        var reader = Reader(bytes: bytes)
        guard let value = reader.value() else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        write(value, to: &output)
        return output
    }

    private indirect enum Value {
        case literal([UInt8])
        case number(Double)
        case string(String)
        case array([Value])
        case object([(String, Value)])
    }

    private static func write(_ value: Value, to output: inout [UInt8]) {
        switch value {
        case .literal(let word):
            output += word
        case .number(let number):
            let text = number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : "\(number)"
            output += Array(text.utf8)
        case .string(let text):
            writeString(text, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                write(element, to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            let sorted = members.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
            for (index, (key, member)) in sorted.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                writeString(key, to: &output)
                output.append(UInt8(ascii: ":"))
                write(member, to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func writeString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                output += [UInt8(ascii: "\\"), byte]
            case 0..<0x20:
                output += Array(String(format: "\\u%04x", byte).utf8)
            default:
                output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// A recursive-descent reader for trusted, valid JSON (nesting is bounded by the decoder).
    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func value() -> Value? {
            skipWhitespace()
            guard offset < bytes.count else { return nil }
            switch bytes[offset] {
            case UInt8(ascii: "{"):
                offset += 1
                var members: [(String, Value)] = []
                skipWhitespace()
                if peek(UInt8(ascii: "}")) { return .object(members) }
                repeat {
                    skipWhitespace()
                    guard let key = string() else { return nil }
                    skipWhitespace()
                    guard peek(UInt8(ascii: ":")), let member = value() else { return nil }
                    members.append((key, member))
                    skipWhitespace()
                } while peek(UInt8(ascii: ","))
                return peek(UInt8(ascii: "}")) ? .object(members) : nil
            case UInt8(ascii: "["):
                offset += 1
                var elements: [Value] = []
                skipWhitespace()
                if peek(UInt8(ascii: "]")) { return .array(elements) }
                repeat {
                    guard let element = value() else { return nil }
                    elements.append(element)
                    skipWhitespace()
                } while peek(UInt8(ascii: ","))
                return peek(UInt8(ascii: "]")) ? .array(elements) : nil
            case UInt8(ascii: "\""):
                return string().map(Value.string)
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                let start = offset
                while offset < bytes.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[offset]) { offset += 1 }
                return .literal(Array(bytes[start..<offset]))
            default:
                let start = offset
                while offset < bytes.count, "+-.0123456789eE".utf8.contains(bytes[offset]) { offset += 1 }
                return Double(String(decoding: bytes[start..<offset], as: UTF8.self)).map(Value.number)
            }
        }

        /// A string at `offset` (its opening quote), unescaped.
        private mutating func string() -> String? {
            guard peek(UInt8(ascii: "\"")) else { return nil }
            var scalars = String.UnicodeScalarView()
            var pendingHigh: UInt32?
            var raw: [UInt8] = []
            func flushRaw() {
                scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
                raw.removeAll()
            }
            while offset < bytes.count {
                let byte = bytes[offset]
                offset += 1
                if byte == UInt8(ascii: "\"") {
                    flushRaw()
                    return String(scalars)
                }
                guard byte == UInt8(ascii: "\\"), offset < bytes.count else {
                    raw.append(byte)
                    continue
                }
                flushRaw()
                let escaped = bytes[offset]
                offset += 1
                switch escaped {
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "u"):
                    guard offset + 4 <= bytes.count,
                          let code = UInt32(String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self), radix: 16) else {
                        return nil
                    }
                    offset += 4
                    if (0xD800...0xDBFF).contains(code) {
                        pendingHigh = code
                    } else if let high = pendingHigh, (0xDC00...0xDFFF).contains(code) {
                        scalars.append(Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00)) ?? "\u{FFFD}")
                        pendingHigh = nil
                    } else {
                        scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                    }
                default: scalars.append(Unicode.Scalar(escaped))
                }
            }
            return nil
        }

        private mutating func skipWhitespace() {
            while offset < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[offset]) { offset += 1 }
        }

        /// Consumes `byte` when it is next.
        private mutating func peek(_ byte: UInt8) -> Bool {
            guard offset < bytes.count, bytes[offset] == byte else { return false }
            offset += 1
            return true
        }
    }
}

// MARK: - SHA256

/// SHA-256 (FIPS 180-4), small and dependency-free: the toolkit has no package dependencies
/// and Foundation on Linux has no CryptoKit.
enum SHA256 {
    static func hex(of bytes: [UInt8]) -> String {
        digest(of: bytes).map { byte in
            let text = String(byte, radix: 16)
            return text.count == 1 ? "0" + text : text
        }.joined()
    }

    static func digest(of bytes: [UInt8]) -> [UInt8] {
        var hash: [UInt32] = [
            0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
        ]
        var message = bytes
        let bitLength = UInt64(bytes.count) * 8
        message.append(0x80)
        while message.count % 64 != 56 { message.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { message.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }

        var words = [UInt32](repeating: 0, count: 64)
        for chunk in stride(from: 0, to: message.count, by: 64) {
            for index in 0..<16 {
                let base = chunk + index * 4
                words[index] = UInt32(message[base]) << 24 | UInt32(message[base + 1]) << 16
                    | UInt32(message[base + 2]) << 8 | UInt32(message[base + 3])
            }
            for index in 16..<64 {
                let s0 = rotate(words[index - 15], 7) ^ rotate(words[index - 15], 18) ^ (words[index - 15] >> 3)
                let s1 = rotate(words[index - 2], 17) ^ rotate(words[index - 2], 19) ^ (words[index - 2] >> 10)
                words[index] = words[index - 16] &+ s0 &+ words[index - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, h) = (hash[0], hash[1], hash[2], hash[3], hash[4], hash[5], hash[6], hash[7])
            for index in 0..<64 {
                let s1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
                let choice = (e & f) ^ (~e & g)
                let temp1 = h &+ s1 &+ choice &+ roundConstants[index] &+ words[index]
                let s0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
                let majority = (a & b) ^ (a & c) ^ (b & c)
                let temp2 = s0 &+ majority
                (h, g, f, e, d, c, b, a) = (g, f, e, d &+ temp1, c, b, a, temp1 &+ temp2)
            }
            for (index, value) in [a, b, c, d, e, f, g, h].enumerated() { hash[index] = hash[index] &+ value }
        }
        return hash.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32(24 - $0 * 8)) } }
    }

    private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value >> count) | (value << (32 - count))
    }

    private static let roundConstants: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]
}
