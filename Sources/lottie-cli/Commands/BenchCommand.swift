import Foundation
import LottieModel
import LottiePlay

// MARK: - BenchCommand

/// `lottie-cli bench FILE... [--repeat N]`: how long decoding and evaluating take, measured
/// in this process. Build with `-c release` for numbers worth quoting.
struct BenchCommand: Command {
    let name = "bench"
    let summary = "Measure decode time (ours and Foundation's JSONDecoder) and evaluation time per frame"

    var signature: CommandSignature {
        CommandSignature(
            positionals: [Positional(name: "FILE", help: "Lottie JSON files", isRepeating: true)],
            options: [
                Option("repeat", value: "N", help: "Runs per measurement; the median is printed (default 5)"),
                Option("json", help: "Print JSON for scripts"),
            ])
    }

    let discussion = """
        For each file: its size; the median time to decode it with LottieDecoder (which checks the
        syntax first) and with Foundation's JSONDecoder alone, in milliseconds and MB/s; the time
        to compile it for evaluation; and the median time to evaluate the scene of every frame
        from ip to op, in microseconds per frame. The machine is shared and noisy: compare
        numbers from the same run, as ratios.

        EXAMPLES:
          swift build -c release && .build/release/lottie-cli bench Samples/home.json Samples/user.json
        """

    struct Row: Codable {
        var file: String
        var bytes: Int
        var decodeMilliseconds: Double
        var decodeMBPerSecond: Double
        var foundationDecodeMilliseconds: Double
        var compileMilliseconds: Double
        var frames: Int
        var evaluateMicrosecondsPerFrame: Double
    }

    func run(_ arguments: Arguments) throws -> ExitCode {
        let repeats = Int(try arguments.number("repeat") ?? 5)
        guard repeats >= 1, repeats <= 1000 else { throw UsageError("--repeat must be from 1 to 1000") }
        var rows: [Row] = []
        for path in arguments.positionals {
            let loaded = try loadAnimation(path)
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            rows.append(try measure(path, data: data, animation: loaded.animation, repeats: repeats))
        }
        if arguments.flag("json") {
            Console.write(try JSONOutput.text(rows))
        } else {
            Console.write(Self.table(rows))
        }
        return .success
    }

    private func measure(_ path: String, data: Data, animation: Animation, repeats: Int) throws -> Row {
        let decode = try Self.median(repeats) { _ = try LottieDecoder().decode(data) }
        let foundation = try Self.median(repeats) { _ = try JSONDecoder().decode(Animation.self, from: data) }
        let compile = try Self.median(repeats) { _ = Timeline(animation) }
        let timeline = Timeline(animation)
        let frames = max(1, Int((timeline.outPoint - timeline.inPoint).rounded(.up)))
        var sink = 0
        let evaluate = try Self.median(repeats) {
            for frame in 0..<frames { sink &+= timeline.scene(atFrame: timeline.inPoint + Double(frame)).layers.count }
        }
        if sink == -1 { print("") }  // keeps the evaluation from being optimised away
        let megabytes = Double(data.count) / 1_000_000
        return Row(
            file: path, bytes: data.count, decodeMilliseconds: decode * 1000,
            decodeMBPerSecond: decode > 0 ? megabytes / decode : 0, foundationDecodeMilliseconds: foundation * 1000,
            compileMilliseconds: compile * 1000, frames: frames, evaluateMicrosecondsPerFrame: evaluate * 1e6 / Double(frames))
    }

    /// The median wall time of `body` in seconds over `count` runs.
    static func median(_ count: Int, _ body: () throws -> Void) throws -> Double {
        var times: [Double] = []
        let clock = ContinuousClock()
        for _ in 0..<count {
            let start = clock.now
            try body()
            let elapsed = clock.now - start
            times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        }
        times.sort()
        return times[times.count / 2]
    }

    static func table(_ rows: [Row]) -> String {
        var lines = [["file", "bytes", "decode ms", "MB/s", "JSONDecoder ms", "compile ms", "frames", "eval µs/frame"]]
        for row in rows {
            lines.append([
                row.file, Format.grouped(row.bytes), Format.number(row.decodeMilliseconds, maxFractionDigits: 2),
                Format.number(row.decodeMBPerSecond, maxFractionDigits: 2),
                Format.number(row.foundationDecodeMilliseconds, maxFractionDigits: 2),
                Format.number(row.compileMilliseconds, maxFractionDigits: 2), "\(row.frames)",
                Format.number(row.evaluateMicrosecondsPerFrame, maxFractionDigits: 1),
            ])
        }
        return TextTable(rows: lines, alignments: [.left] + Array(repeating: .right, count: 7)).rendered()
    }
}
