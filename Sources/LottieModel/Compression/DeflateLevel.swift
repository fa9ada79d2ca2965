// MARK: - Deflate.Level

extension Deflate {
    /// How hard `Deflate` searches for matches: 0 (stored blocks only) to 9 (slowest, smallest),
    /// with zlib's meaning for each number.
    public struct Level: Sendable, Hashable, Comparable {
        /// 0...9.
        public let value: Int

        /// A level, clamped to 0...9.
        public init(_ value: Int) {
            self.value = min(9, max(0, value))
        }

        /// No compression: stored blocks.
        public static let none = Level(0)
        /// Fastest compression: greedy matching with short hash chains.
        public static let fastest = Level(1)
        /// zlib's default trade-off (level 6).
        public static let `default` = Level(6)
        /// Smallest output: lazy matching with long hash chains (level 9).
        public static let best = Level(9)

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.value < rhs.value }

        /// Match-search parameters (zlib's `configuration_table`).
        var parameters: MatchParameters {
            switch value {
            case 1: return MatchParameters(good: 4, lazy: 4, nice: 8, chain: 4, isLazy: false)
            case 2: return MatchParameters(good: 4, lazy: 5, nice: 16, chain: 8, isLazy: false)
            case 3: return MatchParameters(good: 4, lazy: 6, nice: 32, chain: 32, isLazy: false)
            case 4: return MatchParameters(good: 4, lazy: 4, nice: 16, chain: 16, isLazy: true)
            case 5: return MatchParameters(good: 8, lazy: 16, nice: 32, chain: 32, isLazy: true)
            case 6: return MatchParameters(good: 8, lazy: 16, nice: 128, chain: 128, isLazy: true)
            case 7: return MatchParameters(good: 8, lazy: 32, nice: 128, chain: 256, isLazy: true)
            case 8: return MatchParameters(good: 32, lazy: 128, nice: 258, chain: 1024, isLazy: true)
            default: return MatchParameters(good: 32, lazy: 258, nice: 258, chain: 4096, isLazy: true)
            }
        }
    }

    /// zlib's per-level search parameters.
    struct MatchParameters {
        /// With lazy matching: search a quarter of the chain once the previous match is this long.
        let good: Int
        /// With lazy matching: do not look for a better match after one this long.
        /// With greedy matching: insert the positions inside matches up to this length into the hash chains.
        let lazy: Int
        /// Stop searching once a match is this long.
        let nice: Int
        /// The most chain links followed per search.
        let chain: Int
        /// Lazy (deferred) matching, as zlib's `deflate_slow`, or greedy as `deflate_fast`.
        let isLazy: Bool
    }
}
