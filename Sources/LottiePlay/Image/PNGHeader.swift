// MARK: - PNGHeader
//
// The IHDR chunk (PNG §11.2.2): width, height (4 bytes each, big-endian, 1...2^31−1), bit depth,
// colour type, compression method (0), filter method (0), interlace method (0 none, 1 Adam7).
//
// Allowed bit depths per colour type:
//
//     0 greyscale             1 2 4 8 16
//     2 truecolour                  8 16
//     3 indexed (palette)     1 2 4 8
//     4 greyscale + alpha           8 16
//     6 truecolour + alpha          8 16

/// The fields of a PNG's IHDR chunk, validated.
public struct PNGHeader: Sendable, Equatable {
    /// The PNG colour types.
    public enum ColorType: UInt8, Sendable {
        case greyscale = 0
        case truecolor = 2
        case indexed = 3
        case greyscaleAlpha = 4
        case truecolorAlpha = 6

        /// Samples per pixel.
        public var channels: Int {
            switch self {
            case .greyscale, .indexed: return 1
            case .greyscaleAlpha: return 2
            case .truecolor: return 3
            case .truecolorAlpha: return 4
            }
        }

        var allowedBitDepths: [Int] {
            switch self {
            case .greyscale: return [1, 2, 4, 8, 16]
            case .indexed: return [1, 2, 4, 8]
            case .truecolor, .greyscaleAlpha, .truecolorAlpha: return [8, 16]
            }
        }
    }

    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bits per sample (per palette index for indexed images).
    public let bitDepth: Int
    /// How pixels are stored.
    public let colorType: ColorType
    /// Adam7 interlacing.
    public let isInterlaced: Bool

    /// Bits per pixel.
    public var bitsPerPixel: Int { bitDepth * colorType.channels }

    /// Bytes between a byte and the byte it is filtered against (at least 1).
    var filterDistance: Int { max(1, bitsPerPixel / 8) }

    /// Bytes in one scanline of `pixels` pixels, without the filter type byte.
    func rowBytes(pixels: Int) -> Int { (pixels * bitsPerPixel + 7) / 8 }

    /// Parses the 13 bytes of an IHDR chunk; `offset` is where its data starts in the file.
    init(_ data: ArraySlice<UInt8>, offset: Int) throws(PNGError) {
        func fail(_ reason: String) -> PNGError { PNGError(.invalidHeader(reason), offset: offset) }
        guard data.count == 13 else { throw fail("IHDR holds \(data.count) bytes instead of 13") }
        let d = Array(data)
        let width = Int(d[0]) << 24 | Int(d[1]) << 16 | Int(d[2]) << 8 | Int(d[3])
        let height = Int(d[4]) << 24 | Int(d[5]) << 16 | Int(d[6]) << 8 | Int(d[7])
        guard width > 0 && width <= Int(Int32.max) else { throw fail("width \(width) is not in 1...2147483647") }
        guard height > 0 && height <= Int(Int32.max) else { throw fail("height \(height) is not in 1...2147483647") }
        guard let colorType = ColorType(rawValue: d[9]) else { throw fail("unknown colour type \(d[9])") }
        let bitDepth = Int(d[8])
        guard colorType.allowedBitDepths.contains(bitDepth) else {
            throw fail("bit depth \(bitDepth) is not allowed for colour type \(colorType.rawValue)")
        }
        guard d[10] == 0 else { throw fail("unknown compression method \(d[10])") }
        guard d[11] == 0 else { throw fail("unknown filter method \(d[11])") }
        guard d[12] <= 1 else { throw fail("unknown interlace method \(d[12])") }
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.colorType = colorType
        self.isInterlaced = d[12] == 1
    }

    init(width: Int, height: Int, bitDepth: Int, colorType: ColorType, isInterlaced: Bool) {
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.colorType = colorType
        self.isInterlaced = isInterlaced
    }

    /// The 13 bytes of the IHDR chunk.
    var bytes: [UInt8] {
        func bigEndian(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        return bigEndian(width) + bigEndian(height)
            + [UInt8(bitDepth), colorType.rawValue, 0, 0, isInterlaced ? 1 : 0]
    }
}
