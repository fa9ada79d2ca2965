import Foundation
import LottieModel
import LottiePlay

// MARK: - StickerCommand

/// `lottie-cli sticker FILE [--out OUT.tgs] [--animation ID] [--json]`: checks an animation
/// against Telegram's animated sticker rules and, when it passes, writes it as a `.tgs`.
struct StickerCommand: Command {
    let name = "sticker"
    let summary = "Check an animation against Telegram's animated sticker rules; write it as a .tgs"

    /// Places listed per rule in the text before "... and N more".
    static let maxPlacesPerRule = 10

    var signature: CommandSignature {
        CommandSignature(
            positionals: [Positional(
                name: "FILE", help: "A .tgs sticker, or a Lottie file: JSON, .lottie or a zip bundle; or several, or folders",
                isRepeating: true)],
            options: [
                Option("out", short: "o", value: "OUT.tgs", help: "Write the animation as a .tgs (minified, \"tgs\":1, gzip) if it passes"),
                .animation,
                Option("json", help: "Print the findings as JSON for scripts"),
                .batchFormat, .jobs,
            ])
    }

    let discussion = """
        The rules are Telegram's "Animation Requirements" (core.telegram.org/stickers): a 512x512
        canvas, 60 fps, at most 3 seconds, at most 64 KB, and none of: expressions, masks, layer
        effects, images, solids, texts, 3D layers, merge paths, star shapes, gradient strokes,
        repeaters, time stretching, time remapping, auto-oriented layers. Each violation is listed
        with its JSON path. The 64 KB apply to the .tgs file, or, for other files, to what --out
        writes. Warnings do not fail the check: 30 fps (allowed by the 2020 rules), a missing
        "tgs":1 marker (Telegram's exporter writes it), and layers whose bounds leave the canvas
        at some frame (every frame is evaluated; stroke widths, masks and mattes are not counted).
        Looping and auto-bezier keys cannot be checked from the JSON. The exit status is 1 when
        a rule is broken, a file 'validate' finds errors in included (after the report is printed);
        --out then writes nothing.

        With several files or folders (searched recursively for Lottie files, recognised by
        content), each file gets one line, its violations and warnings follow a file that
        fails, and a summary ends the report (--format json, junit or github for scripts and
        CI); --out takes one file only.

        EXAMPLES:
          lottie-cli sticker sticker.tgs
          lottie-cli sticker stickers/ --format junit
          lottie-cli sticker wave.json --out wave.tgs
        """

    struct Output: Encodable {
        var file: String
        var valid: Bool
        var stickerByteCount: Int
        var isPackedSize: Bool
        var findings: [LottieDiagnostic]
        var packed: String?
    }

    func run(_ arguments: Arguments) throws -> ExitCode {
        if BatchRun.isBatch(arguments, files: arguments.positionals), arguments.value("out") != nil {
            throw UsageError("--out writes one sticker: give one file, not several or a folder")
        }
        if let code = try runBatch(arguments, files: arguments.positionals, work: { file in
            .catching { try Self.outcome(of: file.path, arguments) }
        }) { return code }
        let loaded = try loadAnimation(arguments)
        let report = try Self.report(loaded)
        var packed: String?
        if let output = arguments.value("out"), report.isValid {
            let bytes: [UInt8]
            do {
                bytes = try TelegramSticker.pack(json: loaded.json)
            } catch {
                throw CommandFailure("cannot decode '\(loaded.path)': \(error)")
            }
            do {
                try Data(bytes).write(to: URL(fileURLWithPath: output))
            } catch {
                throw CommandFailure("cannot write '\(output)': \(error.localizedDescription)")
            }
            packed = output
        }
        if arguments.flag("json") {
            Console.write(try JSONOutput.text(Output(
                file: loaded.path, valid: report.isValid, stickerByteCount: report.stickerByteCount,
                isPackedSize: report.isPackedSize, findings: report.findings, packed: packed)))
        } else {
            Console.write(text(report, loaded: loaded, packed: packed, packRequested: arguments.value("out")))
        }
        return report.isValid ? .success : .failure
    }

    /// The sticker rules checked on a loaded animation, canvas warnings included.
    static func report(_ loaded: LoadedAnimation) throws(CommandFailure) -> StickerReport {
        let isSticker = loaded.container?.file.kind == .gzip
        var report: StickerReport
        do {
            report = try TelegramSticker.check(json: loaded.json, stickerByteCount: isSticker ? loaded.byteCount : nil)
        } catch {
            throw CommandFailure("cannot decode '\(loaded.path)': \(error)")
        }
        report.findings += canvasFindings(loaded.animation)
        return report
    }

    /// A file's outcome in a batch: it passes when it breaks no rule; violations are errors.
    static func outcome(of path: String, _ arguments: Arguments) throws -> FileOutcome {
        let loaded = try loadAnimation(path, arguments)
        let report = try report(loaded)
        let findings = report.findings.map { finding in
            FileOutcome.Finding(severity: finding.severity == .error ? .error : .warning,
                                message: "\(finding.rule?.description ?? finding.category.name): \(finding.message)",
                                path: finding.path).located(in: loaded.json)
        }
        let counts = [Format.plural(report.violations.count, "violation"), Format.plural(report.warnings.count, "warning")]
        let verdict = report.isValid ? "follows Telegram's sticker rules" : "Telegram does not accept this sticker"
        return FileOutcome(status: report.isValid ? .passed : .failed,
                           summary: "\(verdict), \(counts.joined(separator: ", ")), \(Format.bytes(report.stickerByteCount))",
                           findings: findings,
                           isPlainJSON: loaded.container == nil)
    }

    // MARK: Canvas

    /// A warning for each layer whose bounds leave the canvas at some frame (the first such frame).
    static func canvasFindings(_ animation: LottieAnimation) -> [LottieDiagnostic] {
        let timeline = Timeline(animation)
        let size = TelegramSticker.canvasSize
        var reported: Set<String> = []
        var findings: [LottieDiagnostic] = []
        var frame = timeline.inPoint
        let last = min(timeline.outPoint, timeline.inPoint + 600)  // 10 s at 60 fps: enough to show the problem
        while frame < last {
            let summary = SceneSummary(timeline.scene(atFrame: frame), timeline: timeline, precision: 1)
            for layer in summary.layers where layer.opacity > 0 && !reported.contains(layer.jsonPath) {
                guard let box = layer.bounds, box.count == 4 else { continue }
                let (x, y, width, height) = (box[0], box[1], box[2], box[3])
                guard x < -0.5 || y < -0.5 || x + width > size + 0.5 || y + height > size + 0.5 else { continue }
                reported.insert(layer.jsonPath)
                let name = layer.name.map { "layer '\($0)'" } ?? "the layer"
                var finding = LottieDiagnostic.sticker(
                    .objectsInsideCanvas, .warning, at: JSONPath(), "\(name) reaches outside the canvas at frame "
                        + "\(Format.number(frame)): x \(Format.number(x)) to \(Format.number(x + width)), "
                        + "y \(Format.number(y)) to \(Format.number(y + height))")
                finding.path = layer.jsonPath
                findings.append(finding)
            }
            frame += 1
        }
        return findings
    }

    // MARK: Text

    private func text(_ report: StickerReport, loaded: LoadedAnimation, packed: String?, packRequested: String?) -> String {
        let animation = loaded.animation
        var rows = [["Sticker", "\(loaded.path), \(Format.number(animation.width)) x \(Format.number(animation.height)), "
            + "\(Format.number(animation.frameRate)) fps, \(Format.number(animation.inPoint)) to "
            + "\(Format.number(animation.outPoint)) (\(Format.number(animation.durationSeconds)) s)"]]
        let size = digitsGrouped(report.stickerByteCount)
        rows.append(["Size", report.isPackedSize
            ? "\(size) bytes once packed as .tgs (at most 65,536)" : "\(size) bytes (at most 65,536)"])
        let violations = report.violations.count
        let warnings = report.warnings.count
        let counts = [violations > 0 ? Format.plural(violations, "violation") : nil,
                      warnings > 0 ? Format.plural(warnings, "warning") : nil].compactMap { $0 }
        if violations > 0 {
            rows.append(["Result", counts.joined(separator: ", ") + ": Telegram does not accept this sticker"])
        } else {
            rows.append(["Result", "follows Telegram's animated sticker rules"
                + (counts.isEmpty ? "" : " (\(counts.joined(separator: ", ")))")])
        }
        if let packed {
            rows.append(["Packed", "\(packed), \(Format.bytes(report.stickerByteCount))"])
        } else if let packRequested {
            rows.append(["Not packed", "\(packRequested) was not written: fix the violations first"])
        }
        var text = TextTable(rows: rows).rendered()
        text += section("Violations", report.violations)
        text += section("Warnings", report.warnings)
        let unchecked = StickerRule.unchecked.dropFirst()
        text += "\nNot checked: \(unchecked.joined(separator: ", ")) (not visible in the JSON)\n"
        return text
    }

    private func section(_ title: String, _ findings: [LottieDiagnostic]) -> String {
        guard !findings.isEmpty else { return "" }
        var rows = [["  rule", "at", "problem"]]
        var perRule: [StickerRule: Int] = [:]
        for finding in findings {
            guard let rule = finding.rule else { continue }
            perRule[rule, default: 0] += 1
            let count = perRule[rule, default: 0]
            if count <= Self.maxPlacesPerRule {
                rows.append(["  " + rule.description, finding.path, finding.message])
            }
        }
        for rule in StickerRule.allCases {
            if let count = perRule[rule], count > Self.maxPlacesPerRule {
                rows.append(["  " + rule.description, "", "... and \(count - Self.maxPlacesPerRule) more"])
            }
        }
        return "\n\(title) (\(findings.count))\n" + TextTable(rows: rows).rendered()
    }
}
