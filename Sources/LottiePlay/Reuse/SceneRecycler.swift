// MARK: - SceneRecycler

/// The storage of a scene that a new frame replaces (`Timeline.update(_:toFrame:)`): its layer
/// lists, and each shape layer's drawing list by the slot of the program that made it. The new
/// frame's layers take them over, so that steady playback does not allocate a scene per frame.
/// Kept with a frame's budget: one thread at a time uses it.
///
/// Bounded: at most `maxLayers` layer lists are kept, and drawing lists only until the frame
/// that takes them over is built (`endFrame()`), so what is held never outgrows one scene.
final class SceneRecycler {
    private struct Storage {
        /// Drawing lists by program slot.
        var drawingLists: [[ShapeDrawing]?] = []
        /// The slots filled, to empty them again without visiting every slot.
        var filledSlots: [Int] = []
        /// Drawing lists of further instances of a program (a precomp drawn several times):
        /// storage for any layer that finds none in its slot.
        var spareLists: [[ShapeDrawing]] = []
        var layerLists: [[SceneLayer]] = []
        /// Layer lists waiting to be taken apart (precomps' layers follow their precomp's list).
        var queue: [[SceneLayer]] = []
    }

    // Behind a pointer: read for every layer of every frame, and each access to a class's
    // stored property costs a dynamic exclusivity check.
    private let storage = UnsafeMutablePointer<Storage>.allocate(capacity: 1)

    init() {
        storage.initialize(to: Storage())
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// Takes a scene's layers apart: their drawing lists are kept by program slot and the layer
    /// lists emptied (with their capacity) for the next frame's compositions.
    func takeApart(_ layers: inout [SceneLayer], maxLists: Int) {
        var top: [SceneLayer] = []
        swap(&top, &layers)
        // Every list is held once, here: emptying a shared one would copy it.
        storage.pointee.queue.append(consume top)
        var position = 0
        while position < storage.pointee.queue.count {
            var list: [SceneLayer] = []
            swap(&list, &storage.pointee.queue[position])
            for index in list.indices {
                keepStorage(of: list[index].content, slot: list[index].identity.programSlot)
                if let matte = list[index].matte {
                    keepStorage(of: matte.source.content, slot: matte.source.identity.programSlot)
                }
            }
            // Emptied only now: the lists and drawings read above are then held here alone.
            list.removeAllKeepingStorage()
            if storage.pointee.layerLists.count < maxLists, list.capacity > 0 {
                storage.pointee.layerLists.append(consume list)
            }
            position += 1
        }
        storage.pointee.queue.removeAll(keepingCapacity: true)
    }

    private func keepStorage(of content: SceneContent, slot: Int?) {
        switch content {
        case .shapes(let drawings):
            guard let slot, !drawings.isEmpty else { break }
            keep(drawings, slot: slot)
        case .precomp(let children, _):
            storage.pointee.queue.append(children)
        default:
            break
        }
    }

    private func keep(_ drawings: [ShapeDrawing], slot: Int) {
        let lists = storage
        if slot >= lists.pointee.drawingLists.count {
            lists.pointee.drawingLists += repeatElement(nil, count: slot + 1 - lists.pointee.drawingLists.count)
        }
        if lists.pointee.drawingLists[slot] == nil {
            lists.pointee.drawingLists[slot] = drawings
            lists.pointee.filledSlots.append(slot)
        } else if lists.pointee.spareLists.count < lists.pointee.filledSlots.count {
            lists.pointee.spareLists.append(drawings)
        }
    }

    /// The drawing list the replaced scene had for program `slot` (handed over once), or a spare one.
    func drawings(slot: Int?) -> [ShapeDrawing]? {
        guard let slot else { return nil }
        if slot < storage.pointee.drawingLists.count {
            var taken: [ShapeDrawing]?
            swap(&taken, &storage.pointee.drawingLists[slot])
            if taken != nil { return taken }
        }
        return storage.pointee.spareLists.popLast()
    }

    /// An empty layer list from a replaced scene, one with room for `count` layers when there
    /// is one (else one that will grow), or a new one.
    func layerList(minimumCapacity count: Int) -> [SceneLayer] {
        guard !storage.pointee.layerLists.isEmpty else { return [] }
        var position = storage.pointee.layerLists.count - 1
        while position > 0, storage.pointee.layerLists[position].capacity < count { position -= 1 }
        storage.pointee.layerLists.swapAt(position, storage.pointee.layerLists.count - 1)
        return storage.pointee.layerLists.removeLast()
    }

    /// Drops the drawing lists no layer took over (layers no longer drawn).
    func endFrame() {
        for slot in storage.pointee.filledSlots { storage.pointee.drawingLists[slot] = nil }
        storage.pointee.filledSlots.removeAll(keepingCapacity: true)
        storage.pointee.spareLists.removeAll(keepingCapacity: true)
    }
}
