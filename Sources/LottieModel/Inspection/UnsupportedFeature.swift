// MARK: - UnsupportedFeature

/// One place in a file that uses a feature the toolkit does not handle yet: a finding with its
/// JSON path as location and a detail for people, e.g.
///
///     expressions  layers[2].ks.p  var s = thisComp.layer("Ball").transform.position;
public struct UnsupportedFeature: Codable, Equatable, Sendable {
    public var feature: Feature
    /// Where it is: `layers[2].ks.p`, `assets[0].layers[1].ef[0]`.
    public var path: String
    /// What is there: the first line of an expression, an effect's name, a layer's name...
    public var detail: String

    public init(feature: Feature, path: String, detail: String) {
        self.feature = feature
        self.path = path
        self.detail = detail
    }
}
