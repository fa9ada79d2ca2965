import LottiePlay

// MARK: - TerminalArtStyle

/// How pixels become characters. In every style one character shows two pixels of one column,
/// one above the other, so that a terminal cell (about twice as tall as wide) shows square pixels.
enum TerminalArtStyle: Equatable, Sendable {
    /// Unicode half blocks: `▀` (top pixel shown), `▄` (bottom), `█` (both), space (neither). A
    /// pixel is shown when it is at least half opaque. With `color`, each half gets its pixel's
    /// colour as 24-bit ANSI foreground / background; without, the shape alone.
    case halfBlocks(color: Bool)
    /// Plain ASCII from the ramp ` .:-=+*#%@`: each pixel's value is its opacity x
    /// (0.2 + 0.8 x its luminance), so that light colours are dense, black stays visible and
    /// transparent is a space; a character shows the larger value of its two pixels.
    case ascii
}

// MARK: - TerminalArt

/// An image as lines of terminal text (`TerminalArtStyle`). Every line shows exactly
/// `image.width` characters (ANSI colour codes aside) and ends with the colours reset.
enum TerminalArt {
    static let ramp = Array(" .:-=+*#%@")

    /// The image as `ceil(height / 2)` lines; an odd last row is paired with transparent pixels.
    static func lines(_ image: RGBAImage, style: TerminalArtStyle) -> [String] {
        stride(from: 0, to: image.height, by: 2).map { top in
            let bottom = top + 1 < image.height ? top + 1 : nil
            switch style {
            case .ascii: return asciiLine(image, top: top, bottom: bottom)
            case .halfBlocks(let color): return halfBlockLine(image, top: top, bottom: bottom, color: color)
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

    private static func halfBlockLine(_ image: RGBAImage, top: Int, bottom: Int?, color: Bool) -> String {
        // One piece per column: the colour codes it needs, then its character.
        var pieces: [String] = []
        var colors = ANSIColors()
        for x in 0..<image.width {
            let upper = image[x, top]
            let lower = bottom.map { image[x, $0] } ?? .clear
            var piece = ""
            switch (isShown(upper), isShown(lower)) {
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
        // The colours are reset after the last drawn column; the blank columns after it are plain spaces.
        guard let last = pieces.lastIndex(where: { !$0.hasSuffix(" ") }) else {
            return String(repeating: " ", count: image.width)
        }
        return pieces[...last].joined() + colors.reset() + String(repeating: " ", count: image.width - last - 1)
    }

    /// Whether two pixels have the same red, green and blue (opacity aside).
    static func sameColor(_ a: RGBAImage.Pixel, _ b: RGBAImage.Pixel) -> Bool {
        a.red == b.red && a.green == b.green && a.blue == b.blue
    }
}

// MARK: - ANSIColors

/// The 24-bit ANSI colours in effect on a line, so that codes are written only when they change.
private struct ANSIColors {
    private var foreground: RGBAImage.Pixel?
    private var background: RGBAImage.Pixel?
    private var isDirty = false

    /// The codes that switch to these colours (nil: the terminal's default).
    mutating func set(foreground newForeground: RGBAImage.Pixel?, background newBackground: RGBAImage.Pixel?) -> String {
        var codes = ""
        // A space shows only the background: its foreground does not matter.
        if let newForeground, foreground.map({ !TerminalArt.sameColor($0, newForeground) }) ?? true {
            codes += "\u{1B}[38;2;\(newForeground.red);\(newForeground.green);\(newForeground.blue)m"
            foreground = newForeground
        }
        let backgroundChanges = switch (newBackground, background) {
        case (nil, nil): false
        case (let new?, let old?): !TerminalArt.sameColor(new, old)
        default: true
        }
        if backgroundChanges {
            if let newBackground {
                codes += "\u{1B}[48;2;\(newBackground.red);\(newBackground.green);\(newBackground.blue)m"
            } else {
                codes += "\u{1B}[49m"
            }
            background = newBackground
        }
        if !codes.isEmpty { isDirty = true }
        return codes
    }

    /// `ESC[0m` when any colour was set on the line.
    func reset() -> String { isDirty ? "\u{1B}[0m" : "" }
}
