// MARK: - Numbers
//
// A number is read in one pass that checks the RFC 8259 grammar and collects up to 19
// significant decimal digits into a `UInt64` and a power of ten. Then:
//
// - When no non-zero digit was dropped, the digits are at most 2^53 (exact as a `Double`)
//   and the power is within ±22 (10^22 is the largest power of ten exact as a `Double`), the
//   value is one multiplication or division of two exact doubles, which IEEE 754 rounds
//   correctly (Clinger's fast path). Lottie files are almost all such numbers: `0.833`,
//   `-25.0624732971191`, `100`.
// - Otherwise the text goes to `Double(_: String)`, which rounds correctly (it is the C
//   library's `strtod` in the C locale, the routine `JSONDecoder` uses).
//
// `JSONDecoder` refuses a number that becomes infinite or that underflows to zero although
// it has a non-zero digit (`1e400`, `1e-400`); `readNumber` returns nil for those.

extension JSONReader {
    /// 10^0 ... 10^22, all exact as doubles.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Reads the number at the cursor (the caller has seen `-` or a digit). Returns nil when
    /// `JSONDecoder` would not read it as a `Double`; a malformed number is a syntax error.
    @inline(__always)
    mutating func readNumber() throws(DecodeFailure) -> Double? {
        let start = offset
        var position = start
        let isNegative = base[position] == .minus
        if isNegative { position += 1 }

        var significand: UInt64 = 0
        var digitCount = 0  // digits in `significand`, from its first non-zero one
        var exponent = 0  // of ten, for the digits in `significand`
        var isExact = true  // no non-zero digit was left out

        var byte = base[position]
        if byte == .digit0 {
            position += 1
            byte = base[position]
            if byte.isDigit { throw DecodeFailure(.syntax, at: start) }  // leading zero
        } else if byte.isDigit {
            repeat {
                if digitCount < 19 {
                    significand = significand &* 10 &+ UInt64(byte &- .digit0)
                    digitCount += 1
                } else {
                    exponent += 1
                    if byte != .digit0 { isExact = false }
                }
                position += 1
                byte = base[position]
            } while byte.isDigit
        } else {
            throw DecodeFailure(.syntax, at: start)
        }

        if byte == .period {
            position += 1
            byte = base[position]
            guard byte.isDigit else { throw DecodeFailure(.syntax, at: start) }
            repeat {
                if significand == 0 && byte == .digit0 {
                    exponent -= 1  // a leading zero of the fraction
                } else if digitCount < 19 {
                    significand = significand &* 10 &+ UInt64(byte &- .digit0)
                    digitCount += 1
                    exponent -= 1
                } else if byte != .digit0 {
                    isExact = false
                }
                position += 1
                byte = base[position]
            } while byte.isDigit
        }

        if byte | 0x20 == .e {
            position += 1
            byte = base[position]
            var isNegativeExponent = false
            if byte == .plus || byte == .minus {
                isNegativeExponent = byte == .minus
                position += 1
                byte = base[position]
            }
            guard byte.isDigit else { throw DecodeFailure(.syntax, at: start) }
            var written = 0
            repeat {
                if written < 100_000 { written = written * 10 + Int(byte &- .digit0) }
                position += 1
                byte = base[position]
            } while byte.isDigit
            exponent += isNegativeExponent ? -written : written
        }
        offset = position

        if significand == 0 {
            return isNegative ? -0.0 : 0.0
        }
        if isExact, significand <= 1 << 53, exponent >= -22, exponent <= 22 {
            let value = exponent >= 0
                ? Double(significand) * Self.powersOfTen[exponent]
                : Double(significand) / Self.powersOfTen[-exponent]
            return isNegative ? -value : value
        }
        return Self.parseSlowly(UnsafeBufferPointer(start: base + start, count: position - start))
    }

    /// A number the fast path cannot round exactly, read by the C library, with `JSONDecoder`'s
    /// rule for out-of-range values. `text` has at least one non-zero digit.
    @inline(never)
    static func parseSlowly(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite, value != 0 else {
            return nil
        }
        return value
    }

    /// Reads past the number at the cursor, checking its grammar only.
    mutating func skipNumber() throws(DecodeFailure) {
        let start = offset
        var position = start
        if base[position] == .minus { position += 1 }
        var byte = base[position]
        if byte == .digit0 {
            position += 1
            byte = base[position]
            if byte.isDigit { throw DecodeFailure(.syntax, at: start) }
        } else if byte.isDigit {
            repeat {
                position += 1
                byte = base[position]
            } while byte.isDigit
        } else {
            throw DecodeFailure(.syntax, at: start)
        }
        if byte == .period {
            position += 1
            byte = base[position]
            guard byte.isDigit else { throw DecodeFailure(.syntax, at: start) }
            repeat {
                position += 1
                byte = base[position]
            } while byte.isDigit
        }
        if byte | 0x20 == .e {
            position += 1
            byte = base[position]
            if byte == .plus || byte == .minus {
                position += 1
                byte = base[position]
            }
            guard byte.isDigit else { throw DecodeFailure(.syntax, at: start) }
            repeat {
                position += 1
                byte = base[position]
            } while byte.isDigit
        }
        offset = position
    }
}
