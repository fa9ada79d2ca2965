// MARK: - ArchiveLimits

/// Bounds on what a zip archive may hold and expand to, against zip bombs.
///
/// Checked when the archive is opened: the number of entries, the sum of the sizes the central
/// directory declares, and overlapping entries. Checked when an entry is read: its declared size
/// against `entry.maxOutputBytes`, its declared ratio against `entry.maxRatio`, and the inflated
/// output against the declared size (a lying header cannot make an entry expand further).
public struct ArchiveLimits: Sendable, Equatable {
    /// The most entries accepted (10,000 by default).
    public var maxEntries: Int
    /// The most bytes all entries together may declare (512 MiB by default).
    public var maxTotalBytes: Int
    /// Per entry: the largest size (256 MiB), the largest ratio (1000) and the size below which
    /// any ratio is accepted (1 MiB), as for a single deflate stream.
    public var entry: DecompressionLimits

    public init(maxEntries: Int = 10_000, maxTotalBytes: Int = 512 << 20, entry: DecompressionLimits = .default) {
        self.maxEntries = max(0, maxEntries)
        self.maxTotalBytes = max(0, maxTotalBytes)
        self.entry = entry
    }

    /// 10,000 entries, 512 MiB in all, 256 MiB and a ratio of 1000 per entry.
    public static let `default` = ArchiveLimits()
}
