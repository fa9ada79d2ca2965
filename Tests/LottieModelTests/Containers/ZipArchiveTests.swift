import Foundation
import XCTest
@testable import LottieModel

/// The zip reader on archives written in the test: entry kinds, names, damage, limits.
final class ZipArchiveTests: XCTestCase {
    let json = ContainerFixtures.animation(name: "One")

    // MARK: Entries

    func testStoredAndDeflatedEntriesWithComment() throws {
        var fixture = ZipFixture([.init("stored.json", json, method: 0), .init("deflated.json", json)])
        fixture.comment = Array("made in a test".utf8)
        let archive = try ZipArchive(fixture.build())
        XCTAssertEqual(archive.entries.map(\.path), ["stored.json", "deflated.json"])
        XCTAssertEqual(archive.entries.map(\.method), [0, 8])
        XCTAssertEqual(archive.comment, "made in a test")
        XCTAssertEqual(archive.warnings, [])
        XCTAssertEqual(try archive.contents(of: "stored.json"), Array(json.utf8))
        XCTAssertEqual(try archive.contents(of: "./x/../deflated.json"), Array(json.utf8))
        XCTAssertLessThan(archive.entries[1].compressedSize, archive.entries[1].uncompressedSize)
    }

    func testFixedDynamicAndStoredDeflateBlocks() throws {
        let short = Array("{\"a\":1}".utf8)
        let long = Array(String(repeating: json, count: 20).utf8)
        var stored = ZipFixture.Entry("stored-block.json", long)
        stored.level = .none
        let fixture = ZipFixture([.init("fixed.json", short), .init("dynamic.json", long), stored])
        // BTYPE is bits 1-2 of the first byte of a deflate stream.
        let blockTypes = fixture.entries.map { (Deflate.compress($0.data, level: $0.level)[0] >> 1) & 3 }
        XCTAssertEqual(blockTypes, [1, 2, 0])
        let archive = try ZipArchive(fixture.build())
        XCTAssertEqual(try archive.contents(of: "fixed.json"), short)
        XCTAssertEqual(try archive.contents(of: "dynamic.json"), long)
        XCTAssertEqual(try archive.contents(of: "stored-block.json"), long)
    }

    func testDataDescriptorsAreRead() throws {
        var entry = ZipFixture.Entry("streamed.json", json)
        entry.dataDescriptor = true
        var stored = ZipFixture.Entry("streamed-stored.json", json, method: 0)
        stored.dataDescriptor = true
        let archive = try ZipArchive(ZipFixture([entry, stored, .init("after.json", "{}")]).build())
        XCTAssertEqual(archive.entries.map(\.hasDataDescriptor), [true, true, false])
        XCTAssertEqual(try archive.contents(of: "streamed.json"), Array(json.utf8))
        XCTAssertEqual(try archive.contents(of: "streamed-stored.json"), Array(json.utf8))
        XCTAssertEqual(try archive.contents(of: "after.json"), Array("{}".utf8))
    }

    func testZIP64RecordsAndExtraFields() throws {
        var streamed = ZipFixture.Entry("b.json", json)
        streamed.dataDescriptor = true
        var fixture = ZipFixture([.init("a.json", json), streamed])
        fixture.zip64 = true
        let archive = try ZipArchive(fixture.build())
        XCTAssertTrue(archive.isZIP64)
        XCTAssertEqual(archive.entries.map(\.usesZIP64), [true, true])
        XCTAssertEqual(archive.entries[1].uncompressedSize, json.utf8.count)
        XCTAssertEqual(try archive.contents(of: "a.json"), Array(json.utf8))
        XCTAssertEqual(try archive.contents(of: "b.json"), Array(json.utf8))
    }

    func testEmptyArchiveAndDirectories() throws {
        XCTAssertEqual(try ZipArchive(ZipFixture([]).build()).entries, [])
        let archive = try ZipArchive(ZipFixture([.init("images/", [UInt8](), method: 0), .init("images/a.png", [1, 2, 3])]).build())
        XCTAssertEqual(archive.entries.map(\.isDirectory), [true, false])
        XCTAssertEqual(archive.entries.map(\.path), ["images", "images/a.png"])
        XCTAssertEqual(try archive.contents(of: archive.entries[0]), [])
    }

    // MARK: Names

    func testNamesAreDecodedAndNormalised() throws {
        var cp437 = ZipFixture.Entry("x", "1")
        cp437.name = Array("caf".utf8) + [0x82] + Array(".json".utf8)  // 0x82 is é in CP437
        cp437.utf8Flag = false
        var withoutFlag = ZipFixture.Entry("naïve.json", "2")
        withoutFlag.utf8Flag = false
        var unicodePath = ZipFixture.Entry("old-name.json", "3")
        let newName = Array("日本.json".utf8)
        unicodePath.centralExtra = le16(0x7075) + le16(5 + newName.count) + [1]
            + le32(CRC32.checksum(Array("old-name.json".utf8))) + newName
        let archive = try ZipArchive(ZipFixture([
            cp437, withoutFlag, unicodePath, .init("../../etc/evil.json", "4"), .init("C:\\dir\\win.json", "5"),
            .init("/abs/./x//y.json", "6"),
        ]).build())
        XCTAssertEqual(archive.entries.map(\.path), ["café.json", "naïve.json", "日本.json", "etc/evil.json", "dir/win.json", "abs/x/y.json"])
        XCTAssertEqual(archive.entries.map(\.nameEncoding), [.cp437, .utf8WithoutFlag, .unicodePathField, .utf8, .utf8, .utf8])
        XCTAssertEqual(archive.entries.map(\.hadUnsafeName), [false, false, false, true, true, true])
        XCTAssertEqual(archive.entries[3].rawName, "../../etc/evil.json")
        XCTAssertEqual(try archive.contents(of: "etc/evil.json"), Array("4".utf8))
        XCTAssertTrue(archive.warnings.contains { $0.message.contains("made relative") })
        XCTAssertEqual([0x80, 0xB0, 0xE1, 0xFF].map(ZipEntryName.cp437), ["Ç", "░", "ß", "\u{00A0}"])
    }

    // MARK: Damage

    func testCorruptCRCNamesTheEntry() throws {
        var entry = ZipFixture.Entry("a.json", json)
        entry.crc = 0xDEAD_BEEF
        let archive = try ZipArchive(ZipFixture([entry]).build())
        XCTAssertThrowsError(try archive.contents(of: "a.json")) { error in
            let error = error as! ContainerError
            XCTAssertEqual(error.entry, "a.json")
            XCTAssertEqual(error.kind, .checksumMismatch(expected: 0xDEAD_BEEF, actual: CRC32.checksum(Array(json.utf8))))
            XCTAssertTrue(error.description.hasPrefix("entry 'a.json': CRC-32 mismatch: stored 0xdeadbeef, computed 0x"), error.description)
        }
    }

    func testCorruptDeflateDataIsACompressionError() throws {
        let fixture = ZipFixture([.init("a.json", String(repeating: json, count: 5))])
        var bytes = fixture.build()
        let start = fixture.layout().dataOffsets[0]
        for offset in (start + 2)..<(start + 12) { bytes[offset] ^= 0xA5 }
        let archive = try ZipArchive(bytes)
        XCTAssertThrowsError(try archive.contents(of: "a.json")) { error in
            let error = error as! ContainerError
            XCTAssertEqual(error.entry, "a.json")
            switch error.kind {
            case .compression, .checksumMismatch, .sizeMismatch, .corrupt: break
            default: XCTFail("unexpected \(error)")
            }
        }
    }

    func testTruncatedArchives() throws {
        let bytes = ZipFixture([.init("a.json", json), .init("b.json", json)]).build()
        // Cut inside the end record: there is no end record any more.
        XCTAssertThrowsError(try ZipArchive(Array(bytes.dropLast(5)))) { error in
            guard case .notAZipArchive = (error as! ContainerError).kind else { return XCTFail("\(error)") }
            XCTAssertTrue("\(error)".contains("no end of central directory record"), "\(error)")
        }
        // Only the end record survives.
        XCTAssertThrowsError(try ZipArchive(Array(bytes.suffix(22)))) { error in
            guard case .truncated = (error as! ContainerError).kind else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try ZipArchive([0x50, 0x4B, 3, 4])) { error in
            XCTAssertEqual("\(error)", "not a zip archive: the file is only 4 bytes, shorter than an end of central directory record (22)")
        }
        // Data that runs past the end of the file.
        var long = ZipFixture.Entry("a.json", json)
        long.declaredCompressedSize = 1_000_000
        let archive = try ZipArchive(ZipFixture([long]).build())
        XCTAssertThrowsError(try archive.contents(of: "a.json")) { error in
            guard case .truncated(let needed) = (error as! ContainerError).kind else { return XCTFail("\(error)") }
            XCTAssertTrue(needed.hasPrefix("1000000 bytes of data, only "), needed)
        }
    }

    func testBytesMissingBeforeTheDirectoryAreWorkedAround() throws {
        let fixture = ZipFixture([.init("a.json", json, method: 0), .init("b.json", json), .init("c.json", json, method: 0)])
        var bytes = fixture.build()
        bytes.remove(at: fixture.layout().dataOffsets[0] + 10)  // as a CR LF -> LF conversion does
        let archive = try ZipArchive(bytes)
        XCTAssertEqual(archive.warnings.count, 1)
        XCTAssertTrue(archive.warnings[0].message.hasPrefix("1 byte is missing before the central directory"), archive.warnings[0].message)
        XCTAssertThrowsError(try archive.contents(of: "a.json"))
        XCTAssertEqual(try archive.contents(of: "b.json"), Array(json.utf8))
        XCTAssertEqual(try archive.contents(of: "c.json"), Array(json.utf8))
    }

    func testPrefixedArchiveIsReadWithCorrectedOffsets() throws {
        var fixture = ZipFixture([.init("a.json", json)])
        fixture.prefix = Array(repeating: 0x90, count: 100)
        let archive = try ZipArchive(fixture.build())
        XCTAssertEqual(archive.warnings.map(\.message), ["100 bytes precede the archive (a self-extracting stub or a prefix); offsets were corrected"])
        XCTAssertEqual(try archive.contents(of: "a.json"), Array(json.utf8))
    }

    func testUnsupportedMethodAndEncryption() throws {
        var encrypted = ZipFixture.Entry("secret.json", json)
        encrypted.extraFlags = 1
        let archive = try ZipArchive(ZipFixture([.init("b.json", json, method: 12), encrypted]).build())
        XCTAssertThrowsError(try archive.contents(of: "b.json")) { error in
            XCTAssertEqual(error as? ContainerError, ContainerError(.unsupportedMethod(12), entry: "b.json"))
            XCTAssertEqual("\(error)", "entry 'b.json': compression method 12 (bzip2) is not supported; only stored (0) and deflate (8) are")
        }
        XCTAssertThrowsError(try archive.contents(of: "secret.json")) { error in
            XCTAssertEqual(error as? ContainerError, ContainerError(.encrypted, entry: "secret.json"))
        }
        XCTAssertThrowsError(try archive.contents(of: "missing.json")) { error in
            XCTAssertEqual("\(error)", "no entry 'missing.json' in the archive")
        }
    }

    // MARK: Limits

    func testBombOverTheRatioLimit() throws {
        let zeros = [UInt8](repeating: 0, count: 4 << 20)
        let archive = try ZipArchive(ZipFixture([.init("zeros.bin", zeros)]).build(),
                                     limits: ArchiveLimits(entry: DecompressionLimits(maxRatio: 100)))
        XCTAssertThrowsError(try archive.contents(of: "zeros.bin")) { error in
            guard case .ratioTooHigh(let compressed, 4_194_304, 100) = (error as! ContainerError).kind else {
                return XCTFail("\(error)")
            }
            XCTAssertLessThan(compressed, 10_000)
        }
    }

    func testBombOverTheTotalEntryAndCountLimits() throws {
        let zeros = [UInt8](repeating: 0, count: 1 << 20)
        let bytes = ZipFixture([.init("a.bin", zeros), .init("b.bin", zeros), .init("c.bin", zeros)]).build()
        XCTAssertThrowsError(try ZipArchive(bytes, limits: ArchiveLimits(maxTotalBytes: 2 << 20))) { error in
            XCTAssertEqual((error as! ContainerError).kind, .totalTooLarge(size: 3 << 20, limit: 2 << 20))
        }
        XCTAssertThrowsError(try ZipArchive(bytes, limits: ArchiveLimits(maxEntries: 2))) { error in
            XCTAssertEqual((error as! ContainerError).kind, .tooManyEntries(count: 3, limit: 2))
        }
        let archive = try ZipArchive(bytes, limits: ArchiveLimits(entry: DecompressionLimits(maxOutputBytes: 1000)))
        XCTAssertThrowsError(try archive.contents(of: "a.bin")) { error in
            XCTAssertEqual((error as! ContainerError).kind, .entryTooLarge(size: 1 << 20, limit: 1000))
        }
    }

    func testALyingSizeCannotMakeAnEntryExpandFurther() throws {
        var entry = ZipFixture.Entry("a.bin", [UInt8](repeating: 7, count: 100_000))
        entry.declaredSize = 1000
        let archive = try ZipArchive(ZipFixture([entry]).build())
        XCTAssertThrowsError(try archive.contents(of: "a.bin")) { error in
            XCTAssertTrue("\(error)".contains("inflates to more than the 1000 bytes the central directory declares"), "\(error)")
        }
    }

    func testOverlappingEntriesAreRejected() throws {
        var second = ZipFixture.Entry("b.json", json)
        second.localHeaderOf = 0
        XCTAssertThrowsError(try ZipArchive(ZipFixture([.init("a.json", json), second]).build())) { error in
            XCTAssertEqual((error as! ContainerError).kind, .overlappingEntries(other: "a.json"))
            XCTAssertEqual((error as! ContainerError).entry, "b.json")
        }
    }
}

/// Damaged archives of every kind fail with an error, never a crash or a runaway allocation.
final class ZipRobustnessTests: XCTestCase {
    /// A small deterministic generator (xorshift64*), so that a failure can be replayed.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return state &* 2_685_821_657_736_338_717
        }
    }

    func testRandomDamageNeverCrashes() throws {
        let json = ContainerFixtures.animation(name: "Fuzz")
        var streamed = ZipFixture.Entry("a/two.json", json)
        streamed.dataDescriptor = true
        let entries: [ZipFixture.Entry] = [
            .init("manifest.json", #"{"version":"2","animations":[{"id":"one"},{"id":"two"}]}"#, method: 0),
            .init("a/one.json", json), streamed, .init("i/x.png", ContainerFixtures.pngBytes, method: 0),
        ]
        var zip64 = ZipFixture(entries)
        zip64.zip64 = true
        let bases = [ZipFixture(entries).build(), zip64.build()]
        var generator = Generator(state: 0x9E37_79B9_7F4A_7C15)
        var outcomes: [String: Int] = [:]
        for iteration in 0..<4000 {
            var bytes = bases[iteration % 2]
            switch Int.random(in: 0..<4, using: &generator) {
            case 0:
                for _ in 0..<Int.random(in: 1...8, using: &generator) {
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                }
            case 1:
                bytes.removeLast(Int.random(in: 1..<bytes.count, using: &generator))
            case 2:
                bytes.remove(at: Int.random(in: 0..<bytes.count, using: &generator))
            default:
                // Set a random 4-byte field to all ones or a large value, as ZIP64 markers and lies do.
                let at = Int.random(in: 0..<(bytes.count - 4), using: &generator)
                let value: UInt32 = Bool.random(using: &generator) ? 0xFFFF_FFFF : UInt32.random(in: 0...UInt32.max, using: &generator)
                for offset in 0..<4 { bytes[at + offset] = UInt8(truncatingIfNeeded: value >> (8 * offset)) }
            }
            do {
                let file = try LottieFile(bytes: bytes)
                for id in file.animationIDs {
                    do { _ = try file.extract(id); outcomes["decoded", default: 0] += 1 } catch { outcomes["entry error", default: 0] += 1 }
                }
                for entry in file.archive?.entries ?? [] {
                    do { _ = try file.archive?.contents(of: entry) } catch { outcomes["entry error", default: 0] += 1 }
                }
            } catch {
                outcomes["open error", default: 0] += 1
            }
        }
        XCTAssertGreaterThan(outcomes["open error"] ?? 0, 100, "\(outcomes)")
        XCTAssertGreaterThan(outcomes["entry error"] ?? 0, 100, "\(outcomes)")
        XCTAssertGreaterThan(outcomes["decoded"] ?? 0, 100, "\(outcomes)")
    }
}
