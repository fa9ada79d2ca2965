import Foundation

// MARK: - ArtOptions

/// `--art`, `--ascii` and `--size WxH`, shared by `tabs` and `play`: whether icons are drawn as
/// terminal art under the transcript, in which style and at which size.
struct ArtOptions: Equatable, Sendable {
    /// Whether the transcript shows art (`--art`, or implied by `--ascii` / `--size`).
    var isEnabled: Bool
    var style: TerminalArtStyle
    /// Pixels per icon; a text line shows two rows of pixels.
    var width: Int
    var height: Int

    static let defaultSize = 24
    static let sizeRange = 4...160

    static let options: [Option] = [
        Option("art", help: "Draw the icons as terminal art under some lines (half blocks, coloured on a terminal)"),
        Option("ascii", help: "Draw the art in plain ASCII instead of half blocks (implies --art)"),
        Option("size", value: "WxH", help: "Pixels per icon, default 24x24; a text line shows two pixel rows (implies --art)"),
    ]

    /// Reads the options; colour is used when `color` allows it (see `terminalWantsColor`).
    init(_ arguments: Arguments, color: Bool) throws(UsageError) {
        isEnabled = arguments.flag("art") || arguments.flag("ascii") || arguments.value("size") != nil
        style = arguments.flag("ascii") ? .ascii : .halfBlocks(color: color)
        (width, height) = (Self.defaultSize, Self.defaultSize)
        if let text = arguments.value("size") {
            (width, height) = try Self.size(text)
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
