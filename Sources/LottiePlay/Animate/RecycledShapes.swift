// MARK: - RecycledShapes

/// A shape layer's drawings from the frame it replaces, taken apart into their contours and
/// their (emptied) path lists, for evaluating the layer again into their storage instead of
/// allocating (`Timeline.update(_:toFrame:)`). Contours are handed out in the order the drawings
/// held them, so that a layer that makes the same paths again mostly gets storage of the size
/// each needs (and storage that is too small grows once, then fits from frame to frame).
///
/// Storage shared with something else (the program's compiled paths, another drawing of the
/// same layer) is left alone, so that nothing is copied to be taken apart. What is not asked
/// for when the layer is done is kept as spares for the layers and frames after it, within caps,
/// and the rest dropped (`removeAll()`).
struct RecycledShapes: SlotStorage {
    /// Contours, the next one last (so that taking it moves it out without a copy).
    private var contours: [BezierContour] = []
    private var lists: [[BezierContour]] = []
    private var drawingList: [ShapeDrawing] = []
    /// The gradient paints of the drawings taken apart, the next one last, for the gradients the
    /// layer paints again to be written over (`StyleNode.writeGradient`).
    private var gradients: [Paint] = []
    /// Emptied slot lists of the layers before (`keepUnpainted`), for the layers that follow.
    private var spareLists: [[BezierContour]] = []
    /// At most this many spare lists, each with room for at most `maxSpareCapacity` contours:
    /// what is kept between layers stays small whatever a file makes.
    private static let maxSpareLists = 256
    private static let maxSpareCapacity = 64
    /// Contours a layer used and let go of within its frame (a trim's source, cut into pieces),
    /// kept with their storage for the contours the next layers and frames write: the scene keeps
    /// only the pieces, so the sources would otherwise be allocated again at every frame.
    private var spareContours: [BezierContour] = []
    /// The room for vertices the spare contours have together, at most `maxSpareVertices`, in
    /// at most `maxSpareContours` contours: what is kept stays within a few hundred kilobytes.
    private var spareVertices = 0
    private static let maxSpareContours = 256
    private static let maxSpareVertices = 1 << 14
    /// Room for the arc-length table of a curved segment a trim cuts (`ContourStorage`), kept
    /// from cut to cut; let go when a layer is done if it grew past `maxKeptBreakpoints`.
    var breakpoints: [Double] = []
    private static let maxKeptBreakpoints = 1024

    /// Takes `drawings` apart. `shared`: the storage of the program's compiled paths (element
    /// storage of their lists and of their contours' vertices), which stays where it is.
    mutating func takeApart(_ drawings: consuming [ShapeDrawing], shared: StorageAddresses) {
        Self.dropRepeatedLists(&drawings)
        for index in drawings.indices.reversed() {
            if drawings[index].paint.isGradient {
                var paint = Paint.fill(.black, .nonZero)
                swap(&paint, &drawings[index].paint)
                gradients.append(paint)
            }
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

    /// The next contour taken apart (its storage to be written over), a spare one, or an empty one.
    mutating func contour() -> BezierContour {
        if let contour = contours.popLast() { return contour }
        if let contour = spareContours.popLast() {
            spareVertices -= contour.vertices.capacity
            return contour
        }
        return BezierContour(vertices: [], inTangents: [], outTangents: [], closed: false)
    }

    /// Keeps `contour` as a spare when there is room for it.
    private mutating func keepSpare(_ contour: consuming BezierContour) {
        let room = contour.vertices.capacity
        guard spareContours.count < Self.maxSpareContours, spareVertices + room <= Self.maxSpareVertices else { return }
        spareVertices += room
        spareContours.append(contour)
    }

    /// Keeps the contours of a slot list the layer is done with (`list`, emptied, with them) as
    /// storage for what comes next (the layers after this one and the next frames), but not those
    /// stored with the program (`shared`) nor those whose points a contour of `kept` also holds (a
    /// piece that is its source, kept whole).
    mutating func giveBack(_ list: consuming [BezierContour], keeping kept: [BezierContour],
                           shared: StorageAddresses) {
        var list = list
        guard let address = Self.storage(of: list), !shared.contains(address) else { return }
        while let contour = list.popLast() {
            guard let vertices = Self.storage(of: contour.vertices), !shared.contains(vertices),
                  !Self.holds(kept, vertices) else { continue }
            keepSpare(contour)
        }
        keepSpare(list)
    }

    /// Keeps an emptied `list` as a spare when there is room for it.
    private mutating func keepSpare(_ list: consuming [BezierContour]) {
        guard spareLists.count < Self.maxSpareLists, list.capacity <= Self.maxSpareCapacity else { return }
        spareLists.append(list)
    }

    /// Whether a contour of `contours` keeps its vertices at `address`.
    private static func holds(_ contours: [BezierContour], _ address: UInt) -> Bool {
        contours.withUnsafeBufferPointer { contours in
            contours.contains { storage(of: $0.vertices) == address }
        }
    }

    /// An emptied list taken apart (its capacity kept), or a new empty list.
    mutating func list() -> [BezierContour] {
        lists.popLast() ?? spareLists.popLast() ?? []
    }

    /// How the drawings of a finished layer used one of its slot lists (`ShapeEvaluation.finish()`).
    enum SlotUse {
        /// No drawing read it (a path no style paints): nothing else holds its contours.
        case unread
        /// Its contours were copied into a drawing's list (merged with others), or moved out.
        case copied
        /// A drawing paints the list as it is.
        case painted
    }

    /// Keeps what the slot lists of a finished layer leave as storage for the layers and frames
    /// that follow: the emptied lists that no drawing paints as they are, and the contours of those
    /// no drawing read (a path no style paints is made again at every frame, into these). Lists
    /// painted or compiled with the program (`shared`) are held elsewhere too, and left alone.
    mutating func keepUnpainted(_ slots: inout [[BezierContour]], uses: [SlotUse], shared: StorageAddresses) {
        guard uses.count == slots.count else { return }  // not tracked: one slot, one drawing
        for index in slots.indices {
            switch uses[index] {
            case .painted:
                continue
            case .unread where !slots[index].isEmpty:
                var list: [BezierContour] = []
                swap(&list, &slots[index])
                giveBack(list, keeping: [], shared: shared)
            case .unread, .copied:
                keepEmptied(&slots[index], shared: shared)
            }
        }
    }

    /// Keeps `slot`, emptied, as a spare list (its contours, held by a drawing too, are dropped).
    private mutating func keepEmptied(_ slot: inout [BezierContour], shared: StorageAddresses) {
        guard spareLists.count < Self.maxSpareLists, slot.capacity <= Self.maxSpareCapacity else { return }
        // A list whose contours moved into a drawing's is empty, its storage kept.
        if slot.isEmpty {
            if slot.capacity > 0 { spareLists.append(slot) }
            return
        }
        guard let address = Self.storage(of: slot), !shared.contains(address) else { return }
        var list: [BezierContour] = []
        swap(&list, &slot)
        list.removeAllKeepingStorage()
        spareLists.append(list)
    }

    /// The layer's drawing list (empty, its capacity kept), or a new empty list.
    /// The next gradient paint taken apart (its stops to be written over), or a flat one to write
    /// a gradient into.
    mutating func gradientPaint() -> Paint {
        gradients.popLast() ?? .fill(.black, .nonZero)
    }

    mutating func drawings() -> [ShapeDrawing] {
        var taken: [ShapeDrawing] = []
        swap(&taken, &drawingList)
        return taken
    }

    /// Keeps what was not asked for as spare contours and lists, up to their caps, for the layers
    /// and frames that follow (a trim drawing its whole path at one frame and a piece of it at the
    /// next needs the storage of the frame before last), and drops the rest, keeping the storage
    /// of its own lists for the next layer.
    mutating func removeAll() {
        while spareContours.count < Self.maxSpareContours, let contour = contours.popLast() { keepSpare(contour) }
        while spareLists.count < Self.maxSpareLists, let list = lists.popLast() { keepSpare(list) }
        contours.removeAllKeepingStorage()
        lists.removeAllKeepingStorage()
        drawingList = []
        gradients.removeAll(keepingCapacity: true)
        if breakpoints.capacity > Self.maxKeptBreakpoints { breakpoints = [] }
    }
}
