// MARK: - SourceLocation

/// A position in a JSON file, the way a text editor shows it.
///
/// - `line` is 1-based. A line ends at `\n`, `\r\n` or a lone `\r`.
/// - `column` is 1-based and counted in Unicode scalars on that line (every
///   UTF-8 lead byte counts once), so `"é": 1` puts `1` in column 6, not 7.
///   A UTF-8 byte-order mark at the start of the file is not counted.
/// - `offset` is the 0-based byte offset from the start of the file
///   (a byte-order mark, if present, is included).
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var offset: Int

    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// "line L, column C".
    public var description: String {
        "line \(line), column \(column)"
    }
}

extension SourceLocation {
    /// The line and column of byte `offset` in `bytes`. Offsets past the end
    /// are clamped to the end of the buffer (the "end of file" position).
    static func of(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourceLocation {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var column = 1
        var index = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            index = min(3, end)  // the BOM takes no column
        }
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte == UInt8(ascii: "\r") {
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") {
                    column += 1  // the following "\n" ends the line
                } else {
                    line += 1
                    column = 1
                }
            } else if byte & 0xC0 != 0x80 {
                column += 1  // not a UTF-8 continuation byte: a new scalar
            }
            index += 1
        }
        return SourceLocation(line: line, column: column, offset: end)
    }
}
