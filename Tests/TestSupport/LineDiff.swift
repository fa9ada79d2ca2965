// MARK: - LineDiff

/// A line diff of two texts, from their longest common subsequence, printed like a unified diff
/// with line numbers (`-` only in expected, `+` only in actual) and a few lines of context.
public struct LineDiff {
    public enum Change: Equatable {
        case same(String)
        case removed(String)
        case added(String)
    }

    public let changes: [Change]

    public init(expected: String, actual: String) {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        changes = Self.diff(old, new)
    }

    /// The changed lines with `context` unchanged lines around each, and `...` between hunks.
    public func rendered(context: Int = 2) -> String {
        var keep = Array(repeating: false, count: changes.count)
        for (index, change) in changes.enumerated() where change != .same(change.text) {
            for near in max(0, index - context)...min(changes.count - 1, index + context) { keep[near] = true }
        }
        var lines = ["(- expected, + actual; line numbers expected/actual)"]
        var oldLine = 1
        var newLine = 1
        var skipped = false
        for (index, change) in changes.enumerated() {
            if keep[index] {
                if skipped { lines.append("   ...") }
                skipped = false
                switch change {
                case .same(let text): lines.append("  \(oldLine)/\(newLine)  \(text)")
                case .removed(let text): lines.append("- \(oldLine)  \(text)")
                case .added(let text): lines.append("+ \(newLine)  \(text)")
                }
            } else {
                skipped = true
            }
            switch change {
            case .same: oldLine += 1; newLine += 1
            case .removed: oldLine += 1
            case .added: newLine += 1
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func diff(_ old: [String], _ new: [String]) -> [Change] {
        // Longest common subsequence table, from the ends.
        var table = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                table[i][j] = old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var changes: [Change] = []
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                changes.append(.same(old[i])); i += 1; j += 1
            } else if i < old.count, j == new.count || table[i + 1][j] >= table[i][j + 1] {
                changes.append(.removed(old[i])); i += 1
            } else {
                changes.append(.added(new[j])); j += 1
            }
        }
        return changes
    }
}

extension LineDiff.Change {
    var text: String {
        switch self {
        case .same(let text), .removed(let text), .added(let text): text
        }
    }
}
