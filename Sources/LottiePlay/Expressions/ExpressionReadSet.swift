// MARK: - ExpressionReadSet

/// The properties an evaluation read, directly or through others, as the numbers of their results
/// stores (`ExpressionResults.number`): one bit each. Evaluations merge the sets of what they read
/// at every reading, which for bits is a few word operations instead of hashing each member.
struct ExpressionReadSet: Sendable, Equatable {
    private var words: [UInt64] = []

    init() {}

    func contains(_ number: Int) -> Bool {
        let word = number >> 6
        return word < words.count && words[word] & (1 << UInt64(number & 63)) != 0
    }

    mutating func insert(_ number: Int) {
        let word = number >> 6
        if word >= words.count { words.append(contentsOf: repeatElement(0, count: word - words.count + 1)) }
        words[word] |= 1 << UInt64(number & 63)
    }

    mutating func formUnion(_ other: ExpressionReadSet) {
        if other.words.count > words.count {
            words.append(contentsOf: repeatElement(0, count: other.words.count - words.count))
        }
        for (index, word) in other.words.enumerated() where word != 0 { words[index] |= word }
    }
}
