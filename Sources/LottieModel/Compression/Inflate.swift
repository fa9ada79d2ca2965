// MARK: - Inflate
//
// A decoder for raw deflate streams (RFC 1951): stored, fixed-Huffman and dynamic-Huffman blocks.
//
// ## Structure
//
// - `Inflate` (public, a namespace) holds the entry points. `Zlib` and `GZip` use the internal
//   `decompress(_:from:limits:expectedSize:)`, which starts at an offset inside a larger input
//   and reports where the deflate stream ended, so they can read their trailers.
// - `Inflater` (internal) is one decoding run: a `BitReader` over the input, the output array and
//   the output bound. It reads block headers (`run`), copies stored blocks (`storedBlock`), reads
//   dynamic code lengths (`dynamicTables`, in InflateDynamicTables.swift) and hands Huffman
//   blocks to the hot loop `decodeSymbols` (in InflateSymbols.swift).
//
// ## Output buffer
//
// `output` is a `[UInt8]` whose `count` is its usable capacity; only `output[0..<outCount]` is
// data. It starts at `expectedSize` (or a guess from the input size) and doubles when the hot loop
// runs out of room, up to the output bound plus `slack` (266) bytes. The slack lets the hot loop
// check room once per symbol (a match writes at most 258 bytes, plus up to 7 of over-copy) instead
// of once per byte. At the
// end the array is cut to `outCount`. The whole output is the window, so back-references are
// checked only against `outCount` (a distance larger than the data written so far is an error).
//
// ## Limits
//
// The bound is `DecompressionLimits.effectiveBound(inputBytes:)`, where `inputBytes` counts from
// the start offset to the end of the input. Capacity never grows past bound + slack, so the loop
// running out of room at full capacity means more than `bound` bytes were produced; the final
// count is checked again after the last block.

/// Decompression of raw deflate data (RFC 1951), without zlib or gzip framing.
public enum Inflate {
    /// Decompresses a complete raw deflate stream.
    ///
    /// - Parameters:
    ///   - data: the deflate stream; it must end with its final block (up to the byte boundary).
    ///   - limits: bounds against decompression bombs.
    ///   - expectedSize: the output size when known in advance, to allocate once.
    /// - Throws: `CompressionError` for malformed data, a truncated stream, trailing bytes or a broken limit.
    public static func decompress(_ data: [UInt8], limits: DecompressionLimits = .default,
                                  expectedSize: Int? = nil) throws(CompressionError) -> [UInt8] {
        try withBuffer(data) { (bytes) throws(CompressionError) -> [UInt8] in
            let (output, end) = try decompress(bytes, from: 0, limits: limits, expectedSize: expectedSize)
            if end != bytes.count {
                throw CompressionError(.trailingBytes(count: bytes.count - end), offset: end)
            }
            return output
        }
    }

    /// Decompresses the deflate stream starting at `start` in `bytes`.
    /// - Returns: the output and the offset of the first byte after the stream.
    static func decompress(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, limits: DecompressionLimits,
                           expectedSize: Int?) throws(CompressionError) -> (output: [UInt8], end: Int) {
        var inflater = Inflater(bytes: bytes, start: start, limits: limits, expectedSize: expectedSize)
        try inflater.run()
        return (inflater.finishedOutput(), inflater.reader.position)
    }

    /// Runs `body` on the contiguous bytes of `data` with typed throws.
    static func withBuffer<R>(_ data: [UInt8],
                              _ body: (UnsafeBufferPointer<UInt8>) throws(CompressionError) -> R) throws(CompressionError) -> R {
        try data.withUnsafeBufferPointer { (bytes) throws(CompressionError) -> R in try body(bytes) }
    }
}

// MARK: - Inflater

/// One decoding run over a deflate stream (see the design comment at the top of the file).
struct Inflater {
    var reader: BitReader
    /// Output storage; `output[0..<outCount]` is data, the rest is room.
    var output: [UInt8]
    var outCount = 0
    /// The most output bytes allowed, and whether that number comes from the ratio limit.
    let bound: Int
    let boundFromRatio: Bool
    let limits: DecompressionLimits
    let inputBytes: Int

    /// Room the hot loop keeps free: the longest match plus one 8-byte word of over-copy.
    static let slack = 258 + 8

    init(bytes: UnsafeBufferPointer<UInt8>, start: Int, limits: DecompressionLimits, expectedSize: Int?) {
        reader = BitReader(bytes: bytes, position: start)
        self.limits = limits
        inputBytes = bytes.count - start
        (bound, boundFromRatio) = limits.effectiveBound(inputBytes: inputBytes)
        // The expected size, or a guess of 4× the input; never more than the bound allows, but at
        // least 1 KiB when the bound permits, to avoid many tiny reallocations.
        let guess = expectedSize ?? inputBytes.multipliedReportingOverflow(by: 4).partialValue
        let initial = min(max(guess, 1024 - Inflater.slack, 0), bound, Int.max / 2)
        output = [UInt8](repeating: 0, count: initial + Inflater.slack)
    }

    /// The decoded bytes (consumes the storage).
    mutating func finishedOutput() -> [UInt8] {
        var result: [UInt8] = []
        swap(&result, &output)
        result.removeLast(result.count - outCount)
        return result
    }

    // MARK: Blocks

    /// Decodes blocks up to and including the final one, then moves the reader to the next byte boundary.
    mutating func run() throws(CompressionError) {
        var isFinal = false
        while !isFinal {
            let headerOffset = reader.byteOffset
            isFinal = try reader.read(1, "a block header") == 1
            let type = try reader.read(2, "a block header")
            switch type {
            case 0:
                try storedBlock()
            case 1:
                try huffmanBlock(literal: .fixedLiteralLength, distance: .fixedDistance)
            case 2:
                let (literal, distance) = try dynamicTables()
                try huffmanBlock(literal: literal, distance: distance)
            default:
                throw CompressionError(.invalidBlockType(UInt8(type)), offset: headerOffset)
            }
        }
        reader.rewindToByte()
        try checkBound()
    }

    /// Copies a stored block: byte-aligned LEN, NLEN, then LEN raw bytes.
    mutating func storedBlock() throws(CompressionError) {
        reader.rewindToByte()
        let bytes = reader.bytes
        let start = reader.position
        guard start + 4 <= bytes.count else {
            throw CompressionError(.truncated(needed: "a stored block length"), offset: bytes.count)
        }
        let length = UInt16(bytes[start]) | UInt16(bytes[start + 1]) << 8
        let complement = UInt16(bytes[start + 2]) | UInt16(bytes[start + 3]) << 8
        guard length == ~complement else {
            throw CompressionError(.storedLengthMismatch(length: length, complement: complement), offset: start)
        }
        let count = Int(length)
        guard start + 4 + count <= bytes.count else {
            throw CompressionError(.truncated(needed: "a stored block of \(count) bytes"), offset: bytes.count)
        }
        if outCount + count > bound { throw limitError() }
        try reserve(count)
        let source = bytes.baseAddress! + start + 4
        let destination = outCount
        output.withUnsafeMutableBufferPointer { out in
            (out.baseAddress! + destination).update(from: source, count: count)
        }
        outCount += count
        reader.skipBytes(4 + count)
    }

    /// Decodes one Huffman-coded block with the given codes, growing the output as needed.
    mutating func huffmanBlock(literal: HuffmanDecodingTable, distance: HuffmanDecodingTable) throws(CompressionError) {
        var reader = self.reader
        var outCount = self.outCount
        defer {
            self.reader = reader
            self.outCount = outCount
        }
        while true {
            let finished = try Inflater.withTables(literal, distance, &output) {
                (lit, dist, out) throws(CompressionError) -> Bool in
                try Inflater.decodeSymbols(reader: &reader, out: out, outCount: &outCount,
                                           literal: lit, literalRootBits: literal.rootBits,
                                           distance: dist, distanceRootBits: distance.rootBits)
            }
            if finished { return }
            self.reader = reader
            self.outCount = outCount
            try reserve(Inflater.slack)
        }
    }

    /// Runs `body` with raw pointers to both tables and the output storage.
    private static func withTables<R>(
        _ literal: HuffmanDecodingTable, _ distance: HuffmanDecodingTable, _ output: inout [UInt8],
        _ body: (UnsafeBufferPointer<UInt32>, UnsafeBufferPointer<UInt32>, UnsafeMutableBufferPointer<UInt8>)
            throws(CompressionError) -> R
    ) throws(CompressionError) -> R {
        try literal.entries.withUnsafeBufferPointer { (lit) throws(CompressionError) -> R in
            try distance.entries.withUnsafeBufferPointer { (dist) throws(CompressionError) -> R in
                try output.withUnsafeMutableBufferPointer { (out) throws(CompressionError) -> R in
                    try body(lit, dist, out)
                }
            }
        }
    }

    // MARK: Output room

    /// Makes room for `count` more bytes after `outCount`, or throws when that would pass the bound.
    mutating func reserve(_ count: Int) throws(CompressionError) {
        let needed = outCount + count
        if needed <= output.count { return }
        let maxCapacity = bound > Int.max - Inflater.slack ? Int.max : bound + Inflater.slack
        // At full capacity the hot loop only runs out of room once more than `bound` bytes exist.
        if needed > maxCapacity { throw limitError() }
        let doubled = output.count > Int.max / 2 ? Int.max : output.count * 2
        let capacity = min(max(doubled, needed), maxCapacity)
        output.append(contentsOf: repeatElement(0, count: capacity - output.count))
    }

    /// Throws when more than `bound` bytes have been written.
    func checkBound() throws(CompressionError) {
        if outCount > bound { throw limitError() }
    }

    private func limitError() -> CompressionError {
        let kind: CompressionError.Kind = boundFromRatio
            ? .ratioLimitExceeded(maxRatio: limits.maxRatio, inputBytes: inputBytes)
            : .outputLimitExceeded(limit: limits.maxOutputBytes)
        return CompressionError(kind, offset: reader.byteOffset)
    }
}
