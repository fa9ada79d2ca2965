// MARK: - TabBarError

/// A tab bar that cannot be built, or a tap or selection it cannot take.
public enum TabBarError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The index names no button; `valid` is the range of indices there are.
    case indexOutOfRange(Int, valid: ClosedRange<Int>)
    /// The index is the centre action button, which never takes the selection.
    case notSelectable(index: Int, id: String)
    /// No tab has this id.
    case unknownID(String, available: [String])
    /// The bar has no item that can take the selection.
    case noSelectableItems
    /// Two items share an id.
    case duplicateID(String)
    /// More than one item is an action button; a bar has at most one.
    case multipleActionItems(indices: [Int])

    public var description: String {
        switch self {
        case .indexOutOfRange(let index, let valid):
            return "there is no tab \(index); valid indices are \(valid.lowerBound)...\(valid.upperBound)"
        case .notSelectable(let index, let id):
            return "item \(index) ('\(id)') is the action button and cannot be selected"
        case .unknownID(let id, let available):
            return "no tab has the id '\(id)'; ids: \(available.map { "'\($0)'" }.joined(separator: ", "))"
        case .noSelectableItems:
            return "a tab bar needs at least one item that can be selected"
        case .duplicateID(let id):
            return "two items have the id '\(id)'; ids must be unique"
        case .multipleActionItems(let indices):
            return "items \(indices.map(String.init).joined(separator: ", ")) are action buttons; a bar has at most one"
        }
    }
}
