// MARK: - FontBytes searches

/// Binary searches over the sorted record arrays of font tables (cmap groups, coverage and class
/// ranges, kerning pairs). Each read is bounds-checked like any other.
extension FontBytes {
    /// An unsigned number of `width` bytes (2 or 4).
    private func unsigned(_ offset: Int, width: Int) throws(FontError) -> Int {
        width == 4 ? try u32(offset) : try u16(offset)
    }

    /// The index of the record whose key equals `key`: `count` records of `size` bytes from
    /// `offset`, sorted by a key of `width` bytes at their start.
    func record(at offset: Int, count: Int, size: Int, width: Int, key: Int) throws(FontError) -> Int? {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            let value = try unsigned(offset + size * middle, width: width)
            if value == key { return middle }
            if value < key { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The index of the range record holding `value`: `count` records of `size` bytes from
    /// `offset`, each starting with its first and last value (`width` bytes each), sorted.
    func rangeRecord(at offset: Int, count: Int, size: Int, width: Int, holding value: Int) throws(FontError) -> Int? {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            let at = offset + size * middle
            if try unsigned(at + width, width: width) < value {
                low = middle + 1
            } else if try unsigned(at, width: width) > value {
                high = middle
            } else {
                return middle
            }
        }
        return nil
    }
}
