import LottieModel

// MARK: - TabBarController

/// A tab bar whose icons are animations, simulated without a screen and driven by an
/// explicit clock, like `AnimationPlayer`.
///
/// ## Rules
/// - Exactly one `.tab` item is selected at any time; the `.action` item (at most one, the
///   centre "+" of many apps) never is.
/// - Tapping the selected tab does nothing and reports `.tapIgnored` (its button is disabled).
/// - Selecting another tab reports `.selectionChanged(from:to:)`, resets the old tab's icon to
///   progress 0 at once (no reverse animation; `.iconInterrupted` if it was still playing) and
///   plays the new tab's icon once from progress 0 to 1 (`.iconStarted`, later `.iconFinished`).
///   The finished icon rests on its final pose (frame `op`) while its tab stays selected.
/// - So only the selected tab's icon is ever away from progress 0 or playing, however fast
///   the taps come: rapid taps never leave two icons highlighted.
/// - Tapping the action button reports `.actionFired` and plays its icon once from progress 0
///   (restarting it, with `.iconInterrupted`, if it is still playing); it rests on its final
///   pose afterwards. The selection does not move.
/// - On launch the initial tab (default: the first selectable) is selected and, when
///   `playOnLaunch`, its icon plays once (`.iconStarted`); otherwise every icon rests on
///   progress 0. Launch never reports `.selectionChanged`. Icons are reset when the bar is
///   built, whatever their players were doing.
/// - The selection is saved as a `TabBarState` (by id) and restored by
///   `init(items:restoring:playOnLaunch:highlight:)`; an unknown id selects the first selectable
///   tab and says so in `restoreResult`.
/// - The selection highlight (`highlight`) rests on the selected tab at launch and moves to each
///   newly selected tab with its `HighlightAnimation`, on the same clock as the icons; when an
///   animated move ends, `.highlightSettled` is reported. The action button never takes it.
/// - With a `TabTint`, the selected tab's icon is drawn in the selected colour and the others
///   in the normal one (`drawnAnimation(at:)`, `tintColor(at:)`), switched with the selection.
///
/// ## Indices and events
/// Items are named by their index in `items`, 0-based, action button included. Events are
/// delivered in order and exactly once, by the next call that returns events (`tap`,
/// `select`, `tick`, `takeEvents`); the launch events wait for the first of them.
public struct TabBarController: Sendable {
    /// The buttons, in bar order.
    public private(set) var items: [TabItem]
    /// The index of the selected tab.
    public private(set) var selectedIndex: Int
    /// Whether the selected icon plays once when the bar is built.
    public let playsOnLaunch: Bool
    /// How the saved state was applied, for a bar built with `init(items:restoring:playOnLaunch:highlight:)`.
    public private(set) var restoreResult: TabBarRestoreResult?
    /// The selection highlight, moving to (or resting on) the selected tab.
    public private(set) var highlight: TabHighlight
    /// The icons' colours, when the bar tints them.
    public let tint: TabTint?
    /// Each item's icon in the selected and in the normal colour (the items' own animations
    /// without a tint), made once when the bar is built.
    private let tinted: [(selected: LottieAnimation, normal: LottieAnimation)]

    private var outbox: [TabBarEvent] = []

    /// A bar with `initialSelection` (default: the first selectable tab) selected, its highlight
    /// moving with `highlight` (default: it jumps).
    /// - Throws: `TabBarError` when the items are not a valid bar (no selectable item, duplicate
    ///   ids, several action buttons) or `initialSelection` is out of range or the action button.
    public init(items: [TabItem], initialSelection: Int? = nil, playOnLaunch: Bool = true,
                highlight: HighlightAnimation = .none, tint: TabTint? = nil) throws(TabBarError) {
        try Self.validate(items)
        let selection = initialSelection ?? items.firstIndex { $0.role == .tab }!
        try Self.checkSelectable(selection, in: items)
        self.items = items
        self.selectedIndex = selection
        self.playsOnLaunch = playOnLaunch
        self.highlight = TabHighlight(at: selection, animation: highlight)
        self.tint = tint
        tinted = Self.tintedIcons(items, tint)
        launch()
    }

    /// A bar with the selection saved in `state`; an unknown id (or the action button's) selects
    /// the first selectable tab. `restoreResult` says which happened. The highlight moves with
    /// `highlight` (default: it jumps).
    /// - Throws: `TabBarError` when the items are not a valid bar.
    public init(items: [TabItem], restoring state: TabBarState, playOnLaunch: Bool = true,
                highlight: HighlightAnimation = .none, tint: TabTint? = nil) throws(TabBarError) {
        try Self.validate(items)
        let result: TabBarRestoreResult
        if let index = items.firstIndex(where: { $0.id == state.selectedID && $0.role == .tab }) {
            result = .restored(index: index)
        } else {
            result = .unknownID(state.selectedID, fallbackIndex: items.firstIndex { $0.role == .tab }!)
        }
        self.items = items
        self.selectedIndex = result.index
        self.playsOnLaunch = playOnLaunch
        self.restoreResult = result
        self.highlight = TabHighlight(at: result.index, animation: highlight)
        self.tint = tint
        tinted = Self.tintedIcons(items, tint)
        launch()
    }

    /// Each item's icon in both colours of `tint`; the icon itself twice without one.
    private static func tintedIcons(_ items: [TabItem], _ tint: TabTint?) -> [(selected: LottieAnimation, normal: LottieAnimation)] {
        items.map { item in
            guard let tint else { return (item.animation, item.animation) }
            return (tint.tinting(item.animation, tint.selected), tint.tinting(item.animation, tint.normal))
        }
    }

    // MARK: Reading

    /// The selected tab.
    public var selectedItem: TabItem { items[selectedIndex] }

    /// The index of the action button, if the bar has one.
    public var actionIndex: Int? { items.firstIndex { $0.role == .action } }

    /// The selection to save.
    public var state: TabBarState { TabBarState(selectedID: items[selectedIndex].id) }

    /// Whether the item at `index` is the selected tab.
    public func isSelected(_ index: Int) -> Bool { index == selectedIndex }

    /// The colour the icon at `index` has now: the selected colour on the selected tab, the
    /// normal one elsewhere; nil without a tint.
    public func tintColor(at index: Int) -> LottieColor? {
        guard let tint, items.indices.contains(index) else { return nil }
        return index == selectedIndex ? tint.selected : tint.normal
    }

    /// The animation to draw for the icon at `index` now (at `items[index].icon.currentFrame`):
    /// the icon in its current colour, or as it is without a tint.
    public func drawnAnimation(at index: Int) -> LottieAnimation {
        drawnAnimation(at: index, selected: index == selectedIndex)
    }

    /// The icon at `index` as drawn while its tab is selected, or while it is not: what to
    /// compile once for each, so that a change of selection only switches between them.
    public func drawnAnimation(at index: Int, selected: Bool) -> LottieAnimation {
        selected ? tinted[index].selected : tinted[index].normal
    }

    /// What every button shows now, in bar order.
    public var statuses: [TabItemStatus] { items.indices.map(currentStatus) }

    /// What the button at `index` shows now.
    /// - Throws: `TabBarError.indexOutOfRange` naming the valid range.
    public func status(at index: Int) throws(TabBarError) -> TabItemStatus {
        try checkRange(index)
        return currentStatus(index)
    }

    // MARK: Input

    /// A tap on the button at `index`: selects a tab (ignored when it is already selected) or
    /// fires the action button. Returns every event not yet delivered.
    /// - Throws: `TabBarError.indexOutOfRange` naming the valid range; nothing changes then.
    public mutating func tap(_ index: Int) throws(TabBarError) -> [TabBarEvent] {
        try checkRange(index)
        if items[index].role == .action {
            outbox.append(.actionFired(index))
            playIcon(index)
            return takeEvents()
        }
        return try select(index)
    }

    /// Selects the tab at `index` (see "Rules"). Returns every event not yet delivered.
    /// - Throws: `TabBarError.indexOutOfRange` or `.notSelectable` (the action button); nothing
    ///   changes then.
    public mutating func select(_ index: Int) throws(TabBarError) -> [TabBarEvent] {
        try Self.checkSelectable(index, in: items)
        if index == selectedIndex {
            outbox.append(.tapIgnored(index))
            return takeEvents()
        }
        let previous = selectedIndex
        selectedIndex = index
        outbox.append(.selectionChanged(from: previous, to: index))
        absorb(items[previous].icon.reset(), of: previous)
        playIcon(index)
        highlight.move(to: index)
        return takeEvents()
    }

    /// Selects the tab with this id.
    /// - Throws: `TabBarError.unknownID` with the ids, or `.notSelectable` for the action button.
    public mutating func select(id: String) throws(TabBarError) -> [TabBarEvent] {
        guard let index = items.firstIndex(where: { $0.id == id }) else {
            throw .unknownID(id, available: items.map(\.id))
        }
        return try select(index)
    }

    /// Advances every icon and the highlight by `seconds` (see `AnimationPlayer.tick(seconds:)`;
    /// zero, negative and non-finite ticks move nothing). Returns every event not yet delivered,
    /// icons in bar order, then the highlight's.
    public mutating func tick(seconds: Double) -> [TabBarEvent] {
        for index in items.indices {
            absorb(items[index].icon.tick(seconds: seconds), of: index)
        }
        if highlight.tick(seconds: seconds) { outbox.append(.highlightSettled(highlight.target)) }
        return takeEvents()
    }

    /// Returns and forgets the events not yet delivered, without moving the clock.
    public mutating func takeEvents() -> [TabBarEvent] {
        defer { outbox.removeAll() }
        return outbox
    }

    // MARK: Private

    private mutating func launch() {
        for index in items.indices {
            _ = items[index].icon.reset()
        }
        if playsOnLaunch { playIcon(selectedIndex) }
    }

    private mutating func playIcon(_ index: Int) {
        absorb(items[index].icon.play(fromProgress: 0, toProgress: 1, loopMode: .playOnce), of: index)
    }

    /// Turns an icon's player events into bar events.
    private mutating func absorb(_ events: [PlaybackEvent], of index: Int) {
        for event in events {
            switch event {
            case .started: outbox.append(.iconStarted(index))
            case .finished: outbox.append(.iconFinished(index))
            case .interrupted: outbox.append(.iconInterrupted(index))
            case .paused, .resumed, .looped: break
            }
        }
    }

    private func currentStatus(_ index: Int) -> TabItemStatus {
        let item = items[index]
        return TabItemStatus(index: index, id: item.id, title: item.title, role: item.role,
                             isSelected: index == selectedIndex, progress: item.icon.currentProgress,
                             frame: item.icon.currentFrame, isPlaying: item.icon.isPlaying, tint: tintColor(at: index))
    }

    private func checkRange(_ index: Int) throws(TabBarError) {
        guard items.indices.contains(index) else { throw .indexOutOfRange(index, valid: 0...(items.count - 1)) }
    }

    private static func checkSelectable(_ index: Int, in items: [TabItem]) throws(TabBarError) {
        guard items.indices.contains(index) else { throw .indexOutOfRange(index, valid: 0...(items.count - 1)) }
        guard items[index].role == .tab else { throw .notSelectable(index: index, id: items[index].id) }
    }

    private static func validate(_ items: [TabItem]) throws(TabBarError) {
        guard items.contains(where: { $0.role == .tab }) else { throw .noSelectableItems }
        var seen: Set<String> = []
        for item in items where !seen.insert(item.id).inserted {
            throw .duplicateID(item.id)
        }
        let actions = items.indices.filter { items[$0].role == .action }
        if actions.count > 1 { throw .multipleActionItems(indices: actions) }
    }
}
