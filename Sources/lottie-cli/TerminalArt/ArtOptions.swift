import Foundation

// MARK: - ArtOptions

/// `--art`, `--ascii`, `--braille` and `--size WxH`, shared by `tabs` and `play`: whether icons
/// are drawn as terminal art under the transcript, in which style and at which size.
struct ArtOptions: Equatable, Sendable {
    /// Whether the transcript shows art (`--art`, or implied by `--ascii` / `--braille` / `--size`).
    var isEnabled: Bool
    var style: TerminalArtStyle
    /// Pixels per icon; a character shows `style.cellWidth` x `style.cellHeight` of them.
    var width: Int
    var height: Int

    /// Pixels per side by default: 24 for half blocks and ASCII, and twice that for braille, whose
    /// characters hold twice as many pixels each way, so that a picture takes the same room.
    static let defaultSize = 24
    static let sizeRange = 4...160

    static let options: [Option] = [
        Option("art", help: "Draw the icons as terminal art under some lines (half blocks, coloured on a terminal)"),
        Option("ascii", help: "Draw the art in plain ASCII instead of half blocks (implies --art)"),
        Option("braille", help: "Draw the art in braille dots, 2x4 pixels a character (implies --art)"),
        Option("size", value: "WxH", help: "Pixels per icon, \(sizeRange.lowerBound) to \(sizeRange.upperBound) a side, "
               + "default 24x24 (48x48 with --braille); a text line shows two pixel rows (four with --braille) (implies --art)"),
    ]

    /// Reads the options; colour is used when `color` allows it (see `terminalWantsColor`).
    init(_ arguments: Arguments, color: Bool) throws(UsageError) {
        style = try Self.style(arguments, color: color)
        isEnabled = arguments.flag("art") || arguments.flag("ascii") || arguments.flag("braille")
            || arguments.value("size") != nil
        let side = Self.defaultSize * style.cellWidth
        (width, height) = (side, side)
        if let text = arguments.value("size") {
            (width, height) = try Self.size(text)
        }
    }

    /// Characters across one picture.
    var columns: Int { style.columns(forWidth: width) }

    /// Lines down one picture (its caption aside).
    var lines: Int { style.lines(forHeight: height) }

    /// Half blocks unless `--ascii` or `--braille` asks otherwise (not both).
    static func style(_ arguments: Arguments, color: Bool) throws(UsageError) -> TerminalArtStyle {
        switch (arguments.flag("ascii"), arguments.flag("braille")) {
        case (true, true): throw UsageError("give one of --ascii and --braille, not both")
        case (true, false): .ascii
        case (false, true): .braille(color: color)
        case (false, false): .halfBlocks(color: color)
        }
    }

    /// `24x24` -> (24, 24).
    static func size(_ text: String) throws(UsageError) -> (Int, Int) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              sizeRange.contains(width), sizeRange.contains(height)
        else {
            throw UsageError("--size must be WIDTHxHEIGHT in pixels from \(sizeRange.lowerBound) to "
                + "\(sizeRange.upperBound), such as 24x24; got '\(text)'")
        }
        return (width, height)
    }

    /// Colour art is for people: standard output is a terminal and `NO_COLOR` is unset or empty
    /// (https://no-color.org).
    static var terminalWantsColor: Bool {
        let noColor = ProcessInfo.processInfo.environment["NO_COLOR"] ?? ""
        return isatty(STDOUT_FILENO) != 0 && noColor.isEmpty
    }
}
