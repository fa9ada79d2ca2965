// MARK: - PremultipliedImage
//
// An image asset as the image shader samples it: its texels premultiplied once, as canvas words
// (`PremultipliedPixel`), so that sampling is integer arithmetic on words with no per-texel
// conversion. Premultiplying in integers, colour * alpha / 255 rounded, is exact to the byte.
//
// The texels are followed by a transparent row and one more texel, so that the bilinear
// sampler reads the right and lower neighbours of any texel without checking for the edge:
// at the last column or row, the neighbour's weight is zero and the padding adds nothing.
//
// Each row also knows which of its texels are not transparent (`opaqueColumns`): images exported
// from design tools are often a canvas-sized picture with a small drawing in it, and the sampler
// skips the pixels whose four texels are all transparent, as they paint nothing.

/// A decoded image ready to be sampled as premultiplied colours.
public struct PremultipliedImage: Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Premultiplied texels, row-major from the top-left corner, then `width + 1` transparent
    /// ones (see above).
    let texels: [UInt32]
    /// Per row, then once more for the transparent padding row: the first texel that is not
    /// transparent and one past the last (`(width, 0)` for a transparent row).
    let opaqueColumns: [SIMD2<Int32>]

    /// Keeps the pixels of `image` for sampling.
    public init(_ image: RGBAImage) {
        width = image.width
        height = image.height
        let count = image.width * image.height
        let padding = image.width + 1
        let texels: [UInt32] = image.pixels.withUnsafeBytes { bytes in
            [UInt32](unsafeUninitializedCapacity: count + padding) { texels, initialized in
                for index in 0..<count {
                    let word = bytes.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)
                    let alpha = PremultipliedPixel.alpha(word)
                    // Colour times alpha, alpha kept: scaling every byte and putting alpha back.
                    let mask = ~(UInt32(0xFF) << PremultipliedPixel.alphaShift)
                    let premultiplied = alpha == 255
                        ? word : (PremultipliedPixel.scaled(word, by: alpha) & mask) | (word & ~mask)
                    texels.initializeElement(at: index, to: premultiplied)
                }
                for index in count..<(count + padding) {
                    texels.initializeElement(at: index, to: 0)
                }
                initialized = count + padding
            }
        }
        self.texels = texels
        let width = image.width
        opaqueColumns = (0...image.height).map { y -> SIMD2<Int32> in
            let row = y * width
            guard y < image.height, let first = (0..<width).first(where: { texels[row + $0] != 0 }),
                  let last = (0..<width).last(where: { texels[row + $0] != 0 })
            else { return SIMD2(Int32(truncatingIfNeeded: width), 0) }
            return SIMD2(Int32(truncatingIfNeeded: first), Int32(truncatingIfNeeded: last + 1))
        }
    }
}
