import LottiePlay

// MARK: - TabEventWords

/// Tab-bar events in words, with the buttons' titles:
///
///     [.selectionChanged(from: 0, to: 1), .iconInterrupted(0), .iconStarted(1)]
///     -> ["selected Profile", "Home icon interrupted", "Home icon reset to 0", "Profile icon started"]
///
/// A selection change always resets the tab that lost it (the controller reports
/// `.iconInterrupted` only when that icon was still playing), so "reset to 0" is said here
/// for every change. An icon interrupted and started again at once (the action button tapped
/// while its icon plays) is "restarted".
enum TabEventWords {
    static func words(for events: [TabBarEvent], titles: [String]) -> [String] {
        var words: [String] = []
        var index = events.startIndex
        while index < events.endIndex {
            let event = events[index]
            index += 1
            switch event {
            case .selectionChanged(let from, let to):
                words.append("selected \(titles[to])")
                if index < events.endIndex, events[index] == .iconInterrupted(from) {
                    words.append("\(titles[from]) icon interrupted")
                    index += 1
                }
                words.append("\(titles[from]) icon reset to 0")
            case .iconInterrupted(let item):
                if index < events.endIndex, events[index] == .iconStarted(item) {
                    words.append("\(titles[item]) icon restarted")
                    index += 1
                } else {
                    words.append("\(titles[item]) icon interrupted")
                }
            case .iconStarted(let item):
                words.append("\(titles[item]) icon started")
            case .iconFinished(let item):
                words.append("\(titles[item]) icon finished")
            case .tapIgnored(let item):
                words.append("tap on \(titles[item]) ignored (already selected)")
            case .actionFired(let item):
                words.append("action \(titles[item]) fired")
            case .highlightSettled(let item):
                words.append("highlight settled on \(titles[item])")
            }
        }
        return words
    }
}
