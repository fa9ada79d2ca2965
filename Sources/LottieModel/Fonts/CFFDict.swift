// MARK: - CFFDict

/// A CFF DICT (Top, Private or Font DICT): operands, then the operator they belong to. Keys are
/// the operator (0 to 21) or 1200 plus the second byte of a two-byte (12 x) operator.
struct CFFDict: Sendable {
    private var entries: [Int: [Double]] = [:]

    init(_ bytes: FontBytes) throws(FontError) {
        var operands: [Double] = []
        var at = 0
        while at < bytes.count {
            let b0 = try bytes.u8(at)
            switch b0 {
            case 0...21:
                var key = b0
                if b0 == 12 {
                    key = 1200 + (try bytes.u8(at + 1))
                    at += 1
                }
                at += 1
                entries[key] = operands
                operands = []
                continue
            case 28:
                operands.append(Double(try bytes.i16(at + 1)))
                at += 3
            case 29:
                operands.append(Double(try bytes.i32(at + 1)))
                at += 5
            case 30:
                let (value, length) = try Self.real(bytes, at + 1)
                operands.append(value)
                at += 1 + length
            case 32...246:
                operands.append(Double(b0 - 139))
                at += 1
            case 247...250:
                operands.append(Double((b0 - 247) * 256 + (try bytes.u8(at + 1)) + 108))
                at += 2
            case 251...254:
                operands.append(Double(-(b0 - 251) * 256 - (try bytes.u8(at + 1)) - 108))
                at += 2
            default:
                throw bytes.error("DICT byte \(b0) at byte \(digitsGrouped(at)) is reserved")
            }
            guard operands.count <= 48 else { throw bytes.error("a DICT entry has more than 48 operands") }
        }
    }

    /// A real number: nibbles (digits, point, exponent, minus) up to an 0xF nibble.
    private static func real(_ bytes: FontBytes, _ start: Int) throws(FontError) -> (Double, Int) {
        var text = ""
        var at = start
        while true {
            let byte = try bytes.u8(at)
            at += 1
            for nibble in [byte >> 4, byte & 0xF] {
                switch nibble {
                case 0...9: text.append(Character(Unicode.Scalar(UInt8(48 + nibble))))
                case 0xA: text.append(".")
                case 0xB: text.append("E")
                case 0xC: text.append("E-")
                case 0xE: text.append("-")
                case 0xF: return (Double(text) ?? 0, at - start)
                default: break
                }
            }
        }
    }

    /// The operands of `key`, nil when the DICT does not have it.
    subscript(key: Int) -> [Double]? { entries[key] }

    /// Operand `index` of `key` as a non-negative offset or size; nil when absent or not one.
    func offset(_ key: Int, _ index: Int = 0) -> Int? {
        guard let values = entries[key], index < values.count else { return nil }
        let value = values[index]
        guard value.isFinite, value >= 0, value < 2_147_483_648 else { return nil }
        return Int(value)
    }
}
