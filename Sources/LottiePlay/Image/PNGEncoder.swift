import LottieModel

// MARK: - PNGEncoder
//
// Encodes an `RGBAImage` as a PNG file: colour type 6 (truecolour + alpha), 8 bits, not interlaced.
//
// ## Structure
//
// Chunks: IHDR, the image data as IDAT chunks of at most 1 MiB, IEND. The image data is the zlib
// stream (this package's `Zlib.compress`) of all scanlines, each a filter type byte followed by the
// row filtered with that type.
//
// The filter is chosen per row with the heuristic the PNG specification suggests (§12.8): try all five
// and keep the one whose output, read as signed bytes, has the smallest sum of absolute values
// ("minimum sum of absolute differences"). Rows of flat colour then compress as runs of zeros.

/// Encodes `RGBAImage`s as 8-bit RGBA PNG files.
///
/// ```swift
/// let bytes = try PNGEncoder().encode(image)
/// ```
public struct PNGEncoder: Sendable {
    /// The deflate level used for the image data.
    public var compressionLevel: Deflate.Level

    /// An encoder compressing the image data at `compressionLevel` (zlib's default level 6 unless given).
    public init(compressionLevel: Deflate.Level = .default) {
        self.compressionLevel = compressionLevel
    }

    /// The PNG file of `image`.
    /// - Throws: `PNGError.Kind.invalidHeader` for an image with no pixels (PNG needs at least 1×1).
    public func encode(_ image: RGBAImage) throws(PNGError) -> [UInt8] {
        guard image.width > 0 && image.height > 0 else {
            throw PNGError(.invalidHeader("a PNG image needs at least 1×1 pixels, not \(image.width)×\(image.height)"),
                           offset: 0)
        }
        let header = PNGHeader(width: image.width, height: image.height, bitDepth: 8, colorType: .truecolorAlpha,
                               isInterlaced: false)
        let scanlines = filteredScanlines(image)
        let compressed = Zlib.compress(scanlines, level: compressionLevel)

        var output = PNGChunkReader.signature
        output.reserveCapacity(compressed.count + 64)
        appendPNGChunk("IHDR", header.bytes[...], to: &output)
        let chunkSize = 1 << 20
        var start = 0
        repeat {
            let end = min(compressed.count, start + chunkSize)
            appendPNGChunk("IDAT", compressed[start..<end], to: &output)
            start = end
        } while start < compressed.count
        appendPNGChunk("IEND", [], to: &output)
        return output
    }

    /// Every row as its best filter type byte followed by the filtered bytes (also the frame data
    /// of `APNGEncoder`).
    func filteredScanlines(_ image: RGBAImage) -> [UInt8] {
        let rowBytes = image.width * 4
        var output = [UInt8](repeating: 0, count: image.height * (rowBytes + 1))
        var candidate = [UInt8](repeating: 0, count: rowBytes)
        let zeros = [UInt8](repeating: 0, count: rowBytes)
        image.pixels.withUnsafeBufferPointer { pixels in
        zeros.withUnsafeBufferPointer { zeroRow in
        candidate.withUnsafeMutableBufferPointer { trial in
        output.withUnsafeMutableBufferPointer { out in
            for y in 0..<image.height {
                let line = pixels.baseAddress! + y * rowBytes
                let prior = y == 0 ? zeroRow.baseAddress! : line - rowBytes
                let destination = out.baseAddress! + y * (rowBytes + 1)
                var bestScore = Int.max
                for filter in PNGScanlineFilter.allCases {
                    filter.filter(line, prior: prior, rowBytes: rowBytes, filterDistance: 4, into: trial.baseAddress!)
                    var score = 0
                    for i in 0..<rowBytes {
                        let value = Int(trial[i])
                        score += value < 128 ? value : 256 - value
                    }
                    if score < bestScore {
                        bestScore = score
                        destination[0] = filter.rawValue
                        (destination + 1).update(from: trial.baseAddress!, count: rowBytes)
                    }
                }
            }
        }
        }
        }
        }
        return output
    }
}
