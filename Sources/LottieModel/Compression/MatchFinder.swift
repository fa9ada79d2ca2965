// MARK: - MatchFinder
//
// Finds earlier occurrences of the bytes at a position (LZ77, RFC 1951 §4) with hash chains over a
// 32 KiB window, as zlib does.
//
// ## Structure
//
// The whole input is in memory, so positions are absolute offsets into it (stored as `Int32`; inputs
// must be below 2 GiB) and nothing slides.
//
// - `head[h]` is the latest position whose next three bytes hash to `h`, or -1.
// - `previous[p & 0x7FFF]` is the position before `p` with the same hash (the chain link), or -1.
//
// ## Invariants
//
// - Positions are inserted at most once and in increasing order, so a chain is strictly decreasing.
//   A slot `previous[p & 0x7FFF]` is overwritten only by inserting `p + 32768`, which lies beyond any
//   search that can still reach `p`; searches stop at `p - 32768`, so stale links are never followed.
// - Only positions with three bytes left are inserted (`position + 3 <= count`).

struct MatchFinder {
    static let windowSize = 32768
    static let windowMask = windowSize - 1
    static let hashBits = 15
    static let minimumMatch = 3
    static let maximumMatch = 258

    let input: UnsafeBufferPointer<UInt8>
    private var head: [Int32]
    private var previous: [Int32]

    init(input: UnsafeBufferPointer<UInt8>) {
        precondition(input.count < Int(Int32.max), "Deflate handles inputs below 2 GiB")
        self.input = input
        head = [Int32](repeating: -1, count: 1 << MatchFinder.hashBits)
        previous = [Int32](repeating: -1, count: MatchFinder.windowSize)
    }

    /// The hash of the three bytes at `position` (which must have three bytes left).
    @inline(__always)
    private func hash(_ position: Int) -> Int {
        let base = input.baseAddress! + position
        let key = UInt32(base[0]) | UInt32(base[1]) << 8 | UInt32(base[2]) << 16
        return Int((key &* 0x9E37_79B1) >> UInt32(32 - MatchFinder.hashBits))
    }

    /// Adds `position` to its chain and returns the previous head of that chain (-1 when none).
    @inline(__always)
    mutating func insert(_ position: Int) -> Int {
        guard position + MatchFinder.minimumMatch <= input.count else { return -1 }
        let h = hash(position)
        let chainHead = Int(head[h])
        previous[position & MatchFinder.windowMask] = Int32(truncatingIfNeeded: chainHead)
        head[h] = Int32(truncatingIfNeeded: position)
        return chainHead
    }

    /// The longest match for `position` among the chain starting at `candidate`, if longer than
    /// `longerThan`. Follows at most `chain` links, stops early at `nice` bytes.
    /// - Returns: the match length (≤ `longerThan` when nothing better was found) and its distance.
    @inline(__always)
    func longestMatch(at position: Int, candidate: Int, longerThan: Int, chain: Int, nice: Int)
        -> (length: Int, distance: Int) {
        let maxLength = min(MatchFinder.maximumMatch, input.count - position)
        var bestLength = longerThan
        var bestDistance = 0
        if maxLength < MatchFinder.minimumMatch || bestLength >= maxLength { return (bestLength, 0) }
        let lowest = max(0, position - MatchFinder.windowSize)
        let data = input.baseAddress!
        let here = data + position
        var candidate = candidate
        var remaining = chain
        previous.withUnsafeBufferPointer { links in
            while candidate >= lowest && remaining > 0 {
                let there = data + candidate
                if there[bestLength] == here[bestLength] && there[0] == here[0] && there[1] == here[1] {
                    let length = MatchFinder.commonPrefix(there, here, maxLength)
                    if length > bestLength {
                        bestLength = length
                        bestDistance = position - candidate
                        if length >= nice || length >= maxLength { break }
                    }
                }
                candidate = Int(links[candidate & MatchFinder.windowMask])
                remaining -= 1
            }
        }
        return (bestLength, bestDistance)
    }

    /// How many of the first `maxLength` bytes at `a` and `b` are equal, comparing 8 bytes at a time.
    @inline(__always)
    private static func commonPrefix(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ maxLength: Int) -> Int {
        var length = 0
        while length + 8 <= maxLength {
            let x = UnsafeRawPointer(a + length).loadUnaligned(as: UInt64.self)
            let y = UnsafeRawPointer(b + length).loadUnaligned(as: UInt64.self)
            let difference = UInt64(littleEndian: x ^ y)
            if difference != 0 { return length + difference.trailingZeroBitCount / 8 }
            length += 8
        }
        while length < maxLength && a[length] == b[length] { length += 1 }
        return length
    }
}
