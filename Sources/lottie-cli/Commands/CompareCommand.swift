import Dispatch
import Foundation
import LottieModel
import LottiePlay
import Synchronization

// MARK: - CompareCommand

/// `lottie-cli compare --reference DIR [--corpus DIR] [--against rlottie|thorvg] [--features LIST]
/// [--max-files N] [--match TEXT] [--worst N] [--jobs N] [--save DIR] [--tsv FILE]`: our renders of
/// the reference frames against rlottie's (or ThorVG's).
struct CompareCommand: Command {
    let name = "compare"
    let summary = "Render every frame of the reference renders and compare with rlottie's or ThorVG's images (PSNR)"

    var signature: CommandSignature {
        CommandSignature(
            options: [
                Option("reference", value: "DIR", help: "The reference renders (holds manifest.tsv), e.g. ../shared/reference/renders"),
                Option("corpus", value: "DIR", help: "The corpus the manifest's paths are relative to (default: DIR/../../corpus)"),
                Option("against", value: "PLAYER", help: "The reference images to compare with: rlottie (default) or thorvg"),
                Option("features", value: "LIST", help: "Only files with any of these features (comma-separated, as in the worst list: effects,masks,tm)"),
                Option("max-files", value: "N", help: "Only the first N files of the manifest"),
                Option("match", value: "TEXT", help: "Only files whose corpus path contains TEXT"),
                Option("worst", value: "N", help: "How many of the worst frames to list (default 20)"),
                Option("jobs", value: "N", help: "Files rendered at once (default: the number of cores)"),
                Option("save", value: "DIR", help: "Also write ours and the reference player's image of each listed frame to DIR"),
                Option("tsv", value: "FILE", help: "Also write every frame's result as a table (file, frame, dB, ...)"),
            ])
    }

    let discussion = """
        For each row of DIR/manifest.tsv, renders that frame of the file at the row's size with the
        same "contain" fit, composites ours and the reference image over white, and measures the
        PSNR and the share of pixels where a channel is off by more than 16 (as
        shared/tools/peers/compare.py does). The reference is rlottie's image, or ThorVG's with
        --against thorvg. The headline counts only the frames where the two reference players
        agree with each other (their PSNR >= 30 dB): there the reference is trustworthy; the count
        over all frames follows. The worst frames are listed with the features of their file (from
        the corpus's manifest.tsv); --features keeps the files with any of the features named.
        Build with -c release: a debug build is many times slower.

        EXAMPLES:
          swift build -c release
          .build/release/lottie-cli compare --reference ../shared/reference/renders
          .build/release/lottie-cli compare --reference ../shared/reference/renders --match lottie-spec --worst 5
          .build/release/lottie-cli compare --reference ../shared/reference/renders --against thorvg --features effects,masks
        """

    /// The threshold of "same picture".
    static let agreeDecibels = 30.0

    struct Row: Sendable {
        var corpusPath: String
        var frame: Double
        var width: Int
        var height: Int
        /// The reference player's image of the frame, relative to the reference renders.
        var referencePNG: String
        /// PSNR between rlottie and ThorVG (`.infinity` when identical); nil when unreadable.
        var peersDecibels: Double?
    }

    struct Outcome: Sendable {
        var row: Row
        /// nil when the file could not be loaded or the reference image could not be read.
        var difference: ImageDifference?
        var failure: String?
        var seconds: Double
    }

    func run(_ arguments: Arguments) throws -> ExitCode {
        guard let referencePath = arguments.value("reference") else {
            throw UsageError("give the reference renders with --reference DIR")
        }
        let player = try ReferencePlayer(option: arguments.value("against"))
        let reference = URL(fileURLWithPath: referencePath)
        let corpus = URL(fileURLWithPath: arguments.value("corpus")
            ?? reference.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("corpus").path)
        let corpusManifest = corpus.appendingPathComponent("manifest.tsv")
        let features = Self.readFeatures(corpusManifest)
        if arguments.value("features") != nil, features.isEmpty {
            throw CommandFailure("--features needs the corpus's manifest, and '\(corpusManifest.path)' cannot be read or lists no file")
        }
        let filter = try FeatureFilter(option: arguments.value("features"), features: features)
        var rows = try Self.readManifest(reference.appendingPathComponent("manifest.tsv"), player: player)
        if let match = arguments.value("match") { rows = rows.filter { $0.corpusPath.contains(match) } }
        if let filter { rows = rows.filter { filter.keeps(features[$0.corpusPath]) } }
        var files = Self.groupedByFile(rows)
        if let limit = try arguments.number("max-files") {
            guard limit >= 1 else { throw UsageError("--max-files must be at least 1") }
            files = Array(files.prefix(Int(limit)))
        }
        let worstCount = Int(try arguments.number("worst") ?? 20)
        let jobs = Int(try arguments.number("jobs") ?? Double(ProcessInfo.processInfo.activeProcessorCount))
        guard jobs >= 1 else { throw UsageError("--jobs must be at least 1") }

        let clock = ContinuousClock()
        let start = clock.now
        let outcomes = Self.compare(files, corpus: corpus, reference: reference, jobs: jobs)
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18

        let worst = Self.worst(outcomes, count: worstCount)
        Console.write(Self.report(outcomes, worst: worst, features: features, player: player, filter: filter,
                                  seconds: seconds))
        if let tsv = arguments.value("tsv") {
            try RenderCommand.write(Data(Self.table(outcomes, features: features, player: player).utf8), to: tsv)
        }
        if let save = arguments.value("save") {
            try Self.save(worst, to: save, corpus: corpus, reference: reference, player: player)
        }
        return .success
    }

    // MARK: Reading

    /// The rows of the reference manifest, each with the image of `player`; rows whose frame or
    /// size is not a number are left out.
    static func readManifest(_ url: URL, player: ReferencePlayer) throws -> [Row] {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            throw CommandFailure("cannot read '\(url.path)'")
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        guard let header = lines.first?.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) else {
            throw CommandFailure("'\(url.path)' is empty")
        }
        lines.removeFirst()
        func column(_ name: String) throws -> Int {
            guard let index = header.firstIndex(of: name) else {
                throw CommandFailure("'\(url.path)' has no column '\(name)'")
            }
            return index
        }
        let (path, frame, width, height, png, psnr) = (try column("corpus_path"), try column("frame"), try column("w"),
                                                        try column("h"), try column(player.imageColumn),
                                                        try column("psnr_rlottie_thorvg"))
        return lines.compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == header.count, let frameValue = Double(fields[frame]),
                  let w = Int(fields[width]), let h = Int(fields[height]), w > 0, h > 0 else { return nil }
            let peers = fields[psnr] == "inf" ? Double.infinity : Double(fields[psnr])
            return Row(corpusPath: fields[path], frame: frameValue, width: w, height: h, referencePNG: fields[png],
                       peersDecibels: peers)
        }
    }

    /// The rows of each file, files in manifest order.
    static func groupedByFile(_ rows: [Row]) -> [[Row]] {
        var order: [String] = []
        var byFile: [String: [Row]] = [:]
        for row in rows {
            if byFile[row.corpusPath] == nil { order.append(row.corpusPath) }
            byFile[row.corpusPath, default: []].append(row)
        }
        return order.map { byFile[$0] ?? [] }
    }

    /// The columns of the corpus manifest that count a feature of each file (0 when it has none).
    static let featureColumns = ["expressions", "masks", "mattes", "precomps", "images", "text", "time_remap", "effects",
                                 "ddd", "split_position", "legacy_keyframes", "fonts", "chars", "slots", "embedded_images"]

    /// The notable features of each corpus file: its non-zero feature columns and its less
    /// common shape types.
    static func readFeatures(_ url: URL) -> [String: String] {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [:] }
        let lines = text.split(separator: "\n")
        guard let header = lines.first?.split(separator: "\t", omittingEmptySubsequences: false).map(String.init),
              let path = header.firstIndex(of: "path") else { return [:] }
        let flagColumns = featureColumns.compactMap { name in header.firstIndex(of: name).map { (name, $0) } }
        let shapes = header.firstIndex(of: "shape_types")
        let common: Set<String> = ["gr", "sh", "rc", "el", "fl", "st", "tr"]
        var result: [String: String] = [:]
        for line in lines.dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == header.count else { continue }
            var names = flagColumns.filter { fields[$0.1] != "0" && !fields[$0.1].isEmpty }.map(\.0)
            if let shapes {
                names += fields[shapes].split(separator: ",").map(String.init).filter { !common.contains($0) }
            }
            result[fields[path]] = names.joined(separator: ",")
        }
        return result
    }

    // MARK: Comparing

    static func compare(_ files: [[Row]], corpus: URL, reference: URL, jobs: Int) -> [Outcome] {
        let results = Mutex<[[Outcome]]>(Array(repeating: [], count: files.count))
        let next = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: Swift.min(jobs, Swift.max(1, files.count))) { _ in
            while true {
                let index = next.withLock { value -> Int in
                    defer { value += 1 }
                    return value
                }
                guard index < files.count else { return }
                let outcomes = compareFile(files[index], corpus: corpus, reference: reference)
                results.withLock { $0[index] = outcomes }
            }
        }
        return results.withLock { $0.flatMap { $0 } }
    }

    static func compareFile(_ rows: [Row], corpus: URL, reference: URL) -> [Outcome] {
        guard let first = rows.first else { return [] }
        let animation: LottieAnimation
        do {
            let data = try Data(contentsOf: corpus.appendingPathComponent(first.corpusPath))
            animation = try LottieDecoder().decode(data)
        } catch {
            return rows.map { Outcome(row: $0, difference: nil, failure: "cannot load: \(error)", seconds: 0) }
        }
        let timeline = Timeline(animation)
        let images = ImageStore(animation: animation,
                                baseDirectory: corpus.appendingPathComponent(first.corpusPath).deletingLastPathComponent())
        let clock = ContinuousClock()
        return rows.map { row in
            let start = clock.now
            let ours = render(row, timeline: timeline, images: images)
            let elapsed = clock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            guard let theirs = try? PNGDecoder().decode([UInt8](Data(contentsOf: reference.appendingPathComponent(row.referencePNG)))) else {
                return Outcome(row: row, difference: nil, failure: "cannot read \(row.referencePNG)", seconds: seconds)
            }
            return Outcome(row: row, difference: ImageDifference(ours, theirs), failure: nil, seconds: seconds)
        }
    }

    static func render(_ row: Row, timeline: Timeline, images: ImageStore) -> RGBAImage {
        SceneRenderer(width: row.width, height: row.height).render(timeline.scene(atFrame: row.frame), images: images)
    }

    // MARK: Report

    static func isAgreed(_ row: Row) -> Bool {
        (row.peersDecibels ?? 0) >= agreeDecibels
    }

    static func worst(_ outcomes: [Outcome], count: Int) -> [Outcome] {
        let agreed = outcomes.filter { isAgreed($0.row) && $0.difference != nil }
        return Array(agreed.sorted { ($0.difference?.psnr ?? 0) < ($1.difference?.psnr ?? 0) }.prefix(count))
    }

    /// The summary: frames compared, the share at 30 dB or more against `player` (agreed frames,
    /// then all), pixels off, time, the worst frames and the frames not rendered.
    static func report(_ outcomes: [Outcome], worst: [Outcome], features: [String: String], player: ReferencePlayer,
                       filter: FeatureFilter?, seconds: Double) -> String {
        let measured = outcomes.filter { $0.difference != nil }
        let failed = outcomes.filter { $0.difference == nil }
        let agreed = measured.filter { isAgreed($0.row) }
        func passing(_ list: [Outcome]) -> Int {
            list.filter { ($0.difference?.psnr ?? 0) >= agreeDecibels }.count
        }
        func percent(_ part: Int, _ whole: Int) -> String {
            whole > 0 ? Format.number(Double(part) * 100 / Double(whole), maxFractionDigits: 1) + "%" : "-"
        }
        func meanOver16(_ list: [Outcome]) -> String {
            guard !list.isEmpty else { return "-" }
            let total = list.reduce(0.0) { $0 + ($1.difference?.percentOver16 ?? 0) }
            return Format.number(total / Double(list.count), maxFractionDigits: 2) + "%"
        }
        let fileCount = Set(outcomes.map(\.row.corpusPath)).count
        let files = Format.plural(fileCount, "file") + (filter.map { " " + $0.description } ?? "")
        let versus = "ours vs \(player.displayName)"
        var lines: [String] = []
        lines.append("frames compared: \(digitsGrouped(measured.count)) of \(digitsGrouped(outcomes.count)) "
                     + "(\(files); \(failed.count) not rendered)")
        lines.append("frames where rlottie and ThorVG agree (>= 30 dB): \(digitsGrouped(agreed.count))")
        lines.append("  \(versus) >= 30 dB: \(digitsGrouped(passing(agreed))) of \(digitsGrouped(agreed.count)) "
                     + "(\(percent(passing(agreed), agreed.count)))")
        lines.append("all frames: \(versus) >= 30 dB: \(digitsGrouped(passing(measured))) of "
                     + "\(digitsGrouped(measured.count)) (\(percent(passing(measured), measured.count)))")
        lines.append("pixels off by more than 16, mean per frame: \(meanOver16(agreed)) (agreed frames), "
                     + "\(meanOver16(measured)) (all)")
        let renderSeconds = outcomes.reduce(0.0) { $0 + $1.seconds }
        lines.append("time: \(Format.number(seconds, maxFractionDigits: 1)) s "
                     + "(render \(Format.number(renderSeconds * 1000 / Double(Swift.max(1, outcomes.count)), maxFractionDigits: 1)) ms per frame)")
        if !worst.isEmpty {
            lines.append("")
            lines.append("worst \(worst.count) agreed frames:")
            var table = [["dB", ">16 %", "frame", "file", "features"]]
            for outcome in worst {
                let difference = outcome.difference
                table.append([
                    difference.map { $0.psnr.isFinite ? Format.number($0.psnr, maxFractionDigits: 1) : "inf" } ?? "-",
                    difference.map { Format.number($0.percentOver16, maxFractionDigits: 1) } ?? "-",
                    Format.number(outcome.row.frame), outcome.row.corpusPath, features[outcome.row.corpusPath] ?? "",
                ])
            }
            lines.append(TextTable(rows: table, alignments: [.right, .right, .right, .left, .left]).rendered()
                .split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
        }
        if !failed.isEmpty {
            lines.append("")
            lines.append("not rendered:")
            for outcome in failed.prefix(10) {
                lines.append("  \(outcome.row.corpusPath) frame \(Format.number(outcome.row.frame)): \(outcome.failure ?? "")")
            }
            if failed.count > 10 { lines.append("  ... and \(failed.count - 10) more") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One line per frame: corpus path, frame, our PSNR and % over 16 against `player`, the
    /// peers' PSNR, milliseconds, features.
    static func table(_ outcomes: [Outcome], features: [String: String], player: ReferencePlayer) -> String {
        let ours = "ours_" + player.rawValue
        var lines = ["corpus_path\tframe\tpsnr_\(ours)\tpct_diff_\(ours)\tpsnr_rlottie_thorvg\tms\tfeatures"]
        func decibels(_ value: Double?) -> String {
            guard let value else { return "" }
            return value.isFinite ? Format.number(value, maxFractionDigits: 3) : "inf"
        }
        for outcome in outcomes {
            lines.append([outcome.row.corpusPath, Format.number(outcome.row.frame), decibels(outcome.difference?.psnr),
                          outcome.difference.map { Format.number($0.percentOver16, maxFractionDigits: 4) } ?? "",
                          decibels(outcome.row.peersDecibels), Format.number(outcome.seconds * 1000, maxFractionDigits: 2),
                          features[outcome.row.corpusPath] ?? ""].joined(separator: "\t"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes `<name>-f<frame>.ours.png` and `.rlottie.png` (or `.thorvg.png`, after `player`) for
    /// each listed frame.
    static func save(_ outcomes: [Outcome], to folder: String, corpus: URL, reference: URL,
                     player: ReferencePlayer) throws {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure("cannot create the folder '\(folder)': \(error.localizedDescription)")
        }
        for outcome in outcomes {
            let row = outcome.row
            guard let data = try? Data(contentsOf: corpus.appendingPathComponent(row.corpusPath)),
                  let animation = try? LottieDecoder().decode(data) else { continue }
            let images = ImageStore(animation: animation,
                                    baseDirectory: corpus.appendingPathComponent(row.corpusPath).deletingLastPathComponent())
            let image = render(row, timeline: Timeline(animation), images: images)
            let stem = row.referencePNG.replacingOccurrences(of: "/", with: "__")
                .replacingOccurrences(of: player.imageSuffix, with: "")
            let base = (folder as NSString).appendingPathComponent(stem)
            try RenderCommand.write(Data(try PNGEncoder().encode(image)), to: base + ".ours.png")
            if let theirs = try? Data(contentsOf: reference.appendingPathComponent(row.referencePNG)) {
                try RenderCommand.write(theirs, to: base + player.imageSuffix)
            }
        }
    }
}
