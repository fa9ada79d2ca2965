import LottieModel

// MARK: - ShapeProgram

/// A shape layer's items compiled into a tree of nodes with ready tracks. Hidden items are
/// dropped here; unknown items and merge paths (not supported yet) are passed over.
/// A class: a layer's content is read every frame, and a struct this size (the fixed drawings
/// carry their limits) would be copied each time.
final class ShapeProgram: Sendable {
    // What a frame reads comes first, in the order read (`drawings(at:...)`).
    /// The drawings, made once, of a program in which nothing moves.
    private let fixed: FixedDrawings?
    /// The slot of the program's drawings in a frame's `StillMemory` (nil: they are not kept from
    /// frame to frame), and where nothing in the program moves, when it moves at all.
    let stillSlot: Int?
    /// How a frame is written over the drawings of the frame before, when the program is simple
    /// enough (no modifiers): nil for a program that never moves.
    let plan: ShapePlan?
    let stillSpans: StillSpans?
    /// The storage of the compiled paths that evaluation shares into drawings (lists and
    /// contour vertices): recycling leaves it alone.
    let sharedStorage: StorageAddresses
    let root: ShapeGroupNode

    /// `stillSlot`: where the drawings of its still stretches are kept (unique in a timeline).
    init(_ items: [ShapeItem], jsonPath: String, context: ValueContext, stillSlot: Int? = nil) {
        root = ShapeGroupNode(items: items, transform: nil, jsonPath: jsonPath, context: context)
        fixed = root.isFixed ? FixedDrawings(root, limits: context.limits) : nil
        var shared: [UInt] = []
        if fixed == nil { root.addSharedStorage(to: &shared) }
        sharedStorage = StorageAddresses(shared)
        plan = fixed == nil ? ShapePlan(root) : nil
        if fixed == nil, let stillSlot {
            var motion = MotionCollector()
            root.addMotion(to: &motion)
            stillSpans = motion.spans()
            self.stillSlot = stillSpans == nil ? nil : stillSlot
        } else {
            stillSpans = nil
            self.stillSlot = nil
        }
    }

    /// The still stretch `frame` is in, when the program's drawings are kept over still stretches
    /// (`stillSlot`) and nothing moves at that frame.
    func keptSpan(at frame: Double) -> Int? {
        stillSlot == nil ? nil : stillSpans?.span(at: frame)
    }

    /// The drawings made at compile time, when they are what evaluating now would make: the
    /// limits are the same and the budget left covers every vertex check the evaluation made
    /// (without modifiers the counts only grow, so passing at the end means passing all along).
    /// `compiledLimits`: `limits` are those the program was compiled with (a timeline evaluating
    /// its own layers), so they need no comparing (which cost more than the rest of a still layer).
    func fixedDrawings(limits: LottieLimits, compiledLimits: Bool = false,
                       vertexBudget: Int) -> (drawings: [ShapeDrawing], drawn: Int)? {
        // Read through the optional: binding `fixed` retained it for every still layer of every frame.
        guard let need = fixed?.vertexNeed, need <= vertexBudget, compiledLimits || fixed?.limits == limits,
              let drawings = fixed?.drawings, let drawn = fixed?.drawn else { return nil }
        return (drawings, drawn)
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
            if let node = ShapeNode(item, jsonPath: "\(jsonPath)[\(position)]", context: context) {
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
            case .style(let style): style.fixedPaint != nil && !style.opacity.isAnimated
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

/// One compiled shape item. Every payload but a modifier's is a shared class, so walking the
/// nodes each frame copies references, not tracks.
enum ShapeNode: Sendable {
    case group(ShapeGroupNode)
    case path(PathNode)
    case style(StyleNode)
    indirect case modifier(ModifierNode)

    init?(_ item: ShapeItem, jsonPath: String, context: ValueContext) {
        switch item {
        case .group(let group):
            guard group.hidden != true else { return nil }
            self = .group(ShapeGroupNode(
                items: group.items, transform: group.transform?.transform, jsonPath: jsonPath + ".it", context: context))
        case .path(let shape):
            guard shape.hidden != true else { return nil }
            self = .path(PathNode(.path(BezierPathTrack(
                PropertyTrack(shape.path, fallback: BezierContour(polygon: [], closed: false), context: context),
                reversed: shape.direction == 3))))
        case .rectangle(let shape):
            guard shape.hidden != true else { return nil }
            self = .path(PathNode(.rectangle(RectangleTracks(shape, context: context))))
        case .ellipse(let shape):
            guard shape.hidden != true else { return nil }
            self = .path(PathNode(.ellipse(EllipseTracks(shape, context: context))))
        case .polystar(let shape):
            guard shape.hidden != true else { return nil }
            self = .path(PathNode(.polystar(PolystarTracks(shape, context: context))))
        case .fill, .stroke, .gradientFill, .gradientStroke:
            guard let style = StyleNode(item, jsonPath: jsonPath, context: context) else { return nil }
            self = .style(style)
        case .trimPath, .roundedCorners, .repeater, .puckerBloat, .zigZag, .offsetPath:
            guard let modifier = ModifierNode(item, context: context) else { return nil }
            self = .modifier(modifier)
        case .transform, .merge, .unknown:
            return nil
        }
    }
}

// MARK: - Path nodes

/// A path item and, when none of its properties is animated, its contour made once.
final class PathNode: Sendable {
    let source: PathSource
    /// The slot the item adds at every frame (its one contour), when that never changes.
    let fixedSlot: [BezierContour]?

    init(_ source: PathSource) {
        self.source = source
        fixedSlot = source.isAnimated ? nil : [source.contour(at: 0)]
    }

    /// False for a polystar, whose point count evaluation caps by the limits it is given.
    var isSameAtAnyLimit: Bool {
        if case .polystar = source { return false }
        return true
    }
}

// MARK: - Path sources

/// An item that makes a path. The shapes' tracks are shared classes (a polystar's, boxed): a
/// source is read for every path of every frame, and copying its tracks out of a box retained
/// each of their lists.
enum PathSource: Sendable {
    case path(BezierPathTrack)
    case rectangle(RectangleTracks)
    case ellipse(EllipseTracks)
    indirect case polystar(PolystarTracks)

    /// Whether any property of the item changes over time.
    var isAnimated: Bool {
        switch self {
        case .path(let path): path.track.isAnimated
        case .rectangle(let tracks): tracks.position.isAnimated || tracks.size.isAnimated || tracks.roundness.isAnimated
        case .ellipse(let tracks): tracks.position.isAnimated || tracks.size.isAnimated
        case .polystar(let tracks):
            tracks.position.isAnimated || tracks.points.isAnimated || tracks.rotation.isAnimated
                || tracks.outerRadius.isAnimated || tracks.outerRoundness.isAnimated
                || tracks.innerRadius.isAnimated || tracks.innerRoundness.isAnimated
        }
    }

    func contour(at frame: Double) -> BezierContour {
        var contour = BezierContour(vertices: [], inTangents: [], outTangents: [], closed: false)
        self.contour(at: frame, into: &contour)
        return contour
    }

    /// The contour at a frame, written into `contour`'s storage where the shape allows.
    func contour(at frame: Double, into contour: inout BezierContour) {
        switch self {
        case .path(let path):
            path.contour(at: frame, into: &contour)
        case .ellipse(let tracks): tracks.contour(at: frame, into: &contour)
        case .rectangle(let tracks): tracks.contour(at: frame, into: &contour)
        case .polystar(let tracks): tracks.contour(at: frame, into: &contour)
        }
    }

    /// The contour at a frame moved by `transform` (`BezierContour.apply(_:)`): animated paths and
    /// ellipses move their points as they write them.
    func contour(at frame: Double, into contour: inout BezierContour, applying transform: AffineMatrix) {
        switch self {
        case .path(let path):
            path.contour(at: frame, into: &contour, applying: transform)
        case .ellipse(let tracks):
            tracks.contour(at: frame, into: &contour, applying: transform)
        case .rectangle, .polystar:
            self.contour(at: frame, into: &contour)
            contour.apply(transform)
        }
    }
}

/// A path item's own path.
final class BezierPathTrack: Sendable {
    let track: PropertyTrack<BezierContour>
    let reversed: Bool
    /// The keys' contours, read by address every frame (nil when the path does not move).
    private let contourKeys: ContourKeys?
    /// `contourKeys`, read without reference counting (binding the optional retained and released
    /// it for every moving path of every frame); `contourKeys` holds it.
    private let flatKeys: Unmanaged<ContourKeys>?

    init(_ track: PropertyTrack<BezierContour>, reversed: Bool) {
        self.track = track
        self.reversed = reversed
        contourKeys = track.contourKeys()
        flatKeys = contourKeys.map(Unmanaged.passUnretained)
    }

    /// The contour at a frame, written into `contour`'s storage.
    func contour(at frame: Double, into contour: inout BezierContour) {
        if let flatKeys {
            flatKeys._withUnsafeGuaranteedRef { track.contour(at: frame, into: &contour, keys: $0) }
        } else {
            track.contour(at: frame, into: &contour)
        }
        if reversed { contour.reverse() }
    }

    /// The contour at a frame moved by `transform` (reversing after it changes no point: it only
    /// reorders them).
    func contour(at frame: Double, into contour: inout BezierContour, applying transform: AffineMatrix) {
        if let flatKeys {
            flatKeys._withUnsafeGuaranteedRef {
                track.contour(at: frame, into: &contour, keys: $0, applying: transform)
            }
        } else {
            track.contour(at: frame, into: &contour)
            contour.apply(transform)
        }
        if reversed { contour.reverse() }
    }
}

final class RectangleTracks: Sendable {
    let position: PropertyTrack<Vector2>
    let size: PropertyTrack<PlainVector2>
    let roundness: PropertyTrack<Double>
    let reversed: Bool

    init(_ shape: RectangleShape, context: ValueContext) {
        position = PropertyTrack(shape.position, fallback: .zero, context: context)
        size = PropertyTrack(shape.size, fallback: PlainVector2(.zero), context: context)
        roundness = PropertyTrack(shape.roundness, fallback: 0, context: context)
        reversed = shape.direction == 3
    }

    /// The rectangle at a frame (`BezierContour.rectangle`), written into `contour`'s storage.
    func contour(at frame: Double, into contour: inout BezierContour) {
        BezierContour.writeRectangle(center: position.value(at: frame), size: size.value(at: frame).value,
                                     cornerRadius: roundness.value(at: frame), reversed: reversed, into: &contour)
    }
}

final class EllipseTracks: Sendable {
    let position: PropertyTrack<Vector2>
    let size: PropertyTrack<PlainVector2>
    let reversed: Bool

    init(_ shape: EllipseShape, context: ValueContext) {
        position = PropertyTrack(shape.position, fallback: .zero, context: context)
        size = PropertyTrack(shape.size, fallback: PlainVector2(.zero), context: context)
        reversed = shape.direction == 3
    }

    /// The ellipse at a frame, written into `contour`'s storage.
    func contour(at frame: Double, into contour: inout BezierContour) {
        contour.setToEllipse(center: position.value(at: frame), size: size.value(at: frame).value, reversed: reversed)
    }

    /// The ellipse at a frame moved by `transform`.
    func contour(at frame: Double, into contour: inout BezierContour, applying transform: AffineMatrix) {
        contour.setToEllipse(center: position.value(at: frame), size: size.value(at: frame).value, reversed: reversed,
                             applying: transform)
    }
}

struct PolystarTracks: Sendable {
    var isStar: Bool
    var position: PropertyTrack<Vector2>
    var points: PropertyTrack<Double>
    var rotation: PropertyTrack<Double>
    var outerRadius: PropertyTrack<Double>
    var outerRoundness: PropertyTrack<Double>
    var innerRadius: PropertyTrack<Double>
    var innerRoundness: PropertyTrack<Double>
    var reversed: Bool

    init(_ shape: PolystarShape, context: ValueContext) {
        isStar = shape.starType != 2
        position = PropertyTrack(shape.position, fallback: .zero, context: context)
        points = PropertyTrack(shape.points, fallback: 5, context: context)
        rotation = PropertyTrack(shape.rotation, fallback: 0, context: context)
        outerRadius = PropertyTrack(shape.outerRadius, fallback: 0, context: context)
        outerRoundness = PropertyTrack(shape.outerRoundness, fallback: 0, context: context)
        innerRadius = PropertyTrack(shape.innerRadius, fallback: 0, context: context)
        innerRoundness = PropertyTrack(shape.innerRoundness, fallback: 0, context: context)
        reversed = shape.direction == 3
    }

    /// The polystar at a frame (`BezierContour.polystar`), written into `contour`'s storage.
    func contour(at frame: Double, into contour: inout BezierContour) {
        BezierContour.writePolystar(
            isStar ? .star : .polygon, center: position.value(at: frame), points: points.value(at: frame),
            rotation: rotation.value(at: frame), outerRadius: outerRadius.value(at: frame),
            outerRoundness: outerRoundness.value(at: frame), innerRadius: innerRadius.value(at: frame),
            innerRoundness: innerRoundness.value(at: frame), reversed: reversed, into: &contour)
    }
}
