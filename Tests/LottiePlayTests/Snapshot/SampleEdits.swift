import Foundation
import XCTest
import LottieModel
import TestSupport

// MARK: - SampleEdits

/// `Samples/home.json` and edited copies of it, made as text edits (so that the rest of the
/// file stays byte for byte as it was) or through the model and `JSONEncoder`.
enum SampleEdits {
    static func text(_ name: String) throws -> String {
        String(decoding: try Data(contentsOf: Corpus.samples.appendingPathComponent(name)), as: UTF8.self)
    }

    static func animation(_ text: String) throws -> LottieAnimation {
        try LottieDecoder().decode(text)
    }

    static func home() throws -> String { try text("home.json") }

    /// `text` with the `occurrence`-th (1-based) `target` replaced; fails when there is no such occurrence.
    static func replacing(
        _ target: String, with replacement: String, occurrence: Int = 1, in text: String,
        file: StaticString = #filePath, line: UInt = #line
    ) -> String {
        var searchStart = text.startIndex
        for count in 1...occurrence {
            guard let range = text.range(of: target, range: searchStart..<text.endIndex) else {
                XCTFail("occurrence \(count) of \(target) not found", file: file, line: line)
                return text
            }
            if count == occurrence { return text.replacingCharacters(in: range, with: replacement) }
            searchStart = range.upperBound
        }
        return text
    }

    // MARK: The edits of the acceptance tests

    /// House Root's position: the first segment eases SMOOTH (0.333, 0, 0.667, 1) instead of INOUT.
    static func changedEasing() throws -> String {
        let once = replacing("\"o\": { \"x\": [0.42], \"y\": [0] }", with: "\"o\": { \"x\": [0.333], \"y\": [0] }", in: try home())
        return replacing("\"i\": { \"x\": [0.58], \"y\": [1] }", with: "\"i\": { \"x\": [0.667], \"y\": [1] }", in: once)
    }

    /// The door's pop starts at frame 32 instead of 30.
    static func movedKeyframe() throws -> String {
        replacing("\"t\": 30,\n              \"s\": [0, 0, 100]", with: "\"t\": 32,\n              \"s\": [0, 0, 100]", in: try home())
    }

    /// The group "Roof" of Outline Trace is called "Top".
    static func renamedGroup() throws -> String {
        replacing("\"nm\": \"Roof\",", with: "\"nm\": \"Top\",", in: try home())
    }

    /// The Door layer removed, through the model.
    static func removedLayer() throws -> String {
        var animation = try animation(try home())
        animation.layers.removeAll { $0.name == "Door" }
        return String(decoding: try JSONEncoder().encode(animation), as: UTF8.self)
    }

    /// The same model, every object's keys in another order (sorted), numbers and layout rewritten.
    static func reorderedKeys() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return String(decoding: try encoder.encode(try animation(try home())), as: UTF8.self)
    }

    /// Two keys of the top-level object swapped in the text, nothing else touched.
    static func swappedTopLevelKeys() throws -> String {
        replacing("\"v\": \"5.7.4\",\n  \"fr\": 60,", with: "\"fr\": 60,\n  \"v\": \"5.7.4\",", in: try home())
    }
}
