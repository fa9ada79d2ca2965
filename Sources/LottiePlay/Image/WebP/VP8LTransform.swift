// MARK: - VP8LTransform
//
// The four VP8L transforms (RFC 9649, section 4) and their inverses. The encoder applies them in the
// order they are written; the decoder reads them in that order and undoes them in reverse.
//
// Pixels are `UInt32` ARGB (alpha in the top byte, blue in the bottom one), as in the bitstream.
// Sub-images (predictor modes, colour-transform multipliers) have one pixel per `1 << bits` square
// block. Colour indexing with a palette of at most 16 colours bundles 2, 4 or 8 indexes into the
// green byte of one pixel, so the width of the image coded after it is smaller.

/// One transform read from a VP8L image header.
struct VP8LTransform {
    /// The transform types, numbered as in the bitstream.
    enum Kind: Int, Sendable, CaseIterable {
        case predictor = 0
        case crossColor = 1
        case subtractGreen = 2
        case colorIndexing = 3
    }

    var kind: Kind
    /// The width of the image this transform's inverse produces (before any pixel bundling).
    var width: Int
    var height: Int
    /// Block size bits of the sub-image (predictor, cross-colour) or bundling bits (colour indexing).
    var bits: Int
    /// The sub-image, or for colour indexing the palette padded with zeros to its full size.
    var data: [UInt32]

    /// Undoes the transform: `pixels` is the image as decoded so far (for colour indexing, the
    /// bundled width); the result is `width × height` pixels.
    func inverse(_ pixels: inout [UInt32]) {
        switch kind {
        case .predictor: inversePredictor(&pixels)
        case .crossColor: inverseCrossColor(&pixels)
        case .subtractGreen: VP8LTransform.addGreen(&pixels)
        case .colorIndexing: pixels = unbundle(pixels)
        }
    }

    // MARK: Predictor

    private func inversePredictor(_ pixels: inout [UInt32]) {
        guard width > 0 && height > 0 else { return }
        let tilesPerRow = VP8LTransform.subSampled(width, bits)
        // The first pixel predicts opaque black, the rest of the first row its left neighbour, the
        // first pixel of every other row the pixel above; the modes apply to the others only.
        pixels[0] = VP8LTransform.add(pixels[0], 0xff00_0000)
        for x in 1..<width { pixels[x] = VP8LTransform.add(pixels[x], pixels[x - 1]) }
        for y in 1..<height {
            let row = y * width
            pixels[row] = VP8LTransform.add(pixels[row], pixels[row - width])
            let modeRow = (y >> bits) * tilesPerRow
            for x in 1..<width {
                let index = row + x
                let mode = Int((data[modeRow + (x >> bits)] >> 8) & 0xf)
                let left = pixels[index - 1]
                let top = pixels[index - width]
                // For the last column the top-right pixel is the first pixel of the current row,
                // which is where `index - width + 1` points: the spec keeps that on purpose.
                let prediction: UInt32
                switch mode {
                case 1: prediction = left
                case 2: prediction = top
                case 3: prediction = pixels[index - width + 1]
                case 4: prediction = pixels[index - width - 1]
                case 5:
                    prediction = VP8LTransform.average(VP8LTransform.average(left, pixels[index - width + 1]), top)
                case 6: prediction = VP8LTransform.average(left, pixels[index - width - 1])
                case 7: prediction = VP8LTransform.average(left, top)
                case 8: prediction = VP8LTransform.average(pixels[index - width - 1], top)
                case 9: prediction = VP8LTransform.average(top, pixels[index - width + 1])
                case 10:
                    prediction = VP8LTransform.average(VP8LTransform.average(left, pixels[index - width - 1]),
                                                       VP8LTransform.average(top, pixels[index - width + 1]))
                case 11: prediction = VP8LTransform.select(left: left, top: top, topLeft: pixels[index - width - 1])
                case 12: prediction = VP8LTransform.clampAddSubtractFull(left, top, pixels[index - width - 1])
                case 13:
                    prediction = VP8LTransform.clampAddSubtractHalf(VP8LTransform.average(left, top),
                                                                    pixels[index - width - 1])
                default: prediction = 0xff00_0000  // mode 0; 14 and 15 act as 0, as in libwebp
                }
                pixels[index] = VP8LTransform.add(pixels[index], prediction)
            }
        }
    }

    /// Per-channel sum modulo 256.
    @inline(__always)
    static func add(_ a: UInt32, _ b: UInt32) -> UInt32 {
        let alphaGreen = ((a & 0xff00_ff00) &+ (b & 0xff00_ff00)) & 0xff00_ff00
        let redBlue = ((a & 0x00ff_00ff) &+ (b & 0x00ff_00ff)) & 0x00ff_00ff
        return alphaGreen | redBlue
    }

    /// Per-channel `(a + b) / 2`, rounded down.
    @inline(__always)
    static func average(_ a: UInt32, _ b: UInt32) -> UInt32 {
        (((a ^ b) & 0xfefe_fefe) >> 1) &+ (a & b)
    }

    /// Channel `shift` of `pixel` as an `Int`.
    @inline(__always)
    private static func channel(_ pixel: UInt32, _ shift: UInt32) -> Int { Int((pixel >> shift) & 0xff) }

    /// Left or top, whichever is nearer (Manhattan distance over the channels) to left + top − top-left.
    static func select(left: UInt32, top: UInt32, topLeft: UInt32) -> UInt32 {
        var distanceToLeft = 0
        var distanceToTop = 0
        for shift in stride(from: UInt32(0), to: 32, by: 8) {
            let l = channel(left, shift), t = channel(top, shift), tl = channel(topLeft, shift)
            distanceToLeft += abs(t - tl)
            distanceToTop += abs(l - tl)
        }
        return distanceToLeft < distanceToTop ? left : top
    }

    /// Per channel, `a + b − c` clamped to 0...255.
    static func clampAddSubtractFull(_ a: UInt32, _ b: UInt32, _ c: UInt32) -> UInt32 {
        var result: UInt32 = 0
        for shift in stride(from: UInt32(0), to: 32, by: 8) {
            let value = min(255, max(0, channel(a, shift) + channel(b, shift) - channel(c, shift)))
            result |= UInt32(value) << shift
        }
        return result
    }

    /// Per channel, `a + (a − b) / 2` (division truncating toward zero) clamped to 0...255.
    static func clampAddSubtractHalf(_ a: UInt32, _ b: UInt32) -> UInt32 {
        var result: UInt32 = 0
        for shift in stride(from: UInt32(0), to: 32, by: 8) {
            let ca = channel(a, shift)
            let value = min(255, max(0, ca + (ca - channel(b, shift)) / 2))
            result |= UInt32(value) << shift
        }
        return result
    }

    // MARK: Cross colour

    private func inverseCrossColor(_ pixels: inout [UInt32]) {
        let tilesPerRow = VP8LTransform.subSampled(width, bits)
        for y in 0..<height {
            let row = y * width
            let multiplierRow = (y >> bits) * tilesPerRow
            for x in 0..<width {
                // The multipliers are signed bytes: green-to-red in blue, green-to-blue in green,
                // red-to-blue in red.
                let multipliers = data[multiplierRow + (x >> bits)]
                let greenToRed = Int(Int8(truncatingIfNeeded: multipliers))
                let greenToBlue = Int(Int8(truncatingIfNeeded: multipliers >> 8))
                let redToBlue = Int(Int8(truncatingIfNeeded: multipliers >> 16))
                let pixel = pixels[row + x]
                let green = Int(Int8(truncatingIfNeeded: pixel >> 8))
                let red = (Int((pixel >> 16) & 0xff) + ((greenToRed * green) >> 5)) & 0xff
                let blue = (Int(pixel & 0xff) + ((greenToBlue * green) >> 5)
                            + ((redToBlue * Int(Int8(truncatingIfNeeded: red))) >> 5)) & 0xff
                pixels[row + x] = (pixel & 0xff00_ff00) | UInt32(red) << 16 | UInt32(blue)
            }
        }
    }

    // MARK: Subtract green

    /// Adds green back to red and blue.
    private static func addGreen(_ pixels: inout [UInt32]) {
        for index in pixels.indices {
            let pixel = pixels[index]
            let green = (pixel >> 8) & 0xff
            let redBlue = ((pixel & 0x00ff_00ff) &+ (green << 16 | green)) & 0x00ff_00ff
            pixels[index] = (pixel & 0xff00_ff00) | redBlue
        }
    }

    // MARK: Colour indexing

    /// Replaces palette indexes (bundled `1 << bits` to a pixel) by the palette's colours.
    private func unbundle(_ pixels: [UInt32]) -> [UInt32] {
        var result = [UInt32](repeating: 0, count: width * height)
        let packedWidth = VP8LTransform.subSampled(width, bits)
        let bitsPerIndex = 8 >> bits
        let indexMask = UInt32((1 << bitsPerIndex) - 1)
        let perPixelMask = (1 << bits) - 1
        for y in 0..<height {
            let packedRow = y * packedWidth
            let row = y * width
            for x in 0..<width {
                let packed = pixels[packedRow + (x >> bits)]
                let shift = UInt32(8 + (x & perPixelMask) * bitsPerIndex)
                result[row + x] = data[Int((packed >> shift) & indexMask)]
            }
        }
        return result
    }

    /// `size` divided by `1 << bits`, rounded up.
    @inline(__always)
    static func subSampled(_ size: Int, _ bits: Int) -> Int {
        (size + (1 << bits) - 1) >> bits
    }
}
