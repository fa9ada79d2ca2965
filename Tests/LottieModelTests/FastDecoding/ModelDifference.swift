import Foundation

// MARK: - ModelDifference

/// Where two model values first differ, as a path through their stored properties:
/// `layers[3].content.shape[0].group.items[2]`. Used to explain a failed `==` between the
/// fast path's model and the `Codable` path's.
enum ModelDifference {
    /// The first differing path of `lhs` and `rhs` (compared by their reflection), or nil.
    static func first(_ lhs: Any, _ rhs: Any, path: String = "") -> String? {
        let left = Mirror(reflecting: lhs)
        let right = Mirror(reflecting: rhs)
        let leftChildren = Array(left.children)
        let rightChildren = Array(right.children)
        if leftChildren.isEmpty || rightChildren.isEmpty {
            let leftText = String(reflecting: lhs)
            let rightText = String(reflecting: rhs)
            return leftText == rightText ? nil : "\(path.isEmpty ? "(root)" : path): \(leftText) != \(rightText)"
        }
        guard leftChildren.count == rightChildren.count else {
            return "\(path.isEmpty ? "(root)" : path): \(leftChildren.count) children != \(rightChildren.count)"
        }
        for (index, (leftChild, rightChild)) in zip(leftChildren, rightChildren).enumerated() {
            let label = leftChild.label ?? "[\(index)]"
            guard label == (rightChild.label ?? "[\(index)]") else {
                return "\(path): \(label) != \(rightChild.label ?? "[\(index)]")"
            }
            let step = label.hasPrefix("[") || left.displayStyle == .collection ? "[\(index)]" : (path.isEmpty ? label : ".\(label)")
            if let difference = first(leftChild.value, rightChild.value, path: path + step) { return difference }
        }
        return nil
    }
}
