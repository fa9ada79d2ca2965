// MARK: - WebPContainer
//
// The RIFF container of WebP files: `RIFF`, the payload size (little-endian 32 bits), `WEBP`, then
// chunks of a four-character code, a 32-bit size and the payload, padded to an even size.
//
// ## Layouts understood
//
// - Simple: one `VP8 ` (lossy) or `VP8L` (lossless) chunk.
// - Extended: `VP8X` first (flags, canvas width − 1 and height − 1 in 24 bits each), then for a
//   still image an optional `ALPH` and the `VP8 `/`VP8L` chunk, or for an animation (flag 0x02)
//   `ANIM` and `ANMF` frames, each holding its offset (x/2, y/2), size, duration, flags and its own
//   `ALPH`/`VP8 `/`VP8L` chunks. Only the first frame is located. Other chunks (ICCP, EXIF, XMP,
//   unknown ones) are skipped.
//
// The RIFF size must not claim more bytes than the file holds; bytes after the RIFF payload are
// ignored (as libwebp does).

/// The chunks of a WebP file that locate its (first) image.
struct WebPContainer {
    /// Where the compressed image is, and how it is coded.
    enum Bitstream: Equatable {
        /// A `VP8 ` chunk's payload.
        case lossy(Range<Int>)
        /// A `VP8L` chunk's payload.
        case lossless(Range<Int>)
    }

    /// The image to decode: for animations, the first frame and where it goes on the canvas.
    struct Frame: Equatable {
        var bitstream: Bitstream
        /// The file offset of the bitstream's chunk header.
        var chunkOffset: Int
        /// The `ALPH` chunk's payload (lossy images only).
        var alpha: Range<Int>?
        /// The frame's position and size on the canvas (animations), or nil.
        var x = 0
        var y = 0
        var size: (width: Int, height: Int)?

        static func == (a: Frame, b: Frame) -> Bool {
            a.bitstream == b.bitstream && a.chunkOffset == b.chunkOffset && a.alpha == b.alpha && a.x == b.x
                && a.y == b.y && a.size?.width == b.size?.width && a.size?.height == b.size?.height
        }
    }

    /// The canvas size of an extended (`VP8X`) file, or nil for a simple one.
    var canvas: (width: Int, height: Int)?
    var isAnimated = false
    var frame: Frame

    /// One chunk: its code, the file offset of its header and its payload.
    struct Chunk {
        var code: String
        var offset: Int
        var payload: Range<Int>
    }

    /// Parses the container of `data`; a `VP8X` canvas of more than `maxPixelCount` pixels is
    /// refused as soon as it is read.
    init(_ data: [UInt8], maxPixelCount: Int = Int.max) throws(WebPError) {
        guard data.count >= 12 else {
            let riff: [UInt8] = Array("RIFF".utf8)
            if Array(data.prefix(4)) == Array(riff.prefix(data.count)) {
                throw WebPError(.truncated(needed: "the RIFF header"), offset: 0)
            }
            throw WebPError(.notWebP, offset: 0)
        }
        guard WebPContainer.code(data, 0) == "RIFF" && WebPContainer.code(data, 8) == "WEBP" else {
            throw WebPError(.notWebP, offset: 0)
        }
        let riffSize = WebPContainer.uint32(data, 4)
        guard riffSize >= 4 else {
            throw WebPError(.invalidChunk(chunk: "RIFF", reason: "size \(riffSize) leaves no room for WEBP"), offset: 4)
        }
        guard riffSize <= data.count - 8 else {
            throw WebPError(.truncated(needed: "the \(riffSize) bytes the RIFF header announces; "
                                       + "the file holds \(data.count - 8)"), offset: 4)
        }
        let chunks = try WebPContainer.chunks(data, in: 12..<(8 + riffSize))
        guard let first = chunks.first else { throw WebPError(.missingChunk("VP8, VP8L or VP8X"), offset: 12) }

        switch first.code {
        case "VP8 ", "VP8L":
            frame = try WebPContainer.frame(data, chunks: [first], offset: first.offset)
        case "VP8X":
            guard first.payload.count >= 10 else {
                throw WebPError(.invalidChunk(chunk: "VP8X", reason: "\(first.payload.count) bytes, 10 needed"),
                                offset: first.offset)
            }
            let base = first.payload.lowerBound
            let flags = data[base]
            let width = WebPContainer.uint24(data, base + 4) + 1, height = WebPContainer.uint24(data, base + 7) + 1
            guard width * height <= maxPixelCount else {
                throw WebPError(.tooLarge(width: width, height: height, maxPixelCount: maxPixelCount), offset: first.offset)
            }
            canvas = (width, height)
            isAnimated = flags & 0x02 != 0
            let rest = Array(chunks.dropFirst())
            if isAnimated {
                guard let anmf = rest.first(where: { $0.code == "ANMF" }) else {
                    throw WebPError(.missingChunk("ANMF (first animation frame)"), offset: first.offset)
                }
                guard anmf.payload.count >= 16 else {
                    throw WebPError(.invalidChunk(chunk: "ANMF", reason: "\(anmf.payload.count) bytes, 16 needed"),
                                    offset: anmf.offset)
                }
                let p = anmf.payload.lowerBound
                let inner = try WebPContainer.chunks(data, in: (p + 16)..<anmf.payload.upperBound)
                var found = try WebPContainer.frame(data, chunks: inner, offset: anmf.offset)
                found.x = 2 * WebPContainer.uint24(data, p)
                found.y = 2 * WebPContainer.uint24(data, p + 3)
                let size = (width: WebPContainer.uint24(data, p + 6) + 1, height: WebPContainer.uint24(data, p + 9) + 1)
                found.size = size
                if let canvas, found.x + size.width > canvas.width || found.y + size.height > canvas.height {
                    throw WebPError(.invalidChunk(chunk: "ANMF", reason: "frame of \(size.width)×\(size.height) at "
                                                  + "(\(found.x), \(found.y)) outside the canvas"), offset: anmf.offset)
                }
                frame = found
            } else {
                frame = try WebPContainer.frame(data, chunks: rest, offset: first.offset)
            }
        default:
            throw WebPError(.invalidChunk(chunk: first.code, reason: "VP8, VP8L or VP8X must come first"),
                            offset: first.offset)
        }
    }

    /// The image chunk among `chunks` (with the `ALPH` before it, if any).
    private static func frame(_ data: [UInt8], chunks: [Chunk], offset: Int) throws(WebPError) -> Frame {
        var alpha: Range<Int>?
        for chunk in chunks {
            switch chunk.code {
            case "ALPH": if alpha == nil { alpha = chunk.payload }
            case "VP8 ": return Frame(bitstream: .lossy(chunk.payload), chunkOffset: chunk.offset, alpha: alpha)
            case "VP8L": return Frame(bitstream: .lossless(chunk.payload), chunkOffset: chunk.offset, alpha: nil)
            default: continue
            }
        }
        throw WebPError(.missingChunk("VP8 or VP8L image data"), offset: offset)
    }

    /// The chunks in `data[range]`, each checked to fit in the range.
    static func chunks(_ data: [UInt8], in range: Range<Int>) throws(WebPError) -> [Chunk] {
        var result: [Chunk] = []
        var position = range.lowerBound
        while position < range.upperBound {
            guard range.upperBound - position >= 8 else {
                throw WebPError(.truncated(needed: "a chunk header"), offset: position)
            }
            let code = WebPContainer.code(data, position)
            let size = WebPContainer.uint32(data, position + 4)
            guard size <= range.upperBound - position - 8 else {
                throw WebPError(.truncated(needed: "the \(size) bytes of chunk \(code)"), offset: position)
            }
            result.append(Chunk(code: code, offset: position, payload: (position + 8)..<(position + 8 + size)))
            // Odd sizes are followed by one padding byte (which a last chunk may lack).
            position += 8 + size + (size & 1)
        }
        return result
    }

    // MARK: Fields

    /// The four-character code at `offset` (non-ASCII bytes as "?").
    static func code(_ data: [UInt8], _ offset: Int) -> String {
        String(decoding: data[offset..<(offset + 4)].map { $0 >= 0x20 && $0 < 0x7f ? $0 : 0x3f }, as: UTF8.self)
    }

    static func uint32(_ data: [UInt8], _ offset: Int) -> Int {
        Int(data[offset]) | Int(data[offset + 1]) << 8 | Int(data[offset + 2]) << 16 | Int(data[offset + 3]) << 24
    }

    static func uint24(_ data: [UInt8], _ offset: Int) -> Int {
        Int(data[offset]) | Int(data[offset + 1]) << 8 | Int(data[offset + 2]) << 16
    }
}
