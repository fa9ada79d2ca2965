// MARK: - JSON text of a JSONValue

extension JSONValue {
    /// The value as compact JSON text in UTF-8: numbers in their shortest form that reads back
    /// as the same `Double` (whole numbers without a fraction), strings with `"`, `\` and the
    /// control characters escaped. Nil when a number is not finite (JSON has no such number).
    public func jsonBytes() -> [UInt8]? {
        var bytes: [UInt8] = []
        return write(into: &bytes) ? bytes : nil
    }

    private func write(into bytes: inout [UInt8]) -> Bool {
        // An explicit stack, so that nesting as deep as a file may have costs no recursion.
        var pending: [Piece] = [.value(self)]
        while let piece = pending.popLast() {
            switch piece {
            case .byte(let byte):
                bytes.append(byte)
            case .value(let value):
                switch value {
                case .null: bytes.append(contentsOf: "null".utf8)
                case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
                case .number(let number):
                    guard number.isFinite else { return false }
                    bytes.append(contentsOf: Self.text(of: number).utf8)
                case .string(let string): Self.write(string, into: &bytes)
                case .array(let elements):
                    bytes.append(UInt8(ascii: "["))
                    pending.append(.byte(UInt8(ascii: "]")))
                    for (index, element) in elements.enumerated().reversed() {
                        pending.append(.value(element))
                        if index > 0 { pending.append(.byte(UInt8(ascii: ","))) }
                    }
                case .object(let members):
                    bytes.append(UInt8(ascii: "{"))
                    pending.append(.byte(UInt8(ascii: "}")))
                    for (index, (key, member)) in members.sorted(by: { $0.key < $1.key }).enumerated().reversed() {
                        pending.append(.value(member))
                        pending.append(.key(key))
                        if index > 0 { pending.append(.byte(UInt8(ascii: ","))) }
                    }
                }
            case .key(let key):
                Self.write(key, into: &bytes)
                bytes.append(UInt8(ascii: ":"))
            }
        }
        return true
    }

    private enum Piece {
        case value(JSONValue)
        case key(String)
        case byte(UInt8)
    }

    /// "100", "0.5", "1e-07", "1.5e+20": Swift's shortest round-trip form, which is JSON.
    private static func text(of number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return "\(number)"
    }

    private static func write(_ string: String, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 15)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
