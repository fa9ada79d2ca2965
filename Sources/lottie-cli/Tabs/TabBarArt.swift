import LottiePlay

// MARK: - TabBarArt

/// The icons of the bar as terminal art, side by side, each under its column of the transcript
/// and captioned with its title (in brackets when selected), and under them the selection
/// highlight, a capsule as wide as a picture at its position (here sliding from Home to Profile):
///
///              ▄▄▀▀▄▄                      ▄▄
///            ▀▀▄▄▄▄▀▀                     ████
///               Home                     [Profile]
///                              ╺━━━━━━╸
///
/// In ASCII the capsule is `(======)`.
struct TabBarArt: Sendable {
    /// Each button's compiled icon, in bar order, in both tints.
    let timelines: IconTimelines
    let options: ArtOptions
    /// Characters between the starts of two pictures, and before the first.
    let pitch: Int
    let indent: Int
    /// Whether rows blank in every picture are left out at the top and bottom.
    var trimmed = false
    /// Each icon's scene of its last picture in each tint (selected first), updated for the next
    /// (`Timeline.update`), as a player keeps one.
    private var scenes: [[LottieScene]] = []

    init(timelines: IconTimelines, options: ArtOptions, pitch: Int, indent: Int, trimmed: Bool = false) {
        self.timelines = timelines
        self.options = options
        self.pitch = pitch
        self.indent = indent
        self.trimmed = trimmed
    }

    /// Pictures at each button's current frame, and the highlight at `highlight` (in button positions).
    mutating func lines(for statuses: [TabItemStatus], highlight: Double) -> [String] {
        if scenes.count != timelines.normal.count {
            scenes = timelines.normal.map { _ in [0, 1].map { _ in LottieScene(frame: 0, width: 0, height: 0, layers: []) } }
        }
        var pictures: [[String]] = []
        for status in statuses {
            let tint = status.isSelected ? 0 : 1
            timelines.timeline(at: status.index, selected: status.isSelected)
                .update(&scenes[status.index][tint], toFrame: status.frame)
            let image = IconPicture.image(scene: scenes[status.index][tint], width: options.width, height: options.height)
            pictures.append(TerminalArt.lines(image, style: options.style))
        }
        let captions = statuses.map { $0.isSelected ? "[\($0.title)]" : $0.title }
        return IconStrip.lines(pictures: pictures, width: options.columns, captions: captions, pitch: pitch, indent: indent,
                              trimmed: trimmed) + [capsule(at: highlight)]
    }

    /// The highlight's line: a capsule as wide as a picture, starting where a picture at
    /// `position` would (the strip's columns), cut at the left edge when a spring overshoots past it.
    func capsule(at position: Double) -> String {
        let width = max(options.columns, 2)
        let middle = String(repeating: options.style == .ascii ? "=" : "━", count: width - 2)
        let shape = options.style == .ascii ? "(" + middle + ")" : "╺" + middle + "╸"
        let column = Double(indent) + position * Double(max(pitch, options.columns + 2))
        let start = column.isFinite ? Int(max(min(column.rounded(), 10_000), -10_000)) : 0
        return start >= 0 ? String(repeating: " ", count: start) + shape : String(shape.dropFirst(-start))
    }
}

// MARK: - IconTimelines

/// Each button's compiled icon, in bar order: as drawn while selected and while not, the same
/// timeline twice when the bar has no tint (`TabBarController.drawnAnimation(at:)`).
struct IconTimelines: Sendable {
    let selected: [Timeline]
    let normal: [Timeline]

    init(_ bar: TabBarController) {
        normal = bar.items.indices.map { Timeline(bar.drawnAnimation(at: $0, selected: false)) }
        selected = bar.tint == nil ? normal : bar.items.indices.map { Timeline(bar.drawnAnimation(at: $0, selected: true)) }
    }

    func timeline(at index: Int, selected isSelected: Bool) -> Timeline {
        isSelected ? selected[index] : normal[index]
    }
}
