import LottieModel

// MARK: - Finding locations

extension FileOutcome.Finding {
    /// The finding with the line and column of its JSON path in `json`, when it has a path
    /// and no line yet (the deepest part of the path that exists, for a missing field).
    func located(in json: [UInt8]) -> FileOutcome.Finding {
        guard line == nil, let path, let parsed = JSONPath(describing: path),
              let found = JSONScanner.deepestLocation(of: parsed, in: json) else { return self }
        var located = self
        located.line = found.location.line
        located.column = found.location.column
        return located
    }
}
