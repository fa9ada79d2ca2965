import Foundation
import XCTest
import TestSupport
@testable import LottieModel

/// `AnimationValidator` over the shared corpus: no error in any file the Lottie schema accepts,
/// the two `invalid` examples of lottie-spec rejected at the right paths.
final class CorpusValidationTests: XCTestCase {
    /// The corpus files `validate` reports errors in, with the errors' paths. Every one of them
    /// is also rejected by the official schema (`shared/tools/peers/schema_validate.py`, checked
    /// by hand when this list was written): the schema-valid files have no errors.
    static let filesWithErrors: [String: (paths: [String], reason: String)] = {
        var files: [String: (paths: [String], reason: String)] = [
            "lottie-spec/tests/animations/invalid/invalid-animated-val.json": (
                ["layers[0].ks.a"], "'a' is 2 (schema: int-boolean, 0 or 1)"),
            "lottie-spec/tests/animations/invalid/malformed-embedded-image.json": (
                ["assets[0].p"], "'e' 1 with 'MalformedDataUrl' in 'p' (schema: data URL pattern)"),
            "rlottie/example/resource/test/repro_propertyhelper_type_confusion2.json": (
                ["layers[0].ks.o.k[0].s", "layers[0].ks.o.k[1]", "layers[0].ks.o.k[2]", "layers[0].ks.o.k[3]"],
                "keyframe list [{\"t\": 24}, 239, 239, 239], a fuzzing repro (schema: 'k' items must be keyframes)"),
            "thorvg/test/resources/test10.lot": (
                ["layers[0].tt", "layers[3].td"],
                "'tt' on the first layer and 'td' 2 (the schema rejects the file for scalars written [15])"),
        ]
        // lottie-docs examples that mark an image as embedded ('e' 1) but give a file path in 'p'
        // (schema: 'p' must match the data URL pattern when 'e' is 1). The docs site serves the file.
        let docs = "lottie-docs/docs/static/examples/"
        for name in ["effects-blur", "effects-bulge", "effects-fill", "effects-prolevels", "effects-shadow",
                     "effects-stroke", "effects-tint", "effects-tritone", "effects-wave", "image", "image_animated"] {
            files[docs + name + ".json"] = (["assets[0].p"], "'e' 1 with a file path in 'p'")
        }
        files[docs + "effects-matte3-image.json"] = (["assets[0].p", "assets[1].p"], "'e' 1 with file paths in 'p'")
        return files
    }()

    func testNoErrorsInSchemaValidCorpusFiles() throws {
        let files = Corpus.lottieJSONFiles()
        try XCTSkipIf(files.isEmpty, Corpus.missingMessage)
        // Files are independent: validate them on every core (the debug build is the slow case).
        let reports = ReportSlots(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            reports[index] = (try? Corpus.data(files[index])).map { AnimationValidator().validate($0) }
        }
        var unexpected: [String] = []
        var counts = (errors: 0, warnings: 0, infos: 0)
        for (file, report) in zip(files, reports.values) {
            guard let report else {
                unexpected.append("\(file): unreadable")
                continue
            }
            counts.errors += report.errorCount
            counts.warnings += report.warningCount
            counts.infos += report.infoCount
            let errorPaths = report.findings(.error).map(\.path)
            let expected = Self.filesWithErrors[file]?.paths ?? []
            if errorPaths != expected {
                unexpected.append("\(file): errors at \(errorPaths), expected \(expected): "
                    + report.findings(.error).map(\.message).joined(separator: "; "))
            }
        }
        XCTAssertGreaterThan(files.count, 300)
        XCTAssertEqual(unexpected, [], "\(unexpected.count) of \(files.count) corpus files")
        print("validated \(files.count) corpus files: \(counts.errors) errors in \(Self.filesWithErrors.count) files, "
              + "\(counts.warnings) warnings, \(counts.infos) infos")
    }

    func testTheTwoInvalidExamplesOfTheSpecAreRejectedAtTheRightPath() throws {
        try XCTSkipIf(Corpus.root == nil, Corpus.missingMessage)
        let animated = AnimationValidator().validate(try Corpus.data("lottie-spec/tests/animations/invalid/invalid-animated-val.json"))
        XCTAssertFalse(animated.isValid)
        XCTAssertEqual(animated.findings(.error).map(\.path), ["layers[0].ks.a"])
        XCTAssertEqual(animated.findings(.error).first?.message, "'a' must be 0 or 1, found 2")

        let image = AnimationValidator().validate(try Corpus.data("lottie-spec/tests/animations/invalid/malformed-embedded-image.json"))
        XCTAssertFalse(image.isValid)
        XCTAssertEqual(image.findings(.error).map(\.path), ["assets[0].p"])
        XCTAssertEqual(image.findings(.error).first.map { ($0.line ?? 0, $0.column ?? 0) }.map { "\($0):\($1)" }, "15:14")
    }

    func testTheValidExamplesOfTheSpecHaveNoFindingsButInfos() throws {
        try XCTSkipIf(Corpus.root == nil, Corpus.missingMessage)
        let valid = Corpus.lottieJSONFiles().filter { $0.hasPrefix("lottie-spec/tests/animations/valid/") }
        XCTAssertEqual(valid.count, 7)
        for file in valid {
            let report = AnimationValidator().validate(try Corpus.data(file))
            XCTAssertEqual(report.findings.filter { $0.severity != .info }.map { "\($0.path): \($0.message)" }, [], file)
        }
    }
}

/// One report per file, written from the iterations of `concurrentPerform`.
private final class ReportSlots: @unchecked Sendable {
    private(set) var values: [ValidationReport?]
    private let lock = NSLock()

    init(count: Int) { values = Array(repeating: nil, count: count) }

    subscript(index: Int) -> ValidationReport? {
        get { lock.withLock { values[index] } }
        set { lock.withLock { values[index] = newValue } }
    }
}
