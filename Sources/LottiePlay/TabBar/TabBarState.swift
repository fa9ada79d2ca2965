// MARK: - TabBarState

/// What an app saves of its tab bar between launches (its scene storage): the selected tab,
/// by id so that reordering the tabs does not change it. Encodes as `{"selectedID":"profile"}`.
public struct TabBarState: Codable, Equatable, Sendable {
    public var selectedID: String

    public init(selectedID: String) {
        self.selectedID = selectedID
    }
}

// MARK: - TabBarRestoreResult

/// How a saved `TabBarState` was applied.
public enum TabBarRestoreResult: Equatable, Sendable, CustomStringConvertible {
    /// The saved tab exists and is selected.
    case restored(index: Int)
    /// No selectable tab has the saved id; the first selectable tab is selected instead.
    case unknownID(String, fallbackIndex: Int)

    /// The index selected.
    public var index: Int {
        switch self {
        case .restored(let index), .unknownID(_, let index): return index
        }
    }

    public var description: String {
        switch self {
        case .restored(let index): return "restored the selection of tab \(index)"
        case .unknownID(let id, let index): return "no tab has the saved id '\(id)'; selected tab \(index) instead"
        }
    }
}
