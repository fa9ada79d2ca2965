// MARK: - TabBarEvent

/// Something that happened in a tab bar. Items are named by their index in the bar.
public enum TabBarEvent: Equatable, Sendable, CustomStringConvertible {
    /// The selection moved from one tab to another.
    case selectionChanged(from: Int, to: Int)
    /// An item's icon began to play.
    case iconStarted(Int)
    /// An item's icon played to its end.
    case iconFinished(Int)
    /// An item's icon was cut short (it lost the selection, or was tapped again) while still playing.
    case iconInterrupted(Int)
    /// A tap on the selected tab: nothing happened (its button is disabled in the app).
    case tapIgnored(Int)
    /// The centre action button was tapped.
    case actionFired(Int)
    /// The selection highlight finished an animated move and rests on this tab.
    case highlightSettled(Int)

    public var description: String {
        switch self {
        case .selectionChanged(let from, let to): return "selection \(from) -> \(to)"
        case .iconStarted(let index): return "icon \(index) started"
        case .iconFinished(let index): return "icon \(index) finished"
        case .iconInterrupted(let index): return "icon \(index) interrupted"
        case .tapIgnored(let index): return "tap \(index) ignored"
        case .actionFired(let index): return "action \(index) fired"
        case .highlightSettled(let index): return "highlight settled on \(index)"
        }
    }
}
