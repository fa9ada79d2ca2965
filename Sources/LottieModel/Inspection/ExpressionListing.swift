// MARK: - ExpressionListing

/// One expression of an animation: where it is, its text, and whether it runs (it parses, and uses
/// no name of After Effects' API that the interpreter does not implement).
public struct ExpressionListing: Codable, Equatable, Sendable {
    /// The JSON path of the property (`layers[2].ks.p`).
    public var path: String
    /// The expression's text.
    public var source: String
    /// Why it does not run (a syntax error with its line and column, or the names not implemented);
    /// nil when it runs.
    public var notRunReason: String?

    public init(path: String, source: String, notRunReason: String?) {
        self.path = path
        self.source = source
        self.notRunReason = notRunReason
    }

    /// Whether the expression runs.
    public var runs: Bool { notRunReason == nil }
}

extension AnimationReport {
    /// Every expression of `animation`, in the order of the file, with whether it runs.
    public static func expressions(in animation: LottieAnimation) -> [ExpressionListing] {
        var scan = FeatureScan()
        scan.visit(animation)
        return scan.expressions
    }
}
