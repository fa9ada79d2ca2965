// MARK: - Key

/// A key of the interactive tab bar.
enum Key: Equatable, Sendable {
    /// `1`...`9`.
    case digit(Int)
    case left
    case right
    /// `q`, `Q`, Ctrl-C or Ctrl-D.
    case quit
}

// MARK: - KeyDecoder

/// Turns the bytes read from a terminal in raw mode into keys. Arrow keys arrive as escape
/// sequences (`ESC [ D`, or `ESC O D` in application mode) that a read may cut in two: the
/// start of a sequence is kept until the rest arrives. Other keys are ignored.
struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    mutating func keys(from bytes: [UInt8]) -> [Key] {
        pending += bytes
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            let byte = pending[index]
            if byte == 0x1B {
                // ESC [ X or ESC O X; wait for the rest when it is not here yet.
                guard index + 2 < pending.count else {
                    if index + 1 < pending.count, pending[index + 1] != UInt8(ascii: "["),
                       pending[index + 1] != UInt8(ascii: "O") {
                        index += 1  // ESC followed by something else: drop the ESC
                        continue
                    }
                    break
                }
                switch pending[index + 2] {
                case UInt8(ascii: "D"): keys.append(.left)
                case UInt8(ascii: "C"): keys.append(.right)
                default: break
                }
                index += 3
                continue
            }
            switch byte {
            case UInt8(ascii: "1")...UInt8(ascii: "9"): keys.append(.digit(Int(byte - UInt8(ascii: "0"))))
            case UInt8(ascii: "q"), UInt8(ascii: "Q"), 0x03, 0x04: keys.append(.quit)
            default: break
            }
            index += 1
        }
        pending.removeFirst(index)
        return keys
    }
}
