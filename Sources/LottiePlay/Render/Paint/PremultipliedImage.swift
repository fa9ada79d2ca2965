// MARK: - PremultipliedImage
//
// An image asset as the image shader samples it. The texels stay 8-bit straight RGBA, as
// decoded: a quarter of the memory (and of the memory traffic, every frame it is drawn) of
// Float pixels. The shader premultiplies each texel as it reads it, in integers, exactly: the
// same values as premultiplying once ahead. Opaque images, the common case for photos, skip
// that multiply: they are noted once here.
//
// The texels are followed by a transparent row and one more texel, so that the bilinear
// sampler reads the right and lower neighbours of any texel without checking for the edge:
// at the last column or row, the neighbour's weight is zero and the padding adds nothing.

/// A decoded image ready to be sampled as premultiplied colours.
public struct PremultipliedImage: Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Straight-alpha RGBA texels, row-major from the top-left corner, then `width + 1`
    /// transparent ones (see above).
    let texels: [SIMD4<UInt8>]
    /// Whether every texel has alpha 255 (premultiplying changes nothing).
    let isOpaque: Bool

    /// Keeps the pixels of `image` for sampling.
    public init(_ image: RGBAImage) {
        width = image.width
        height = image.height
        let count = image.width * image.height
        let padding = image.width + 1
        var opaque = true
        texels = image.pixels.withUnsafeBytes { bytes in
            [SIMD4<UInt8>](unsafeUninitializedCapacity: count + padding) { texels, initialized in
                for index in 0..<count {
                    let texel = bytes.loadUnaligned(fromByteOffset: index * 4, as: SIMD4<UInt8>.self)
                    opaque = opaque && texel.w == 255
                    texels.initializeElement(at: index, to: texel)
                }
                for index in count..<(count + padding) {
                    texels.initializeElement(at: index, to: .zero)
                }
                initialized = count + padding
            }
        }
        isOpaque = opaque
    }
}
