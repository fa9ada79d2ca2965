// MARK: - TextUnits

/// Where each character of a text falls in the units a range selector counts (`b`): its
/// character, its character among those that are not spaces, its word and its line. Line breaks
/// are not characters. A space belongs to the word before it and has the index of the next
/// character that is not a space, as in After Effects.
struct TextUnits: Sendable {
    /// Per character (line breaks left out), in order: index in each kind of unit.
    private(set) var characters: [Int] = []
    private(set) var nonSpaces: [Int] = []
    private(set) var words: [Int] = []
    private(set) var lines: [Int] = []
    /// How many units of each kind the text has.
    private(set) var counts: (characters: Int, nonSpaces: Int, words: Int, lines: Int) = (0, 0, 0, 0)

    /// `lines`: the text's lines, each its characters.
    init<Line: Collection>(lines textLines: [Line]) where Line.Element == Character {
        var nonSpace = 0
        var word = 0
        var wordHasCharacters = false
        for (lineNumber, line) in textLines.enumerated() {
            if lineNumber > 0 && wordHasCharacters {
                word += 1
                wordHasCharacters = false
            }
            for character in line {
                characters.append(characters.count)
                nonSpaces.append(nonSpace)
                words.append(word)
                lines.append(lineNumber)
                if character == " " {
                    if wordHasCharacters {
                        word += 1
                        wordHasCharacters = false
                    }
                } else {
                    nonSpace += 1
                    wordHasCharacters = true
                }
            }
        }
        counts = (characters.count, nonSpace, word + (wordHasCharacters ? 1 : 0), textLines.count)
    }

    /// The index of character `position` in `units`.
    func index(of position: Int, in units: TextAnimatorTrack.Units) -> Int {
        switch units {
        case .characters: characters[position]
        case .charactersExcludingSpaces: nonSpaces[position]
        case .words: words[position]
        case .lines: lines[position]
        }
    }

    func count(of units: TextAnimatorTrack.Units) -> Int {
        switch units {
        case .characters: counts.characters
        case .charactersExcludingSpaces: counts.nonSpaces
        case .words: counts.words
        case .lines: counts.lines
        }
    }

    /// The units `0..<count` in a shuffled order that depends only on `seed`: randomized
    /// selectors are deterministic (the same frame draws the same every time).
    static func shuffledOrder(count: Int, seed: UInt64) -> [Int] {
        var order = Array(0..<max(count, 0))
        var state = seed &+ 0x9E37_79B9_7F4A_7C15
        var index = order.count - 1
        while index > 0 {
            // splitmix64
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            mixed ^= mixed >> 31
            let other = Int(mixed % UInt64(index + 1))
            order.swapAt(index, other)
            index -= 1
        }
        return order
    }
}
