// MARK: - ParkedContent

/// The content and masks of layers that left a scene, kept for when each layer comes back: a
/// shape layer coming in then writes its frame over its own drawings (`ShapePlan`) instead of
/// making new ones, a precomp gives its layers theirs, masks are written over their own outlines,
/// and a layer leaving frees nothing. Layers come and go all through a real animation
/// (bodymovin/data: two or three a frame), and every loop brings them all back.
///
/// Found by the layer's slot (`CompiledLayer.stillSlot`, unique in a timeline). Kept by the
/// scene the layers left (`Scene.parked`) and used by one update of it at a time, held by that
/// scene alone (`Scene.takeParkedContent()`), hence unchecked `Sendable`. At most
/// `maxFrameVertices` vertices are kept together: past that a layer's content is let go, so the
/// memory stays within a frame's worth.
final class ParkedContent: @unchecked Sendable {
    private struct Entry {
        var content: SceneContent
        var masks: [SceneMask]
        var vertices: Int
    }

    // Unchecked: one thread at a time uses it, and no access overlaps another.
    @exclusivity(unchecked) private var entries: [Entry?] = []
    @exclusivity(unchecked) private var heldVertices = 0

    /// Keeps `content` (a shape layer's drawings, or a precomp's layers and theirs) and `masks`
    /// for the layer in `slot`, within `vertexCap` vertices in all.
    func park(_ content: consuming SceneContent, masks: consuming [SceneMask] = [], slot: Int, vertexCap: Int) {
        guard slot >= 0, let vertices = Self.vertexCount(of: content, masks: masks, cap: vertexCap) else { return }
        let replacedVertices = slot < entries.count ? entries[slot]?.vertices ?? 0 : 0
        guard heldVertices - replacedVertices + vertices <= vertexCap else { return }
        // One by one: appending a repeated nil is generic code whose types are looked up at run time.
        while entries.count <= slot { entries.append(nil) }
        heldVertices += vertices - replacedVertices
        entries[slot] = Entry(content: content, masks: masks, vertices: vertices)
    }

    /// The content kept for the layer in `slot` (`.empty` when none), no longer kept.
    func take(slot: Int) -> SceneContent {
        takeAll(slot: slot).content
    }

    /// The content and masks kept for the layer in `slot` (`.empty` and none when none), no
    /// longer kept.
    func takeAll(slot: Int) -> (content: SceneContent, masks: [SceneMask]) {
        guard slot >= 0, slot < entries.count, let entry = entries[slot] else { return (.empty, []) }
        entries[slot] = nil
        heldVertices -= entry.vertices
        return (entry.content, entry.masks)
    }

    /// How many layers have content kept, and their vertices (for tests).
    var count: Int { entries.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }
    var vertices: Int { heldVertices }

    /// The vertices of the drawings in `content`, precomps' layers included, and of `masks`; nil
    /// for what is not worth keeping (no drawings nor masks: text, images) or past `cap`.
    private static func vertexCount(of content: borrowing SceneContent, masks: borrowing [SceneMask],
                                    cap: Int) -> Int? {
        var total = masks.withUnsafeBufferPointer { masks in
            masks.reduce(0) { $0 + max(1, $1.path.vertices.count) }
        }
        guard add(content, to: &total, cap: cap), total > 0 else { return nil }
        return total
    }

    /// Adds the content's vertices to `total`; false past `cap`. A scene nests precomps only
    /// as deep as `maxPrecompDepth`, so the walk's depth is bounded.
    private static func add(_ content: borrowing SceneContent, to total: inout Int, cap: Int) -> Bool {
        switch content {
        case .shapes(let drawings):
            drawings.withUnsafeBufferPointer { drawings in
                for drawing in drawings {
                    total = drawing.paths.withUnsafeBufferPointer { paths in
                        paths.reduce(total) { $0 + max(1, $1.vertices.count) }
                    }
                }
            }
            return total <= cap
        case .precomp(let layers, _):
            for layer in layers {
                guard add(layer.content, to: &total, cap: cap) else { return false }
            }
            return true
        default:
            return true
        }
    }
}
