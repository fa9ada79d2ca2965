import LottieModel

// MARK: - ShapeProgram

/// A shape layer's items compiled into a tree of nodes with ready tracks. Hidden items are
/// dropped here; unknown items are passed over.
/// A class: a layer's content is read every frame, and a struct this size (the fixed drawings
/// carry their limits) would be copied each time.
final class ShapeProgram: Sendable {
    /// The drawings, made once when the program is compiled (by the same evaluation as any
    /// frame's), of a program in which nothing moves.
    private let fixed: FixedDrawings?
    /// Where nothing in the program moves, when it moves at all: its drawings are the same at
    /// every frame of such a stretch.
    let stillSpans: StillSpans?
    /// The storage of the compiled paths that evaluation shares into drawings (lists and
    /// contour vertices): recycling leaves it alone.
    let sharedStorage: StorageAddresses
    let root: ShapeGroupNode

    init(_ items: [ShapeItem], jsonPath: String, context: ValueContext) {
        root = ShapeGroupNode(items: items, transform: nil, jsonPath: jsonPath, context: context)
        fixed = root.isFixed ? FixedDrawings(root, limits: context.limits) : nil
        var shared: [UInt] = []
        if fixed == nil { root.addSharedStorage(to: &shared) }
        sharedStorage = StorageAddresses(shared)
        if fixed == nil {
            var motion = MotionCollector()
            root.addMotion(to: &motion)
            stillSpans = motion.spans()
        } else {
            stillSpans = nil
        }
    }

    /// The drawings made at compile time, when they are what evaluating now would make: the
    /// limits are the same and the budget left covers every vertex check the evaluation made
    /// (without modifiers the counts only grow, so passing at the end means passing all along).
    /// `compiledLimits`: `limits` are those the program was compiled with (a timeline evaluating
    /// its own layers), so they need no comparing (which cost more than the rest of a still layer).
    func fixedDrawings(limits: LottieLimits, compiledLimits: Bool = false,
                       vertexBudget: Int) -> (drawings: [ShapeDrawing], drawn: Int)? {
        guard let drawn = fixedDrawn(limits: limits, compiledLimits: compiledLimits, vertexBudget: vertexBudget),
              let drawings = compiledDrawings else { return nil }
        return (drawings, drawn)
    }

    /// The drawings made at compile time, whatever the limits (`fixedDrawings` says when they
    /// are the ones to draw).
    var compiledDrawings: [ShapeDrawing]? { fixed?.drawings }

    /// The vertices the drawings made at compile time take from the budget, when they are what
    /// evaluating now would make (`fixedDrawings`); read without the drawings, for a layer that
    /// already shows them.
    func fixedDrawn(limits: LottieLimits, compiledLimits: Bool = false, vertexBudget: Int) -> Int? {
        // Read through the optional: binding `fixed` retained it for every still layer of every frame.
        guard let need = fixed?.vertexNeed, need <= vertexBudget, compiledLimits || fixed?.limits == limits
        else { return nil }
        return fixed?.drawn
    }
}

// MARK: - Fixed drawings

/// The drawings of a program that does not move, evaluated once (at frame 0: every frame gives
/// the same), with what they need from the frame's vertex budget. A class: read every frame,
/// and copying the limits out each time cost more than the rest.
final class FixedDrawings: Sendable {
    let drawings: [ShapeDrawing]
    /// The most vertices the evaluation held at once: the slots' or the drawings', whichever is more.
    let vertexNeed: Int
    /// The vertices the drawings take from the budget.
    let drawn: Int
    let limits: LottieLimits

    /// Nil when a limit left something out: with another budget it would leave out something else.
    init?(_ root: ShapeGroupNode, limits: LottieLimits) {
        var evaluation = ShapeEvaluation(frame: 0, limits: limits, vertexLimit: limits.maxFrameVertices)
        evaluation.evaluate(root, groupToLayer: .identity, opacity: 1)
        guard evaluation.slots.count == root.pathCount, evaluation.pending.count == root.styleCount else { return nil }
        let slotVertices = evaluation.vertexCount
        let unlimited = Self.unlimitedDrawnVertices(evaluation)
        let (drawings, drawn) = evaluation.finish()
        guard drawn == unlimited else { return nil }
        self.drawings = drawings
        vertexNeed = max(slotVertices, drawn)
        self.drawn = drawn
        self.limits = limits
    }

    /// The vertices every pending drawing would draw with no budget at all (counted as
    /// `ShapeEvaluation.finish()` counts them).
    private static func unlimitedDrawnVertices(_ evaluation: ShapeEvaluation) -> Int {
        evaluation.pending.reduce(0) { total, drawing in
            total + 1 + drawing.slots.reduce(0) { sum, slot in
                sum + max(1, evaluation.slots[slot].reduce(0) { $0 + $1.vertices.count })
            }
        }
    }
}

// MARK: - Groups and nodes

/// A group: its nodes in file order (first on top) and its transform. A class, shared by every
/// frame's walk; it never changes once compiled.
final class ShapeGroupNode: Sendable {
    let nodes: [ShapeNode]
    let transform: TransformTrack?
    /// The group's slots in its parent's space (its own transform applied), when no frame can
    /// make them differ: every path in it is fixed, its transforms do not move, and it has no
    /// modifiers. Evaluation then shares these instead of moving the same paths every frame.
    let fixedSlots: [[BezierContour]]?
    /// How many path items and styles the group holds, nested groups included.
    let pathCount: Int
    let styleCount: Int
    /// True when nothing in the group changes over time: its slots are fixed, and so are the
    /// paint and opacity of its styles and the opacity of its groups.
    let isFixed: Bool

    init(items: [ShapeItem], transform: Transform?, jsonPath: String, context: ValueContext) {
        let transform = transform.map { TransformTrack($0, context: context) }
        var nodes: [ShapeNode] = []
        for (position, item) in items.enumerated() {
            if let node = ShapeKinds.node(for: item, jsonPath: "\(jsonPath)[\(position)]", context: context) {
                nodes.append(node)
            }
        }
        self.nodes = nodes
        self.transform = transform
        fixedSlots = Self.fixedSlots(of: nodes, transform: transform)
        (pathCount, styleCount) = nodes.reduce(into: (0, 0)) { counts, node in
            switch node {
            case .path: counts.0 += 1
            case .style: counts.1 += 1
            case .group(let child): counts = (counts.0 + child.pathCount, counts.1 + child.styleCount)
            case .modifier: break
            }
        }
        isFixed = fixedSlots != nil && transform?.opacity.isAnimated != true && nodes.allSatisfy { node in
            switch node {
            case .path, .modifier: true  // fixed slots already mean fixed paths and no modifiers
            case .style(let style): style.isPaintFixed && !style.opacity.isAnimated
            case .group(let child): child.isFixed
            }
        }
    }

    /// The slots `nodes` make, moved by `transform` as evaluation moves them when the group
    /// ends; nil when they can change from frame to frame.
    private static func fixedSlots(of nodes: [ShapeNode], transform: TransformTrack?) -> [[BezierContour]]? {
        guard let local = transform.map({ $0.fixedMatrix }) ?? .identity else { return nil }
        var slots: [[BezierContour]] = []
        for node in nodes {
            switch node {
            case .path(let path):
                guard let slot = path.fixedSlot, path.isSameAtAnyLimit else { return nil }
                slots.append(slot)
            case .group(let child):
                guard let childSlots = child.fixedSlots else { return nil }
                slots += childSlots
            case .style:
                continue
            case .modifier:
                // Modifiers spend the frame's vertex budget: what they make depends on the frame.
                return nil
            }
        }
        guard !local.isIdentity else { return slots }
        return slots.map { slot in slot.map { $0.applying(local) } }
    }
}

extension ShapeGroupNode {
    /// Adds where the group's compiled slots keep their elements and their contours' vertices.
    func addSharedStorage(to addresses: inout [UInt]) {
        func add(_ slot: [BezierContour]) {
            if let address = RecycledShapes.storage(of: slot) { addresses.append(address) }
            for contour in slot {
                if let address = RecycledShapes.storage(of: contour.vertices) { addresses.append(address) }
            }
        }
        fixedSlots?.forEach(add)
        for node in nodes {
            switch node {
            case .path(let path): path.fixedSlot.map(add)
            case .group(let child): child.addSharedStorage(to: &addresses)
            case .style, .modifier: break
            }
        }
    }
}

/// One compiled shape item: a group, or the node of its kind (`ShapeKinds`). Every payload is
/// shared, so walking the nodes each frame copies references, not tracks.
enum ShapeNode: Sendable {
    case group(ShapeGroupNode)
    case path(PathNode)
    case style(StyleNode)
    case modifier(any PathModifier)
}

// MARK: - Path nodes

/// A path item's geometry and, when none of its properties is animated, its contour made once.
final class PathNode: Sendable {
    let geometry: any PathGeometry
    /// The slot the item adds at every frame (its one contour), when that never changes.
    let fixedSlot: [BezierContour]?

    init(_ geometry: any PathGeometry) {
        self.geometry = geometry
        fixedSlot = geometry.isAnimated ? nil : [geometry.contour(at: 0)]
    }

    /// False for a geometry whose contour the limits can change (a polystar's points).
    var isSameAtAnyLimit: Bool {
        !geometry.dependsOnLimits
    }
}
