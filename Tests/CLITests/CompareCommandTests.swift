import Foundation
import XCTest
import TestSupport

/// `lottie-cli compare` end to end on a small reference set made in the test: two samples, each
/// one frame, with rlottie's and ThorVG's images stood in for by our own renders, so that which
/// player is compared against shows in the figures. `home.json` has effects in the corpus
/// manifest; ThorVG's image of it is ours, rlottie's is another icon.
final class CompareCommandTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try temporaryDirectory(for: self)
        let corpus = folder.appendingPathComponent("corpus")
        let reference = folder.appendingPathComponent("reference")
        for name in ["corpus/icons", "reference/home", "reference/user"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        for name in ["home.json", "user.json"] {
            try FileManager.default.copyItem(at: Corpus.samples.appendingPathComponent(name),
                                             to: corpus.appendingPathComponent("icons/" + name))
        }
        try Data("""
            path\tbytes\teffects\tmasks\tshape_types
            icons/home.json\t1\t1\t0\tgr,sh,fl,tr
            icons/user.json\t1\t0\t0\tgr,sh,st,tm

            """.utf8).write(to: corpus.appendingPathComponent("manifest.tsv"))
        // The stand-ins: ours of the right icon, or of the other icon for rlottie's image of home.
        for (sample, path) in [("home.json", "home/f30.thorvg.png"), ("user.json", "home/f30.rlottie.png"),
                               ("user.json", "user/f30.rlottie.png"), ("user.json", "user/f30.thorvg.png")] {
            let run = try lottieCLI("render", "Samples/" + sample, "--frame", "30", "--size", "48x48",
                                    "--out", reference.appendingPathComponent(path).path)
            XCTAssertEqual(run.exitCode, 0, run.standardError)
        }
        try Data("""
            corpus_path\tframe\tw\th\trlottie_png\tthorvg_png\tpsnr_rlottie_thorvg\tpct_diff_rlottie_thorvg
            icons/home.json\t30\t48\t48\thome/f30.rlottie.png\thome/f30.thorvg.png\t35.0\t1.0
            icons/user.json\t30\t48\t48\tuser/f30.rlottie.png\tuser/f30.thorvg.png\tinf\t0

            """.utf8).write(to: reference.appendingPathComponent("manifest.tsv"))
    }

    /// Runs `compare` on the test's reference set with `options`.
    private func compare(_ options: String..., file: StaticString = #filePath, line: UInt = #line) throws -> CommandLineRun {
        try lottieCLI(["compare", "--reference", folder.appendingPathComponent("reference").path,
                       "--corpus", folder.appendingPathComponent("corpus").path, "--worst", "0"] + options,
                      file: file, line: line)
    }

    /// The report without its time line, which differs from run to run.
    private func summary(_ run: CommandLineRun) -> [String] {
        run.standardOutput.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("time:") }
    }

    // MARK: --against

    func testAgainstRlottieIsTheDefault() throws {
        let standard = try compare()
        XCTAssertEqual(standard.exitCode, 0, standard.standardError)
        XCTAssertEqual(summary(standard), [
            "frames compared: 2 of 2 (2 files; 0 not rendered)",
            "frames where rlottie and ThorVG agree (>= 30 dB): 2",
            "  ours vs rlottie >= 30 dB: 1 of 2 (50%)",
            "all frames: ours vs rlottie >= 30 dB: 1 of 2 (50%)",
        ] + summary(standard).suffix(1))
        XCTAssertEqual(summary(try compare("--against", "rlottie")), summary(standard))
    }

    func testAgainstThorVGNamesThorVG() throws {
        let run = try compare("--against", "thorvg")
        XCTAssertEqual(run.exitCode, 0, run.standardError)
        XCTAssertEqual(Array(summary(run).prefix(4)), [
            "frames compared: 2 of 2 (2 files; 0 not rendered)",
            "frames where rlottie and ThorVG agree (>= 30 dB): 2",
            "  ours vs ThorVG >= 30 dB: 2 of 2 (100%)",
            "all frames: ours vs ThorVG >= 30 dB: 2 of 2 (100%)",
        ])
        XCTAssertFalse(run.standardOutput.contains("ours vs rlottie"))
        // The player's name is not case-sensitive.
        XCTAssertEqual(summary(try compare("--against", "ThorVG")), summary(run))
    }

    func testTableAndSavedImagesNameThePlayer() throws {
        let table = folder.appendingPathComponent("frames.tsv")
        let saved = folder.appendingPathComponent("saved")
        let run = try compare("--against", "thorvg", "--worst", "2", "--tsv", table.path, "--save", saved.path)
        XCTAssertEqual(run.exitCode, 0, run.standardError)
        let lines = try String(contentsOf: table, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.first, "corpus_path\tframe\tpsnr_ours_thorvg\tpct_diff_ours_thorvg\tpsnr_rlottie_thorvg\tms\tfeatures")
        XCTAssertEqual(lines.count, 3)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: saved.path).sorted(),
                       ["home__f30.ours.png", "home__f30.thorvg.png", "user__f30.ours.png", "user__f30.thorvg.png"])
    }

    func testUnknownPlayerIsAUsageError() throws {
        let slip = try compare("--against", "thorv")
        XCTAssertEqual(slip.exitCode, 2)
        XCTAssertEqual(slip.standardOutput, "")
        XCTAssertEqual(slip.standardError, "lottie-cli: error: --against must be rlottie or thorvg, got 'thorv'; "
                       + "did you mean 'thorvg'? (see 'lottie-cli compare --help')\n")
        let other = try compare("--against", "skia")
        XCTAssertEqual(other.exitCode, 2)
        XCTAssertEqual(other.standardError, "lottie-cli: error: --against must be rlottie or thorvg, got 'skia' "
                       + "(see 'lottie-cli compare --help')\n")
    }

    // MARK: --features

    func testFeaturesKeepFilesWithAnyOfThem() throws {
        let effects = try compare("--against", "thorvg", "--features", "effects")
        XCTAssertEqual(effects.exitCode, 0, effects.standardError)
        XCTAssertEqual(summary(effects).first, "frames compared: 1 of 1 (1 file with effects; 0 not rendered)")
        // A less common shape type counts as a feature too; a file with either is kept.
        let either = try compare("--features", "effects,tm")
        XCTAssertEqual(summary(either).first, "frames compared: 2 of 2 (2 files with effects or tm; 0 not rendered)")
        // A feature column that no file has is a feature still: nothing is compared.
        let none = try compare("--features", "masks")
        XCTAssertEqual(none.exitCode, 0, none.standardError)
        XCTAssertEqual(summary(none).first, "frames compared: 0 of 0 (0 files with masks; 0 not rendered)")
    }

    func testUnknownFeatureIsAUsageError() throws {
        let run = try compare("--features", "efects")
        XCTAssertEqual(run.exitCode, 2)
        XCTAssertEqual(run.standardError, "lottie-cli: error: --features: 'efects' is not among the features of the "
                       + "corpus files; did you mean 'effects'? (see 'lottie-cli compare --help')\n")
        let empty = try compare("--features", ",")
        XCTAssertEqual(empty.exitCode, 2)
        XCTAssertEqual(empty.standardError, "lottie-cli: error: --features needs feature names separated by commas, "
                       + "such as effects,masks (see 'lottie-cli compare --help')\n")
    }
}
