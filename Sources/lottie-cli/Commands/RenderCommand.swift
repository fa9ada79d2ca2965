import Foundation
import LottieModel
import LottiePlay

// MARK: - RenderCommand

/// `lottie-cli render FILE (--frame F | --progress P | --all | --frames A:B:S) [--size WxH]
/// --out PATH [--background #rrggbb]`: frames as PNG images or an SVG document.
struct RenderCommand: Command {
    let name = "render"
    let summary = "Render frames to PNG or SVG, an animated GIF or APNG, a contact sheet, or terminal art"

    /// More frames than this is almost certainly a mistake in --frames.
    static let maxFrames = 100_000
    /// The largest side accepted by --size (the renderer works on 16 bytes per pixel per layer
    /// buffer: 8192 x 8192 is 1 GiB each).
    static let maxSide = 8192

    var signature: CommandSignature {
        CommandSignature(
            positionals: [Positional(name: "FILE", help: Positional.fileHelp)],
            options: [
                Option("frame", value: "F", help: "The frame to render (absolute, like ip and op; may be fractional)"),
                Option("progress", value: "P", help: "The moment as progress from 0 (ip) to 1 (op, the final pose)"),
                Option("all", help: "Every frame from ip to op (op excluded)"),
                Option("frames", value: "A:B:S", help: "Frames A to B (included when a step lands on it) by S (default 1), or a list F,F,F"),
                Option("size", value: "WxH", help: "Output size in pixels, 1 to \(Self.maxSide) a side (default: the animation's w x h; "
                       + "with --out -, at most \(Self.maxArtSide) a side, see below)"),
                Option("out", short: "o", value: "PATH", help: "A .png or .svg file, a .gif or .apng animation, a folder (ending in /), "
                       + "or - (standard output)"),
                Option("background", value: "#RRGGBB", help: "Paint this colour under the frame (default transparent)"),
                Option("bench", help: "Write nothing; time evaluating and rendering the frames (median of 3 passes)"),
                Option("jobs", short: "j", value: "N", help: "Frames rendered at once for a folder, .gif, .apng or --sheet (default: the number of cores)"),
                .animation, .fonts, .set, .slot, .theme, .images, .limits, .limit,
            ] + Self.terminalOptions + Self.animationOptions)
    }

    let discussion = """
        The composition is scaled uniformly to fit the size and centred ("contain"). One frame
        goes to a .png or .svg file; several frames go to a folder (created if needed) as
        f<frame>.png, the frame numbers padded with zeros so that the files sort (f000.png,
        f001.png, ... f120.png). A folder is a path ending in /, an existing directory, or a path
        without an extension when there are several frames; any other extension is refused.
        Features drawn approximately or not at all (e.g. expressions, some blend modes, JPEG
        images, text without glyph outlines) are listed on standard error. A progress bar shows
        on standard error for long renders when it is a terminal.

        ANIMATIONS: --out NAME.gif writes an animated GIF (at most 256 colours, pixels under
        half opacity transparent), --out NAME.apng an animated PNG (full colour and alpha), and
        --out NAME.png --sheet a contact sheet: the frames in a grid, --columns N or as square
        as possible. These take every frame unless --frame, --progress or --frames choose, and
        play at the animation's frame rate divided by the --frames step; --fps N resamples the
        animation (or the --frames range) at N frames per second instead. GIF delays are whole
        hundredths of a second and browsers slow delays under 2 hundredths down, so a GIF above
        50 fps is warned about. The frames' pixels together (width x height x frames) may not
        pass 2^28.

        STANDARD OUTPUT: with --out -, the frames print as terminal art when standard output is
        a terminal or a style is given: half blocks (--blocks, the default: 1x2 pixels a
        character, in 24-bit colour on a terminal), --ascii, or --braille (2x4 pixels a
        character). --size is in pixels, at most \(Self.maxArtSide) a side; without it the picture
        fits the terminal, or is \(Self.defaultArtColumns) characters wide when standard output is
        not one, and its height follows the composition's aspect ratio. NO_COLOR or --no-color
        turn colour off (shapes then show by their lightness against the background); --color
        forces it. Several frames print one after the other, each under a "frame N" line,
        separated by blank lines. When standard output is not a terminal and no style is given,
        --out - writes the frame as a PNG (or a contact sheet with --sheet).

        \(LimitOptions.discussion)

        EXAMPLES:
          lottie-cli render Samples/home.json --progress 1 --size 256x256 --out home.png
          lottie-cli render Samples/user.json --all --size 128x128 --out frames/
          lottie-cli render Samples/home.json --frame 30 --out home.svg --background "#ffffff"
          lottie-cli render Samples/user.json --progress 1 --out - --braille
          lottie-cli render Samples/home.json --frame 30 --out - > home.png
          lottie-cli render Samples/home.json --size 128x128 --out home.gif --fps 30
          lottie-cli render Samples/home.json --frames 0:59:6 --size 64x64 --out sheet.png --sheet --columns 5
          swift build -c release && .build/release/lottie-cli render Samples/home.json --all --size 512x512 --bench
        """

    func run(_ arguments: Arguments) throws -> ExitCode {
        let path = arguments.positionals[0]
        if arguments.flag("bench") {
            if let out = arguments.value("out") { throw UsageError("--bench writes nothing; leave out --out '\(out)'") }
            if arguments.value("jobs") != nil { throw UsageError("--bench times one thread; leave out --jobs") }
            return try bench(path, arguments)
        }
        guard let out = arguments.value("out") else { throw UsageError("give the output with --out PATH") }
        let known = try RenderOutput.resolve(out, frameCount: nil, arguments)
        try Self.checkOptions(for: known, arguments)
        switch known {
        case .terminalArt?: return try renderToTerminal(path, arguments)
        case .animated(let animated, _)?: return try renderAnimation(animated, to: out, path, arguments)
        default: break
        }

        let source = try RenderSource(path, arguments)
        let timeline = source.timeline
        let images = source.images
        let frames = try Self.frames(from: arguments, timeline: timeline)
        FrameSelection.warnOutside(frames, of: timeline)
        let output = try known ?? RenderOutput.resolve(out, frameCount: frames.count, arguments)
        let (width, height) = try Self.size(from: arguments, timeline: timeline, limits: source.limits)
        let background = try arguments.value("background").map(Self.color(from:))
        let renderer = SceneRenderer(width: width, height: height, background: background)

        var issues: [LottieDiagnostic] = []
        var written: [String] = []
        switch output {
        case .svg(let file)?:
            guard frames.count == 1 else { throw UsageError("an .svg file holds one frame; give a folder for \(frames.count) frames") }
            let document = SVGWriter(width: width, height: height, background: background)
                .document(timeline.scene(atFrame: frames[0]), images: images, issues: &issues)
            try Self.write(Data(document.utf8), to: file)
            written.append(file)
        case .png(let file)?:
            guard frames.count == 1 else { throw UsageError("a .png file holds one frame; give a folder for \(frames.count) frames") }
            let image = renderer.render(timeline.scene(atFrame: frames[0]), images: images, issues: &issues)
            try Self.write(Data(try PNGEncoder().encode(image)), to: file)
            written.append(file)
        case .standardOutputPNG?:
            guard frames.count == 1 else {
                throw UsageError("standard output takes one frame as a PNG: choose one with --frame, or give --sheet, "
                    + "or a terminal art style (--blocks, --ascii, --braille)")
            }
            let image = renderer.render(timeline.scene(atFrame: frames[0]), images: images, issues: &issues)
            try Self.write(Data(try PNGEncoder().encode(image)), to: out)
        case .folder(let folder)?:
            written = try writeFolder(folder, frames: frames, timeline: timeline, images: images, renderer: renderer,
                                      jobs: try Jobs.count(arguments), issues: &issues)
        case .terminalArt?:
            return try renderToTerminal(path, arguments)
        case .animated(let animated, _)?:
            return try renderAnimation(animated, to: out, path, arguments)
        case nil:
            throw UsageError("--out '\(out)': give \(RenderOutput.formats)")
        }
        if !written.isEmpty {
            let what = written.count == 1 ? "'\(written[0])'" : "\(written.count) frames to '\(out)'"
            Console.write("wrote \(what) (\(width)x\(height))\n")
        }
        Self.reportCaveats(issues: issues, images: images, timeline: timeline)
        return .success
    }

    /// Writes one PNG a frame into `folder` (created if needed), named by frame with zeros in
    /// front so that the files sort (`frameFileName`); returns the paths written.
    private func writeFolder(_ folder: String, frames: [Double], timeline: Timeline, images: ImageStore,
                             renderer: SceneRenderer, jobs: Int, issues: inout [LottieDiagnostic]) throws -> [String] {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure("cannot create the folder '\(folder)': \(error.localizedDescription)")
        }
        let digits = Self.frameDigits(frames)
        var written: [String] = []
        let progress = ProgressBar(total: frames.count)
        // Each frame is encoded and written by the thread that rendered it.
        try Self.forEachFrame(frames, timeline: timeline, images: images, renderer: renderer, jobs: jobs, issues: &issues,
                              prepare: { _, frame, image in
            let file = (folder as NSString).appendingPathComponent(Self.frameFileName(frame, digits: digits))
            try Self.write(Data(try PNGEncoder().encode(image)), to: file)
            return file
        }) { index, _, file in
            written.append(file)
            progress.update(index + 1)
        }
        progress.finish()
        return written
    }

    /// Renders `frames` in order, handing each image to `body` with its index and frame, and adds
    /// the issues met to `issues` (each once). One scene is updated from frame to frame, in the
    /// storage of the one before, and rendered into one frame, as a player keeps them: a frame
    /// that draws what the one before drew is not drawn again.
    static func forEachFrame(_ frames: [Double], timeline: Timeline, images: ImageStore, renderer: SceneRenderer,
                             jobs: Int = 1, issues: inout [LottieDiagnostic],
                             _ body: (Int, Double, RGBAImage) throws -> Void) throws {
        try forEachFrame(frames, timeline: timeline, images: images, renderer: renderer, jobs: jobs, issues: &issues,
                         prepare: { _, _, image in image }, body)
    }

    /// `forEachFrame` with `prepare` run on each image first (encoding it, say). With `jobs` above
    /// 1, the frames are rendered and prepared on that many threads (`ParallelFrames`), and what
    /// `prepare` made is handed to `body` in the same order.
    static func forEachFrame<Prepared: Sendable>(
        _ frames: [Double], timeline: Timeline, images: ImageStore, renderer: SceneRenderer, jobs: Int,
        issues: inout [LottieDiagnostic], prepare: @escaping @Sendable (Int, Double, RGBAImage) throws -> Prepared,
        _ body: (Int, Double, Prepared) throws -> Void
    ) throws {
        if jobs > 1, frames.count > 1 {
            return try ParallelFrames.render(frames, jobs: jobs, timeline: timeline, images: images, renderer: renderer,
                                             issues: &issues, prepare: prepare, body)
        }
        var scene = LottieScene(frame: 0, width: 0, height: 0, layers: [])
        var rendered = RenderedFrame()
        for (index, frame) in frames.enumerated() {
            timeline.update(&scene, toFrame: frame)
            renderer.render(scene, images: images, into: &rendered)
            for issue in rendered.issues where !issues.contains(issue) { issues.append(issue) }
            try body(index, frame, try prepare(index, frame, rendered.image))
        }
    }

    /// Digits of the whole part of the frame numbers in file names: enough for the largest, and
    /// at least 3.
    static func frameDigits(_ frames: [Double]) -> Int {
        let largest = frames.map { abs($0).rounded(.down) }.max() ?? 0
        return max(3, String(format: "%.0f", largest).count)
    }

    /// `f007.png`, `f012.5.png`, `f-003.png`: the frame with its whole part padded to `digits`.
    static func frameFileName(_ frame: Double, digits: Int) -> String {
        let whole = abs(frame).rounded(.down)
        let fraction = Format.number(abs(frame) - whole).dropFirst()  // ".5" of "0.5", "" of "0"
        let padded = String(repeating: "0", count: max(0, digits - String(format: "%.0f", whole).count))
            + String(format: "%.0f", whole)
        return "f" + (frame < 0 ? "-" : "") + padded + fraction + ".png"
    }

    /// Refuses options that do nothing with this output (a usage error rather than ignored).
    static func checkOptions(for output: RenderOutput?, _ arguments: Arguments) throws(UsageError) {
        let artOptions = ["blocks", "ascii", "braille", "color", "no-color"].filter { arguments.flag($0) }
        if let option = artOptions.first, output != .terminalArt {
            throw UsageError("--\(option) draws terminal art, which only --out - writes")
        }
        if arguments.value("columns") != nil, !arguments.flag("sheet") {
            throw UsageError("--columns only applies with --sheet")
        }
        if arguments.value("fps") != nil, !(output?.takesEveryFrameByDefault ?? false) {
            throw UsageError("--fps resamples an animation or a contact sheet (.gif, .apng, --sheet); "
                + "choose frames with --frames for other outputs")
        }
        if arguments.value("jobs") != nil, let output {
            switch output {
            case .folder, .animated: break
            default: throw UsageError("--jobs renders several frames at once, for a folder, .gif, .apng or --sheet")
            }
        }
    }
    /// Lists on standard error what was drawn approximately or not at all, and the file's
    /// unsupported features and warnings (standard output holds only the result).
    static func reportCaveats(issues: [LottieDiagnostic], images: ImageStore, timeline: Timeline) {
        var caveats = issues.map { "  \($0)" }
        caveats += images.problems.map { "  \($0)" }
        if !caveats.isEmpty {
            Console.writeError("drawn approximately or not at all:\n" + caveats.joined(separator: "\n") + "\n")
        }
        Console.writeError(SceneText.caveats(unsupported: timeline.unsupported, warnings: timeline.warnings + timeline.expressionFaults))
    }

    // MARK: Timing

    /// `--bench`: the median over three passes of evaluating and rendering every selected frame
    /// (to straight-alpha pixels in memory, as the reference players' benchmark does).
    private func bench(_ path: String, _ arguments: Arguments) throws -> ExitCode {
        let source = try RenderSource(path, arguments)
        let timeline = source.timeline
        let frames = arguments.value("frame") == nil && arguments.value("progress") == nil
            && arguments.value("frames") == nil ? try FrameSelection.all(timeline) : try Self.frames(from: arguments, timeline: timeline)
        let (width, height) = try Self.size(from: arguments, timeline: timeline, limits: source.limits)
        let seconds = try BenchCommand.renderSeconds(frames, timeline: timeline, images: source.images,
                                                     renderer: SceneRenderer(width: width, height: height), passes: 3)
        let perFrame = seconds * 1000 / Double(frames.count)
        Console.write("\(path): \(frames.count) frames at \(width)x\(height): "
                      + "\(Format.number(perFrame, maxFractionDigits: 2)) ms per frame "
                      + "(\(Format.number(seconds * 1000, maxFractionDigits: 1)) ms in all)\n")
        return .success
    }

    // MARK: Options

    static func frames(from arguments: Arguments, timeline: Timeline) throws -> [Double] {
        let chosen = ["frame", "progress", "all", "frames"].filter { arguments.value($0) != nil || arguments.flag($0) }
        guard chosen.count <= 1 else {
            throw UsageError("give one of --frame, --progress, --all and --frames, not " +
                             chosen.map { "--\($0)" }.joined(separator: " and "))
        }
        if arguments.flag("all") { return try FrameSelection.all(timeline) }
        if let selection = arguments.value("frames") { return try FrameSelection.frames(selection) }
        guard let frame = try Moment.frame(from: arguments, timeline: timeline, required: true) else { return [] }
        return [frame]
    }

    /// The output size: `--size`, or the canvas; within `maxSide` a side and `limits.maxRenderPixels`.
    static func size(from arguments: Arguments, timeline: Timeline, limits: LottieLimits) throws -> (Int, Int) {
        let (width, height) = try size(from: arguments, timeline: timeline)
        if let problem = limits.checkRenderSize(width: width, height: height) {
            throw UsageError(problem + "; give a smaller --size or a larger --limit maxRenderPixels")
        }
        return (width, height)
    }

    private static func size(from arguments: Arguments, timeline: Timeline) throws -> (Int, Int) {
        guard let text = arguments.value("size") else {
            // Checked as Doubles first: a canvas of 1e300 must be refused, not overflow Int.
            let side = 1...Double(maxSide)
            guard side.contains(timeline.width.rounded()), side.contains(timeline.height.rounded()) else {
                throw UsageError("the animation is \(Format.number(timeline.width))x\(Format.number(timeline.height)); give --size WxH")
            }
            return (Int(timeline.width.rounded()), Int(timeline.height.rounded()))
        }
        return try pixelSize(text, maxSide: maxSide)
    }

    /// `--size WxH`: whole numbers from 1 to `maxSide`.
    static func pixelSize(_ text: String, maxSide: Int) throws(UsageError) -> (Int, Int) {
        let parts = text.lowercased().split(separator: "x").map { Int($0) }
        guard parts.count == 2, let width = parts[0], let height = parts[1],
              (1...maxSide).contains(width), (1...maxSide).contains(height) else {
            throw UsageError("--size needs WxH with whole numbers from 1 to \(maxSide), got '\(text)'")
        }
        return (width, height)
    }

    static func color(from text: String) throws -> RGBAColor {
        let digits = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit) else {
            throw UsageError("--background needs a colour as #rrggbb, got '\(text)'")
        }
        return RGBAColor(hex: String(digits))
    }

    /// Writes `data` to the file at `path`, or to standard output for `-`.
    static func write(_ data: Data, to path: String) throws {
        do {
            if path == Arguments.standardInput {
                try FileHandle.standardOutput.write(contentsOf: data)
            } else {
                try data.write(to: URL(fileURLWithPath: path))
            }
        } catch {
            throw CommandFailure("cannot write '\(path)': \(error.localizedDescription)")
        }
    }
}

// MARK: - ProgressBar

/// A one-line progress bar on standard error, drawn only when it is a terminal and the job is long.
final class ProgressBar {
    let total: Int
    let enabled: Bool
    private var lastDrawn = -1

    init(total: Int, minimumTotal: Int = 8) {
        self.total = total
        enabled = total >= minimumTotal && isatty(STDERR_FILENO) == 1
    }

    func update(_ done: Int) {
        guard enabled else { return }
        let width = 30
        let filled = total > 0 ? done * width / total : width
        guard filled != lastDrawn || done == total else { return }
        lastDrawn = filled
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        Console.writeError("\r[\(bar)] \(done)/\(total)")
    }

    func finish() {
        guard enabled else { return }
        Console.writeError("\n")
    }
}
