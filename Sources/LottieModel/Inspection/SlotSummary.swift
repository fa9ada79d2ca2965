// MARK: - SlotSummary

/// A slot an animation defines or names (`slots`, `sid`), for `AnimationReport`.
public struct SlotSummary: Codable, Equatable, Sendable {
    /// The slot id.
    public var id: String
    /// How many properties, gradients and image assets name it.
    public var useCount: Int
    /// Whether the file's `slots` give it a value; without one, what names it keeps its own.
    public var hasValue: Bool

    public init(id: String, useCount: Int, hasValue: Bool) {
        self.id = id
        self.useCount = useCount
        self.hasValue = hasValue
    }

    /// Every slot `animation` defines or names, by id; empty when it has neither.
    static func summaries(of animation: LottieAnimation, namesSlots: Bool) -> [SlotSummary] {
        var defined: Set<String> = []
        if case .object(let table)? = animation.slots {
            defined = Set(table.compactMap { id, slot in slot["p"] == nil ? nil : id })
        }
        guard namesSlots || !defined.isEmpty else { return [] }
        let uses = animation.slotUses()
        return defined.union(uses.keys).sorted().map {
            SlotSummary(id: $0, useCount: uses[$0] ?? 0, hasValue: defined.contains($0))
        }
    }
}
