// MARK: - ValueRange

/// A range a property's numbers should stay in, for the schema check.
enum ValueRange: Hashable, Sendable {
    /// Opacity, 0...100.
    case opacity

    var bounds: ClosedRange<Double> { 0...100 }
    var name: String { "opacity" }
}
