// MARK: - Emptying a list and keeping its storage

extension Array {
    /// Removes every element, keeping the storage: what `removeAll(keepingCapacity: true)`
    /// does, at a fraction of its cost for the few elements of the lists reused from frame to
    /// frame (that call goes through the general `replaceSubrange`).
    @inline(__always)
    mutating func removeAllKeepingStorage() {
        while popLast() != nil {}
    }
}
