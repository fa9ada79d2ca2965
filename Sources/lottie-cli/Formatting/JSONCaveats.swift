import LottieModel
import LottiePlay

// MARK: - JSONCaveats

/// What JSON outputs carry besides their values, the same as the text output's caveats: the
/// problems met while compiling (`warnings`, each with its JSON path) and the features not
/// evaluated (`unsupported`).
struct JSONCaveats: Encodable {
    var warnings: [LottieDiagnostic]
    var unsupported: [LottieDiagnostic]

    init(_ timeline: Timeline) {
        warnings = timeline.warnings + timeline.expressionFaults
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
    var warnings: [LottieDiagnostic]
    var unsupported: [LottieDiagnostic]

    init(frames: [SceneSummary], caveats: JSONCaveats) {
        self.frames = frames
        warnings = caveats.warnings
        unsupported = caveats.unsupported
    }
}
