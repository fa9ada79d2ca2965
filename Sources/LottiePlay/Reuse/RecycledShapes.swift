// MARK: - RecycledShapes

/// A shape layer's drawings from the frame it replaces, taken apart into their contours and
/// their (emptied) path lists, for evaluating the layer again into their storage instead of
/// allocating (`Timeline.update(_:toFrame:)`). Contours are handed out in the order the drawings
/// held them, so that a layer that makes the same paths again mostly gets storage of the size
/// each needs (and storage that is too small grows once, then fits from frame to frame).
///
/// Storage shared with something else (the program's compiled paths, another drawing of the
/// same layer) is left alone, so that nothing is copied to be taken apart. What is not asked
/// for is dropped when the layer is done (`removeAll()`).
struct RecycledShapes {
    /// Contours, the next one last (so that taking it moves it out without a copy).
    private var contours: [BezierContour] = []
    private var lists: [[BezierContour]] = []
    private var drawingList: [ShapeDrawing] = []
    /// Emptied slot lists of the layers before (`keepUnpainted`), for the layers that follow.
    private var spareLists: [[BezierContour]] = []
    /// At most this many spare lists, each with room for at most `maxSpareCapacity` contours:
    /// what is kept between layers stays small whatever a file makes.
    private static let maxSpareLists = 256
    private static let maxSpareCapacity = 64

    /// Takes `drawings` apart. `shared`: the storage of the program's compiled paths (element
    /// storage of their lists and of their contours' vertices), which stays where it is.
    mutating func takeApart(_ drawings: consuming [ShapeDrawing], shared: StorageAddresses) {
        Self.dropRepeatedLists(&drawings)
        for index in drawings.indices.reversed() {
            var paths: [BezierContour] = []
            swap(&paths, &drawings[index].paths)
            guard let address = Self.storage(of: paths), !shared.contains(address) else { continue }
            while let contour = paths.popLast() {
                guard let vertices = Self.storage(of: contour.vertices), !shared.contains(vertices) else { continue }
                contours.append(contour)
            }
            lists.append(paths)
        }
        drawings.removeAllKeepingStorage()
        drawingList = drawings
    }

    /// Empties the path lists that an earlier drawing of the layer also paints (a fill and a
    /// stroke of the same paths share one list): taking apart a list held twice would copy it.
    private static func dropRepeatedLists(_ drawings: inout [ShapeDrawing]) {
        guard drawings.count > 1 else { return }
        // A drawing is compared with the few before it: the styles of one group come one after
        // the other, and comparing with all would be quadratic in a repeater's thousands. A repeat
        // further back is not found: taking it apart then copies it, which is slower, not wrong.
        for index in 1..<drawings.count {
            guard let address = storage(of: drawings[index].paths) else { continue }
            for earlier in max(0, index - 4)..<index where storage(of: drawings[earlier].paths) == address {
                drawings[index].paths = []
                break
            }
        }
    }

    /// The address of an array's elements, which tells its storage apart; nil when it has none
    /// (every empty array shares one).
    static func storage<Element>(of list: [Element]) -> UInt? {
        guard !list.isEmpty else { return nil }
        return list.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }

    /// The next contour taken apart (its storage to be written over), or an empty one.
    mutating func contour() -> BezierContour {
        contours.popLast() ?? BezierContour(vertices: [], inTangents: [], outTangents: [], closed: false)
    }

    /// An emptied list taken apart (its capacity kept), or a new empty list.
    mutating func list() -> [BezierContour] {
        lists.popLast() ?? spareLists.popLast() ?? []
    }

    /// Keeps, emptied, the slot lists of a finished layer that no drawing paints as they are
    /// (`painted` false: merged into one list with others, or left out), as storage for the lists
    /// of the layers that follow. Lists painted or compiled with the program (`shared`) are held
    /// elsewhere too, and left alone.
    mutating func keepUnpainted(_ slots: inout [[BezierContour]], painted: [Bool], shared: StorageAddresses) {
        guard painted.count == slots.count else { return }  // not tracked: one slot, one drawing
        for index in slots.indices where spareLists.count < Self.maxSpareLists {
            guard !painted[index] else { continue }
            guard slots[index].capacity <= Self.maxSpareCapacity else { continue }
            // A list whose contours moved into a drawing's is empty, its storage kept.
            if slots[index].isEmpty {
                if slots[index].capacity > 0 { spareLists.append(slots[index]) }
                continue
            }
            guard let address = Self.storage(of: slots[index]), !shared.contains(address) else { continue }
            var list: [BezierContour] = []
            swap(&list, &slots[index])
            list.removeAllKeepingStorage()
            spareLists.append(list)
        }
    }

    /// The layer's drawing list (empty, its capacity kept), or a new empty list.
    mutating func drawings() -> [ShapeDrawing] {
        var taken: [ShapeDrawing] = []
        swap(&taken, &drawingList)
        return taken
    }

    /// Drops what was not asked for (but not the spare lists), keeping the storage of its own
    /// lists for the next layer.
    mutating func removeAll() {
        contours.removeAllKeepingStorage()
        lists.removeAllKeepingStorage()
        drawingList = []
    }
}
