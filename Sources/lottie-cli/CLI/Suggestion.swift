// MARK: - Suggestion

/// "Did you mean" for a mistyped command or option: the known word nearest to what was typed,
/// when it is near enough to be a slip of the fingers rather than another word.
enum Suggestion {
    /// The candidate closest to `typed` by edit distance (insertions, deletions, substitutions and
    /// swaps of neighbours each count one), if it is at most 2 edits away and at most a third of
    /// the longer word's length, or else one that starts the other (`--output` for `--out`, at
    /// least 3 letters in common); ties go to the earlier candidate.
    static func closest(to typed: String, among candidates: [String]) -> String? {
        let typed = typed.lowercased()
        var best: (word: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(typed, candidate.lowercased())
            let allowed = min(2, max(1, max(typed.count, candidate.count) / 3))
            guard distance <= allowed, distance < (best?.distance ?? .max) else { continue }
            best = (candidate, distance)
        }
        return best?.word ?? candidates.first { candidate in
            let candidate = candidate.lowercased()
            return min(candidate.count, typed.count) >= 3 && (candidate.hasPrefix(typed) || typed.hasPrefix(candidate))
        }
    }

    /// " (did you mean 'inspect'?)", or "" when nothing is close.
    static func hint(for typed: String, among candidates: [String], quoted prefix: String = "") -> String {
        closest(to: typed, among: candidates).map { "; did you mean '\(prefix)\($0)'?" } ?? ""
    }

    /// The optimal string alignment distance between two words.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        // Three rows of the table: two rows back (for swaps), the previous row and the current one.
        var twoBack = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], twoBack[j - 2] + 1)
                }
            }
            (twoBack, previous, current) = (previous, current, twoBack)
        }
        return previous[b.count]
    }
}
