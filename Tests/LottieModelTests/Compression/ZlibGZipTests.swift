import XCTest
import LottieModel

// MARK: - ZlibGZipTests

/// The zlib (RFC 1950) and gzip (RFC 1952) wrappers: headers, checksums, members.
final class ZlibGZipTests: XCTestCase {

    // MARK: Helpers

    private func zlibError(_ data: [UInt8]) -> CompressionError? {
        do {
            _ = try Zlib.decompress(data)
            return nil
        } catch {
            return error
        }
    }

    private func gzipError(_ data: [UInt8]) -> CompressionError? {
        do {
            _ = try GZip.decompress(data)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Zlib

    func testZlibOfSingleLiteralFromPython() throws {
        // Python: list(zlib.compress(b"a")) — header 78 9C, fixed block 4B 04 00, Adler-32 00 62 00 62.
        XCTAssertEqual(try Zlib.decompress([0x78, 0x9C, 0x4B, 0x04, 0x00, 0x00, 0x62, 0x00, 0x62]), [0x61])
    }

    func testZlibDynamicStreamFromPython() throws {
        XCTAssertEqual(try Zlib.decompress(InflateTests.pythonDynamicZlib), InflateTests.pythonDynamicText)
    }

    func testZlibCorruptedChecksumIsNamed() {
        var stream = InflateTests.pythonDynamicZlib
        stream[stream.count - 1] ^= 0x01
        let error = zlibError(stream)
        guard case .checksumMismatch(.adler32, let expected, let actual)? = error?.kind else {
            return XCTFail("expected an Adler-32 mismatch, got \(String(describing: error))")
        }
        XCTAssertEqual(expected ^ actual, 1)
        XCTAssertEqual(error?.offset, stream.count - 4)
        XCTAssertTrue(error!.description.contains("Adler-32 mismatch"), error!.description)
    }

    func testZlibBadHeaders() {
        guard case .badHeader(let method)? = zlibError([0x79, 0x9C, 0x03, 0x00])?.kind else {
            return XCTFail("CM 9 must be rejected")
        }
        XCTAssertTrue(method.contains("compression method 9"), method)
        guard case .badHeader(let check)? = zlibError([0x78, 0x9D, 0x03, 0x00])?.kind else {
            return XCTFail("a bad FCHECK must be rejected")
        }
        XCTAssertTrue(check.contains("FCHECK"), check)
        guard case .badHeader(let dictionary)? = zlibError([0x78, 0xBB, 0, 0, 0, 1, 0x03, 0x00])?.kind else {
            return XCTFail("FDICT must be rejected")
        }
        XCTAssertTrue(dictionary.contains("FDICT"), dictionary)
        XCTAssertEqual(zlibError([0x78])?.kind, .truncated(needed: "the zlib header"))
    }

    func testZlibTruncatedChecksum() {
        let stream = Array(InflateTests.pythonDynamicZlib.dropLast(2))
        XCTAssertEqual(zlibError(stream)?.kind, .truncated(needed: "the Adler-32 checksum"))
    }

    func testZlibRoundTripAllLevels() throws {
        let text = Array(String(repeating: "Zlib wraps deflate with a header and an Adler-32. ", count: 50).utf8)
        for level in 0...9 {
            let stream = Zlib.compress(text, level: Deflate.Level(level))
            XCTAssertEqual((UInt16(stream[0]) << 8 | UInt16(stream[1])) % 31, 0)
            XCTAssertEqual(try Zlib.decompress(stream), text, "level \(level)")
        }
    }

    // MARK: GZip

    /// Python: `gzip.GzipFile(filename="sticker.json", mode="wb", fileobj=buf, mtime=1700000000)` writing
    /// `{"v":"5.7.4","fr":60,"ip":0,"op":180,"w":512,"h":512,"layers":[]}` — FLG = 08 (FNAME).
    static let pythonGzipWithName: [UInt8] = [
        31, 139, 8, 8, 0, 241, 83, 101, 2, 255, 115, 116, 105, 99, 107, 101, 114, 46, 106, 115, 111, 110, 0, 171,
        86, 42, 83, 178, 82, 50, 213, 51, 215, 51, 81, 210, 81, 74, 43, 82, 178, 50, 51, 208, 81, 202, 44, 80,
        178, 2, 82, 249, 64, 202, 208, 2, 200, 40, 87, 178, 50, 53, 52, 210, 81, 202, 128, 210, 57, 137, 149,
        169, 69, 197, 74, 86, 209, 177, 181, 0, 188, 208, 22, 19, 65, 0, 0, 0,
    ]

    func testGzipFromPythonWithFileName() throws {
        let members = try GZip.members(ZlibGZipTests.pythonGzipWithName)
        XCTAssertEqual(members.count, 1)
        XCTAssertEqual(members[0].header.fileName, "sticker.json")
        XCTAssertEqual(members[0].header.modificationTime, 1_700_000_000)
        XCTAssertNil(members[0].header.comment)
        XCTAssertEqual(String(decoding: members[0].data, as: UTF8.self),
                       #"{"v":"5.7.4","fr":60,"ip":0,"op":180,"w":512,"h":512,"layers":[]}"#)
    }

    func testGzipTwoMembersConcatenated() throws {
        // Python: gzip.compress(b"first member, ", mtime=0) + gzip.compress(b"second member", mtime=0).
        let stream: [UInt8] = [
            31, 139, 8, 0, 0, 0, 0, 0, 2, 3, 75, 203, 44, 42, 46, 81, 200, 77, 205, 77, 74, 45, 210, 81, 0, 0, 222,
            255, 10, 98, 14, 0, 0, 0, 31, 139, 8, 0, 0, 0, 0, 0, 2, 3, 43, 78, 77, 206, 207, 75, 81, 200, 77, 205,
            77, 74, 45, 2, 0, 36, 116, 250, 159, 13, 0, 0, 0,
        ]
        XCTAssertEqual(String(decoding: try GZip.decompress(stream), as: UTF8.self), "first member, second member")
        XCTAssertEqual(try GZip.members(stream).count, 2)
        // Zero padding after the last member is accepted, other bytes are not.
        XCTAssertEqual(try GZip.decompress(stream + [0, 0, 0]).count, 27)
        XCTAssertEqual(gzipError(stream + [0x42])?.kind, .truncated(needed: "the gzip header"))
        XCTAssertEqual(gzipError(stream + Array(repeating: 0x42, count: 12))?.kind,
                       .badHeader("missing gzip magic bytes 1F 8B"))
    }

    func testGzipCorruptedCRCAndSize() {
        var stream = ZlibGZipTests.pythonGzipWithName
        stream[stream.count - 8] ^= 0xFF
        let crcError = gzipError(stream)
        guard case .checksumMismatch(.crc32, _, _)? = crcError?.kind else {
            return XCTFail("expected a CRC-32 mismatch, got \(String(describing: crcError))")
        }
        XCTAssertTrue(crcError!.description.contains("CRC-32 mismatch"), crcError!.description)

        stream = ZlibGZipTests.pythonGzipWithName
        stream[stream.count - 4] ^= 0x01
        guard case .checksumMismatch(.uncompressedSize, let expected, let actual)? = gzipError(stream)?.kind else {
            return XCTFail("expected an ISIZE mismatch")
        }
        XCTAssertEqual(actual, 65)
        XCTAssertEqual(expected, 64)
    }

    func testGzipOptionalFieldsAndHeaderCRC() throws {
        // Header with FEXTRA, FNAME, FCOMMENT and FHCRC, built here, followed by a stored deflate block.
        var header: [UInt8] = [0x1F, 0x8B, 8, 0x04 | 0x08 | 0x10 | 0x02, 0, 0, 0, 0, 0, 3]
        header += [3, 0, 0xAA, 0xBB, 0xCC]  // XLEN 3 + bytes
        header += Array("name.json".utf8) + [0]
        header += Array("caf\u{E9}".unicodeScalars.map { UInt8($0.value) }) + [0]  // Latin-1 é
        let headerCRC = CRC32.checksum(header) & 0xFFFF
        header += [UInt8(headerCRC & 0xFF), UInt8(headerCRC >> 8)]
        let body: [UInt8] = [0x01, 0x02, 0x00, 0xFD, 0xFF, 0x68, 0x69]  // stored "hi"
        let crc = CRC32.checksum(Array("hi".utf8))
        let trailer: [UInt8] = [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: crc >> $0) } + [2, 0, 0, 0]
        let members = try GZip.members(header + body + trailer)
        XCTAssertEqual(members[0].header.extra, [0xAA, 0xBB, 0xCC])
        XCTAssertEqual(members[0].header.fileName, "name.json")
        XCTAssertEqual(members[0].header.comment, "café")
        XCTAssertEqual(members[0].data, Array("hi".utf8))

        var broken = header + body + trailer
        broken[header.count - 1] ^= 0x10
        guard case .checksumMismatch(.headerCRC16, _, _)? = gzipError(broken)?.kind else {
            return XCTFail("expected a header CRC mismatch")
        }
    }

    func testGzipRejectsReservedFlagsAndBadMagic() {
        var stream = ZlibGZipTests.pythonGzipWithName
        stream[3] |= 0x80
        guard case .badHeader(let reason)? = gzipError(stream)?.kind else { return XCTFail("reserved flags") }
        XCTAssertTrue(reason.contains("reserved"), reason)
        XCTAssertEqual(gzipError([0x1F, 0x8C, 8, 0, 0, 0, 0, 0, 0, 3])?.kind, .badHeader("missing gzip magic bytes 1F 8B"))
    }

    func testGzipRoundTripWithFileName() throws {
        let json = Array(#"{"tgs":1,"v":"5.5.2","fr":60,"ip":0,"op":180,"w":512,"h":512,"layers":[]}"#.utf8)
        let stream = GZip.compress(json, fileName: "AnimatedSticker.tgs", modificationTime: 42)
        let members = try GZip.members(stream)
        XCTAssertEqual(members.count, 1)
        XCTAssertEqual(members[0].data, json)
        XCTAssertEqual(members[0].header.fileName, "AnimatedSticker.tgs")
        XCTAssertEqual(members[0].header.modificationTime, 42)
        XCTAssertEqual(try GZip.decompress(GZip.compress([])), [])
    }
}
