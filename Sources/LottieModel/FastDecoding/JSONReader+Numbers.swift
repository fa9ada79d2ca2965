// MARK: - Numbers
//
// A number is read in one pass that checks the RFC 8259 grammar and gathers its decimal
// digits into a `UInt64` (eight at a time when eight digits follow, with the multiply-shift
// steps simdjson uses) and the count of digits after the point. Then:
//
// - When there are at most 19 digits (they fit), the digits make at most 2^53 (exact as a
//   `Double`) and the power of ten is within ±22 (10^22 is the largest power of ten exact as
//   a `Double`), the value is one multiplication or division of two exact doubles, which
//   IEEE 754 rounds correctly (Clinger's fast path). Lottie files are almost all such
//   numbers: `0.833`, `-25.0624732971191`, `100`.
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
        if isNegative { position &+= 1 }

        // All digits go into `significand` (wrapping past 19 digits, when `digitCount` says
        // the slow path must be taken); `exponent` counts the digits after the point.
        var significand: UInt64 = 0
        let integerStart = position
        if base[position] == .digit0 {
            position &+= 1
            if base[position].isDigit { throw DecodeFailure(.syntax, at: start) }  // leading zero
        } else {
            position = readDigits(from: position, into: &significand)
            guard position != integerStart else { throw DecodeFailure(.syntax, at: start) }
        }
        var digitCount = position &- integerStart
        var exponent = 0
        if base[position] == .period {
            let fractionStart = position &+ 1
            position = readDigits(from: fractionStart, into: &significand)
            let fractionDigits = position &- fractionStart
            guard fractionDigits > 0 else { throw DecodeFailure(.syntax, at: start) }
            digitCount &+= fractionDigits
            exponent = -fractionDigits
        }
        if base[position] | 0x20 == .e {
            position &+= 1
            var isNegativeExponent = false
            if base[position] == .plus || base[position] == .minus {
                isNegativeExponent = base[position] == .minus
                position &+= 1
            }
            guard base[position].isDigit else { throw DecodeFailure(.syntax, at: start) }
            var written = 0
            repeat {
                if written < 100_000 { written = written &* 10 &+ Int(base[position] &- .digit0) }
                position &+= 1
            } while base[position].isDigit
            exponent &+= isNegativeExponent ? -written : written
        }
        offset = position

        if digitCount <= 19 {
            if significand == 0 { return isNegative ? -0.0 : 0.0 }
            if significand <= 1 << 53, exponent >= -22, exponent <= 22 {
                let value = exponent >= 0
                    ? Double(significand) * Self.powersOfTen[exponent]
                    : Double(significand) / Self.powersOfTen[-exponent]
                return isNegative ? -value : value
            }
        }
        return Self.parseSlowly(UnsafeBufferPointer(start: base + start, count: position &- start))
    }

    /// Appends the decimal digits from `position` to `significand` (wrapping on overflow),
    /// eight at a time while it can; returns the offset after the last digit.
    @inline(__always)
    private func readDigits(from position: Int, into significand: inout UInt64) -> Int {
        var position = position
        while true {
            let word = load64(at: position)
            // Eight digits: every byte is 0x30...0x39.
            let digits = word &- 0x3030_3030_3030_3030
            guard (digits | (digits &+ 0x0606_0606_0606_0606)) & 0xF0F0_F0F0_F0F0_F0F0 == 0 else { break }
            significand = significand &* 100_000_000 &+ Self.valueOfEightDigits(digits)
            position &+= 8
        }
        while base[position].isDigit {
            significand = significand &* 10 &+ UInt64(base[position] &- .digit0)
            position &+= 1
        }
        return position
    }

    /// The value of eight decimal digits given as bytes 0...9, the first in the low byte.
    @inline(__always)
    private static func valueOfEightDigits(_ digits: UInt64) -> UInt64 {
        // Pairs, then quadruples, then the whole: the multiply-shift steps of simdjson.
        let pairs = (digits &* 10) &+ (digits >> 8)
        let mask: UInt64 = 0x0000_00FF_0000_00FF
        let high = (pairs & mask) &* (100 &+ (1_000_000 << 32))
        let low = ((pairs >> 16) & mask) &* (1 &+ (10_000 << 32))
        return (high &+ low) >> 32
    }

    /// A number the fast path cannot round exactly, read by the C library, with `JSONDecoder`'s
    /// rule for out-of-range values: infinite, or zero although a digit is not.
    @inline(never)
    static func parseSlowly(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite else { return nil }
        if value == 0 {
            let digits = text.prefix { $0 | 0x20 != .e }
            if digits.contains(where: { $0 >= UInt8(ascii: "1") && $0 <= .digit9 }) { return nil }
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
