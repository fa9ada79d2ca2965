// MARK: - ShapeSupply

/// What a shape layer's evaluation writes into: the layer's storage from the frame before
/// (`ShapeStorage`), handed out in the order it was made, then spares that the layers before let
/// go of (`RecycledShapes`), then new storage. A layer that makes the same paths as the frame
/// before so gets each list and contour it had, written over in place.
struct ShapeSupply: SlotStorage {
    /// The layer's slot lists from the frame before, the next one at `nextStored`.
    private var stored: [[BezierContour]] = []
    private var nextStored = 0
    /// The layer's merged lists from the frame before (emptied), the next one at `nextMerged`.
    private var storedMerged: [ShapeStorage.MergedList] = []
    private var nextMerged = 0
    /// The contours of lists emptied (the merged lists whose contours were moved out of slots,
    /// the lists handed out by `list()`), the next one last: the slots made next take them.
    private var contours: [BezierContour] = []
    /// Contours and lists the layers before let go of.
    private var spares = RecycledShapes()
    /// Room for the arc-length table of a curved segment a trim cuts (`ContourStorage`), kept
    /// from cut to cut; let go when a layer is done if it grew past `maxKeptBreakpoints`.
    var breakpoints: [Double] = []
    private static let maxKeptBreakpoints = 1024
    /// Where the program's compiled paths are stored (`ShapeProgram.sharedStorage`): lists
    /// and contours that evaluation shares, and never writes or keeps.
    private(set) var shared = StorageAddresses()

    /// Takes a layer's storage for its evaluation, once its drawings let go of their lists: the
    /// contours moved into merged lists go back to be handed out to the slots, in the order the
    /// slots were made; copies are let go of.
    mutating func take(_ storage: inout ShapeStorage, shared: StorageAddresses) {
        self.shared = shared
        // Lists in the order made, each emptied from its end: the first slot's contour comes out first.
        for index in storage.merged.indices {
            guard storage.merged[index].moved else {
                storage.merged[index].paths.removeAllKeepingStorage()
                continue
            }
            while let contour = storage.merged[index].paths.popLast() {
                if !shared.holds(contour.vertices) { contours.append(contour) }
            }
        }
        swap(&stored, &storage.slots)
        swap(&storedMerged, &storage.merged)
        nextStored = 0
        nextMerged = 0
    }

    /// Gives the layer its storage for the next frame: `slots` (the lists made, but those
    /// compiled with the program) and `merged`. What the storage had that was not asked for goes
    /// to the spares, for the layers that follow.
    mutating func end(slots: inout [[BezierContour]], merged: inout [ShapeStorage.MergedList],
                      into storage: inout ShapeStorage) {
        for index in nextStored..<stored.count {
            spares.giveBack(Self.moveOut(&stored[index]), keeping: [], shared: shared)
        }
        stored.removeAllKeepingStorage()
        for index in slots.indices {
            let list = Self.moveOut(&slots[index])
            if !shared.holds(list) { stored.append(list) }
        }
        for index in nextMerged..<storedMerged.count {
            spares.keepEmptied(Self.moveOut(&storedMerged[index].paths))
        }
        storedMerged.removeAllKeepingStorage()
        for index in merged.indices {
            storedMerged.append(ShapeStorage.MergedList(paths: Self.moveOut(&merged[index].paths), moved: merged[index].moved))
        }
        while let contour = contours.popLast() { spares.keep(contour, shared: shared) }
        swap(&stored, &storage.slots)
        swap(&storedMerged, &storage.merged)
        if breakpoints.capacity > Self.maxKeptBreakpoints { breakpoints = [] }
    }

    /// Moves the list out of `list`, leaving it empty.
    private static func moveOut(_ list: inout [BezierContour]) -> [BezierContour] {
        var taken: [BezierContour] = []
        swap(&taken, &list)
        return taken
    }

    /// The layer's next slot list, holding `count` contours to be written over: those it had
    /// (the extra ones go to the spares), then spare ones.
    mutating func slot(holding count: Int) -> [BezierContour] {
        var slot = nextStoredList()
        while slot.count > count, let extra = slot.popLast() { spares.keep(extra, shared: shared) }
        while slot.count < count { slot.append(contour()) }
        return slot
    }

    /// The layer's next slot list, or a spare one (with whatever contours it holds).
    private mutating func nextStoredList() -> [BezierContour] {
        guard nextStored < stored.count else { return spares.list() }
        let list = Self.moveOut(&stored[nextStored])
        nextStored += 1
        return list.capacity == 0 ? spares.list() : list
    }

    /// The layer's next merged list (emptied), or a spare one.
    mutating func mergedList() -> [BezierContour] {
        guard nextMerged < storedMerged.count else { return spares.list() }
        let list = Self.moveOut(&storedMerged[nextMerged].paths)
        nextMerged += 1
        return list.capacity == 0 ? spares.list() : list
    }

    // MARK: SlotStorage (a trim's pieces)

    /// The layer's next slot list emptied, its contours handed out next by `contour()`.
    mutating func list() -> [BezierContour] {
        var list = nextStoredList()
        while let contour = list.popLast() { contours.append(contour) }
        return list
    }

    /// The next contour of a list handed out emptied, a spare one, or an empty one.
    mutating func contour() -> BezierContour {
        contours.popLast() ?? spares.contour()
    }

    mutating func giveBack(_ list: consuming [BezierContour], keeping kept: [BezierContour],
                           shared: StorageAddresses) {
        spares.giveBack(list, keeping: kept, shared: shared)
    }
}
