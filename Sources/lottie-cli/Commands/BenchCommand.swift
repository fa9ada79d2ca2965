import CRuntime
import Foundation
import LottieModel
import LottiePlay
#if canImport(Glibc)
import Glibc
#endif

// MARK: - BenchCommand

/// `lottie-cli bench FILE... [--repeat N]`: how long decoding and evaluating an animation take,
/// or decoding an image, measured in this process. Build with `-c release` for numbers worth
/// quoting.
struct BenchCommand: Command {
    let name = "bench"
    let summary = "Measure decoding (ours and JSONDecoder), peak memory, evaluating and rendering per frame, or decoding images"

    var signature: CommandSignature {
        CommandSignature(
            positionals: [Positional(name: "FILE", help: "Lottie files (JSON, .lottie, .tgs or zip bundles) or PNG, JPEG and WebP images",
                                     isRepeating: true)],
            options: [
                Option("repeat", value: "N", help: "Runs per measurement; the median is printed (default 5)"),
                Option("size", value: "WxH", help: "Render size for the render column, 1 to \(RenderCommand.maxSide) a side (default 512x512)"),
                Option("no-render", help: "Skip the render measurement (decode and evaluate only)"),
                Option("premultiplied", help: "Render into premultiplied pixels, as rlottie's benchmark does (no conversion to straight alpha)"),
                Option("json", help: "Print JSON for scripts"),
                .animation,
            ])
    }

    let discussion = """
        For each file: its size; the median time to decode it with LottieDecoder (the fast path
        over the raw bytes) and with Foundation's JSONDecoder (the Codable path of the same
        model, without LottieDecoder's syntax check), in milliseconds and MB/s, and how many
        times faster the fast path is; the peak memory the fast decode adds, and that as a
        multiple of the file's size; the time to compile the animation for evaluation; and the
        median time to evaluate the scene of every frame from ip to op, in microseconds per frame;
        the median time to evaluate and render every frame at 512 x 512 (--size) into pixels in
        memory, in milliseconds per frame (at most 3 passes), and evaluation as a share of it.
        The pixels are 8-bit RGBA with straight alpha, as ThorVG's benchmark writes them;
        --premultiplied keeps them premultiplied, as rlottie's does (RenderedFrame(alpha:)).

        A .lottie file, a .tgs sticker or a zip bundle is recognised by its content; its
        animation's JSON (--animation picks one) is what is decoded and measured. A debug build
        says so on standard error: its times are many times a release build's. A progress bar
        shows on standard error when it is a terminal.

        A PNG, JPEG or WebP image (recognised by its content) is decoded into 8-bit RGBA pixels
        by our decoder for its format, and gets a row in a table of its own: its format, its
        size in pixels, the median time to decode it in milliseconds, and the pixels decoded a
        second, in millions (Mpx/s) and as MB/s of RGBA pixels (width x height x 4 bytes). With
        --json its row has "kind": "image". An image that does not decode is an error, as a
        file that is not an animation is.

        Times are the CPU time of the measuring thread, so that other processes on a shared
        machine do not count; freeing a decoded model is not part of its decode time (both
        decoders build the same model). The peak is VmHWM from /proc/self/status, reset before
        the decode (Linux only; "-" elsewhere). Compare numbers from the same run, as ratios.

        EXAMPLES:
          swift build -c release && .build/release/lottie-cli bench Samples/home.json Samples/user.json
          .build/release/lottie-cli bench photo.jpg --repeat 9
        """

    struct Row: Codable {
        var file: String
        var bytes: Int
        var decodeMilliseconds: Double
        var decodeMBPerSecond: Double
        var foundationDecodeMilliseconds: Double
        var foundationDecodeMBPerSecond: Double
        /// `foundationDecodeMilliseconds / decodeMilliseconds`.
        var speedup: Double
        /// The memory the fast decode adds at its peak, when it can be read.
        var decodePeakBytes: Int?
        var compileMilliseconds: Double
        var frames: Int
        var evaluateMicrosecondsPerFrame: Double
        /// Heap allocations a frame of steady playback makes (every frame in order into one scene,
        /// after two warm-up passes), when the allocation counter is preloaded
        /// (Scripts/alloc-table.sh); nil otherwise.
        var allocationsPerFrame: Double?
        /// Evaluating and rendering one frame at `renderSize`, nil with `--no-render`.
        var renderMillisecondsPerFrame: Double?
        var renderSize: String?
        /// How the rendered pixels are kept: "straight" or "premultiplied" (`--premultiplied`).
        var renderAlpha: String?
        /// `evaluate / render`, in percent.
        var evaluateShareOfRender: Double? {
            renderMillisecondsPerFrame.map { $0 > 0 ? evaluateMicrosecondsPerFrame / 10 / $0 : 0 }
        }
    }

    /// The row of an image file: decoding it into RGBA pixels with our decoder for its format.
    struct ImageRow: Codable {
        var file: String
        /// "image": what tells this row from an animation's in `--json`.
        var kind = "image"
        /// "PNG", "JPEG" or "WebP".
        var format: String
        var bytes: Int
        var width: Int
        var height: Int
        var decodeMilliseconds: Double
        /// Pixels decoded a second, in millions.
        var megapixelsPerSecond: Double
        /// RGBA bytes (4 a pixel) decoded a second, in millions.
        var megabytesPerSecond: Double
    }

    /// A row of the output: an animation's or an image's (`--json` writes them in the order of
    /// the files, each with its own fields).
    enum Measured: Encodable {
        case animation(Row)
        case image(ImageRow)

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .animation(let row): try row.encode(to: encoder)
            case .image(let row): try row.encode(to: encoder)
            }
        }
    }

    func run(_ arguments: Arguments) throws -> ExitCode {
        let repeats = Int(try arguments.number("repeat") ?? 5)
        guard repeats >= 1, repeats <= 1000 else { throw UsageError("--repeat must be from 1 to 1000") }
        if arguments.flag("no-render"), arguments.value("size") != nil || arguments.flag("premultiplied") {
            throw UsageError("--size and --premultiplied are about rendering, and --no-render skips it; give one of them")
        }
        let alpha: RenderedFrame.Alpha = arguments.flag("premultiplied") ? .premultiplied : .straight
        let renderSize = arguments.flag("no-render") ? nil
            : try RenderCommand.pixelSize(arguments.value("size") ?? "512x512", maxSide: RenderCommand.maxSide)
        #if DEBUG
        Console.writeError("lottie-cli: warning: this is a debug build: its times are many times a release build's "
            + "and say little; build with 'swift build -c release' and run .build/release/lottie-cli bench\n")
        #endif
        let progress = ProgressBar(total: arguments.positionals.count, minimumTotal: 1)
        var measured: [Measured] = []
        for (index, path) in arguments.positionals.enumerated() {
            if let format = Self.imageFormat(path) {
                measured.append(.image(try Self.measureImage(path, format: format, repeats: repeats)))
            } else {
                let loaded = try loadAnimation(path, arguments)
                measured.append(.animation(try measure(loaded, repeats: repeats, renderSize: renderSize, alpha: alpha)))
            }
            progress.update(index + 1)
        }
        progress.finish()
        if arguments.flag("json") {
            Console.write(try JSONOutput.text(measured))
        } else {
            let rows = measured.compactMap { if case .animation(let row) = $0 { row } else { nil } }
            let images = measured.compactMap { if case .image(let row) = $0 { row } else { nil } }
            var tables: [String] = []
            if !rows.isEmpty { tables.append(Self.table(rows)) }
            if !images.isEmpty { tables.append(Self.imageTable(images)) }
            Console.write(tables.joined(separator: "\n"))
        }
        return .success
    }

    // MARK: Images

    /// The image format of the file at `path`, by its first bytes; nil for anything else (which
    /// is read as an animation, and so is standard input).
    static func imageFormat(_ path: String) -> ImageFile.Format? {
        guard path != Arguments.standardInput, let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        guard let head = try? file.read(upToCount: 12) else { return nil }
        return ImageFile.Format(of: [UInt8](head))
    }

    /// Decoding the image at `path`: once to check it decodes, then the median of `repeats` runs.
    /// The decoders' own pixel limit applies (64 Mpx), not the smaller one for an animation's images.
    static func measureImage(_ path: String, format: ImageFile.Format, repeats: Int) throws -> ImageRow {
        let bytes = [UInt8](try InputFile.read(path, maxBytes: LottieLimits.default.maxFileBytes, kind: "an image"))
        let maxPixelCount = JPEGDecoder.Limits.default.maxPixelCount
        let decode = { try ImageFile.decode(bytes, format: format, maxPixelCount: maxPixelCount) }
        let image: RGBAImage
        do {
            image = try decode()
        } catch {
            throw CommandFailure("cannot decode \(InputFile.name(path)): \(format.rawValue): \(error)")
        }
        let seconds = try median(repeats, decode)
        let pixels = Double(image.width * image.height)
        return ImageRow(
            file: path, format: format.rawValue, bytes: bytes.count, width: image.width, height: image.height,
            decodeMilliseconds: seconds * 1000, megapixelsPerSecond: seconds > 0 ? pixels / seconds / 1e6 : 0,
            megabytesPerSecond: seconds > 0 ? pixels * 4 / seconds / 1e6 : 0)
    }

    static func imageTable(_ rows: [ImageRow]) -> String {
        var lines = [["image", "format", "size", "bytes", "decode ms", "Mpx/s", "MB/s"]]
        for row in rows {
            lines.append([
                row.file, row.format, "\(row.width)x\(row.height)", digitsGrouped(row.bytes),
                Format.number(row.decodeMilliseconds, maxFractionDigits: 2),
                Format.number(row.megapixelsPerSecond, maxFractionDigits: 1),
                Format.number(row.megabytesPerSecond, maxFractionDigits: 1),
            ])
        }
        return TextTable(rows: lines, alignments: [.left, .left, .right, .right, .right, .right, .right]).rendered()
    }

    private func measure(_ loaded: LoadedAnimation, repeats: Int, renderSize: (width: Int, height: Int)?,
                         alpha: RenderedFrame.Alpha) throws -> Row {
        let (path, data, animation) = (loaded.path, Data(loaded.json), loaded.animation)
        let peak = try PeakMemory.added { try LottieDecoder().decode(data) }
        let decode = try Self.median(repeats) { try LottieDecoder().decode(data) }
        let foundation = try Self.median(repeats) { try JSONDecoder().decode(LottieAnimation.self, from: data) }
        let compile = try Self.median(repeats) { Timeline(animation) }
        let timeline = Timeline(animation)
        let animationFrames = AnimationFrames(inPoint: timeline.inPoint, outPoint: timeline.outPoint)
        let frames = animationFrames.count > 0 ? animationFrames.frames(limit: FrameSelection.maxFrames) : [timeline.inPoint]
        let count = frames.count
        // One scene updated from frame to frame, as a player keeps it (`Timeline.update`).
        var scene = LottieScene(frame: 0, width: 0, height: 0, layers: [])
        let evaluate = try Self.median(repeats) { () -> Int in
            var sink = 0
            for frame in frames {
                timeline.update(&scene, toFrame: frame)
                sink &+= scene.layers.count
            }
            return sink
        }
        let megabytes = Double(data.count) / 1_000_000
        var row = Row(
            file: path, bytes: data.count, decodeMilliseconds: decode * 1000,
            decodeMBPerSecond: decode > 0 ? megabytes / decode : 0, foundationDecodeMilliseconds: foundation * 1000,
            foundationDecodeMBPerSecond: foundation > 0 ? megabytes / foundation : 0,
            speedup: decode > 0 ? foundation / decode : 0, decodePeakBytes: peak,
            compileMilliseconds: compile * 1000, frames: count, evaluateMicrosecondsPerFrame: evaluate * 1e6 / Double(count))
        row.allocationsPerFrame = AllocationCounter.perFrame(frames, timeline: timeline, scene: &scene)
        if let renderSize {
            let images = ImageStore(animation: animation, baseDirectory: loaded.baseDirectory)
            let renderer = SceneRenderer(width: renderSize.width, height: renderSize.height)
            let seconds = try Self.renderSeconds(frames, timeline: timeline, images: images, renderer: renderer,
                                                 passes: min(repeats, 3), alpha: alpha)
            row.renderMillisecondsPerFrame = seconds * 1000 / Double(count)
            row.renderSize = "\(renderSize.width)x\(renderSize.height)"
            row.renderAlpha = alpha == .premultiplied ? "premultiplied" : "straight"
        }
        return row
    }

    // MARK: Rendering

    /// The median over `passes` of evaluating and rendering each of `frames` once (after one
    /// warm-up frame), in seconds for all of them: pixels in memory, as the reference players'
    /// benchmark renders into their raw buffers, and as a player keeps its buffer (a frame that
    /// draws what the one before drew is not drawn again, `RenderedFrame`; the first frame of a
    /// pass always is, so that timing one frame times drawing it).
    static func renderSeconds(_ frames: [Double], timeline: Timeline, images: ImageStore, renderer: SceneRenderer,
                              passes: Int, alpha: RenderedFrame.Alpha = .straight) throws -> Double {
        guard let last = frames.last else { return 0 }
        var rendered = RenderedFrame(alpha: alpha)
        var scene = timeline.scene(atFrame: last)
        renderer.render(scene, images: images, into: &rendered)
        return try median(passes) { () -> Int in
            var sink = 0
            rendered.invalidate()
            for frame in frames {
                timeline.update(&scene, toFrame: frame)
                renderer.render(scene, images: images, into: &rendered)
                sink &+= rendered.withPremultipliedPixels { Int($0.first ?? 0) }
            }
            return sink
        }
    }

    /// The median CPU time of `body` in seconds over `count` runs. What `body` returns is
    /// released after the clock stops, so freeing it is not measured.
    static func median<T>(_ count: Int, _ body: () throws -> T) throws -> Double {
        var times: [Double] = []
        // The previous run's result is released only after the next run is timed: freed at once,
        // it lets malloc hand its pages back to the system, and the next run would be timed
        // faulting them in again (a cost of the heap's history, not of the code measured).
        var previous: T?
        for _ in 0..<count {
            let start = threadTime()
            let result = try body()
            times.append(threadTime() - start)
            previous = result
        }
        withExtendedLifetime(previous) {}
        times.sort()
        return times[times.count / 2]
    }

    /// The CPU time of the calling thread, in seconds (wall time where there is no such clock).
    static func threadTime() -> Double {
        #if canImport(Glibc)
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
        #else
        return ProcessInfo.processInfo.systemUptime
        #endif
    }

    static func table(_ rows: [Row]) -> String {
        var lines = [[
            "file", "bytes", "decode ms", "MB/s", "JSONDecoder ms", "MB/s", "speed-up", "peak MB", "x size",
            "compile ms", "frames", "eval µs/frame", "render ms/frame", "eval % of render",
        ]]
        for row in rows {
            let peak = row.decodePeakBytes
            lines.append([
                row.file, digitsGrouped(row.bytes), Format.number(row.decodeMilliseconds, maxFractionDigits: 2),
                Format.number(row.decodeMBPerSecond, maxFractionDigits: 1),
                Format.number(row.foundationDecodeMilliseconds, maxFractionDigits: 1),
                Format.number(row.foundationDecodeMBPerSecond, maxFractionDigits: 2),
                Format.number(row.speedup, maxFractionDigits: 1) + "x",
                peak.map { Format.number(Double($0) / 1_000_000, maxFractionDigits: 1) } ?? "-",
                peak.map { Format.number(Double($0) / Double(max(row.bytes, 1)), maxFractionDigits: 2) } ?? "-",
                Format.number(row.compileMilliseconds, maxFractionDigits: 2), "\(row.frames)",
                Format.number(row.evaluateMicrosecondsPerFrame, maxFractionDigits: 1),
                row.renderMillisecondsPerFrame.map { Format.number($0, maxFractionDigits: 2) } ?? "-",
                row.evaluateShareOfRender.map { Format.number($0, maxFractionDigits: 1) + "%" } ?? "-",
            ])
        }
        return TextTable(rows: lines, alignments: [.left] + Array(repeating: .right, count: 13)).rendered()
    }
}

// MARK: - PeakMemory

/// The most memory a piece of work adds to the process, from Linux's VmHWM ("high water
/// mark" of the resident set), which writing 5 to /proc/self/clear_refs resets.
enum PeakMemory {
    /// The growth of the resident set at its peak while `body` runs, in bytes, or nil when
    /// the peak cannot be read or reset here.
    static func added<T>(_ body: () throws -> T) rethrows -> Int? {
        trimMalloc()  // return freed memory first, so that the work's own allocations show
        guard reset(), let before = kilobytes("VmRSS") else {
            _ = try body()
            return nil
        }
        let result = try body()
        let peak = kilobytes("VmHWM")
        withExtendedLifetime(result) {}
        return peak.map { max(0, $0 - before) * 1024 }
    }

    /// glibc's `malloc_trim(0)` (the Glibc module does not export it).
    private static func trimMalloc() {
        lottie_runtime_trim_malloc()
    }

    private static func reset() -> Bool {
        guard let file = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? file.close() }
        return (try? file.write(contentsOf: Data("5".utf8))) != nil
    }

    /// A "Name:   1234 kB" line of /proc/self/status.
    private static func kilobytes(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            return Int(line.dropFirst(name.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
        }
        return nil
    }
}
