import XCTest
import LottieModel

// MARK: - ChecksumTests

/// CRC-32 and Adler-32 against published check values and a bit-by-bit reference.
final class ChecksumTests: XCTestCase {
    private let nine = Array("123456789".utf8)

    func testCRC32CheckValue() {
        // The standard "check" value of CRC-32/ISO-HDLC.
        XCTAssertEqual(CRC32.checksum(nine), 0xCBF4_3926)
        XCTAssertEqual(CRC32.checksum([UInt8]()), 0)
        // The CRC of PNG's "IEND" chunk type, as every PNG file ends with AE 42 60 82.
        XCTAssertEqual(CRC32.checksum(Array("IEND".utf8)), 0xAE42_6082)
    }

    func testAdler32CheckValues() {
        XCTAssertEqual(Adler32.checksum(nine), 0x091E_01DE)
        XCTAssertEqual(Adler32.checksum(Array("Wikipedia".utf8)), 0x11E6_0398)
        XCTAssertEqual(Adler32.checksum([UInt8]()), 1)
    }

    func testIncrementalUpdatesMatchOneShot() {
        let data = (0..<100_003).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 5) }
        var crc = CRC32()
        var adler = Adler32()
        var start = 0
        for size in [1, 7, 8, 9, 5551, 5552, 5553, 65536] {
            crc.update(data[start..<(start + size)])
            adler.update(data[start..<(start + size)])
            start += size
        }
        crc.update(data[start...])
        adler.update(data[start...])
        XCTAssertEqual(crc.value, CRC32.checksum(data))
        XCTAssertEqual(adler.value, Adler32.checksum(data))
    }

    func testAgainstBitwiseReference() {
        // All-0xFF bytes make Adler-32's deferred modulo work hardest.
        for data in [[UInt8](repeating: 0xFF, count: 20_000), (0..<20_000).map { UInt8(truncatingIfNeeded: $0 * 7) }] {
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in data {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            XCTAssertEqual(CRC32.checksum(data), ~crc)
            var a: UInt32 = 1
            var b: UInt32 = 0
            for byte in data {
                a = (a + UInt32(byte)) % 65521
                b = (b + a) % 65521
            }
            XCTAssertEqual(Adler32.checksum(data), b << 16 | a)
        }
    }
}
