import LottieModel

// MARK: - TabItemStatus

/// What one button of the bar shows now: what a transcript line or a screen needs.
public struct TabItemStatus: Equatable, Sendable {
    public var index: Int
    public var id: String
    public var title: String
    public var role: TabItem.Role
    public var isSelected: Bool
    /// The icon's progress in [0, 1] and its absolute frame.
    public var progress: Double
    public var frame: Double
    public var isPlaying: Bool
    /// The icon's colour when the bar tints its icons (`TabTint`), else nil.
    public var tint: LottieColor?

    public init(index: Int, id: String, title: String, role: TabItem.Role, isSelected: Bool,
                progress: Double, frame: Double, isPlaying: Bool, tint: LottieColor? = nil) {
        self.index = index
        self.id = id
        self.title = title
        self.role = role
        self.isSelected = isSelected
        self.progress = progress
        self.frame = frame
        self.isPlaying = isPlaying
        self.tint = tint
    }
}
