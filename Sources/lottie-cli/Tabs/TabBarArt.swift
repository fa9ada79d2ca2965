import LottiePlay

// MARK: - TabBarArt

/// The icons of the bar as terminal art, side by side, each under its column of the transcript
/// and captioned with its title (in brackets when selected):
///
///              ▄▄▀▀▄▄                      ▄▄
///            ▀▀▄▄▄▄▀▀                     ████
///              [Home]                     Profile
struct TabBarArt: Sendable {
    /// Each button's compiled icon, in bar order.
    let timelines: [Timeline]
    let options: ArtOptions
    /// Characters between the starts of two pictures, and before the first.
    let pitch: Int
    let indent: Int
    /// Whether rows blank in every picture are left out at the top and bottom.
    var trimmed = false

    /// Pictures at each button's current frame.
    func lines(for statuses: [TabItemStatus]) -> [String] {
        let pictures = statuses.map { status in
            let scene = timelines[status.index].scene(atFrame: status.frame)
            let image = IconPicture.image(scene: scene, width: options.width, height: options.height)
            return TerminalArt.lines(image, style: options.style)
        }
        let captions = statuses.map { $0.isSelected ? "[\($0.title)]" : $0.title }
        return IconStrip.lines(pictures: pictures, width: options.columns, captions: captions, pitch: pitch, indent: indent,
                              trimmed: trimmed)
    }
}
