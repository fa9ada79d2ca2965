import Foundation
import LottieModel
import LottiePlay

// MARK: - Animated outputs

/// `lottie-cli render FILE ... --out anim.gif | anim.apng`, and `--out sheet.png --sheet`: many
/// frames in one file.
///
/// - `.gif`: an animated GIF (one shared palette of at most 256 colours, 1-bit transparency).
/// - `.apng`: an animated PNG, full RGBA. (A `.png` stays a single frame, so that an existing
///   `--out x.png` never changes meaning; rename the `.apng` to `.png` to publish it as one.)
/// - `--sheet` with a `.png`: every frame in a grid on one image (`--columns N`, default as square
///   as possible), 4 pixels of grey between cells.
///
/// Without --frame, --progress, --all or --frames these take every frame (--all). The frames play
/// at the animation's frame rate divided by the --frames step. All frames are held in memory, so the
/// frames' pixels together are capped at `maxAnimationPixels`.
extension RenderCommand {
    /// The most pixels (width × height × frames) rendered into one GIF, APNG or contact sheet:
    /// 2^28, 1 GiB of RGBA frames held in memory at once.
    static let maxAnimationPixels = 1 << 28
    /// Pixels between the cells of a contact sheet.
    static let sheetGap = 4
    /// The gaps of a contact sheet: mid grey, visible between transparent and opaque frames alike.
    static let sheetGapColor = RGBAImage.Pixel(red: 128, green: 128, blue: 128)

    /// The options that only apply to animated outputs.
    static let animationOptions: [Option] = [
        Option("sheet", help: "With a .png --out: every frame in a grid on one image (a contact sheet)"),
        Option("columns", value: "N", help: "With --sheet: the number of columns (default: as square as possible)"),
        Option("fps", value: "N", help: "With .gif, .apng or --sheet: resample at N frames per second (default: the animation's rate)"),
    ]

    /// GIF delays are whole hundredths of a second; browsers slow delays under this many down
    /// (to 10 hundredths), so faster GIFs are warned about.
    static let minimumGIFDelay = 2

    /// A file made of many frames.
    enum AnimatedOutput: Equatable {
        case gif
        case apng
        case sheet(columns: Int?)

        var name: String {
            switch self {
            case .gif: return "a GIF"
            case .apng: return "an APNG"
            case .sheet: return "a contact sheet"
            }
        }
    }

    // MARK: Choosing

    /// `--columns N`, or nil for as square as possible.
    static func sheetColumns(_ arguments: Arguments) throws(UsageError) -> Int? {
        guard let text = arguments.value("columns") else { return nil }
        guard let columns = Int(text), (1...maxFrames).contains(columns) else {
            throw UsageError("--columns needs a whole number from 1 to \(maxFrames), got '\(text)'")
        }
        return columns
    }

    // MARK: Rendering

    /// Renders the frames and writes them as `output` to `out`.
    func renderAnimation(_ output: AnimatedOutput, to out: String, _ path: String,
                         _ arguments: Arguments) throws -> ExitCode {
        let source = try RenderSource(path, arguments)
        let timeline = source.timeline
        let images = source.images
        let frames = try Self.animationFrames(arguments, timeline: timeline)
        FrameSelection.warnOutside(frames, of: timeline)
        let (width, height) = try Self.size(from: arguments, timeline: timeline, limits: source.limits)
        try Self.checkPixelBudget(output, width: width, height: height, frames: frames.count)
        let background = try arguments.value("background").map(Self.color(from:))
        let renderer = SceneRenderer(width: width, height: height, background: background)

        var issues: [LottieDiagnostic] = []
        var rendered: [RGBAImage] = []
        rendered.reserveCapacity(frames.count)
        let progress = ProgressBar(total: frames.count)
        let jobs = try Jobs.count(arguments)
        try Self.forEachFrame(frames, timeline: timeline, images: images, renderer: renderer, jobs: jobs,
                              issues: &issues) { index, _, image in
            rendered.append(image)
            progress.update(index + 1)
        }
        progress.finish()

        let framesPerSecond = try Self.playbackRate(of: frames, timeline: timeline)
        if output == .gif, 100 / framesPerSecond < Double(Self.minimumGIFDelay) - 1e-9 {
            Console.writeError("lottie-cli: warning: at \(Format.number(framesPerSecond, maxFractionDigits: 2)) fps a GIF's "
                + "delays are under \(Self.minimumGIFDelay) hundredths of a second, which browsers slow down (to 10); "
                + "give --fps 50 or less (--fps 30, say) to resample\n")
        }
        let bytes = try Self.encode(rendered, as: output, framesPerSecond: framesPerSecond, jobs: jobs)
        try Self.write(Data(bytes), to: out)
        if out != Arguments.standardInput {
            Console.write("wrote '\(out)' (\(Self.outputSummary(output, frames: rendered, framesPerSecond: framesPerSecond)), "
                          + "\(bytes.count) bytes)\n")
        }
        Self.reportCaveats(issues: issues, images: images, timeline: timeline)
        return .success
    }

    /// The chosen frames, or every frame (--all) when none is chosen; with `--fps N`, the range
    /// (the animation, or the --frames range) resampled at N frames per second.
    private static func animationFrames(_ arguments: Arguments, timeline: Timeline) throws -> [Double] {
        let isChosen = ["frame", "progress", "all", "frames"].contains {
            arguments.value($0) != nil || arguments.flag($0)
        }
        let frames = isChosen ? try frames(from: arguments, timeline: timeline) : try FrameSelection.all(timeline)
        guard let fps = try arguments.number("fps") else { return frames }
        guard fps > 0, fps <= 1000 else { throw UsageError("--fps needs a number of frames per second above 0 and at most 1000") }
        guard let first = frames.first, let last = frames.last, frames.count >= 2 else {
            throw UsageError("--fps resamples several frames; give --frames A:B, --all, or no frame option")
        }
        // The range's end: one step past its last frame, as a range of whole frames ends at op.
        let step = frames[1] - frames[0]
        guard frames.count == 2 || abs((frames[2] - frames[1]) - step) < 1e-9 else {
            throw UsageError("--fps resamples a range; give --frames A:B:S rather than a list")
        }
        let end = last + step
        let resampledStep = timeline.frameRate / fps * (step < 0 ? -1 : 1)
        return try FrameSelection.frames(from: first, to: end - resampledStep * 1e-6, step: resampledStep)
    }

    /// Refuses outputs whose frames, held in memory together, would pass `maxAnimationPixels`.
    static func checkPixelBudget(_ output: AnimatedOutput, width: Int, height: Int, frames: Int) throws {
        let (pixels, overflow) = (width * height).multipliedReportingOverflow(by: frames)
        guard overflow || pixels > maxAnimationPixels else { return }
        throw UsageError("\(output.name) of \(frames) frames at \(width)x\(height) is \(overflow ? "too many" : String(pixels)) "
                         + "pixels, more than the limit of 2^28 (\(maxAnimationPixels)); "
                         + "use a smaller --size or fewer frames (--frames A:B:S)")
    }

    /// Frames per second of playback: the animation's rate divided by the step between frames
    /// (with `--fps N`, N).
    private static func playbackRate(of frames: [Double], timeline: Timeline) throws -> Double {
        let step = frames.count >= 2 ? abs(frames[1] - frames[0]) : 1
        let rate = timeline.frameRate / step
        guard rate.isFinite, rate > 0 else {
            throw CommandFailure("the animation's frame rate (\(Format.number(timeline.frameRate))) is not a positive number")
        }
        return rate
    }

    // MARK: Writing

    /// `frames` as `output`; a GIF's or APNG's frames are encoded `jobs` at once.
    private static func encode(_ frames: [RGBAImage], as output: AnimatedOutput,
                               framesPerSecond: Double, jobs: Int) throws -> [UInt8] {
        do {
            switch output {
            case .gif:
                return try GIFEncoder(jobs: jobs).encode(frames, framesPerSecond: framesPerSecond)
            case .apng:
                return try APNGEncoder(jobs: jobs).encode(frames, framesPerSecond: framesPerSecond)
            case .sheet(let columns):
                let sheet = try ContactSheet(columns: columns, gap: sheetGap, gapColor: sheetGapColor).image(of: frames)
                return try PNGEncoder().encode(sheet)
            }
        } catch let error as AnimatedImageError {
            throw CommandFailure("cannot write \(output.name): \(error)")
        }
    }

    /// "60 frames at 64x64, 60 fps" or, for a sheet, "60 frames at 64x64 in 8 columns, 540x540".
    private static func outputSummary(_ output: AnimatedOutput, frames: [RGBAImage],
                                      framesPerSecond: Double) -> String {
        let width = frames.first?.width ?? 0
        let height = frames.first?.height ?? 0
        let count = "\(frames.count) frame\(frames.count == 1 ? "" : "s") at \(width)x\(height)"
        guard case .sheet(let columns) = output else {
            return count + ", \(Format.number(framesPerSecond, maxFractionDigits: 2)) fps"
        }
        let layout = ContactSheet(columns: columns, gap: sheetGap)
        let size = layout.size(forFrames: frames.count, width: width, height: height)
        return count + " in \(layout.columnCount(forFrames: frames.count)) columns, \(size.width)x\(size.height)"
    }
}
