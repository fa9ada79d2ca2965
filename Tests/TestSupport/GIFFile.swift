// MARK: - GIFFile
//
// A small GIF reader for tests, written apart from the encoder so that the two check each other: it
// walks the blocks of a GIF89a file, decodes each frame's LZW data with its own table of strings, and
// composites the frames on a canvas as a viewer would (disposal 2 clears the frame's rectangle).

/// A GIF file read for tests: the header fields, every frame, and the frames composited.
public struct GIFFile {
    public var width: Int
    public var height: Int
    /// The packed byte of the logical screen descriptor.
    public var screenFlags: UInt8
    public var backgroundIndex: Int
    /// R, G, B per entry.
    public var colorTable: [UInt8]
    /// From the NETSCAPE2.0 extension, nil without one.
    public var loopCount: Int?
    public var frames: [Frame] = []

    /// One image with the graphic control extension before it.
    public struct Frame {
        public var delay = 0
        public var disposal = 0
        public var transparentIndex: Int?
        public var x = 0, y = 0, width = 0, height = 0
        public var minimumCodeSize = 0
        public var indices: [UInt8] = []
        /// Clear codes in the frame's LZW data (the first one included).
        public var clearCodes = 0
        /// The widest code read, in bits.
        public var widestCode = 0
    }

    public struct ReadError: Error, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }

    // MARK: Reading

    public init(_ bytes: [UInt8]) throws {
        var reader = ByteReader(bytes: bytes)
        guard try reader.take(6) == Array("GIF89a".utf8) else { throw ReadError("not GIF89a") }
        width = try reader.uint16()
        height = try reader.uint16()
        screenFlags = try reader.byte()
        backgroundIndex = Int(try reader.byte())
        _ = try reader.byte()
        colorTable = screenFlags & 0x80 != 0 ? try reader.take(3 << (Int(screenFlags & 7) + 1)) : []
        var pending = Frame()
        while true {
            switch try reader.byte() {
            case 0x21:
                try readExtension(&reader, into: &pending)
            case 0x2C:
                pending.x = try reader.uint16()
                pending.y = try reader.uint16()
                pending.width = try reader.uint16()
                pending.height = try reader.uint16()
                guard try reader.byte() & 0x80 == 0 else { throw ReadError("local colour tables are not read") }
                pending.minimumCodeSize = Int(try reader.byte())
                let decoded = try LZWTestDecoder.decode(try reader.subBlocks(), minimumCodeSize: pending.minimumCodeSize)
                pending.indices = decoded.indices
                pending.clearCodes = decoded.clearCodes
                pending.widestCode = decoded.widestCode
                guard pending.indices.count == pending.width * pending.height else {
                    throw ReadError("frame \(frames.count): \(pending.indices.count) indices for \(pending.width)x\(pending.height)")
                }
                frames.append(pending)
                pending = Frame()
            case 0x3B:
                return
            case let other:
                throw ReadError("unexpected block 0x\(String(other, radix: 16)) at \(reader.offset - 1)")
            }
        }
    }

    private mutating func readExtension(_ reader: inout ByteReader, into frame: inout Frame) throws {
        let label = try reader.byte()
        let blocks = try reader.subBlockList()
        if label == 0xF9, let control = blocks.first, control.count == 4 {
            frame.disposal = Int(control[0] >> 2 & 7)
            frame.delay = Int(control[1]) | Int(control[2]) << 8
            frame.transparentIndex = control[0] & 1 != 0 ? Int(control[3]) : nil
        } else if label == 0xFF, blocks.count >= 2, blocks[0] == Array("NETSCAPE2.0".utf8), blocks[1].count == 3 {
            loopCount = Int(blocks[1][1]) | Int(blocks[1][2]) << 8
        }
    }

    // MARK: Compositing

    /// The canvas (RGBA, rows from the top) after each frame is drawn, starting from transparent.
    public func composited() -> [[UInt8]] {
        var canvas = [UInt8](repeating: 0, count: width * height * 4)
        var result: [[UInt8]] = []
        var previous: Frame?
        for frame in frames {
            if let previous, previous.disposal == 2 { clear(previous, on: &canvas) }
            for row in 0..<frame.height {
                for column in 0..<frame.width {
                    let index = Int(frame.indices[row * frame.width + column])
                    if index == frame.transparentIndex { continue }
                    let target = ((frame.y + row) * width + frame.x + column) * 4
                    canvas[target] = colorTable[index * 3]
                    canvas[target + 1] = colorTable[index * 3 + 1]
                    canvas[target + 2] = colorTable[index * 3 + 2]
                    canvas[target + 3] = 255
                }
            }
            result.append(canvas)
            previous = frame
        }
        return result
    }

    private func clear(_ frame: Frame, on canvas: inout [UInt8]) {
        for row in frame.y..<(frame.y + frame.height) {
            let start = (row * width + frame.x) * 4
            for i in start..<(start + frame.width * 4) { canvas[i] = 0 }
        }
    }
}

// MARK: - LZWTestDecoder

/// GIF's LZW decoding with a table of whole strings: slow, plain, and independent of the encoder.
public enum LZWTestDecoder {
    public static func decode(_ data: [UInt8], minimumCodeSize: Int) throws
        -> (indices: [UInt8], clearCodes: Int, widestCode: Int) {
        let clearCode = 1 << minimumCodeSize
        let endCode = clearCode + 1
        let initial = (0..<clearCode).map { [UInt8(truncatingIfNeeded: $0)] } + [[], []]
        var table = initial
        var width = minimumCodeSize + 1
        var widest = width
        var previous: [UInt8]?
        var output: [UInt8] = []
        var clears = 0
        var bitOffset = 0
        while true {
            guard bitOffset + width <= data.count * 8 else { throw GIFFile.ReadError("LZW data ends without an end code") }
            var code = 0
            for bit in 0..<width where data[(bitOffset + bit) / 8] >> ((bitOffset + bit) % 8) & 1 != 0 {
                code |= 1 << bit
            }
            bitOffset += width
            if code == clearCode {
                table = initial
                width = minimumCodeSize + 1
                previous = nil
                clears += 1
                continue
            }
            if code == endCode { break }
            let entry: [UInt8]
            if code < table.count, code != clearCode, code != endCode {
                entry = table[code]
            } else if code == table.count, let previous {
                entry = previous + [previous[0]]
            } else {
                throw GIFFile.ReadError("code \(code) with \(table.count) table entries")
            }
            output += entry
            if let previous, table.count < 4096 { table.append(previous + [entry[0]]) }
            if table.count == 1 << width && width < 12 { width += 1 }
            widest = max(widest, width)
            previous = entry
        }
        return (output, clears, widest)
    }
}

// MARK: - ByteReader

private struct ByteReader {
    let bytes: [UInt8]
    var offset = 0

    mutating func byte() throws -> UInt8 {
        guard offset < bytes.count else { throw GIFFile.ReadError("the file ends at \(offset)") }
        offset += 1
        return bytes[offset - 1]
    }

    mutating func take(_ count: Int) throws -> [UInt8] {
        guard offset + count <= bytes.count else { throw GIFFile.ReadError("the file ends at \(bytes.count)") }
        offset += count
        return Array(bytes[(offset - count)..<offset])
    }

    mutating func uint16() throws -> Int {
        Int(try byte()) | Int(try byte()) << 8
    }

    /// Sub-blocks up to the empty one, each as its own array.
    mutating func subBlockList() throws -> [[UInt8]] {
        var blocks: [[UInt8]] = []
        while true {
            let length = Int(try byte())
            if length == 0 { return blocks }
            blocks.append(try take(length))
        }
    }

    /// Sub-blocks up to the empty one, joined.
    mutating func subBlocks() throws -> [UInt8] {
        try subBlockList().flatMap { $0 }
    }
}
