// MARK: - SnapshotHeader

/// The header of a snapshot: what was evaluated, and how.
public struct SnapshotHeader: Equatable, Sendable {
    public var formatVersion: Int
    /// The animation file's name, without its folder.
    public var fileName: String
    /// `sha256:` of the model's canonical JSON (see `ContentHash`).
    public var contentHash: String
    public var frameRate: Double
    public var inPoint: Double
    public var outPoint: Double
    public var width: Double
    public var height: Double
    public var sampling: SnapshotSampling
    /// The composition frames animated properties were evaluated at; nil for `.keyframes`.
    public var frames: [Double]?
    public var precision: Int

    public init(
        formatVersion: Int, fileName: String, contentHash: String, frameRate: Double, inPoint: Double,
        outPoint: Double, width: Double, height: Double, sampling: SnapshotSampling, frames: [Double]?, precision: Int
    ) {
        self.formatVersion = formatVersion
        self.fileName = fileName
        self.contentHash = contentHash
        self.frameRate = frameRate
        self.inPoint = inPoint
        self.outPoint = outPoint
        self.width = width
        self.height = height
        self.sampling = sampling
        self.frames = frames
        self.precision = precision
    }

    private static let magic = "lottie-snapshot"

    /// The header lines, each ending in a newline.
    var text: String {
        let number = SnapshotNumber(precision: 6)
        let frameList = frames.map { $0.map { number($0) }.joined(separator: " ") } ?? "each property's keyframes"
        return """
            \(Self.magic) \(formatVersion)
            file: \(fileName)
            content: \(contentHash)
            frame rate: \(number(frameRate))
            range: \(number(inPoint)) \(number(outPoint))
            canvas: \(number(width)) \(number(height))
            sampling: \(sampling)
            frames: \(frameList)
            precision: \(precision)

            """
    }

    /// Reads the header lines (without the blank line that ends them).
    init(parsing rows: [String]) throws(SnapshotFormatError) {
        guard let first = rows.first, first.hasPrefix(Self.magic + " ") else {
            throw SnapshotFormatError(line: 1, "not a Lottie snapshot: the first line must be '\(Self.magic) \(AnimationSnapshot.formatVersion)'")
        }
        guard let version = Int(first.dropFirst(Self.magic.count + 1)) else {
            throw SnapshotFormatError(line: 1, "unreadable format version in '\(first)'")
        }
        guard version <= AnimationSnapshot.formatVersion else {
            throw SnapshotFormatError(
                line: 1, "snapshot format \(version) is newer than this toolkit's (\(AnimationSnapshot.formatVersion))")
        }
        var fields: [String: (value: String, line: Int)] = [:]
        for (offset, row) in rows.enumerated().dropFirst() {
            guard let colon = row.range(of: ": ") else {
                throw SnapshotFormatError(line: offset + 1, "expected 'key: value' in the header, found '\(row.prefix(80))'")
            }
            fields[String(row[..<colon.lowerBound])] = (String(row[colon.upperBound...]), offset + 1)
        }
        func field(_ key: String) throws(SnapshotFormatError) -> (value: String, line: Int) {
            guard let field = fields[key] else { throw SnapshotFormatError(line: rows.count, "the header has no '\(key):'") }
            return field
        }
        func numbers(_ key: String, count: Int) throws(SnapshotFormatError) -> [Double] {
            let (value, line) = try field(key)
            let numbers = value.split(separator: " ").compactMap { Double($0) }
            guard numbers.count == count else {
                throw SnapshotFormatError(line: line, "expected \(count) number\(count == 1 ? "" : "s") after '\(key):', found '\(value)'")
            }
            return numbers
        }
        formatVersion = version
        fileName = try field("file").value
        contentHash = try field("content").value
        frameRate = try numbers("frame rate", count: 1)[0]
        let range = try numbers("range", count: 2)
        (inPoint, outPoint) = (range[0], range[1])
        let canvas = try numbers("canvas", count: 2)
        (width, height) = (canvas[0], canvas[1])
        let (samplingText, samplingLine) = try field("sampling")
        guard let sampling = SnapshotSampling(parsing: samplingText) else {
            throw SnapshotFormatError(line: samplingLine, "unknown sampling '\(samplingText)' (every N, frames F..., keyframes)")
        }
        self.sampling = sampling
        if sampling == .keyframes {
            frames = nil
        } else {
            let (value, line) = try field("frames")
            let list = value.split(separator: " ").compactMap { Double($0) }
            guard !list.isEmpty, list.count == value.split(separator: " ").count else {
                throw SnapshotFormatError(line: line, "expected frame numbers after 'frames:', found '\(value.prefix(80))'")
            }
            frames = list
        }
        let (precisionText, precisionLine) = try field("precision")
        guard let precision = Int(precisionText), (0...12).contains(precision) else {
            throw SnapshotFormatError(line: precisionLine, "expected a precision from 0 to 12, found '\(precisionText)'")
        }
        self.precision = precision
    }
}
