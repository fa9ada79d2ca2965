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
//
// An image drawn at less than half its size is sampled from a reduced copy (`halvings`): each
// one half the size of the one before, every texel the mean of a 2 x 2 block of the one before
// (the last column or row of an odd size averaged with itself). Bilinear sampling of the full
// image at a quarter of its size would read 4 of every 16 texels and shimmer as the image moves;
// a reduced copy averages all of them, as ThorVG's mean kernel (below half scale) and browsers'
// mipmaps do.

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
    /// The image at half, a quarter, ... of its size, down to one texel a side (see above); empty
    /// for a reduced copy itself.
    let halvings: [PremultipliedImage]

    /// Keeps the pixels of `image` for sampling.
    public init(_ image: RGBAImage) {
        let count = image.width * image.height
        let texels: [UInt32] = image.pixels.withUnsafeBytes { bytes in
            [UInt32](unsafeUninitializedCapacity: count + image.width + 1) { texels, initialized in
                for index in 0..<count {
                    let word = bytes.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)
                    let alpha = PremultipliedPixel.alpha(word)
                    // Colour times alpha, alpha kept: scaling every byte and putting alpha back.
                    let mask = ~(UInt32(0xFF) << PremultipliedPixel.alphaShift)
                    let premultiplied = alpha == 255
                        ? word : (PremultipliedPixel.scaled(word, by: alpha) & mask) | (word & ~mask)
                    texels.initializeElement(at: index, to: premultiplied)
                }
                for index in count..<(count + image.width + 1) {
                    texels.initializeElement(at: index, to: 0)
                }
                initialized = count + image.width + 1
            }
        }
        var halvings: [PremultipliedImage] = []
        var last = PremultipliedImage(texels: texels, width: image.width, height: image.height)
        while last.width > 1 || last.height > 1 {
            last = last.halved()
            halvings.append(last)
        }
        self.init(texels: texels, width: image.width, height: image.height, halvings: halvings)
    }

    /// An image of padded premultiplied `texels` (see `texels`), with its `opaqueColumns` found.
    private init(texels: [UInt32], width: Int, height: Int, halvings: [PremultipliedImage] = []) {
        self.width = width
        self.height = height
        self.texels = texels
        self.halvings = halvings
        opaqueColumns = (0...height).map { y -> SIMD2<Int32> in
            let row = y * width
            guard y < height, let first = (0..<width).first(where: { texels[row + $0] != 0 }),
                  let last = (0..<width).last(where: { texels[row + $0] != 0 })
            else { return SIMD2(Int32(truncatingIfNeeded: width), 0) }
            return SIMD2(Int32(truncatingIfNeeded: first), Int32(truncatingIfNeeded: last + 1))
        }
    }

    /// This image at half its size (rounded up): each texel the rounded mean of a 2 x 2 block,
    /// channel by channel (premultiplied, so colours mix by their coverage).
    private func halved() -> PremultipliedImage {
        let newWidth = (width + 1) / 2
        let newHeight = (height + 1) / 2
        var reduced = [UInt32](repeating: 0, count: newWidth * newHeight + newWidth + 1)
        let mask: UInt32 = 0x00FF_00FF
        for y in 0..<newHeight {
            let top = 2 * y * width
            let bottom = Swift.min(2 * y + 1, height - 1) * width
            for x in 0..<newWidth {
                let left = 2 * x
                let right = Swift.min(2 * x + 1, width - 1)
                let a = texels[top + left], b = texels[top + right]
                let c = texels[bottom + left], d = texels[bottom + right]
                // Two channels at a time in 16-bit lanes: four bytes and the rounding sum to at
                // most 1,022.
                let even = (a & mask) &+ (b & mask) &+ (c & mask) &+ (d & mask) &+ 0x0002_0002
                let odd = ((a >> 8) & mask) &+ ((b >> 8) & mask) &+ ((c >> 8) & mask) &+ ((d >> 8) & mask)
                    &+ 0x0002_0002
                reduced[y * newWidth + x] = ((even >> 2) & mask) | (((odd >> 2) & mask) << 8)
            }
        }
        return PremultipliedImage(texels: reduced, width: newWidth, height: newHeight)
    }

    /// The copy to sample when one pixel of the canvas spans `texelsPerPixel` texels, and how
    /// many times it was halved: the full image below 2 texels a pixel (and for NaN), then the
    /// copy halved floor(log2(texelsPerPixel)) times.
    func level(forTexelsPerPixel texelsPerPixel: Double) -> (image: PremultipliedImage, halvings: Int) {
        guard texelsPerPixel >= 2, !halvings.isEmpty else { return (self, 0) }
        // floor(log2) of the whole texels, kept below 2^30 (and so from infinity).
        let whole = Int(Swift.min(texelsPerPixel, 0x1p30))
        let count = Swift.min(Int.bitWidth - 1 - whole.leadingZeroBitCount, halvings.count)
        return (halvings[count - 1], count)
    }
}
