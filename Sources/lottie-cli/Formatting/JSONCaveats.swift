import LottieModel
import LottiePlay

// MARK: - JSONCaveats

/// What JSON outputs carry besides their values, the same as the text output's caveats: the
/// problems met while compiling (`warnings`, each with its JSON path) and the features not
/// evaluated (`unsupported`).
struct JSONCaveats: Encodable {
    /// A compiling problem: where, and what.
    struct Warning: Encodable, Equatable {
        /// The JSON path the warning is about (`layers[0].parent`), empty when it is about none.
        var path: String
        var message: String

        /// Splits a timeline warning, `layers[0].parent: the parent ...`, at its first ': '.
        init(_ text: String) {
            if let colon = text.range(of: ": "), !text[..<colon.lowerBound].contains(" ") {
                path = String(text[..<colon.lowerBound])
                message = String(text[colon.upperBound...])
            } else {
                path = ""
                message = text
            }
        }
    }

    var warnings: [Warning]
    var unsupported: [UnsupportedFeature]

    init(_ timeline: Timeline) {
        warnings = (timeline.warnings + timeline.expressionFaults).map(Warning.init)
        unsupported = timeline.unsupported
    }
}

// MARK: - WithCaveats

/// A value encoded as JSON with the caveats as two more members: its own members, then
/// `warnings` and `unsupported`.
struct WithCaveats<Value: Encodable>: Encodable {
    var value: Value
    var caveats: JSONCaveats

    private enum Key: String, CodingKey { case warnings, unsupported }

    func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(caveats.warnings, forKey: .warnings)
        try container.encode(caveats.unsupported, forKey: .unsupported)
    }
}

// MARK: - FramesOutput

/// `frames --json`: the frames' summaries with the caveats once.
struct FramesOutput: Encodable {
    var frames: [SceneSummary]
    var warnings: [JSONCaveats.Warning]
    var unsupported: [UnsupportedFeature]

    init(frames: [SceneSummary], caveats: JSONCaveats) {
        self.frames = frames
        warnings = caveats.warnings
        unsupported = caveats.unsupported
    }
}
