import LottiePlay

// MARK: - ANSIColors

/// The 24-bit ANSI colours in effect on a line, so that codes are written only when they change.
struct ANSIColors {
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
