// MARK: - GIFEncoder
//
// Encodes frames as an animated GIF89a file.
//
// ## Structure
//
//     "GIF89a"
//     logical screen descriptor   width, height (little-endian), global colour table flag and size,
//                                 background index (the transparent index, if any)
//     global colour table         `GIFPalette`: ≤ 256 colours shared by all frames
//     NETSCAPE2.0 extension       the loop count (0: forever), when there is more than one frame
//     per frame:
//       graphic control extension   disposal, delay (`GIFFrameDelays`), transparent index
//       image descriptor            the frame's rectangle on the canvas
//       image data                  minimum code size, then `LZWEncoder` sub-blocks
//     trailer                     0x3B
//
// ## Frame rectangles and disposal
//
// With transparency, each frame is disposed "restore to background" (cleared) after showing, so a
// shape that moves away does not leave its old pixels behind; each frame then stores only the
// rectangle its shown pixels cover. Without transparency nothing is cleared ("do not dispose") and
// each frame after the first stores only the rectangle where it differs from the frame before.
//
// ## Threads
//
// With `jobs` above 1 the palette's colour counting and each frame's rectangle, index mapping and
// LZW compression (which depend only on the frames and the palette) run on up to `jobs` threads
// (`FrameJobs`), each thread with its own LZW dictionary; the compressed frames are then written in
// frame order, so the file is the same, byte for byte, for any number of jobs.

/// Encodes `RGBAImage` frames as an animated GIF (GIF89a) with one shared palette.
///
/// ```swift
/// let bytes = try GIFEncoder().encode(frames, framesPerSecond: 30)
/// ```
///
/// GIF has at most 256 colours and 1-bit alpha: pixels with alpha below 128 are transparent, the
/// others are shown with their RGB colour (straight alpha), quantized without dithering.
public struct GIFEncoder: Sendable {
    /// How many times the animation plays after the first time; 0 loops forever (the default).
    public var loopCount: Int
    /// Frames worked on at once (colour counting, index mapping, compression), on as many threads
    /// (1: on the calling thread). The file is the same, byte for byte, for any number.
    public var jobs: Int

    /// The largest width or height a GIF can store.
    public static let maxSide = 65_535

    /// An encoder writing `loopCount` (0...65535; 0 plays forever), working on `jobs` frames at once.
    public init(loopCount: Int = 0, jobs: Int = 1) {
        self.loopCount = loopCount
        self.jobs = jobs
    }

    // MARK: Encoding

    /// The GIF file of `frames` (all the same size) shown at `framesPerSecond`.
    /// - Throws: `AnimatedImageError` when there are no frames, their sizes differ or exceed 65535,
    ///   or the frame rate is not positive.
    public func encode(_ frames: [RGBAImage], framesPerSecond: Double) throws(AnimatedImageError) -> [UInt8] {
        try AnimatedImageError.checkFrames(frames, maxSide: Self.maxSide)
        try AnimatedImageError.checkFrameRate(framesPerSecond)
        let palette = GIFPalette(frames: frames, jobs: jobs)
        let delays = GIFFrameDelays.centiseconds(frameCount: frames.count, framesPerSecond: framesPerSecond)

        var output = Array("GIF89a".utf8)
        appendLogicalScreen(width: frames[0].width, height: frames[0].height, palette: palette, to: &output)
        if frames.count > 1 { appendLoopExtension(to: &output) }
        let images = FrameJobs.run(count: frames.count, jobs: jobs, makeWorker: { LZWEncoder() }) { compressor, index in
            let region = Self.region(of: frames[index], after: index > 0 ? frames[index - 1] : nil, palette: palette)
            return imageBytes(frames[index].cropped(to: region), at: region, palette: palette, compressor: &compressor)
        }.outputs
        for index in frames.indices {
            appendGraphicControl(delay: delays[index], palette: palette, to: &output)
            output += images[index]
        }
        output.append(0x3B)
        return output
    }

    // MARK: Blocks

    private func appendLogicalScreen(width: Int, height: Int, palette: GIFPalette, to output: inout [UInt8]) {
        appendLittleEndian16(width, to: &output)
        appendLittleEndian16(height, to: &output)
        let colorResolution = 7 << 4  // 8 bits per primary in the source.
        output.append(0x80 | UInt8(colorResolution) | UInt8(palette.bitsPerIndex - 1))
        output.append(UInt8(palette.transparentIndex ?? 0))  // Background index.
        output.append(0)  // Square pixels.
        output += palette.tableBytes
    }

    private func appendLoopExtension(to output: inout [UInt8]) {
        output += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1]
        appendLittleEndian16(min(max(loopCount, 0), 65_535), to: &output)
        output.append(0)
    }

    private func appendGraphicControl(delay: Int, palette: GIFPalette, to output: inout [UInt8]) {
        let restoreToBackground: UInt8 = 2 << 2
        let doNotDispose: UInt8 = 1 << 2
        let flags = palette.transparentIndex == nil ? doNotDispose : restoreToBackground | 1
        output += [0x21, 0xF9, 4, flags]
        appendLittleEndian16(delay, to: &output)
        output += [UInt8(palette.transparentIndex ?? 0), 0]
    }

    /// The image descriptor and image data of `image`, placed at `region`.
    private func imageBytes(_ image: RGBAImage, at region: ImageRegion, palette: GIFPalette,
                            compressor: inout LZWEncoder) -> [UInt8] {
        var output: [UInt8] = [0x2C]
        for value in [region.x, region.y, region.width, region.height] { appendLittleEndian16(value, to: &output) }
        output.append(0)  // No local colour table, not interlaced.
        let minimumCodeSize = max(2, palette.bitsPerIndex)
        output.append(UInt8(minimumCodeSize))
        output += compressor.encode(palette.indices(of: image), minimumCodeSize: minimumCodeSize)
        return output
    }

    private func appendLittleEndian16(_ value: Int, to output: inout [UInt8]) {
        output += [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
    }

    // MARK: Regions

    /// The rectangle frame stores: its shown pixels when frames are cleared after showing (with
    /// transparency), else where it differs from `previous`, else (the first frame) the whole canvas.
    private static func region(of frame: RGBAImage, after previous: RGBAImage?, palette: GIFPalette) -> ImageRegion {
        if palette.transparentIndex != nil {
            return ImageRegion.visible(in: frame, alphaThreshold: GIFPalette.alphaThreshold) ?? .placeholder
        }
        guard let previous else { return ImageRegion(covering: frame) }
        return ImageRegion.changed(from: previous, to: frame) ?? .placeholder
    }
}
