import LottiePlay

// MARK: - MonochromeInk

/// Which pixels are ink in art without colour (half blocks and braille), where a character can
/// only say "on" or "off".
///
/// Coverage alone (a pixel at least half opaque) draws an animation with a background as one
/// solid block. So when the picture's border is opaque all round (a background fills it), the
/// background is the tone most common on the border, a pixel's tone being its opacity times its
/// lightness (`TerminalArt.asciiValue`, in `levels` steps), and ink is what differs from it by
/// more than `tolerance` levels: dark shapes on white, light ones on black, any colour on a
/// coloured backdrop. When the border is transparent anywhere (an icon on nothing), ink is
/// coverage, as for colour art.
struct MonochromeInk {
    static let levels = 64
    /// Levels a pixel's tone may be off the background's and still be background (anti-aliasing
    /// and gradients of the backdrop).
    static let tolerance = 3

    /// The background's tone, or nil when the border is not opaque all round (ink is coverage).
    let background: Int?

    init(_ image: RGBAImage) {
        var counts = [Int](repeating: 0, count: Self.levels)
        guard image.width > 0, image.height > 0 else {
            background = nil
            return
        }
        let border = (0..<image.width).flatMap { [image[$0, 0], image[$0, image.height - 1]] }
            + (0..<image.height).flatMap { [image[0, $0], image[image.width - 1, $0]] }
        guard border.allSatisfy(TerminalArt.isShown) else {
            background = nil
            return
        }
        for pixel in border { counts[Self.level(pixel)] += 1 }
        // The most common level; ties go to the lower one.
        background = counts.indices.max { counts[$0] < counts[$1] || (counts[$0] == counts[$1] && $0 > $1) }
    }

    /// Whether the pixel is drawn.
    func isInk(_ pixel: RGBAImage.Pixel) -> Bool {
        guard let background else { return TerminalArt.isShown(pixel) }
        return abs(Self.level(pixel) - background) > Self.tolerance
    }

    /// A pixel's tone as one of `levels` levels.
    static func level(_ pixel: RGBAImage.Pixel) -> Int {
        min(Int(TerminalArt.asciiValue(pixel) * Double(levels)), levels - 1)
    }
}
