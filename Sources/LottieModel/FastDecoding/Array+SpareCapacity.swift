// MARK: - Spare capacity

extension Array {
    /// The array without the spare capacity growth left in it: an exact-size copy when more
    /// than `limit` bytes are unused, otherwise the array itself.
    ///
    /// A decoded model keeps its arrays for its whole life, and appending one element at a
    /// time doubles the capacity, which leaves a third of a keyframe list unused on average.
    /// Keyframes are a few hundred bytes each, so that slack was up to half a file's size
    /// (issue 7). Small slack is kept: copying costs more than it saves.
    @inline(__always)
    func withoutSpareCapacity(beyond limit: Int = 256) -> [Element] {
        guard (capacity &- count) &* MemoryLayout<Element>.stride > limit else { return self }
        return withUnsafeBufferPointer { Array($0) }
    }
}
