import Foundation
import LottieModel

// MARK: - Shape evaluation

// How a shape layer becomes drawings (FORMAT.md "Shapes"), in one pass over the items of each
// group in file order:
//
// - Each path item adds a *slot* (its contours, in the space of its group).
// - A nested group is evaluated first; when it ends, its slots are moved into the enclosing
//   group's space by its transform, so they join the enclosing group's slots.
// - A modifier changes every slot of its group added so far (trim, round corners, ...).
// - A style records a drawing of the group's slots so far. It keeps slot numbers, not copies:
//   a modifier further down still changes the paths it paints, as in the players.
// - A repeater copies the group's slots and drawings so far.
//
// Slots of a group are contiguous, so "so far in this group" is a range. Drawings are recorded
// top first (file order) and reversed at the end into painter's order.
//
// Limits (`LottieLimits`), so that no file can make one frame take unbounded time or memory:
// at most `maxPaths` slots and as many drawings, at most the frame's remaining vertex budget
// (`maxFrameVertices`) in all slots together and in all drawings together (an empty path counts
// one), at most `maxRepeaterCopies` copies per repeater, and no modifier may make a path of more
// than `maxPathVertices` vertices (it is then left as it is). A stroke whose dashes would number
// more than `maxDashes` is drawn solid. What a limit stops is simply not drawn; `FaultScan`
// warns when a file can reach one.

extension ShapeProgram {
    /// The drawings at a frame, bottom first, paths in layer space.
    func drawings(at frame: Double, limits: LottieLimits = .default) -> [ShapeDrawing] {
        drawings(at: frame, limits: limits, vertexBudget: limits.maxFrameVertices).drawings
    }

    /// The drawings at a frame, spending at most `vertexBudget` vertices, and the vertices they
    /// take from it.
    func drawings(at frame: Double, limits: LottieLimits, vertexBudget: Int) -> (drawings: [ShapeDrawing], drawn: Int) {
        if let fixed = fixedDrawings(limits: limits, vertexBudget: vertexBudget) { return fixed }
        var evaluation = ShapeEvaluation(frame: frame, limits: limits, vertexLimit: vertexBudget)
        var storage = ShapeStorage()
        let made = evaluate(at: frame, limits: limits, vertexBudget: vertexBudget, evaluation: &evaluation,
                            storage: &storage, previous: nil)
        return (made.drawings, made.drawn)
    }

    /// Evaluates the drawings at a frame with `evaluation`'s working lists (kept from layer to
    /// layer), writing them into `storage` (the layer's, from the frame before) where it can;
    /// `previous`: the drawings the layer made last, which let go of that storage first.
    /// Returns the drawings, the vertices they take from `vertexBudget`, the budget any
    /// evaluation needs to make the same (`ShapeEvaluation.demand`), and whether a limit left
    /// something out (another budget could then leave out something else).
    func evaluate(at frame: Double, limits: LottieLimits, vertexBudget: Int, evaluation: inout ShapeEvaluation,
                  storage: inout ShapeStorage, previous: consuming [ShapeDrawing]?)
        -> (drawings: [ShapeDrawing], drawn: Int, demand: Int, limited: Bool) {
        evaluation.begin(frame: frame, limits: limits, vertexLimit: vertexBudget)
        // Consumed: a copy left here would hold the lists, and writing them would copy them.
        evaluation.take(&storage, drawings: consume previous, shared: sharedStorage)
        // Room for what the items make without repeaters, so the lists do not grow by copying.
        evaluation.slots.reserveCapacity(min(root.pathCount, limits.maxPaths))
        evaluation.pending.reserveCapacity(min(root.styleCount, limits.maxPaths))
        evaluation.evaluate(root, groupToLayer: .identity, opacity: 1)
        let (drawings, drawn) = evaluation.finish()
        let result = (drawings, drawn, evaluation.demand, evaluation.limited)
        evaluation.end(into: &storage)
        return result
    }
}

struct ShapeEvaluation {
    /// A style waiting for its paths: the slots it paints, and the transform from its group's
    /// space to layer space. Its paint is made when the drawing is (`finish()`), in place.
    struct PendingDrawing {
        var slots: Range<Int>
        var style: StyleNode
        var groupToLayer: AffineMatrix
        var opacity: Double
    }

    private(set) var frame: Double
    private(set) var limits: LottieLimits
    /// The most vertices the slots may hold together, and the drawings draw together.
    private(set) var vertexLimit: Int
    var slots: [[BezierContour]] = []
    var pending: [PendingDrawing] = []
    /// The lists merged for drawings now, and the layer's drawing list.
    private var merged: [ShapeStorage.MergedList] = []
    private var drawingList: [ShapeDrawing] = []
    /// What the layer's paths are written into (its storage from the frame before, spares).
    var supply = ShapeSupply()
    /// Where the program's compiled paths are stored (`ShapeProgram.sharedStorage`): lists
    /// that evaluation shares and must not change.
    var shared: StorageAddresses { supply.shared }
    /// The segment lengths a trim measures (working storage, kept from layer to layer).
    var trimLengths: [Double] = []
    /// The vertices of all slots together (kept within `vertexLimit`; an empty slot counts one).
    var vertexCount = 0
    /// True once a limit has left something out: another budget could leave out something else.
    var limited = false
    /// The most vertices any check against `vertexLimit` asked for: any budget at least this
    /// large makes the same drawings (when nothing was `limited`).
    private(set) var demand = 0

    init(frame: Double, limits: LottieLimits, vertexLimit: Int? = nil) {
        self.frame = frame
        self.limits = limits
        self.vertexLimit = vertexLimit ?? limits.maxFrameVertices
    }

    /// Starts a layer's evaluation (the lists are empty, with their storage).
    mutating func begin(frame: Double, limits: LottieLimits, vertexLimit: Int) {
        self.frame = frame
        self.limits = limits
        self.vertexLimit = vertexLimit
        vertexCount = 0
        limited = false
        demand = 0
    }

    /// Takes a layer's storage for its evaluation. The drawings it made before (`previous`) let
    /// go of their lists (they are written over in place by `finish()`, gradients included); the
    /// merged lists are emptied. The slot lists and their contours are then held by the storage
    /// only, and written in place.
    mutating func take(_ storage: inout ShapeStorage, drawings previous: consuming [ShapeDrawing]?,
                       shared: StorageAddresses) {
        var drawings: [ShapeDrawing] = []
        if let previous = consume previous { drawings = previous }
        for index in drawings.indices { drawings[index].paths = [] }
        drawingList = drawings
        supply.take(&storage, shared: shared)
    }

    /// Ends a layer's evaluation: the slot lists made and the merged lists become the layer's
    /// storage (`ShapeSupply.end`), and the working lists are emptied, keeping their storage.
    mutating func end(into storage: inout ShapeStorage) {
        supply.end(slots: &slots, merged: &merged, into: &storage)
        slots.removeAllKeepingStorage()
        pending.removeAllKeepingStorage()
        merged.removeAllKeepingStorage()
        drawingList = []
    }

    // MARK: Groups

    /// What a group holds so far, for the modifiers in it (`PathModifier`): its slots from
    /// `firstSlot` and its drawings from `firstDrawing` (up to the end of the lists), and the
    /// matrix from its space to layer space.
    struct GroupSoFar {
        var firstSlot: Int
        var firstDrawing: Int
        var groupToLayer: AffineMatrix
    }

    /// The slots of `group` so far.
    func slots(of group: GroupSoFar) -> Range<Int> {
        group.firstSlot..<slots.count
    }

    /// The vertices of the slots in `range`, each counting at least one.
    func vertices(inSlots range: Range<Int>) -> Int {
        slots[range].reduce(0) { $0 + Self.vertices(in: $1) }
    }

    mutating func evaluate(_ group: ShapeGroupNode, groupToLayer: AffineMatrix, opacity: Double) {
        let firstSlot = slots.count
        let firstDrawing = pending.count
        let nodes = group.nodes
        // By index: a `for in` copies each node out of the list (a retain and a release).
        for index in nodes.indices {
            switch nodes[index] {
            case .path(let path):
                guard slots.count < limits.maxPaths else {
                    limited = true
                    continue
                }
                let slot = makeSlot(of: path)
                let cost = Self.vertices(in: slot)
                guard fits(vertexCount + cost) else { continue }
                vertexCount += cost
                slots.append(consume slot)
            case .group(let child):
                let local = child.transform?.matrix(at: frame) ?? .identity
                let childOpacity = child.transform?.opacity(at: frame) ?? 1
                let childStart = slots.count
                evaluate(child, groupToLayer: groupToLayer * local, opacity: opacity * childOpacity)
                moveSlots(childStart..<slots.count, of: child, by: local)
            case .style(let style):
                guard pending.count < limits.maxPaths else {
                    limited = true
                    continue
                }
                pending.append(PendingDrawing(
                    slots: firstSlot..<slots.count, style: style, groupToLayer: groupToLayer,
                    opacity: opacity * min(max(style.opacity.value(at: frame) / 100, 0), 1)))
            case .modifier(let modifier):
                modifier.apply(to: &self, group: GroupSoFar(firstSlot: firstSlot, firstDrawing: firstDrawing,
                                                            groupToLayer: groupToLayer))
            }
        }
    }

    /// A path item's slot at the frame (its one contour), polystar points and vertices within
    /// the limits. A path that never changes shares the slot made when it was compiled; one that
    /// does is written into the list and contour the layer had for it the frame before.
    private mutating func makeSlot(of path: PathNode) -> [BezierContour] {
        let (frame, limits) = (self.frame, self.limits)
        if let fixed = path.fixedSlot, !path.geometry.isCapped(at: frame, limits: limits) { return fixed }
        var slot = supply.slot(holding: 1)
        path.geometry.contour(at: frame, limits: limits, into: &slot[0])
        return slot
    }

    /// Moves a finished group's slots into its parent's space. When the group made exactly the
    /// slots it always makes (no limit left a path out), they are the ones compiled with it.
    private mutating func moveSlots(_ range: Range<Int>, of group: ShapeGroupNode, by transform: AffineMatrix) {
        if let fixed = group.fixedSlots, fixed.count == range.count {
            slots.replaceSubrange(range, with: fixed)
            return
        }
        guard !transform.isIdentity else { return }
        if !shared.isEmpty {
            for slot in range where shared.holds(slots[slot]) { moveCompiledSlot(slot) }
        }
        // Through buffers: each nested subscript checks that its list is not shared.
        slots.withUnsafeMutableBufferPointer { lists in
            for slot in range {
                lists[slot].withUnsafeMutableBufferPointer { contours in
                    for contour in contours.indices { contours[contour].apply(transform) }
                }
            }
        }
    }

    /// Replaces a slot compiled with the program (a path that never changes, in a group that
    /// moves) by a copy in the layer's storage, which the group's transform then moves in place:
    /// moving the compiled list itself would copy it into new storage at every frame.
    private mutating func moveCompiledSlot(_ slot: Int) {
        var list = supply.slot(holding: slots[slot].count)
        for index in list.indices { list[index].set(to: slots[slot][index]) }
        slots[slot] = list
    }

    // MARK: Modifiers

    /// Applies a modifier to every contour of the slots in `range`, except to a contour for which
    /// `growth` (the most vertices the modifier can make of it) would pass `maxPathVertices` or
    /// the frame's vertex budget: that one is left as it is.
    mutating func mapContours(_ range: Range<Int>, growth: (BezierContour) -> Int,
                                      _ transform: (BezierContour) -> BezierContour) {
        for slot in range {
            for index in slots[slot].indices {
                let contour = slots[slot][index]
                let most = growth(contour)
                guard most <= limits.maxPathVertices else {
                    limited = true
                    continue
                }
                guard fits(vertexCount - contour.vertices.count + most) else { continue }
                let changed = transform(contour)
                vertexCount += max(1, changed.vertices.count) - max(1, contour.vertices.count)
                slots[slot][index] = changed
            }
        }
    }

    /// Replaces the slots in `range` by one slot holding `contours` (a merge), when the vertex
    /// budget allows; otherwise they stay as they are.
    mutating func replaceSlots(_ range: Range<Int>, with contours: [BezierContour]) {
        let change = Self.vertices(in: contours) - vertices(inSlots: range)
        guard fits(vertexCount + change) else { return }
        vertexCount += change
        slots.replaceSubrange(range, with: [contours])
    }

    /// Drops the drawings `group` recorded so far (its styles', nested groups' included): a
    /// merge below them leaves them nothing to draw.
    mutating func dropDrawings(of group: GroupSoFar) {
        guard group.firstDrawing < pending.count else { return }
        pending.removeSubrange(group.firstDrawing...)
    }

    /// Whether `vertices` stay within `vertexLimit`, remembering what was asked and refused.
    mutating func fits(_ vertices: Int) -> Bool {
        guard vertices <= vertexLimit else {
            limited = true
            return false
        }
        demand = max(demand, vertices)
        return true
    }

    /// What contours cost against the vertex budget: their vertices, and at least one.
    static func vertices(in contours: [BezierContour]) -> Int {
        var count = 0
        for contour in contours { count += contour.vertices.count }
        return max(1, count)
    }

    // MARK: Result

    /// The drawings in painter's order with their paths in layer space and their paint
    /// carried into layer space.
    /// Drawings past the vertex budget in all (many styles over many paths) are dropped; the
    /// vertices drawn come with them.
    mutating func finish() -> (drawings: [ShapeDrawing], vertices: Int) {
        var drawings: [ShapeDrawing] = []
        swap(&drawings, &drawingList)
        drawings.reserveCapacity(pending.count)
        var made = 0
        var drawnVertices = 0
        // When every drawing paints the same slots (one style, or a fill and a stroke of one
        // group), no other drawing reads them once merged: their contours move into the list.
        var moving = true
        for index in pending.indices where pending[index].slots != pending[0].slots { moving = false }
        // A drawing painting the same slots as the one before it (a fill and a stroke of one group)
        // shares its list, as a plan's do: two lists of the same contours would share the contours'
        // storage, and the next frame would copy each contour to write over it.
        var previous: (slots: Range<Int>, paths: [BezierContour])?
        for index in pending.indices.reversed() {
            // Read field by field: a copy of the whole pending drawing went through an outlined copy.
            let slotRange = pending[index].slots
            var vertices = 1
            for slot in slotRange {
                vertices += Self.vertices(in: slots[slot])
                guard drawnVertices + vertices <= vertexLimit else { break }
            }
            guard fits(drawnVertices + vertices) else { continue }
            drawnVertices += vertices
            let style = pending[index].style
            let paths: [BezierContour]
            if let previous, previous.slots == slotRange {
                paths = previous.paths
            } else {
                paths = self.paths(of: slotRange, moving: moving)
            }
            guard !paths.isEmpty else { continue }
            if pending.count > 1 { previous = (slotRange, paths) }
            // The drawing made in the same place the frame before is written over, in place.
            if made == drawings.count {
                drawings.append(ShapeDrawing(paths: [], paint: .fill(.black, .nonZero), opacity: 0,
                                             jsonPath: style.jsonPath))
            }
            // A gradient is written over the gradient the drawing had; any other paint is made here.
            if style.isGradient {
                style.writeGradient(at: frame, carriedBy: pending[index].groupToLayer, paths: paths,
                                    maxDashes: limits.maxDashes, over: &drawings[made].paint)
            } else {
                var paint = style.paint(at: frame)
                paint.limitDashes(paths: paths, maxDashes: limits.maxDashes)
                paint.carry(by: pending[index].groupToLayer)
                drawings[made].paint = consume paint
            }
            // Consumed, not copied: a copy retains the list now and releases it later.
            drawings[made].paths = consume paths
            drawings[made].opacity = pending[index].opacity
            drawings[made].blendMode = style.blendMode
            if drawings[made].jsonPath != style.jsonPath { drawings[made].jsonPath = style.jsonPath }
            made += 1
        }
        while drawings.count > made { drawings.removeLast() }
        return (drawings, drawnVertices)
    }

    /// The non-empty contours of `range`; a single slot with no empty contour is shared as it is.
    /// Several are merged into a list of the layer's storage, which keeps it too. `moving`: no
    /// other drawing reads these slots, so their contours move into the list (but not out of
    /// lists compiled with the program); else they are copied.
    private mutating func paths(of range: Range<Int>, moving: Bool) -> [BezierContour] {
        if range.count == 1, !Self.hasEmptyContour(slots[range.lowerBound]) {
            return slots[range.lowerBound]
        }
        var paths = supply.mergedList()
        paths.reserveCapacity(range.reduce(0) { $0 + slots[$1].count })
        for slot in range {
            if moving, !shared.holds(slots[slot]) {
                slots[slot].reverse()
                while let contour = slots[slot].popLast() {
                    if !contour.vertices.isEmpty { paths.append(contour) }
                }
            } else {
                for contour in slots[slot] where !contour.vertices.isEmpty { paths.append(contour) }
            }
        }
        // Moved: the contours copied from compiled lists are told apart by their storage when they go back.
        merged.append(ShapeStorage.MergedList(paths: paths, moved: moving))
        return paths
    }

    /// Read through the list's buffer: iterating it would copy (retain and release) every contour.
    private static func hasEmptyContour(_ slot: [BezierContour]) -> Bool {
        slot.withUnsafeBufferPointer { contours in
            for index in contours.indices where contours[index].vertices.isEmpty { return true }
            return false
        }
    }

    /// The paint, made solid when it is a dashed stroke whose pattern would cut `paths` into more
    /// than `maxDashes` dashes (the paths and the pattern are in the same space here).
    static func dashesWithinLimit(_ paint: Paint, paths: [BezierContour], maxDashes: Int) -> Paint {
        var paint = paint
        paint.limitDashes(paths: paths, maxDashes: maxDashes)
        return paint
    }

    fileprivate static func tooManyDashes(_ pattern: [Double], paths: [BezierContour], maxDashes: Int) -> Bool {
        let period = pattern.reduce(0) { $0 + ($1.isFinite ? max($1, 0) : 0) }
        guard period > 0, period.isFinite else { return false }  // drawn solid by the renderer anyway
        let dashesPerPeriod = Double(max(pattern.count / 2, 1))
        var dashes = 0.0
        for path in paths {
            dashes += path.length / period * dashesPerPeriod + 1
            if !(dashes <= Double(maxDashes)) { return true }  // also NaN: a length that overflowed
        }
        return false
    }
}

// MARK: - Moving contours

extension BezierContour {
    /// Maps every point through `transform` in place (tangents stay relative): no new storage
    /// when the contour's arrays are not shared.
    mutating func apply(_ transform: AffineMatrix) {
        vertices.withUnsafeMutableBufferPointer { points in
            for index in points.indices { points[index] = transform.apply(to: points[index]) }
        }
        inTangents.withUnsafeMutableBufferPointer { tangents in
            for index in tangents.indices { tangents[index] = transform.applyLinear(to: tangents[index]) }
        }
        outTangents.withUnsafeMutableBufferPointer { tangents in
            for index in tangents.indices { tangents[index] = transform.applyLinear(to: tangents[index]) }
        }
    }
}

// MARK: - Paint in layer space

extension Paint {
    /// The paint as seen through `transform`: gradient points mapped, stroke widths and dashes
    /// scaled by the transform's mean scale (exact for uniform scales).
    func carried(by transform: AffineMatrix) -> Paint {
        var paint = self
        paint.carry(by: transform)
        return paint
    }

    /// Carries the paint through `transform` in place (`carried(by:)`): a fill, the most common
    /// paint, is not copied.
    mutating func carry(by transform: AffineMatrix) {
        guard !transform.isIdentity else { return }
        switch self {
        case .fill:
            return
        case .stroke(let color, let stroke):
            self = .stroke(color, stroke.carried(by: transform))
        case .gradientFill(let gradient, let rule):
            self = .gradientFill(gradient.mapped(by: transform), rule)
        case .gradientStroke(let gradient, let stroke):
            self = .gradientStroke(gradient.mapped(by: transform), stroke.carried(by: transform))
        }
    }

    /// Makes a dashed stroke solid when its pattern would cut `paths` into more than `maxDashes`
    /// dashes (the paths and the pattern are in the same space here).
    mutating func limitDashes(paths: [BezierContour], maxDashes: Int) {
        switch self {
        case .stroke(let color, var stroke) where stroke.hasTooManyDashes(for: paths, maxDashes: maxDashes):
            stroke.dashes = []
            self = .stroke(color, stroke)
        case .gradientStroke(let gradient, var stroke) where stroke.hasTooManyDashes(for: paths, maxDashes: maxDashes):
            stroke.dashes = []
            self = .gradientStroke(gradient, stroke)
        default:
            return
        }
    }
}

extension StrokeStyleValues {
    /// Whether the dash pattern would cut `paths` into more than `maxDashes` dashes
    /// (`ShapeEvaluation.dashesWithinLimit` then draws the stroke solid).
    func hasTooManyDashes(for paths: [BezierContour], maxDashes: Int) -> Bool {
        !dashes.isEmpty && ShapeEvaluation.tooManyDashes(dashes, paths: paths, maxDashes: maxDashes)
    }

    /// The stroke as seen through `transform`: width and dashes scaled by its mean scale.
    func carried(by transform: AffineMatrix) -> StrokeStyleValues {
        transform.isIdentity ? self : scaled(by: abs(transform.determinant).squareRoot())
    }

    func scaled(by factor: Double) -> StrokeStyleValues {
        var result = self
        result.width *= factor
        result.dashes = dashes.map { $0 * factor }
        result.dashOffset *= factor
        return result
    }
}

extension GradientPaint {
    func mapped(by transform: AffineMatrix) -> GradientPaint {
        var result = self
        result.start = transform.apply(to: start)
        result.end = transform.apply(to: end)
        return result
    }
}
