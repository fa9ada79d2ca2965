import LottieModel

// MARK: - AnimationSnapshot

/// A stable, diffable text record of an animation's evaluated values: every animatable
/// property, by keypath, at chosen frames, rounded to a stated precision. Stored beside an
/// animation (`home.snap`), it turns "the designer re-exported the icon" into a test:
/// re-evaluate, compare, and see which keypaths changed at which frames.
///
/// ## Format (version 1)
///
/// A header of `key: value` lines after the magic line `lottie-snapshot 1`, a blank line,
/// then one line per property and frame, `KEYPATH @FRAME VALUE`. From `Samples/home.json`
/// (`lottie-cli snapshot Samples/home.json --every 15`):
///
///     lottie-snapshot 1
///     file: home.json
///     content: sha256:8bf006fa80350e60c85639987851b8da943ea85acc368ecc769bbdf25597fa9f
///     frame rate: 60
///     range: 0 60
///     canvas: 100 100
///     sampling: every 15
///     frames: 0 15 30 45 60
///     precision: 3
///
///     Door.Door.Door Fill.Color @static [0, 0.48, 1, 1]
///     Door.Door.Door Rect.Size @static [14, 20]
///     ...
///     Door.Transform.Scale @0 [0, 0]
///     Door.Transform.Scale @15 [0, 0]
///     Door.Transform.Scale @30 [0, 0]
///     Door.Transform.Scale @45 [103.821, 103.821]
///     Door.Transform.Scale @60 [100, 100]
///     House Base.Base Fill.Silhouette Path.Path @static closed 5 (-22, 28) (-22, -9) (0, -28) (22, -9) (22, 28) in 0 out 0
///     ...
///     House Root.Transform.Position @0 [50, 50]
///     House Root.Transform.Position @15 [50, 53.483]
///     ...
///     Outline Trace.Trace Trim.End @15 68.351
///
/// (The door pops with an overshoot, 103.821 % at frame 45; the house dips 4 units and comes
/// back; the trim draws the outline on. `Samples/home.snap` is the same at every frame.)
///
/// - Header: the format version; the file's name (not its folder); `content`, SHA-256 of the
///   model's canonical JSON (the decoded model encoded again with sorted keys, so reordered
///   keys and reformatted numbers do not change it; see `ContentHash`); frame rate; range
///   `ip op`; canvas `w h`; `sampling` (how the frames were chosen: `every N`, `frames ...`,
///   `keyframes`); the frames evaluated (for `keyframes`, each property's own); precision.
/// - Keypaths (`Keypath`): layer, groups, item and property names from `nm`, `[k]` where
///   names repeat among siblings; a precomp's layers continue the precomp layer's keypath.
/// - A property without keyframes (or with one) is listed once, `@static`: its value never changes, and a
///   snapshot of a large file stays small. An animated one is listed at every sampled frame
///   (or at its keyframes), even where the value repeats.
/// - Values: numbers rounded to `precision` decimals, `-0` printed `0`; points and sizes
///   `[x, y]`; colours `[r, g, b, a]` in 0...1; paths `closed|open COUNT (x, y)... in ...
///   out ...` (tangent lists written `0` when all zero); gradients `N stops [numbers]`; text
///   `"text" size S`.
/// - Lines are sorted by keypath (byte order), then by frame, with `@static` first. Sorting
///   by name, not by file position, keeps the file unchanged by anything that does not change
///   a value: reordered keys, a re-export, even reordered layers.
public struct AnimationSnapshot: Equatable, Sendable {
    /// The version of the format this toolkit writes and reads.
    public static let formatVersion = 1

    public var header: SnapshotHeader
    /// Sorted by keypath, then frame (`@static` first).
    public var lines: [SnapshotLine]

    public init(header: SnapshotHeader, lines: [SnapshotLine]) {
        self.header = header
        self.lines = lines
    }

    /// Evaluates `animation` at the frames `sampling` chooses.
    ///
    /// - Parameters:
    ///   - fileName: the name the header records (the file's name without its folder).
    ///   - precision: decimals of the printed numbers (0...12).
    public init(_ animation: LottieAnimation, fileName: String, sampling: SnapshotSampling = .everyFrame, precision: Int = 3) {
        let precision = min(max(precision, 0), 12)
        let frames = sampling.frames(inPoint: animation.inPoint, outPoint: animation.outPoint)
        var builder = SnapshotBuilder(animation: animation, frames: frames, precision: precision)
        builder.add(animation.layers, under: Keypath([]), clocks: [], assets: [])
        header = SnapshotHeader(
            formatVersion: Self.formatVersion, fileName: fileName, contentHash: ContentHash.of(animation),
            frameRate: animation.frameRate, inPoint: animation.inPoint, outPoint: AnimationFrames(animation).outPoint,
            width: animation.width, height: animation.height, sampling: sampling, frames: frames, precision: precision)
        lines = builder.lines.sorted()
    }

    // MARK: Text

    /// The snapshot file's text.
    public var text: String {
        var text = header.text + "\n"
        for line in lines { text += line.text + "\n" }
        return text
    }

    /// Reads a snapshot file.
    public init(parsing text: String) throws(SnapshotFormatError) {
        let rows = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        }
        guard let blank = rows.firstIndex(of: "") else {
            throw SnapshotFormatError(line: rows.count, "the header does not end with a blank line")
        }
        header = try SnapshotHeader(parsing: Array(rows[..<blank]))
        var lines: [SnapshotLine] = []
        for (offset, row) in rows[(blank + 1)...].enumerated() where !row.isEmpty {
            guard let line = SnapshotLine(parsing: row) else {
                throw SnapshotFormatError(line: blank + 2 + offset, "expected 'KEYPATH @FRAME VALUE', found '\(row.prefix(80))'")
            }
            lines.append(line)
        }
        self.lines = lines
    }
}

// MARK: - SnapshotLine

/// One line of a snapshot: a property's value at a frame, or its only value (`@static`).
public struct SnapshotLine: Hashable, Sendable, Comparable {
    /// The printed keypath, escapes included: `Door.Transform.Scale`.
    public var keypath: String
    /// The composition frame, or nil for `@static`.
    public var frame: Double?
    /// The printed value: `[103.821, 103.821]`.
    public var value: String

    public init(keypath: String, frame: Double?, value: String) {
        self.keypath = keypath
        self.frame = frame
        self.value = value
    }

    /// `Door.Transform.Scale @45 [103.821, 103.821]`.
    public var text: String { "\(keypath) \(frameText) \(value)" }

    /// `@45`, `@29.5`, `@static`.
    public var frameText: String { frame.map { "@" + SnapshotNumber(precision: 6)($0) } ?? "@static" }

    /// Reads a line: the keypath ends at the first ` @` (an `@` in a name is escaped `\@`).
    init?(parsing text: String) {
        guard let separator = text.range(of: " @") else { return nil }
        keypath = String(text[..<separator.lowerBound])
        let rest = text[separator.upperBound...]
        let frameWord = rest.prefix { $0 != " " }
        guard frameWord.count < rest.count else { return nil }
        value = String(rest.dropFirst(frameWord.count + 1))
        if frameWord == "static" {
            frame = nil
        } else if let number = Double(frameWord) {
            frame = number
        } else {
            return nil
        }
    }

    /// By keypath (byte order), then `@static`, then frame.
    public static func < (lhs: SnapshotLine, rhs: SnapshotLine) -> Bool {
        if lhs.keypath != rhs.keypath { return lhs.keypath.utf8.lexicographicallyPrecedes(rhs.keypath.utf8) }
        switch (lhs.frame, rhs.frame) {
        case (nil, nil): return lhs.value < rhs.value
        case (nil, _): return true
        case (_, nil): return false
        case (let left?, let right?): return left < right
        }
    }
}

// MARK: - SnapshotFormatError

/// A snapshot file that cannot be read, with the line at fault.
public struct SnapshotFormatError: Error, Equatable, Sendable, CustomStringConvertible {
    /// 1-based line number.
    public var line: Int
    public var message: String

    public init(line: Int, _ message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { "line \(line): \(message)" }
}
