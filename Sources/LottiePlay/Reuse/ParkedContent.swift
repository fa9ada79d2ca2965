// MARK: - ParkedContent

/// The content, masks and track matte of layers that left a scene or turned transparent, kept for
/// when each layer comes back: a shape layer coming in then writes its frame over its own drawings
/// (`ShapePlan`) instead of making new ones, a precomp gives its layers theirs, masks are written
/// over their own outlines, a matte's source over its own, and a layer leaving frees nothing.
/// Layers come and go all through a real animation (bodymovin/data: two or three a frame), and
/// every loop brings them all back.
///
/// Found by the layer's slot (`CompiledLayer.stillSlot`, unique in a timeline). A precomp shown by
/// several layers lists its layers once per instance, all with the same slots: a slot keeps up
/// to `maxPerSlot` contents, and any of them serves any instance (the same compiled layer makes
/// the same shape of content). Kept by the scene the layers left (`Scene.parked`) and used by one
/// update of it at a time, held by that scene alone (`Scene.takeParkedContent()`), hence unchecked
/// `Sendable`. At most `maxFrameVertices` vertices are kept together: past that a layer's content
/// is let go, so the memory stays within a frame's worth.
final class ParkedContent: @unchecked Sendable {
    /// What a layer left with: its content, masks and track matte.
    struct Parts {
        var content: SceneContent = .empty
        var masks: [SceneMask] = []
        var matte: SceneMatte?

        /// Nothing to keep: no content, masks nor matte.
        var isEmpty: Bool {
            guard case .empty = content else { return false }
            return masks.isEmpty && matte == nil
        }
    }

    private struct Entry {
        var parts: Parts
        var vertices: Int
    }

    /// The most contents one slot keeps (instances of one precomp leaving together); past it the
    /// one parked first is let go. A layer of a long list may also come back over another layer's
    /// entry and leave its own parked: room for all of them from the first, so that such a slot
    /// does not grow its list loop after loop.
    static let maxPerSlot = 8

    // Unchecked: one thread at a time uses it, and no access overlaps another.
    @exclusivity(unchecked) private var entries: [[Entry]] = []
    @exclusivity(unchecked) private var heldVertices = 0

    /// Keeps a layer's content (a shape layer's drawings, or a precomp's layers and theirs), masks
    /// and matte for the layer in `slot`, within `vertexCap` vertices in all.
    func park(_ parts: consuming Parts, slot: Int, vertexCap: Int) {
        guard slot >= 0, let vertices = Self.vertexCount(of: parts, cap: vertexCap) else { return }
        let full = slot < entries.count && entries[slot].count >= Self.maxPerSlot
        let dropped = full ? entries[slot][0].vertices : 0
        guard heldVertices - dropped + vertices <= vertexCap else { return }
        // One by one: appending a repeated value is generic code whose types are looked up at run time.
        while entries.count <= slot { entries.append([]) }
        if entries[slot].capacity == 0 { entries[slot].reserveCapacity(Self.maxPerSlot) }
        if full { entries[slot].removeFirst() }
        heldVertices += vertices - dropped
        entries[slot].append(Entry(parts: parts, vertices: vertices))
    }

    /// Content kept for the layer in `slot` (`.empty` when none), no longer kept.
    func take(slot: Int) -> SceneContent {
        takeAll(slot: slot).content
    }

    /// Content, masks and matte kept for the layer in `slot` (none when none), no longer kept:
    /// the last parked there.
    func takeAll(slot: Int) -> Parts {
        guard slot >= 0, slot < entries.count, let entry = entries[slot].popLast() else { return Parts() }
        heldVertices -= entry.vertices
        return entry.parts
    }

    /// How many layers have content kept, and their vertices (for tests).
    var count: Int { entries.reduce(0) { $0 + $1.count } }
    var vertices: Int { heldVertices }

    /// The vertices of the drawings in the content, precomps' layers included (each listed layer
    /// counting one more), of the masks and of the matte's source (one more); nil for what is not
    /// worth keeping (no drawings, layer lists, masks nor matte: text, images) or past `cap`.
    private static func vertexCount(of parts: borrowing Parts, cap: Int) -> Int? {
        var total = parts.masks.withUnsafeBufferPointer { masks in
            masks.reduce(0) { $0 + max(1, $1.path.vertices.count) }
        }
        if let matte = parts.matte {
            total += 1
            guard add(matte.source.content, to: &total, cap: cap) else { return nil }
        }
        guard add(parts.content, to: &total, cap: cap), total > 0 else { return nil }
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
            // Each listed layer counts one: a precomp whose layers draw nothing as it leaves (all
            // transparent) still has lists worth keeping.
            for layer in layers {
                total += 1
                guard add(layer.content, to: &total, cap: cap) else { return false }
            }
            return total <= cap
        default:
            return true
        }
    }
}
