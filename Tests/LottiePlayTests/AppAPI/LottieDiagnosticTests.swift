import Foundation
import LottieModel
@testable import LottiePlay
import XCTest

/// Every report speaks in `LottieDiagnostic`s: the validator, the sticker rules, the features not
/// drawn, what compiling a timeline replaced, failed expressions and what a renderer approximated.
final class LottieDiagnosticTests: XCTestCase {
    /// A 0 fps file whose layer names a parent that does not exist, with a rotation expression
    /// that does not parse.
    private let json = #"""
        {"v": "5.7.4", "fr": 0, "ip": 0, "op": 30, "w": 100, "h": 100, "layers": [
         {"ty": 4, "nm": "A", "ind": 1, "parent": 9, "ip": 0, "op": 30, "st": 0,
          "ks": {"r": {"a": 0, "k": 0, "x": "time * "}},
          "shapes": [{"ty": "rc", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}},
                     {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]}
        ]}
        """#

    func testTimelineWarningsHaveACategoryAPathAndAMessage() throws {
        let timeline = Timeline(try LottieDecoder().decode(Data(json.utf8)))
        XCTAssertEqual(timeline.warnings, [
            LottieDiagnostic(.warning, .range, path: "fr", message: "frame rate 0 is not a positive number; 30 fps is used"),
            LottieDiagnostic(.warning, .reference, path: "layers[0]", message: "parent 9 does not exist; the parent is ignored"),
        ])
        XCTAssertEqual(timeline.warnings.map(\.description), [
            "fr: frame rate 0 is not a positive number; 30 fps is used",
            "layers[0]: parent 9 does not exist; the parent is ignored",
        ])
        // The expression that does not parse is a feature not run, an info with its feature.
        XCTAssertEqual(timeline.unsupported.map(\.severity), [.info])
        XCTAssertEqual(timeline.unsupported.map(\.category), [.unsupported(.expressionsNotRun)])
        XCTAssertEqual(timeline.unsupported.first?.feature, .expressionsNotRun)
        XCTAssertEqual(timeline.unsupported.first?.path, "layers[0].ks.r")
    }

    func testValidatorAndStickerRulesGiveTheSameType() throws {
        let report = AnimationValidator().validate(Data(json.utf8))
        let unsupported = report.findings.filter { $0.feature == .expressionsNotRun }
        XCTAssertEqual(unsupported.map(\.path), ["layers[0].ks.r"])
        XCTAssertEqual(unsupported.first?.line, 3)
        let parent = try XCTUnwrap(report.findings.first { $0.category == .reference })
        XCTAssertEqual(parent.path, "layers[0].parent")
        XCTAssertEqual(parent.line, 2)

        let sticker = try TelegramSticker.check(json: Array(json.utf8))
        // Frame rate 0 is not 60 (an error, a broken rule); the expression is one too.
        let frameRate = try XCTUnwrap(sticker.findings.first { $0.rule == .frameRate })
        XCTAssertEqual(frameRate.category, .sticker(.frameRate))
        XCTAssertEqual(frameRate.path, "fr")
        XCTAssertEqual(sticker.findings.first { $0.rule == .expressions }?.severity, .error)
        XCTAssertEqual(sticker.violations.count, sticker.findings.count { $0.severity == .error })
    }

    func testJSONNamesTheCategoryAndItsFeatureOrRule() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let diagnostics = [
            LottieDiagnostic(.error, .schema, path: "layers[0].ks.a", message: "'a' must be 0 or 1, found 2",
                             location: SourceLocation(line: 21, column: 18, offset: 500)),
            LottieDiagnostic.unsupported(.expressionsNotRun, path: "layers[0].ks.r", detail: "'time *'"),
            LottieDiagnostic.sticker(.masks, at: JSONPath([.key("layers"), .index(2), .key("masksProperties")]), "masks (2)"),
        ]
        let text = try diagnostics.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        XCTAssertEqual(text, [
            #"{"category":"schema","column":18,"line":21,"message":"'a' must be 0 or 1, found 2","notes":[],"path":"layers[0].ks.a","severity":"error"}"#,
            #"{"category":"unsupported","feature":"expressionsNotRun","message":"'time *'","notes":[],"path":"layers[0].ks.r","severity":"info"}"#,
            #"{"category":"sticker","message":"masks (2)","notes":[],"path":"layers[2].masksProperties","rule":"masks","severity":"error"}"#,
        ])
        let decoded = try text.map { try JSONDecoder().decode(LottieDiagnostic.self, from: Data($0.utf8)) }
        XCTAssertEqual(decoded, diagnostics)
        // An unsupported category without its feature names nothing.
        XCTAssertThrowsError(try JSONDecoder().decode(LottieDiagnostic.self, from: Data(
            #"{"severity":"info","category":"unsupported","path":"","message":""}"#.utf8)))
        XCTAssertNil(LottieDiagnostic.Category(name: "style"))
        XCTAssertEqual(LottieDiagnostic.Category.plain.map { LottieDiagnostic.Category(name: $0.name) }, LottieDiagnostic.Category.plain)
    }

    func testSeveritiesSortErrorsFirst() {
        XCTAssertEqual([LottieDiagnostic.Severity.info, .error, .warning].sorted(), [.error, .warning, .info])
        XCTAssertEqual(LottieDiagnostic(.info, .font, path: "", message: "font 'B' is missing").description, "font 'B' is missing")
    }
}
