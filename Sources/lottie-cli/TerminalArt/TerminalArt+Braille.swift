import LottiePlay

// MARK: - Braille
//
// A braille pattern is U+2800 plus one bit per raised dot. The dots are numbered down the left
// column (1, 2, 3, then 7 at the bottom, added later to the six-dot alphabet) and down the right
// one (4, 5, 6, then 8), so that a 2 x 4 cell of pixels maps to bits as:
//
//     bit 0  bit 3
//     bit 1  bit 4
//     bit 2  bit 5
//     bit 6  bit 7

extension TerminalArt {
    /// The bit of each pixel of a cell, by row (top first), then column (left first).
    static let brailleBits: [[UInt32]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]

    /// The braille character with the dots of `bits` raised (`0` is the blank pattern U+2800).
    static func brailleCharacter(_ bits: UInt32) -> Character {
        Character(Unicode.Scalar(0x2800 + (bits & 0xFF)) ?? " ")
    }

    /// The dots of the cell whose top left pixel is (`left`, `top`): a dot per pixel that is
    /// `ink` (by default at least half opaque, as half blocks show them); pixels past the image's
    /// edges are off.
    static func brailleBits(_ image: RGBAImage, left: Int, top: Int,
                            ink: (RGBAImage.Pixel) -> Bool = isShown) -> UInt32 {
        var bits: UInt32 = 0
        for (row, rowBits) in brailleBits.enumerated() {
            for (column, bit) in rowBits.enumerated() {
                let (x, y) = (left + column, top + row)
                if x < image.width, y < image.height, ink(image[x, y]) { bits |= bit }
            }
        }
        return bits
    }

    /// The mean red, green and blue of the cell's lit pixels, opaque; nil when none is lit.
    static func brailleColor(_ image: RGBAImage, left: Int, top: Int) -> RGBAImage.Pixel? {
        var (red, green, blue, count) = (0, 0, 0, 0)
        for y in top..<min(top + brailleBits.count, image.height) {
            for x in left..<min(left + 2, image.width) where isShown(image[x, y]) {
                let pixel = image[x, y]
                red += Int(pixel.red)
                green += Int(pixel.green)
                blue += Int(pixel.blue)
                count += 1
            }
        }
        guard count > 0 else { return nil }
        func mean(_ sum: Int) -> UInt8 { UInt8((sum + count / 2) / count) }
        return RGBAImage.Pixel(red: mean(red), green: mean(green), blue: mean(blue))
    }

    static func brailleLine(_ image: RGBAImage, top: Int, color: Bool, ink: (RGBAImage.Pixel) -> Bool) -> String {
        var pieces: [String] = []
        var colors = ANSIColors()
        for left in stride(from: 0, to: image.width, by: 2) {
            let bits = brailleBits(image, left: left, top: top, ink: ink)
            // A blank cell is a space rather than U+2800, so that blank rows and line ends trim
            // like the other styles' (and fonts that draw U+2800 as a dotted box show nothing).
            guard bits != 0 else {
                pieces.append(" ")
                continue
            }
            var piece = ""
            if color, let average = brailleColor(image, left: left, top: top) {
                piece += colors.set(foreground: average, background: nil)
            }
            piece.append(brailleCharacter(bits))
            pieces.append(piece)
        }
        return line(pieces, colors: colors)
    }
}
