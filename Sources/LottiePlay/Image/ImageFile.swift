// MARK: - ImageFile

/// An image file in a format this toolkit decodes, recognised by its content (a data URL's MIME
/// type or a file's extension may say otherwise): PNG (`PNGDecoder`), JPEG (`JPEGDecoder`) and
/// WebP (`WebPDecoder`), each our own. (Package access: `lottie-cli bench` times decoding.)
package enum ImageFile {
    package enum Format: String {
        case png = "PNG", jpeg = "JPEG", webp = "WebP"

        /// The format of `bytes`, by their signature; nil for anything else.
        package init?(of bytes: [UInt8]) {
            if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
                self = .png
            } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
                self = .jpeg
            } else if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
                self = .webp
            } else {
                return nil
            }
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// What a file that is not one of the formats looks like, for the message: "GIF", "SVG"...
    static func describeUnknown(_ bytes: [UInt8]) -> String {
        if bytes.starts(with: Array("GIF8".utf8)) { return "GIF" }
        if bytes.starts(with: Array("<svg".utf8)) || bytes.starts(with: Array("<?xml".utf8)) { return "SVG" }
        if bytes.count >= 12, Array(bytes[4..<8]) == Array("ftyp".utf8) { return "AVIF or HEIF" }
        return "unrecognised"
    }

    /// Width and height of the image in `bytes`, read from its header.
    static func size(of bytes: [UInt8]) throws -> (format: Format, width: Int, height: Int) {
        guard let format = Format(of: bytes) else {
            throw Failure(description: "\(describeUnknown(bytes)) images are not supported (PNG, JPEG and WebP are)")
        }
        switch format {
        case .png:
            let header = try PNGDecoder().header(of: bytes)
            return (format, header.width, header.height)
        case .jpeg:
            let size = try JPEGDecoder().size(of: bytes)
            return (format, size.width, size.height)
        case .webp:
            let size = try WebPDecoder().size(of: bytes)
            return (format, size.width, size.height)
        }
    }

    /// The image in `bytes`, of at most `maxPixelCount` pixels.
    package static func decode(_ bytes: [UInt8], format: Format, maxPixelCount: Int) throws -> RGBAImage {
        switch format {
        case .png: try PNGDecoder(limits: .init(maxPixelCount: maxPixelCount)).decode(bytes)
        case .jpeg: try JPEGDecoder(limits: .init(maxPixelCount: maxPixelCount)).decode(bytes)
        case .webp: try WebPDecoder(limits: .init(maxPixelCount: maxPixelCount)).decode(bytes)
        }
    }
}
