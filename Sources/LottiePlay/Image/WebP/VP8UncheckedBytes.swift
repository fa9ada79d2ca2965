// MARK: - VP8UncheckedBytes
//
// Byte access without a bounds check per byte, for the hottest loops of the lossy decoder: the
// loop filter and the colour conversion touch every pixel several times, and a check on each access
// costs them about a third of their time (measured on a 1024×1024 photo).
//
// ## Contract
//
// A value only lives inside the closure of `withUncheckedBytes` (it must not escape). Code using it
// first calls `require(_:_:)` for the whole range of indexes it is about to touch — one
// `precondition` per edge or row, never skipped in release builds — and then indexes inside that
// range only.

/// Unchecked access to the bytes of an array, valid inside `withUncheckedBytes`.
struct VP8UncheckedBytes {
    private let base: UnsafeMutablePointer<UInt8>
    /// The number of bytes.
    let count: Int

    fileprivate init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        // An empty array may have no base address; nothing can then be required or accessed.
        base = buffer.baseAddress ?? UnsafeMutablePointer(bitPattern: 1)!
        count = buffer.count
    }

    /// Traps unless the indexes `lower...upper` are all inside the bytes.
    @inline(__always)
    func require(_ lower: Int, _ upper: Int) {
        precondition(lower >= 0 && lower <= upper && upper < count, "byte range \(lower)...\(upper) outside 0..<\(count)")
    }

    /// The byte at `index`, which a `require` call must have covered.
    @inline(__always)
    subscript(index: Int) -> UInt8 {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }

    /// The byte at `index` as an `Int`.
    @inline(__always)
    func int(_ index: Int) -> Int { Int(base[index]) }
}

extension Array where Element == UInt8 {
    /// Calls `body` with unchecked access to the array's bytes (see `VP8UncheckedBytes`).
    @inline(__always)
    mutating func withUncheckedBytes<Result>(_ body: (VP8UncheckedBytes) -> Result) -> Result {
        withUnsafeMutableBufferPointer { body(VP8UncheckedBytes($0)) }
    }
}
