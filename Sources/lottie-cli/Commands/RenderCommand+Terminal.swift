import Foundation
import LottieModel
import LottiePlay

// MARK: - Terminal art output

/// `lottie-cli render FILE ... --out -`: the frames as terminal art on standard output instead of
/// image files: half blocks by default (24-bit colour on a terminal), `--ascii` or `--braille`.
///
/// One frame prints as its lines of art. Several frames (`--all`, `--frames`) print one after
/// the other, each under a `frame N` line and separated by a blank line, so that the output
/// reads (and greps) as a flip book:
///
///     frame 0
///     <art>
///
///     frame 1
///     <art>
///
/// Without `--size`, the picture is as wide as the terminal (and no taller than it, less a line
/// for the prompt), or `defaultArtColumns` characters wide when standard output is not a
/// terminal; its height follows the composition's aspect ratio.
extension RenderCommand {
    /// Characters across the art when standard output is not a terminal and `--size` is not given.
    static let defaultArtColumns = 64
    /// The largest side in pixels with `--out -` (1024 half blocks is already wider than any
    /// terminal line).
    static let maxArtSide = 1024

    /// The options that only apply to `--out -`.
    static let terminalOptions: [Option] = [
        Option("blocks", help: "With --out -: terminal art in half blocks (the default style), even when piped"),
        Option("ascii", help: "With --out -: plain ASCII instead of half blocks"),
        Option("braille", help: "With --out -: braille dots, 2x4 pixels a character"),
        Option("color", help: "With --out -: 24-bit colour even when standard output is not a terminal"),
        Option("no-color", help: "With --out -: no colour, even on a terminal"),
    ]

    /// Renders the frames and prints them as terminal art, one at a time.
    func renderToTerminal(_ path: String, _ arguments: Arguments) throws -> ExitCode {
        let style = try Self.terminalStyle(arguments)
        let source = try RenderSource(path, arguments)
        let timeline = source.timeline
        let images = source.images
        let frames = try Self.frames(from: arguments, timeline: timeline)
        FrameSelection.warnOutside(frames, of: timeline)
        let (width, height) = try Self.terminalSize(arguments, timeline: timeline, style: style, limits: source.limits)
        let background = try arguments.value("background").map(Self.color(from:))
        let renderer = SceneRenderer(width: width, height: height, background: background)

        var issues: [LottieDiagnostic] = []
        try Self.forEachFrame(frames, timeline: timeline, images: images, renderer: renderer, issues: &issues) { index, frame, image in
            let header = frames.count > 1 ? (index > 0 ? "\n" : "") + "frame \(Format.number(frame))\n" : ""
            let art = TerminalArt.lines(image, style: style).map(\.trimmingTrailingSpaces)
            // Written frame by frame, so that a long --all starts showing at once.
            Console.write(header + art.joined(separator: "\n") + "\n")
        }
        Self.reportCaveats(issues: issues, images: images, timeline: timeline)
        return .success
    }

    // MARK: Style

    /// Half blocks unless `--ascii` or `--braille`; colour on a terminal unless `NO_COLOR` is set
    /// (see `ArtOptions.terminalWantsColor`), `--color` and `--no-color` say otherwise.
    static func terminalStyle(_ arguments: Arguments) throws(UsageError) -> TerminalArtStyle {
        if arguments.flag("color"), arguments.flag("no-color") {
            throw UsageError("give one of --color and --no-color, not both")
        }
        if arguments.flag("blocks"), arguments.flag("ascii") || arguments.flag("braille") {
            throw UsageError("give one of --blocks, --ascii and --braille, not several")
        }
        let color = arguments.flag("color") || (!arguments.flag("no-color") && ArtOptions.terminalWantsColor)
        return try ArtOptions.style(arguments, color: color)
    }

    // MARK: Size

    /// `--size` (at most `maxArtSide` a side), or the default described on the extension.
    static func terminalSize(_ arguments: Arguments, timeline: Timeline, style: TerminalArtStyle,
                             limits: LottieLimits) throws -> (Int, Int) {
        if arguments.value("size") != nil {
            let (width, height) = try size(from: arguments, timeline: timeline, limits: limits)
            guard width <= maxArtSide, height <= maxArtSide else {
                throw UsageError("with --out -, --size is at most \(maxArtSide)x\(maxArtSide) pixels, "
                    + "got \(width)x\(height)")
            }
            return (width, height)
        }
        guard timeline.width > 0, timeline.height > 0, timeline.width.isFinite, timeline.height.isFinite else {
            throw UsageError("the animation is \(Format.number(timeline.width))x\(Format.number(timeline.height)); "
                + "give --size WxH")
        }
        let window = terminalWindow()
        return fittedArtSize(aspectRatio: timeline.width / timeline.height, style: style,
                             columns: window?.columns ?? defaultArtColumns, lines: window.map { $0.lines - 1 })
    }

    /// The largest pixel size with the composition's `aspectRatio` (width / height) that takes
    /// at most `columns` characters across and, when given, `lines` lines down.
    static func fittedArtSize(aspectRatio: Double, style: TerminalArtStyle, columns: Int,
                              lines: Int?) -> (width: Int, height: Int) {
        var width = Double(min(max(columns, 1) * style.cellWidth, maxArtSide))
        var height = width / aspectRatio
        let maxHeight = Double(min(lines.map { max($0, 1) * style.cellHeight } ?? maxArtSide, maxArtSide))
        if height > maxHeight {
            height = maxHeight
            width = height * aspectRatio
        }
        // Clamped as a Double first: a canvas of 1 x 1e300 must not overflow Int.
        func pixels(_ value: Double) -> Int { Int(min(max(value.rounded(), 1), Double(maxArtSide))) }
        return (pixels(width), pixels(height))
    }

    /// The terminal's size in characters when standard output is one, else nil.
    private static func terminalWindow() -> (columns: Int, lines: Int)? {
        guard isatty(STDOUT_FILENO) != 0 else { return nil }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 1 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }
}
