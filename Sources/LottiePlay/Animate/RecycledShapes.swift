// MARK: - RecycledShapes

/// Contours and path lists that layers let go of within a frame (a trim's source, cut into
/// pieces; the contours a slot list no longer needs; the lists of the frame before that a layer
/// did not ask for again), kept within caps as storage for the contours and lists that the layers
/// and frames after write (`ShapeEvaluation`, `ShapeOperations.trim`): the scene keeps only what
/// is drawn, so these would otherwise be allocated again at every frame. Storage compiled with a
/// program (`shared`) or still held by a piece is not kept.
struct RecycledShapes {
    /// Emptied lists, the next one last.
    private var spareLists: [[BezierContour]] = []
    /// At most this many spare lists, each with room for at most `maxSpareCapacity` contours:
    /// what is kept between layers stays small whatever a file makes.
    private static let maxSpareLists = 256
    private static let maxSpareCapacity = 64
    /// Contours, the next one last (so that taking it moves it out without a copy).
    private var spareContours: [BezierContour] = []
    /// The room for vertices the spare contours have together, at most `maxSpareVertices`, in
    /// at most `maxSpareContours` contours: what is kept stays within a few hundred kilobytes.
    private var spareVertices = 0
    private static let maxSpareContours = 256
    private static let maxSpareVertices = 1 << 14

    /// The address of an array's elements, which tells its storage apart; nil when it has none
    /// (every empty array shares one).
    static func storage<Element>(of list: [Element]) -> UInt? {
        guard !list.isEmpty else { return nil }
        return list.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }

    /// A spare contour (its storage to be written over), or an empty one.
    mutating func contour() -> BezierContour {
        if let contour = spareContours.popLast() {
            spareVertices -= contour.vertices.capacity
            return contour
        }
        return BezierContour(vertices: [], inTangents: [], outTangents: [], closed: false)
    }

    /// A spare list (emptied, its capacity kept), or a new empty list.
    mutating func list() -> [BezierContour] {
        spareLists.popLast() ?? []
    }

    /// Keeps `contour` as a spare when there is room for it and its storage is not compiled
    /// with the program (`shared`).
    mutating func keep(_ contour: consuming BezierContour, shared: StorageAddresses) {
        let room = contour.vertices.capacity
        guard room > 0, spareContours.count < Self.maxSpareContours, spareVertices + room <= Self.maxSpareVertices
        else { return }
        if shared.holds(contour.vertices) { return }
        spareVertices += room
        spareContours.append(contour)
    }

    /// Keeps the contours of a slot list a layer is done with (`list`, emptied, with them) as
    /// storage for what comes next, but not those stored with the program (`shared`) nor those
    /// whose points a contour of `kept` also holds (a piece that is its source, kept whole).
    mutating func giveBack(_ list: consuming [BezierContour], keeping kept: [BezierContour],
                           shared: StorageAddresses) {
        var list = list
        if shared.holds(list) { return }
        while let contour = list.popLast() {
            if let vertices = Self.storage(of: contour.vertices), Self.holds(kept, vertices) { continue }
            keep(contour, shared: shared)
        }
        keepEmptied(list)
    }

    /// Keeps an emptied `list` as a spare when there is room for it.
    mutating func keepEmptied(_ list: consuming [BezierContour]) {
        guard list.capacity > 0, spareLists.count < Self.maxSpareLists,
              list.capacity <= Self.maxSpareCapacity else { return }
        spareLists.append(list)
    }

    /// Whether a contour of `contours` keeps its vertices at `address`.
    private static func holds(_ contours: [BezierContour], _ address: UInt) -> Bool {
        contours.withUnsafeBufferPointer { contours in
            contours.contains { storage(of: $0.vertices) == address }
        }
    }
}
