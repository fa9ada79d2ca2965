import Foundation

// MARK: - RenderOutput

/// Where `render --out PATH` writes, decided from the path alone (before the file is read, so
/// that a wrong `--out` is a usage error at once), then, for a path without an extension, from
/// how many frames there are:
///
/// - `-`: standard output: terminal art when it is a terminal or an art style is asked for
///   (`--blocks`, `--ascii`, `--braille`, `--color`, `--no-color`), else a PNG (one frame, or a
///   contact sheet with `--sheet`);
/// - `.png`, `.svg`: one frame (a `.png` with `--sheet`: a contact sheet); `.gif`, `.apng`: an
///   animation of the frames;
/// - a folder: a path ending in `/`, an existing directory, or a path without an extension for
///   several frames: one PNG a frame;
/// - any other extension is a usage error that lists the formats.
enum RenderOutput: Equatable {
    case terminalArt
    case standardOutputPNG
    case png(String)
    case svg(String)
    case animated(RenderCommand.AnimatedOutput, String)
    case folder(String)

    /// The formats `--out` accepts, for the usage error of any other.
    static let formats = ".png, .svg, .gif, .apng, a folder (ending in /), or - (standard output)"

    /// What `out` names, with `frameCount` frames to write (nil before they are known: a path
    /// without an extension then stays undecided and the result is nil).
    static func resolve(_ out: String, frameCount: Int?, _ arguments: Arguments) throws(UsageError) -> RenderOutput? {
        if out == Arguments.standardInput {
            if wantsTerminalArt(arguments) { return .terminalArt }
            if arguments.flag("sheet") { return .animated(.sheet(columns: try RenderCommand.sheetColumns(arguments)), out) }
            return .standardOutputPNG
        }
        let pathExtension = (out as NSString).pathExtension.lowercased()
        var isDirectory: ObjCBool = false
        let isFolder = out.hasSuffix("/")
            || (FileManager.default.fileExists(atPath: out, isDirectory: &isDirectory) && isDirectory.boolValue)
        if isFolder {
            if arguments.flag("sheet") { throw UsageError("--sheet writes a .png file; give --out NAME.png, not the folder '\(out)'") }
            return .folder(out)
        }
        switch pathExtension {
        case "png":
            return arguments.flag("sheet") ? .animated(.sheet(columns: try RenderCommand.sheetColumns(arguments)), out) : .png(out)
        case "svg", "gif", "apng":
            if arguments.flag("sheet") { throw UsageError("--sheet writes a .png file; give --out NAME.png, not '\(out)'") }
            return pathExtension == "svg" ? .svg(out) : .animated(pathExtension == "gif" ? .gif : .apng, out)
        case "":
            if arguments.flag("sheet") { throw UsageError("--sheet writes a .png file; give --out NAME.png, not '\(out)'") }
            guard let frameCount else { return nil }
            guard frameCount > 1 else {
                throw UsageError("--out '\(out)' has no extension: give a .png or .svg file for one frame, "
                    + "or a folder ending in / (formats: \(formats))")
            }
            return .folder(out)
        default:
            throw UsageError("--out '\(out)': render cannot write .\(pathExtension) files; it writes \(formats)")
        }
    }

    /// Terminal art rather than a PNG on standard output: a terminal is there, or a style is asked for.
    static func wantsTerminalArt(_ arguments: Arguments) -> Bool {
        isatty(STDOUT_FILENO) != 0
            || ["blocks", "ascii", "braille", "color", "no-color"].contains { arguments.flag($0) }
    }

    /// Whether the output takes every frame when none is chosen (animations and contact sheets).
    var takesEveryFrameByDefault: Bool {
        if case .animated = self { return true }
        return false
    }
}
