import Foundation
import LottieModel
import TestSupport
import XCTest

/// `lottie-cli bench` end to end: it reads containers by content, as every command does, and its
/// errors name the file. (Its times are not asserted: they are measurements, not behaviour.)
final class BenchCommandTests: XCTestCase {
    /// A `.lottie` and a `.tgs` are measured on the animation's JSON: the same size and frames as
    /// the plain file's row, under their own names.
    func testDotLottieAndStickerAreMeasuredByContent() throws {
        let folder = try temporaryDirectory(for: self)
        let home = try String(contentsOf: Corpus.samples.appendingPathComponent("home.json"), encoding: .utf8)
        try Data(home.utf8).write(to: folder.appendingPathComponent("home.json"))
        let manifest = #"{"version":"1","animations":[{"id":"home"}]}"#
        try StoredZip.archive([("manifest.json", manifest), ("animations/home.json", home)])
            .write(to: folder.appendingPathComponent("home.lottie"))
        try Data(GZip.compress(Array(home.utf8), level: .best)).write(to: folder.appendingPathComponent("home.tgs"))
        let executable = try XCTUnwrap(BuiltExecutable.url(named: "lottie-cli"))

        let run = try BuiltExecutable.run(
            executable, ["bench", "home.json", "home.lottie", "home.tgs", "--no-render", "--repeat", "1", "--json"],
            in: folder)
        XCTAssertEqual(run.exitCode, 0, run.standardError)
        let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]])
        XCTAssertEqual(rows.map { $0["file"] as? String }, ["home.json", "home.lottie", "home.tgs"])
        // home.json: 10 532 bytes of JSON, frames 0 to 59.
        XCTAssertEqual(rows.map { $0["bytes"] as? Int }, [10532, 10532, 10532])
        XCTAssertEqual(rows.map { $0["frames"] as? Int }, [60, 60, 60])
    }

    /// A file that is not an animation stops the run with an error that names it (exit 1).
    func testAnErrorNamesTheFile() throws {
        let folder = try temporaryDirectory(for: self)
        try Data("hello\n".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let executable = try XCTUnwrap(BuiltExecutable.url(named: "lottie-cli"))

        let run = try BuiltExecutable.run(executable, ["bench", "notes.txt", "--no-render", "--repeat", "1"], in: folder)
        XCTAssertEqual(run.exitCode, 1)
        // The last line: a debug build warns first that its times say little.
        XCTAssertEqual(run.standardError.split(separator: "\n").last,
                       "lottie-cli: error: cannot decode 'notes.txt': line 1, column 1: invalid JSON: "
                           + "expected a value, found 'hello' (strings must be in double quotes)")
    }

    /// `--premultiplied` renders into premultiplied pixels and says so in the row; it is about
    /// rendering, so it cannot go with `--no-render`.
    func testPremultipliedRenderingIsNamedInTheRow() throws {
        let folder = try temporaryDirectory(for: self)
        let home = try String(contentsOf: Corpus.samples.appendingPathComponent("home.json"), encoding: .utf8)
        try Data(home.utf8).write(to: folder.appendingPathComponent("home.json"))
        let executable = try XCTUnwrap(BuiltExecutable.url(named: "lottie-cli"))

        for (flags, alpha) in [([String](), "straight"), (["--premultiplied"], "premultiplied")] {
            let run = try BuiltExecutable.run(
                executable, ["bench", "home.json", "--size", "8x8", "--repeat", "1", "--json"] + flags, in: folder)
            XCTAssertEqual(run.exitCode, 0, run.standardError)
            let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]])
            XCTAssertEqual(rows.map { $0["renderAlpha"] as? String }, [alpha])
            XCTAssertEqual(rows.map { $0["renderSize"] as? String }, ["8x8"])
        }
        let refused = try BuiltExecutable.run(executable, ["bench", "home.json", "--no-render", "--premultiplied"],
                                              in: folder)
        XCTAssertNotEqual(refused.exitCode, 0)
        XCTAssertTrue(refused.standardError.contains("--no-render skips it"), refused.standardError)
    }

    /// An image is recognised by its content and its decoding measured: a row of its own kind,
    /// after the animation's, with its format and size (its times are not asserted).
    func testImagesAreBenchedByContent() throws {
        let folder = try temporaryDirectory(for: self)
        let home = try String(contentsOf: Corpus.samples.appendingPathComponent("home.json"), encoding: .utf8)
        try Data(home.utf8).write(to: folder.appendingPathComponent("home.json"))
        let image = Self.png(width: 24, height: 16)
        // A misleading extension: the content decides.
        try Data(image).write(to: folder.appendingPathComponent("gradient.dat"))
        let executable = try XCTUnwrap(BuiltExecutable.url(named: "lottie-cli"))

        let run = try BuiltExecutable.run(
            executable, ["bench", "home.json", "gradient.dat", "--no-render", "--repeat", "1", "--json"], in: folder)
        XCTAssertEqual(run.exitCode, 0, run.standardError)
        let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]])
        XCTAssertEqual(rows.map { $0["file"] as? String }, ["home.json", "gradient.dat"])
        XCTAssertEqual(rows.map { $0["kind"] as? String }, [nil, "image"])
        let row = rows[1]
        XCTAssertEqual(row["format"] as? String, "PNG")
        XCTAssertEqual(row["width"] as? Int, 24)
        XCTAssertEqual(row["height"] as? Int, 16)
        XCTAssertEqual(row["bytes"] as? Int, image.count)
        for key in ["decodeMilliseconds", "megapixelsPerSecond", "megabytesPerSecond"] {
            XCTAssertNotNil(row[key] as? Double, key)
        }

        // As text: a table of images, with the same fields.
        let text = try BuiltExecutable.run(executable, ["bench", "gradient.dat", "--repeat", "1"], in: folder)
        XCTAssertEqual(text.exitCode, 0, text.standardError)
        let lines = text.standardOutput.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        XCTAssertEqual(lines.first, ["image", "format", "size", "bytes", "decode", "ms", "Mpx/s", "MB/s"])
        XCTAssertEqual(lines.count, 2)
        XCTAssertEqual(lines.last.map { Array($0.prefix(4)) }, ["gradient.dat", "PNG", "24x16", "\(image.count)"])
    }

    /// An image that does not decode stops the run with an error that names it and its format.
    func testAnImageThatDoesNotDecodeIsAnError() throws {
        let folder = try temporaryDirectory(for: self)
        try Data(Self.png(width: 24, height: 16).prefix(40)).write(to: folder.appendingPathComponent("cut.png"))
        let executable = try XCTUnwrap(BuiltExecutable.url(named: "lottie-cli"))

        let run = try BuiltExecutable.run(executable, ["bench", "cut.png", "--repeat", "1"], in: folder)
        XCTAssertEqual(run.exitCode, 1)
        let last = String(run.standardError.split(separator: "\n").last ?? "")
        XCTAssertTrue(last.hasPrefix("lottie-cli: error: cannot decode 'cut.png': PNG: "), last)
    }

    /// A `width` × `height` 8-bit RGBA PNG of a gradient, written here with the toolkit's zlib.
    private static func png(width: Int, height: Int) -> [UInt8] {
        func bigEndian(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return bigEndian(data.count) + body + bigEndian(Int(CRC32.checksum(body)))
        }
        var rows: [UInt8] = []
        for y in 0..<height {
            rows.append(0)  // filter: none
            for x in 0..<width { rows += [UInt8(x * 10), UInt8(y * 15), 128, 255] }
        }
        let header = bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0]  // 8 bits, RGBA
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
            + chunk("IDAT", Zlib.compress(rows)) + chunk("IEND", [])
    }
}
