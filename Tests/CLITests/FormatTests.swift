import XCTest
@testable import lottie_cli

/// How numbers print in every command's output.
final class FormatTests: XCTestCase {
    func testNumbers() {
        XCTAssertEqual(Format.number(60), "60")
        XCTAssertEqual(Format.number(29.97), "29.97")
        XCTAssertEqual(Format.number(1.0 / 3), "0.333")
        XCTAssertEqual(Format.number(-0.5), "-0.5")
        XCTAssertEqual(Format.number(2.5, maxFractionDigits: 0), "3")
    }

    func testNumbersPastIntsExactRangeHaveNoTrailingPoint() {
        XCTAssertEqual(Format.number(2_000_000_000_000_001), "2000000000000001")
        XCTAssertEqual(Format.number(1e300), "1e+300")
        XCTAssertEqual(Format.number(.infinity), "inf")
        XCTAssertEqual(Format.number(.nan), "nan")
    }
}
