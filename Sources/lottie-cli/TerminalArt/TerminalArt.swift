import LottiePlay

// MARK: - TerminalArtStyle

/// How pixels become characters. A character shows a cell of `cellWidth` x `cellHeight` pixels:
/// one column of two pixels for half blocks and ASCII, two columns of four for braille. A
/// terminal cell is about twice as tall as wide, so that either way pixels look square.
enum TerminalArtStyle: Equatable, Sendable {
    /// Unicode half blocks: `▀` (top pixel shown), `▄` (bottom), `█` (both), space (neither). With
    /// `color`, a pixel is shown when it is at least half opaque, and each half gets its pixel's
    /// colour as 24-bit ANSI foreground / background; without, the pixels that stand out from the
    /// background by their tone are shown (`MonochromeInk`).
    case halfBlocks(color: Bool)
    /// Plain ASCII from the ramp ` .:-=+*#%@`: each pixel's value is its opacity x
    /// (0.2 + 0.8 x its luminance), so that light colours are dense, black stays visible and
    /// transparent is a space; a character shows the larger value of its two pixels.
    case ascii
    /// Unicode braille patterns (U+2800 to U+28FF): a dot per pixel of a 2 x 4 cell, on as half
    /// blocks show it; a cell without dots is a space. With `color`, the dots get the average
    /// colour of the cell's lit pixels as 24-bit ANSI foreground.
    case braille(color: Bool)

    /// Pixels across one character.
    var cellWidth: Int {
        switch self {
        case .halfBlocks, .ascii: 1
        case .braille: 2
        }
    }

    /// Pixels down one character (one line).
    var cellHeight: Int {
        switch self {
        case .halfBlocks, .ascii: 2
        case .braille: 4
        }
    }

    /// Characters across a picture `pixels` wide; a partial cell counts as a whole one.
    func columns(forWidth pixels: Int) -> Int { (max(pixels, 0) + cellWidth - 1) / cellWidth }

    /// Lines down a picture `pixels` high; a partial cell counts as a whole one.
    func lines(forHeight pixels: Int) -> Int { (max(pixels, 0) + cellHeight - 1) / cellHeight }
}

// MARK: - TerminalArt

/// An image as lines of terminal text (`TerminalArtStyle`). Every line shows exactly
/// `style.columns(forWidth: image.width)` characters (ANSI colour codes aside) and ends with the
/// colours reset.
enum TerminalArt {
    static let ramp = Array(" .:-=+*#%@")

    /// The image as `style.lines(forHeight: image.height)` lines; the pixels of a partial cell
    /// past the image's right or bottom edge count as transparent.
    static func lines(_ image: RGBAImage, style: TerminalArtStyle) -> [String] {
        // Without colour, shapes show by their tone against the background, not by coverage alone.
        let ink: (RGBAImage.Pixel) -> Bool
        switch style {
        case .halfBlocks(color: false), .braille(color: false): ink = MonochromeInk(image).isInk
        default: ink = isShown
        }
        return stride(from: 0, to: image.height, by: style.cellHeight).map { top in
            let bottom = top + 1 < image.height ? top + 1 : nil
            switch style {
            case .ascii: return asciiLine(image, top: top, bottom: bottom)
            case .halfBlocks(let color): return halfBlockLine(image, top: top, bottom: bottom, color: color, ink: ink)
            case .braille(let color): return brailleLine(image, top: top, color: color, ink: ink)
            }
        }
    }

    // MARK: ASCII

    /// A pixel's place on the ramp, 0...1.
    static func asciiValue(_ pixel: RGBAImage.Pixel) -> Double {
        let luminance = (0.2126 * Double(pixel.red) + 0.7152 * Double(pixel.green) + 0.0722 * Double(pixel.blue)) / 255
        return Double(pixel.alpha) / 255 * (0.2 + 0.8 * luminance)
    }

    /// The ramp character for a value 0...1.
    static func asciiCharacter(_ value: Double) -> Character {
        ramp[min(max(Int((value * Double(ramp.count - 1)).rounded()), 0), ramp.count - 1)]
    }

    private static func asciiLine(_ image: RGBAImage, top: Int, bottom: Int?) -> String {
        var line = ""
        for x in 0..<image.width {
            let upper = asciiValue(image[x, top])
            let lower = bottom.map { asciiValue(image[x, $0]) } ?? 0
            line.append(asciiCharacter(max(upper, lower)))
        }
        return line
    }

    // MARK: Half blocks

    /// Whether a pixel is drawn as a half block.
    static func isShown(_ pixel: RGBAImage.Pixel) -> Bool { pixel.alpha >= 128 }

    private static func halfBlockLine(_ image: RGBAImage, top: Int, bottom: Int?, color: Bool,
                                      ink: (RGBAImage.Pixel) -> Bool) -> String {
        // One piece per column: the colour codes it needs, then its character.
        var pieces: [String] = []
        var colors = ANSIColors()
        for x in 0..<image.width {
            let upper = image[x, top]
            let lower = bottom.map { image[x, $0] } ?? .clear
            var piece = ""
            switch (ink(upper), ink(lower)) {
            case (false, false):
                if color { piece += colors.set(foreground: nil, background: nil) }
                piece += " "
            case (true, false):
                if color { piece += colors.set(foreground: upper, background: nil) }
                piece += "▀"
            case (false, true):
                if color { piece += colors.set(foreground: lower, background: nil) }
                piece += "▄"
            case (true, true):
                if !color || sameColor(upper, lower) {
                    if color { piece += colors.set(foreground: upper, background: nil) }
                    piece += "█"
                } else {
                    piece += colors.set(foreground: upper, background: lower)
                    piece += "▀"
                }
            }
            pieces.append(piece)
        }
        return line(pieces, colors: colors)
    }

    /// One piece per character (the colour codes it needs, then the character) as a line.
    /// The colours are reset after the last drawn character; the blank ones after it are plain
    /// spaces, so that the terminal's background shows there.
    static func line(_ pieces: [String], colors: ANSIColors) -> String {
        guard let last = pieces.lastIndex(where: { !$0.hasSuffix(" ") }) else {
            return String(repeating: " ", count: pieces.count)
        }
        return pieces[...last].joined() + colors.reset() + String(repeating: " ", count: pieces.count - last - 1)
    }

    /// Whether two pixels have the same red, green and blue (opacity aside).
    static func sameColor(_ a: RGBAImage.Pixel, _ b: RGBAImage.Pixel) -> Bool {
        a.red == b.red && a.green == b.green && a.blue == b.blue
    }
}
