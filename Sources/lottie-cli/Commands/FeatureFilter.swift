import Foundation

// MARK: - FeatureFilter

/// `compare --features LIST`: keeps the files that have at least one of the listed features, as
/// the corpus manifest gives them (`CompareCommand.readFeatures`: its non-zero feature columns
/// such as `effects` or `masks`, and its less common shape types such as `tm` or `gf`).
struct FeatureFilter: Sendable {
    /// The features asked for, in the order given, without repeats.
    let names: [String]

    /// The filter `--features` asks for, checked against the features the corpus's files have
    /// (`features`, by corpus path); nil when `--features` is not given.
    init?(option text: String?, features: [String: String]) throws(UsageError) {
        guard let text else { return nil }
        var names: [String] = []
        for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) })
        where !name.isEmpty && !names.contains(name) {
            names.append(name)
        }
        guard !names.isEmpty else {
            throw UsageError("--features needs feature names separated by commas, such as effects,masks")
        }
        // A name no file has is most likely a slip: say so rather than compare nothing.
        let known = Set(CompareCommand.featureColumns).union(features.values.flatMap(Self.split))
        if let unknown = names.first(where: { !known.contains($0) }) {
            let hint = Suggestion.hint(for: unknown, among: known.sorted())
            throw UsageError("--features: '\(unknown)' is not among the features of the corpus files\(hint)")
        }
        self.names = names
    }

    /// Whether a file with `features` (comma-separated, as `readFeatures` gives them) is kept.
    func keeps(_ features: String?) -> Bool {
        guard let features else { return false }
        return Self.split(features).contains { names.contains($0) }
    }

    /// "with effects", "with effects or masks": what the kept files have, for the report.
    var description: String {
        "with " + names.joined(separator: " or ")
    }

    private static func split(_ features: String) -> [String] {
        features.split(separator: ",").map(String.init)
    }
}
