// MARK: - Writing point lists in place

extension Array where Element == Vector2 {
    /// Makes the list `count` points long, point `i` being `point(i)`, in the list's own storage
    /// when it is not shared and has room: a contour evaluated again at the next frame keeps
    /// its storage. A list of the same length is written over in place (emptying and appending
    /// costs several times more).
    @inline(__always)
    mutating func overwrite(count: Int, _ point: (Int) -> Vector2) {
        if self.count == count {
            withUnsafeMutableBufferPointer { points in
                for index in 0..<count { points[index] = point(index) }
            }
            return
        }
        removeAll(keepingCapacity: true)
        reserveCapacity(count)
        for index in 0..<count { append(point(index)) }
    }
}
