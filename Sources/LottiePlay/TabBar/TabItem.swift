import LottieModel

// MARK: - TabItem

/// One button of a tab bar: an id (stable, saved in `TabBarState`), a title and an icon
/// animation with its player.
///
/// A `.tab` item can take the selection. An `.action` item is the centre button of many apps
/// (the "+"): it never takes the selection; a tap plays its icon once and fires an action.
public struct TabItem: Sendable {
    /// What tapping the button does.
    public enum Role: Equatable, Sendable {
        /// Selects the item.
        case tab
        /// Fires an action and plays the icon; the selection stays where it is.
        case action
    }

    public var id: String
    public var title: String
    public var role: Role
    /// The icon's animation, for drawing (`Timeline(animation)` at `icon.currentFrame`).
    public var animation: LottieAnimation
    /// The icon's player. The controller drives it; set `speed` here before handing the item over.
    public var icon: AnimationPlayer

    public init(id: String, title: String, animation: LottieAnimation, role: Role = .tab) {
        self.id = id
        self.title = title
        self.role = role
        self.animation = animation
        self.icon = AnimationPlayer(animation: animation)
    }
}
