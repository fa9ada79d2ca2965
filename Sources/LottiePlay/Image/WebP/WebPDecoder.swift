// MARK: - WebPDecoder
//
// Decodes WebP files into `RGBAImage`: lossless (VP8L) and lossy (VP8, with or without an `ALPH`
// alpha chunk) images, in simple and extended files and as the first frame of animations, to
// exactly the pixels of libwebp's default decoding.
//
// ## Structure
//
// 1. `WebPContainer` walks the RIFF chunks and locates the image (the first `ANMF` frame of an
//    animation).
// 2. The canvas (extended files) and the bitstream's own size are checked against
//    `Limits.maxPixelCount` before any image memory is allocated.
// 3. Lossless: `VP8LDecoder` decodes ARGB words, converted to RGBA bytes. Lossy: `VP8Decoder`
//    decodes the Y, U and V planes, `WebPAlpha` the alpha plane of an `ALPH` chunk (255 without
//    one), and `VP8YUVToRGB` converts them with libwebp's fancy upsampling.
// 4. For an animation the frame is placed on a transparent canvas at its offset (the first frame
//    is never blended: there is nothing under it).

/// What decoding a WebP file used, for tests that prove each feature is covered: the report of the
/// lossless or the lossy decoder, and of the alpha chunk.
struct WebPReport: Equatable, Sendable {
    var lossless: VP8LReport?
    var lossy: VP8Report?
    var alpha: WebPAlphaReport?
}

/// Decodes WebP files into 8-bit straight-alpha RGBA images.
///
/// ```swift
/// let image = try WebPDecoder().decode(bytes)
/// print(image.width, image.height, image[0, 0])
/// ```
public struct WebPDecoder: Sendable {
    /// Bounds checked before any image memory is allocated.
    public struct Limits: Sendable, Equatable {
        /// The most pixels (width × height) accepted, for the canvas and for the image itself;
        /// 64 Mpx (2^26) by default.
        public var maxPixelCount: Int

        /// Limits accepting at most `maxPixelCount` pixels.
        public init(maxPixelCount: Int = 1 << 26) {
            self.maxPixelCount = maxPixelCount
        }

        /// 64 Mpx at most.
        public static let `default` = Limits()
    }

    /// The limits this decoder enforces.
    public var limits: Limits

    /// A decoder enforcing `limits`.
    public init(limits: Limits = .default) {
        self.limits = limits
    }

    // MARK: Size

    /// Width and height from the RIFF container (VP8X canvas, VP8 frame header or VP8L header)
    /// without decoding.
    /// - Throws: `WebPError` naming what is wrong and the byte offset.
    public func size(of data: [UInt8]) throws(WebPError) -> (width: Int, height: Int) {
        let container = try WebPContainer(data)
        if let canvas = container.canvas { return canvas }
        switch container.frame.bitstream {
        case .lossless(let range):
            let header = try VP8LDecoder.header(data, range: range)
            return (header.width, header.height)
        case .lossy(let range):
            return try WebPDecoder.lossySize(data, range: range)
        }
    }

    /// The size in a VP8 key frame header: a 3-byte frame tag, the start code 9d 01 2a, then
    /// 14-bit width and height (each with 2 scaling bits, which do not change the decoded size).
    static func lossySize(_ data: [UInt8], range: Range<Int>) throws(WebPError) -> (width: Int, height: Int) {
        guard range.count >= 10 else { throw WebPError(.truncated(needed: "the VP8 frame header"), offset: range.lowerBound) }
        let base = range.lowerBound
        guard data[base] & 1 == 0 else {
            throw WebPError(.invalidHeader("VP8 data does not start with a key frame"), offset: base)
        }
        guard data[base + 3] == 0x9d && data[base + 4] == 0x01 && data[base + 5] == 0x2a else {
            throw WebPError(.invalidHeader("VP8 start code 9d 01 2a missing"), offset: base + 3)
        }
        let width = (Int(data[base + 6]) | Int(data[base + 7]) << 8) & 0x3fff
        let height = (Int(data[base + 8]) | Int(data[base + 9]) << 8) & 0x3fff
        guard width > 0 && height > 0 else {
            throw WebPError(.invalidHeader("VP8 frame of \(width)×\(height) pixels"), offset: base + 6)
        }
        return (width, height)
    }

    // MARK: Decoding

    /// Decodes a complete WebP file: RGBA with straight (not premultiplied) alpha. For an animated
    /// WebP (ANIM/ANMF), the first frame on its canvas.
    /// - Throws: `WebPError` naming what is wrong and the byte offset.
    public func decode(_ data: [UInt8]) throws(WebPError) -> RGBAImage {
        try decodeReporting(data).image
    }

    /// `decode`, also saying what the image used (transforms, colour cache, groups for lossless;
    /// modes, filter, segments, partitions for lossy; the alpha chunk's methods).
    func decodeReporting(_ data: [UInt8]) throws(WebPError) -> (image: RGBAImage, report: WebPReport) {
        let container = try WebPContainer(data, maxPixelCount: limits.maxPixelCount)
        let frame = container.frame
        var report = WebPReport()
        let width: Int, height: Int, pixels: [UInt8]
        let chunk: String
        switch frame.bitstream {
        case .lossless(let range):
            var decoder = VP8LDecoder(data, range: range, maxPixelCount: limits.maxPixelCount)
            let (header, argb) = try decoder.decode()
            (width, height, chunk) = (header.width, header.height, "VP8L")
            var rgba = [UInt8](repeating: 0, count: argb.count * 4)
            for (index, pixel) in argb.enumerated() {
                rgba[index * 4] = UInt8(truncatingIfNeeded: pixel >> 16)
                rgba[index * 4 + 1] = UInt8(truncatingIfNeeded: pixel >> 8)
                rgba[index * 4 + 2] = UInt8(truncatingIfNeeded: pixel)
                rgba[index * 4 + 3] = UInt8(truncatingIfNeeded: pixel >> 24)
            }
            pixels = rgba
            report.lossless = decoder.report
        case .lossy(let range):
            // Like libwebp, the VP8 data runs to the end of the padded chunk: a stream cut short
            // reads the padding byte before it runs out (valid streams never reach it).
            let padded = range.lowerBound..<min(data.count, range.upperBound + (range.count & 1))
            var decoder = VP8Decoder(data, range: padded, maxPixelCount: limits.maxPixelCount)
            var yuv = try decoder.decode()
            (width, height, chunk) = (yuv.width, yuv.height, "VP8")
            report.lossy = decoder.report
            var alpha: [UInt8]?
            if let alphaRange = frame.alpha {
                let decoded = try WebPAlpha.decode(data, range: alphaRange, width: width, height: height,
                                                   maxPixelCount: limits.maxPixelCount)
                alpha = decoded.plane
                report.alpha = decoded.report
            }
            pixels = VP8YUVToRGB.rgba(&yuv, alpha: alpha)
        }
        // The bitstream must fill its frame (animations) or the canvas (extended still images).
        let expected = frame.size ?? (container.isAnimated ? nil : container.canvas)
        if let expected, expected.width != width || expected.height != height {
            throw WebPError(.invalidChunk(chunk: chunk, reason: "image of \(width)×\(height) in a "
                                          + "frame of \(expected.width)×\(expected.height)"), offset: frame.chunkOffset)
        }
        let image = RGBAImage(width: width, height: height, pixels: pixels)
        guard container.isAnimated, let canvas = container.canvas else { return (image, report) }
        return (WebPDecoder.place(image, x: frame.x, y: frame.y, onCanvas: canvas), report)
    }

    /// `frame` copied onto a transparent canvas at (x, y) (the container checked that it fits).
    private static func place(_ frame: RGBAImage, x: Int, y: Int, onCanvas canvas: (width: Int, height: Int)) -> RGBAImage {
        if x == 0 && y == 0 && frame.width == canvas.width && frame.height == canvas.height { return frame }
        var result = RGBAImage(width: canvas.width, height: canvas.height)
        let rowBytes = frame.width * 4
        for row in 0..<frame.height {
            let source = row * rowBytes
            let target = ((y + row) * canvas.width + x) * 4
            result.pixels.replaceSubrange(target..<(target + rowBytes), with: frame.pixels[source..<(source + rowBytes)])
        }
        return result
    }
}
