import LottiePlay

// MARK: - TabBarSession

/// The tab bar of a `lottie-cli tabs` session, scripted or interactive: a `TabBarController`
/// that takes the session's inputs (taps, arrow keys, time) and keeps what happened, in words,
/// until the next displayed frame takes them.
///
/// Positions are 0-based here; the script and the keyboard count from 1.
struct TabBarSession: Sendable {
    private(set) var bar: TabBarController
    /// The buttons' titles, in bar order.
    let titles: [String]
    /// What happened since the last `takeWords()`, in order.
    private var words: [String] = []

    /// A session on a freshly built bar; `launchNotes` (how the selection was chosen) come first
    /// in the launch line, then the launch itself.
    init(bar: TabBarController, launchNotes: [String] = []) {
        self.bar = bar
        self.titles = bar.items.map(\.title)
        let selected = titles[bar.selectedIndex]
        words = launchNotes + ["launched with \(selected) selected" + (bar.playsOnLaunch ? "" : " (no autoplay)")]
        if let tint = bar.tint {
            words.append("\(selected) tinted \(tint.selected.hexString), others \(tint.normal.hexString)")
        }
        record(self.bar.takeEvents())
    }

    /// What every button shows now, in bar order.
    var statuses: [TabItemStatus] { bar.statuses }

    /// The state of each button's icon player, in bar order.
    var iconStates: [PlaybackState] { bar.items.map(\.icon.state) }

    // MARK: Inputs

    /// A tap on the button at `index`; taps outside the bar are ignored.
    mutating func tap(_ index: Int) {
        guard let events = try? bar.tap(index) else { return }
        record(events)
    }

    /// A tap on the tab at `index` (not the action button).
    mutating func select(_ index: Int) {
        guard let events = try? bar.select(index) else { return }
        record(events)
    }

    /// The left (`-1`) or right (`+1`) arrow: a tap on the nearest tab on that side of the
    /// selected one, skipping the action button; at the end of the bar, nothing but a note.
    mutating func move(by direction: Int) {
        var index = bar.selectedIndex + direction
        while bar.items.indices.contains(index), bar.items[index].role != .tab { index += direction }
        guard bar.items.indices.contains(index) else {
            let side = direction < 0 ? "left" : "right"
            let end = direction < 0 ? "first" : "last"
            words.append("\(side) ignored (\(titles[bar.selectedIndex]) is the \(end) tab)")
            return
        }
        select(index)
    }

    /// Lets `seconds` pass for every icon.
    mutating func tick(seconds: Double) {
        record(bar.tick(seconds: seconds))
    }

    /// Adds a note of the session's own (a save, a restore) to what happened.
    mutating func note(_ text: String) {
        words.append(text)
    }

    /// Whether something happened since the last `takeWords()`.
    var hasWords: Bool { !words.isEmpty }

    /// Returns and forgets what happened since the last call.
    mutating func takeWords() -> [String] {
        defer { words.removeAll() }
        return words
    }

    private mutating func record(_ events: [TabBarEvent]) {
        words += TabEventWords.words(for: events, titles: titles)
        guard let tint = bar.tint else { return }
        for case .selectionChanged(let from, let to) in events {
            words.append("\(titles[to]) tinted \(tint.selected.hexString), \(titles[from]) \(tint.normal.hexString)")
        }
    }
}
