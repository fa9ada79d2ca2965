// MARK: - FontError

/// Why a font file could not be read: the table (when one is to blame), and what was found where
/// something else was expected. Reads as one line, e.g.
/// `font: table 'glyf': glyph 12 ends at byte 9,120, past the table's 8,000 bytes`.
public struct FontError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The broad reason, for callers that branch on it.
    public enum Kind: String, Sendable, Equatable {
        /// A read went past the end of the file or of a table.
        case truncated
        /// A value is out of its range, or structures contradict each other.
        case malformed
        /// A valid file in a form this reader does not read (WOFF, CFF2, ...).
        case unsupported
        /// A `FontLimits` bound was reached (size, depth, operation count).
        case limit
    }

    /// The broad reason.
    public var kind: Kind
    /// The table's tag (`glyf`, `CFF `, ...), or nil when the file as a whole is at fault.
    public var table: String?
    /// What was expected and what was found, without the `font: table` prefix.
    public var detail: String

    /// An error of `kind` in `table` (nil: the file itself).
    public init(_ kind: Kind, table: String?, _ detail: String) {
        self.kind = kind
        self.table = table
        self.detail = detail
    }

    public var description: String {
        guard let table else { return "font: \(detail)" }
        return "font: table '\(table)': \(detail)"
    }

    /// A read of `size` bytes at `offset` that does not fit in the `available` bytes of `table`.
    static func truncated(table: String?, offset: Int, size: Int, available: Int) -> FontError {
        let whole = table == nil ? "the file's" : "the table's"
        let what = size == 1 ? "1 byte" : "\(digitsGrouped(size)) bytes"
        return FontError(.truncated, table: table,
                         "needs \(what) at byte \(digitsGrouped(offset)), past \(whole) \(digitsGrouped(available)) bytes")
    }
}
