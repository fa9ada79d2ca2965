// MARK: - FeatureUsage

/// How often a file uses one feature, and where it first does.
public struct FeatureUsage: Codable, Equatable, Sendable {
    public var feature: Feature
    /// The number of places that use it (layers, shape items, properties...: see `Feature.unit`).
    public var count: Int
    /// The JSON path of the first place, e.g. `layers[1].shapes[2]`.
    public var firstPath: String
    /// False when the toolkit does not handle the feature yet.
    public var isSupported: Bool

    public init(feature: Feature, count: Int, firstPath: String) {
        self.feature = feature
        self.count = count
        self.firstPath = firstPath
        self.isSupported = feature.isSupported
    }
}
