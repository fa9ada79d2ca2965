import Foundation

// MARK: - TelegramSticker

/// Telegram animated stickers (`.tgs`): gzip-compressed Lottie JSON under strict rules
/// (StickerRule.swift lists them with their source).
///
/// ```swift
/// let report = try TelegramSticker.check(json: bytes)
/// for finding in report.violations { print(finding) }
/// if report.isValid { try Data(TelegramSticker.pack(json: bytes)).write(to: url) }
/// ```
public enum TelegramSticker {
    /// The canvas must be 512 x 512 px.
    public static let canvasSize = 512.0
    /// All animations must run at 60 fps.
    public static let frameRate = 60.0
    /// At most 3 seconds.
    public static let maxDuration = 3.0
    /// At most 64 KB: the size of the `.tgs` file.
    public static let maxFileBytes = 64 * 1024

    /// Checks an animation's JSON against the sticker rules.
    ///
    /// - Parameters:
    ///   - json: the animation's JSON (a `.tgs` file's gunzipped content, or a JSON file).
    ///   - stickerByteCount: the size of the `.tgs` file being checked; nil to check the size of
    ///     `pack(json:)` instead, what `lottie-cli sticker --out` would write.
    /// - Throws: `LottieDecodingError` when the JSON is not a valid Lottie animation.
    public static func check(json: [UInt8], stickerByteCount: Int? = nil) throws(LottieDecodingError) -> StickerReport {
        let root = try parse(json)
        var check = StickerCheck()
        check.visit(root: root)
        // A file a player trips on is no sticker, whatever else it follows: its errors come first.
        var findings = AnimationValidator().validate(Data(json)).findings(.error).map { error in
            var finding = error
            finding.category = .sticker(.validFile)
            return finding
        }
        findings += check.findings
        let size: Int
        if let stickerByteCount { size = stickerByteCount } else { size = try pack(json: json).count }
        if size > maxFileBytes {
            let what = stickerByteCount == nil ? "packed as .tgs (minified, gzip level 9) it is" : "the .tgs file is"
            // After the header fields, before the layers: where a reader looks for sizes.
            let position = findings.firstIndex { ![.validFile, .canvasSize, .frameRate, .duration].contains($0.rule) } ?? findings.count
            findings.insert(.sticker(.fileSize, at: JSONPath(),
                                     "\(what) \(size) bytes, more than 65536 (64 KB)"), at: position)
        }
        return StickerReport(findings: findings, stickerByteCount: size, isPackedSize: stickerByteCount == nil)
    }

    /// A `.tgs` of an animation's JSON: minified, with `"tgs":1` as the first member when the JSON
    /// has none (as Telegram's exporter writes it), gzip-compressed at level 9.
    ///
    /// - Throws: `LottieDecodingError` when the JSON is not a valid Lottie animation.
    public static func pack(json: [UInt8]) throws(LottieDecodingError) -> [UInt8] {
        _ = try LottieDecoder().decode(Data(json))
        var minified = minify(json)
        if JSONScanner.location(of: JSONPath([.key("tgs")]), in: minified) == nil, minified.first == UInt8(ascii: "{") {
            let marker = Array(#""tgs":1"#.utf8) + (minified.dropFirst().first == UInt8(ascii: "}") ? [] : [UInt8(ascii: ",")])
            minified.insert(contentsOf: marker, at: 1)
        }
        return GZip.compress(minified, level: .best)
    }

    /// JSON without the whitespace between tokens (and without a UTF-8 BOM); strings and numbers
    /// are kept byte for byte. The input must be valid JSON.
    public static func minify(_ json: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(json.count)
        var index = json.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var inString = false
        while index < json.count {
            let byte = json[index]
            index += 1
            if inString {
                output.append(byte)
                if byte == UInt8(ascii: "\\"), index < json.count {
                    output.append(json[index])
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
                output.append(byte)
            } else if byte != 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D {
                output.append(byte)
            }
        }
        return output
    }

    /// The JSON as a value, once it is known to be a Lottie animation.
    private static func parse(_ json: [UInt8]) throws(LottieDecodingError) -> JSONValue {
        _ = try LottieDecoder().decode(Data(json))
        do {
            return try JSONDecoder().decode(JSONValue.self, from: Data(json))
        } catch {
            throw LottieDecodingError(kind: .invalidJSON, path: JSONPath(), location: nil, message: "\(error)")
        }
    }
}
