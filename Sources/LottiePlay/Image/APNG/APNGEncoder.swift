import LottieModel

// MARK: - APNGEncoder
//
// Encodes frames as an animated PNG (APNG 1.0), full 8-bit RGBA.
//
// ## Structure
//
//     signature, IHDR                 as a PNG of the first frame
//     acTL                            number of frames, number of plays (0: forever)
//     fcTL 0, IDAT…                   the first frame: also the still image a plain PNG decoder shows
//     fcTL n, fdAT n+1…               every later frame: its rectangle, delay, and data
//     IEND
//
// fcTL and fdAT chunks share one sequence counter from 0 in file order; IDAT chunks take no number.
// An fdAT chunk is a sequence number followed by what an IDAT chunk would hold. The image data of
// each frame is made exactly as `PNGEncoder` does (per-row filter choice, zlib), over the frame's
// rectangle only.
//
// ## Frame rectangles
//
// Every frame after the first stores only the rectangle where it differs from the one before, with
// dispose "none" (the canvas is kept) and blend "source" (the rectangle replaces what is there,
// alpha included), so the canvas always equals the full frame whatever its transparency.
//
// acTL, fcTL and fdAT are ancillary chunks: decoders that do not know APNG skip them and show the
// first frame.

/// Encodes `RGBAImage` frames as an animated PNG.
///
/// ```swift
/// let bytes = try APNGEncoder().encode(frames, framesPerSecond: 60)
/// ```
public struct APNGEncoder: Sendable {
    /// How many times the animation plays; 0 plays forever (the default).
    public var playCount: Int
    /// The deflate level used for the image data.
    public var compressionLevel: Deflate.Level
    /// Frames compressed at once, on as many threads (1: on the calling thread). The file is the
    /// same, byte for byte, for any number.
    public var jobs: Int

    /// The largest width or height a PNG can store.
    public static let maxSide = Int(Int32.max)

    /// An encoder playing `playCount` times (0: forever), compressing at `compressionLevel`,
    /// `jobs` frames at once.
    public init(playCount: Int = 0, compressionLevel: Deflate.Level = .default, jobs: Int = 1) {
        self.playCount = playCount
        self.compressionLevel = compressionLevel
        self.jobs = jobs
    }

    // MARK: Encoding

    /// The APNG file of `frames` (all the same size) shown at `framesPerSecond`.
    /// - Throws: `AnimatedImageError` when there are no frames, their sizes differ, or the frame rate
    ///   is not positive.
    public func encode(_ frames: [RGBAImage], framesPerSecond: Double) throws(AnimatedImageError) -> [UInt8] {
        try AnimatedImageError.checkFrames(frames, maxSide: Self.maxSide)
        try AnimatedImageError.checkFrameRate(framesPerSecond)
        let delay = APNGFrameDelay(framesPerSecond: framesPerSecond)
        let header = PNGHeader(width: frames[0].width, height: frames[0].height, bitDepth: 8,
                               colorType: .truecolorAlpha, isInterlaced: false)

        var output = PNGChunkReader.signature
        appendPNGChunk("IHDR", header.bytes[...], to: &output)
        appendPNGChunk("acTL", (bigEndian32(frames.count) + bigEndian32(max(playCount, 0)))[...], to: &output)
        let regions = frames.indices.map { index in
            index == 0 ? ImageRegion(covering: frames[0])
                : ImageRegion.changed(from: frames[index - 1], to: frames[index]) ?? .placeholder
        }
        let compressed = compressedFrames(frames, regions: regions)
        var sequence = 0
        for index in frames.indices {
            appendPNGChunk("fcTL", frameControl(sequence: sequence, region: regions[index], delay: delay)[...], to: &output)
            sequence += 1
            for piece in Self.pieces(of: compressed[index]) {
                if index == 0 {
                    appendPNGChunk("IDAT", piece, to: &output)
                } else {
                    appendPNGChunk("fdAT", (bigEndian32(sequence) + piece)[...], to: &output)
                    sequence += 1
                }
            }
        }
        appendPNGChunk("IEND", [], to: &output)
        return output
    }

    // MARK: Chunks

    /// The 26 bytes of an fcTL chunk: dispose "none", blend "source".
    private func frameControl(sequence: Int, region: ImageRegion, delay: APNGFrameDelay) -> [UInt8] {
        var bytes = bigEndian32(sequence)
        for value in [region.width, region.height, region.x, region.y] { bytes += bigEndian32(value) }
        bytes += bigEndian16(delay.numerator) + bigEndian16(delay.denominator)
        let disposeNone: UInt8 = 0
        let blendSource: UInt8 = 0
        bytes += [disposeNone, blendSource]
        return bytes
    }

    /// Each frame's rectangle compressed (`compressedData`), on up to `jobs` threads, in frame order.
    private func compressedFrames(_ frames: [RGBAImage], regions: [ImageRegion]) -> [[UInt8]] {
        FrameJobs.map(count: frames.count, jobs: jobs) { compressedData(frames[$0].cropped(to: regions[$0])) }
    }

    /// The zlib stream of the image's filtered scanlines, as for a PNG's IDAT.
    private func compressedData(_ image: RGBAImage) -> [UInt8] {
        let encoder = PNGEncoder(compressionLevel: compressionLevel)
        return Zlib.compress(encoder.filteredScanlines(image), level: compressionLevel)
    }

    /// `data` in slices of at most 1 MiB, one per chunk (at least one, even when empty).
    private static func pieces(of data: [UInt8]) -> [ArraySlice<UInt8>] {
        let size = 1 << 20
        return stride(from: 0, to: max(data.count, 1), by: size).map { data[$0..<min(data.count, $0 + size)] }
    }

    private func bigEndian32(_ value: Int) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }

    private func bigEndian16(_ value: Int) -> [UInt8] {
        [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }
}
