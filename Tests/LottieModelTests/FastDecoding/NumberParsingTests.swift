import Foundation
import XCTest
@testable import LottieModel

/// The fast path's own number parsing rounds exactly like `Double(String)` (the C library's
/// `strtod`, which `JSONDecoder` uses), and refuses what `JSONDecoder` refuses.
final class NumberParsingTests: XCTestCase {
    /// The number `text` read by `JSONReader.readNumber`: a value, nil (out of range), or a
    /// syntax error.
    private func read(_ text: String) -> Result<Double?, DecodeFailure> {
        FastDecoding.withReader(over: Array(text.utf8), maxDepth: 8) { (reader) throws(DecodeFailure) in
            let value = try reader.readNumber()
            guard reader.offset == reader.count else { throw reader.syntaxError() }
            return value
        }
    }

    /// What `JSONDecoder` makes of `text` as a `Double`: nil when it refuses it.
    private func decodedByFoundation(_ text: String) -> Double? {
        try? JSONDecoder().decode([Double].self, from: Data("[\(text)]".utf8)).first
    }

    private func assertSameBits(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        guard case .success(let value) = read(text) else {
            return XCTFail("\(text): not read as a number", file: file, line: line)
        }
        let expected = Double(text)!
        if Self.isInRange(expected, text) {
            XCTAssertEqual(value?.bitPattern, expected.bitPattern, "\(text): \(value.map { "\($0)" } ?? "nil") != \(expected)",
                           file: file, line: line)
        } else {
            XCTAssertNil(value, "\(text) is out of Double's range", file: file, line: line)
        }
    }

    func testTrickyNumbers() {
        let numbers = [
            "0", "-0", "0.0", "-0.0", "1", "-1", "0.1", "0.2", "0.3", "1e-7", "5e-324", "4.9e-324",
            "2.4703282292062328e-324", "1.7976931348623157e308", "1.7976931348623158e308",
            "2.2250738585072011e-308", "2.2250738585072014e-308", "123456789012345678901234567890",
            "9007199254740993", "9007199254740992", "9007199254740991", "18446744073709551615",
            "18446744073709551616", "1e22", "1e23", "9999999999999999", "99999999999999999999",
            "0.30000000000000004", "1.0000000000000002", "7.038531e-26", "-25.0624732971191",
            "0.8333333333333334", "100", "1E5", "1e+5", "1.5E-3", "0.000000000000000000000000000001",
            "1234567.890123456789", "3.141592653589793238462643383279", "1e-22", "1e-23",
            "4503599627370496.5", "4503599627370497.5", "0.0000000000000000000000000000000000000001e40",
            "1e-400", "-1e-400", "1e400", "-1e400", "0e999", "0.0e-999", "1.7976931348623159e308",
        ]
        for text in numbers { assertSameBits(text) }
    }

    func testOutOfRangeNumbersAreRefusedLikeJSONDecoderRefusesThem() {
        for text in ["1e400", "-1e400", "1e-400", "2e-324", "1.7976931348623159e308", "123e-330", "0e999", "5e-324", "-0"] {
            guard case .success(let value) = read(text) else { return XCTFail(text) }
            XCTAssertEqual(value?.bitPattern, decodedByFoundation(text)?.bitPattern, text)
        }
    }

    func testMalformedNumbersAreSyntaxErrors() {
        for text in ["-", "01", "1.", ".5", "1e", "1e+", "--1", "1.e5", "-.5", "0x10"] {
            if case .success = read(text) { XCTFail("\(text) was read as a number") }
        }
    }

    /// 100,000 random decimal strings of every shape: few and many digits, small and huge
    /// exponents, near the ends of the range.
    func testRandomDecimalStringsRoundExactlyLikeStrtod() {
        var generator = SeededGenerator(seed: 0x5EED_1E55)
        var mismatches: [String] = []
        for index in 0..<100_000 {
            let text = Self.randomNumber(&generator, shape: index % 4)
            guard case .success(let value) = read(text) else {
                mismatches.append("\(text): not read")
                continue
            }
            let expected = Double(text)!
            if Self.isInRange(expected, text) ? value?.bitPattern != expected.bitPattern : value != nil {
                mismatches.append("\(text): \(String(describing: value)) != \(expected)")
            }
        }
        XCTAssertEqual(mismatches.prefix(20), [], "\(mismatches.count) of 100000 differ")
    }

    /// A sample of the same strings against `JSONDecoder` itself, refusals included.
    func testRandomDecimalStringsMatchJSONDecoder() {
        var generator = SeededGenerator(seed: 42)
        for index in 0..<2_000 {
            let text = Self.randomNumber(&generator, shape: index % 4)
            guard case .success(let value) = read(text) else { return XCTFail(text) }
            XCTAssertEqual(value?.bitPattern, decodedByFoundation(text)?.bitPattern, text)
        }
    }

    /// Whether `JSONDecoder` accepts `text`, which `strtod` reads as `value`: finite, and not
    /// zero unless every digit of the significand is.
    static func isInRange(_ value: Double, _ text: String) -> Bool {
        let significand = text.prefix { $0 != "e" && $0 != "E" }
        return value.isFinite && (value != 0 || !significand.contains { "123456789".contains($0) })
    }

    /// Shape 0: short Lottie-like numbers; 1: up to 25 digits, exponent within ±30;
    /// 2: exponents near the ends of the range; 3: long fractions.
    static func randomNumber(_ generator: inout SeededGenerator, shape: Int) -> String {
        func digits(_ count: Int) -> String {
            String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
        }
        var text = Bool.random(using: &generator) ? "-" : ""
        let integerDigits: Int
        let fractionDigits: Int
        var exponent: Int?
        switch shape {
        case 0:
            integerDigits = Int.random(in: 1...4, using: &generator)
            fractionDigits = Int.random(in: 0...6, using: &generator)
        case 1:
            integerDigits = Int.random(in: 1...25, using: &generator)
            fractionDigits = Int.random(in: 0...10, using: &generator)
            exponent = Bool.random(using: &generator) ? Int.random(in: -30...30, using: &generator) : nil
        case 2:
            integerDigits = Int.random(in: 1...20, using: &generator)
            fractionDigits = Int.random(in: 0...5, using: &generator)
            exponent = Bool.random(using: &generator)
                ? Int.random(in: 280...330, using: &generator) : Int.random(in: -345 ... -290, using: &generator)
        default:
            integerDigits = 1
            fractionDigits = Int.random(in: 10...40, using: &generator)
            exponent = Int.random(in: -10...10, using: &generator)
        }
        var integer = digits(integerDigits)
        while integer.count > 1 && integer.hasPrefix("0") { integer.removeFirst() }  // no leading zeros
        text += integer
        if fractionDigits > 0 { text += "." + digits(fractionDigits) }
        if let exponent { text += (Bool.random(using: &generator) ? "e" : "E") + String(exponent) }
        return text
    }
}

/// A small deterministic random number generator (SplitMix64), so failures reproduce.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
