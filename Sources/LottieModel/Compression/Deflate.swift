// MARK: - Deflate
//
// A deflate compressor (RFC 1951): LZ77 over a 32 KiB window with hash chains (`MatchFinder`), then
// blocks written as dynamic Huffman, fixed Huffman or stored, whichever is smallest (`DeflateBlock`).
//
// ## Structure
//
// - `compress` picks a parse by level: level 0 writes stored blocks only; levels 1...3 parse greedily
//   (`greedyParse`, zlib's `deflate_fast`); levels 4...9 parse lazily (`lazyParse`, zlib's
//   `deflate_slow`): a match found at `p` is emitted only if the match at `p + 1` is not longer, else
//   the byte at `p` becomes a literal and the later match is considered in turn.
// - Both parses feed a `DeflateBlock`; when it holds `DeflateBlock.capacity` tokens it is written
//   (with the input span it covers, `blockStart..<covered`, for the stored fallback) and reset. The
//   last block is written with BFINAL set, even when empty.
//
// ## Invariants
//
// - `covered` is the input offset up to which tokens have been emitted; tokens are contiguous, so the
//   current block always expands to exactly `input[blockStart..<covered]`.
// - Matches never reach before the input start or more than 32768 bytes back, and never past its end.

/// Compression of raw deflate data (RFC 1951), without zlib or gzip framing.
public enum Deflate {
    /// Compresses `data` into a complete raw deflate stream.
    public static func compress(_ data: [UInt8], level: Level = .default) -> [UInt8] {
        data.withUnsafeBufferPointer { compress($0, level: level) }
    }

    /// Compresses `data` into a complete raw deflate stream.
    public static func compress(_ data: UnsafeBufferPointer<UInt8>, level: Level = .default) -> [UInt8] {
        var writer = BitWriter(reservingCapacity: data.count / 2 + 64)
        compress(data, level: level, into: &writer)
        return writer.finish()
    }

    /// Appends the deflate stream of `data` to `writer` (used by the zlib and gzip wrappers).
    static func compress(_ data: UnsafeBufferPointer<UInt8>, level: Level, into writer: inout BitWriter) {
        if level.value == 0 {
            DeflateBlock.writeStored(data, isFinal: true, to: &writer)
            return
        }
        var parser = Parser(input: data)
        let parameters = level.parameters
        if parameters.isLazy {
            parser.lazyParse(parameters, into: &writer)
        } else {
            parser.greedyParse(parameters, into: &writer)
        }
        parser.flush(isFinal: true, into: &writer)
    }
}

// MARK: - Parser

extension Deflate {
    /// The LZ77 stage: turns the input into literal and match tokens, block by block.
    struct Parser {
        let input: UnsafeBufferPointer<UInt8>
        var finder: MatchFinder
        var block = DeflateBlock()
        var blockStart = 0
        var covered = 0

        /// zlib's TOO_FAR: a 3-byte match this far back usually costs more than three literals.
        static let tooFar = 4096

        init(input: UnsafeBufferPointer<UInt8>) {
            self.input = input
            finder = MatchFinder(input: input)
        }

        @inline(__always)
        mutating func emitLiteral(_ position: Int, into writer: inout BitWriter) {
            block.literal(input[position])
            covered += 1
            if block.isFull { flush(isFinal: false, into: &writer) }
        }

        @inline(__always)
        mutating func emitMatch(length: Int, distance: Int, into writer: inout BitWriter) {
            block.match(length: length, distance: distance)
            covered += length
            if block.isFull { flush(isFinal: false, into: &writer) }
        }

        /// Writes the pending block.
        mutating func flush(isFinal: Bool, into writer: inout BitWriter) {
            let raw = UnsafeBufferPointer(rebasing: input[blockStart..<covered])
            block.write(raw: raw, isFinal: isFinal, to: &writer)
            block.reset()
            blockStart = covered
        }

        /// zlib's `deflate_fast`: take the longest match at each position.
        mutating func greedyParse(_ parameters: MatchParameters, into writer: inout BitWriter) {
            let count = input.count
            var position = 0
            while position < count {
                let candidate = finder.insert(position)
                var length = 0
                var distance = 0
                if candidate >= 0 {
                    (length, distance) = finder.longestMatch(at: position, candidate: candidate,
                                                             longerThan: MatchFinder.minimumMatch - 1,
                                                             chain: parameters.chain, nice: parameters.nice)
                }
                if length >= MatchFinder.minimumMatch && distance > 0 {
                    emitMatch(length: length, distance: distance, into: &writer)
                    if length <= parameters.lazy {
                        for p in (position + 1)..<(position + length) { _ = finder.insert(p) }
                    }
                    position += length
                } else {
                    emitLiteral(position, into: &writer)
                    position += 1
                }
            }
        }

        /// zlib's `deflate_slow`: defer each match by one byte to see whether a longer one starts there.
        mutating func lazyParse(_ parameters: MatchParameters, into writer: inout BitWriter) {
            let count = input.count
            var position = 0
            var previousLength = MatchFinder.minimumMatch - 1
            var previousDistance = 0
            var hasPendingLiteral = false
            while position < count {
                let candidate = finder.insert(position)
                var length = MatchFinder.minimumMatch - 1
                var distance = 0
                if candidate >= 0 && previousLength < parameters.lazy {
                    let chain = previousLength >= parameters.good ? parameters.chain >> 2 : parameters.chain
                    (length, distance) = finder.longestMatch(at: position, candidate: candidate,
                                                             longerThan: previousLength, chain: chain,
                                                             nice: parameters.nice)
                    if distance == 0 || (length == MatchFinder.minimumMatch && distance > Parser.tooFar) {
                        length = MatchFinder.minimumMatch - 1
                    }
                }
                if previousLength >= MatchFinder.minimumMatch && length <= previousLength {
                    // The match that starts at position - 1 wins.
                    emitMatch(length: previousLength, distance: previousDistance, into: &writer)
                    let end = position - 1 + previousLength
                    for p in (position + 1)..<end { _ = finder.insert(p) }
                    position = end
                    hasPendingLiteral = false
                    previousLength = MatchFinder.minimumMatch - 1
                } else {
                    if hasPendingLiteral { emitLiteral(position - 1, into: &writer) }
                    hasPendingLiteral = true
                    previousLength = length
                    previousDistance = distance
                    position += 1
                }
            }
            if hasPendingLiteral { emitLiteral(count - 1, into: &writer) }
        }
    }
}
