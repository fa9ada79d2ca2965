import LottiePlay

// MARK: - Limit options

extension Option {
    /// `--limits PRESET`: the `LottieLimits` preset a command reads, evaluates and renders within.
    static let limits = Option(
        "limits", value: "PRESET", help: "Limits for hostile files: strict, default or generous (see --limit)")
    /// `--limit NAME=VALUE[,NAME=VALUE...]`: one limit changed from the preset; may be repeated.
    static let limit = Option(
        "limit", value: "NAME=N", help: "Change one limit, e.g. maxRepeaterCopies=100 (repeatable, or comma-separated)")

    /// The options of a command that loads one animation: which animation, and the limits.
    static let loading: [Option] = [.animation, .limits, .limit]
}

// MARK: - LimitOptions

/// Reads `--limits` and `--limit` into a `LottieLimits`.
enum LimitOptions {
    /// Every limit `--limit` can change, by the name `LottieLimits` gives it.
    static var names: [(name: String, keyPath: WritableKeyPath<LottieLimits, Int>)] { [
        ("maxFileBytes", \.maxFileBytes),
        ("maxJSONDepth", \.maxJSONDepth),
        ("maxLayers", \.maxLayers),
        ("maxPrecompDepth", \.maxPrecompDepth),
        ("maxFrameRate", \.maxFrameRate),
        ("maxDurationFrames", \.maxDurationFrames),
        ("maxRepeaterCopies", \.maxRepeaterCopies),
        ("maxPaths", \.maxPaths),
        ("maxPathVertices", \.maxPathVertices),
        ("maxFrameVertices", \.maxFrameVertices),
        ("maxDashEntries", \.maxDashEntries),
        ("maxDashes", \.maxDashes),
        ("maxPolystarPoints", \.maxPolystarPoints),
        ("maxZigZagRidges", \.maxZigZagRidges),
        ("maxMergeSegments", \.maxMergeSegments),
        ("maxLayerEffects", \.maxLayerEffects),
        ("maxExpressionSteps", \.maxExpressionSteps),
        ("maxExpressionMemory", \.maxExpressionMemory),
        ("maxExpressionDepth", \.maxExpressionDepth),
        ("maxRenderPixels", \.maxRenderPixels),
        ("maxImagePixels", \.maxImagePixels),
        ("maxWarnings", \.maxWarnings),
    ] }

    /// The help paragraph that lists the presets and names.
    static let discussion = """
        LIMITS: a hostile file cannot crash or exhaust the machine: past a limit, reading fails
        with the limit named (exit 1), or the rest is not drawn with a warning. --limits strict
        suits untrusted uploads, generous big trusted files. --limit changes one limit:
        \(names.map(\.name).joined(separator: ", ")).
        """

    /// The preset of `--limits` (default: `.default`) with every `--limit` applied in order.
    static func limits(from arguments: Arguments) throws(UsageError) -> LottieLimits {
        var limits = LottieLimits.default
        if let name = arguments.value("limits") {
            guard let preset = LottieLimits.preset(named: name) else {
                throw UsageError("--limits needs strict, default or generous, got '\(name)'")
            }
            limits = preset
        }
        for text in arguments.values("limit") {
            for assignment in text.split(separator: ",") {
                try apply(String(assignment), to: &limits)
            }
        }
        return limits
    }

    private static func apply(_ assignment: String, to limits: inout LottieLimits) throws(UsageError) {
        let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { throw UsageError("--limit needs NAME=N, got '\(assignment)'") }
        guard let keyPath = names.first(where: { $0.name == parts[0] })?.keyPath else {
            throw UsageError("--limit: no limit is called '\(parts[0])' (there are \(names.map(\.name).joined(separator: ", ")))")
        }
        guard let value = Int(parts[1]), value >= 0 else {
            throw UsageError("--limit \(parts[0]) needs a whole number from 0 up, got '\(parts[1])'")
        }
        limits[keyPath: keyPath] = value
    }
}
