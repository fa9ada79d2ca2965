// MARK: - PropertyStatistics

/// Counts of the animated properties of a file (every `{ "k": ... }` the model reads:
/// transforms, shape items, masks, text, effect parameters), each counted once however many
/// layers instance its composition.
public struct PropertyStatistics: Codable, Equatable, Sendable {
    /// All properties.
    public var count: Int
    /// Properties with keyframes.
    public var animatedCount: Int
    /// Properties with one fixed value.
    public var staticCount: Int
    /// Keyframes of all animated properties.
    public var keyframeCount: Int
    /// Properties with an expression (`x`), animated or not.
    public var expressionCount: Int

    public init(count: Int = 0, animatedCount: Int = 0, staticCount: Int = 0, keyframeCount: Int = 0,
                expressionCount: Int = 0) {
        self.count = count
        self.animatedCount = animatedCount
        self.staticCount = staticCount
        self.keyframeCount = keyframeCount
        self.expressionCount = expressionCount
    }
}
