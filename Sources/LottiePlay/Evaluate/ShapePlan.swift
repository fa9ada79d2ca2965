// MARK: - ShapePlan

/// What a shape program without modifiers draws, worked out once: which paths each drawing
/// paints, through which groups each path is moved into layer space, and which drawing computes
/// a path that several paint. With it, a frame is written straight into the drawings the program
/// made for the frame before (`Timeline.update(_:toFrame:)`): every drawing has the same paths
/// at every frame, so each contour is overwritten where it stands, and none of the general
/// evaluation's working lists (slots, pending drawings, recycled storage) is needed.
///
/// It makes exactly what `ShapeEvaluation` makes: the same functions in the same order (each
/// group's matrix applied in turn from the innermost, a group compiled as fixed shares its
/// slots), and it steps aside for the general evaluation whenever that one would leave
/// something out or drop something: a limit reached, an empty contour, storage of another shape.
/// Only programs of groups, path items (no polystar, whose points the limits cap) and styles
/// have a plan, and only when every path is painted.
final class ShapePlan: Sendable {
    /// A group, parents before children; the root (no transform) first.
    struct GroupStep: Sendable {
        let transform: TransformTrack?
        let parent: Int
    }

    /// A path item, in the order evaluation adds its slot. Plain values, like `DrawingStep`.
    struct PathStep: @unchecked Sendable {
        /// The plan's `pathNodes` hold it.
        let node: Unmanaged<PathNode>
        /// Where, in the plan's `starts`, is the contour it starts from when it never changes
        /// before the groups move it (in the space of `firstMove`): its fixed group's slot when
        /// it is in one, else its own compiled contour; nil for a path that moves.
        let start: Int?
        /// The innermost group whose matrix moves it into layer space; that group's parent moves
        /// it next, and so on up to the root (0, which moves nothing).
        let firstMove: Int
        /// The drawing (painter's order) that computes it, and where that drawing lists it.
        let owner: Int
        let ownerPosition: Int
    }

    /// A drawing in painter's order: its style, the group the style is in, and its paths.
    /// Plain values: reading one costs no reference counting (a class, or a strong reference
    /// in it, was retained and released for every drawing of every frame).
    struct DrawingStep: @unchecked Sendable {
        /// The plan's `styles` hold it.
        let style: Unmanaged<StyleNode>
        let group: Int
        let paths: Range<Int>
        /// An earlier drawing painting exactly the same paths, whose list this one shares.
        let sameAs: Int?
    }

    /// The matrix and opacity of a group at a frame.
    struct GroupState {
        var local: AffineMatrix
        var groupToLayer: AffineMatrix
        var opacity: Double

        static let root = GroupState(local: .identity, groupToLayer: .identity, opacity: 1)
    }

    // What writing a frame reads comes first, in the order read.
    let paths: [PathStep]
    let drawings: [DrawingStep]
    /// The groups' matrices and opacities when no group moves (most programs: only their paths
    /// or styles do), computed once instead of every frame.
    let fixedStates: [GroupState]?
    /// Styles that paint no path (none before them in their group): evaluation makes no drawing
    /// of them, but counts one vertex for each against the budget.
    let unpaintingStyles: Int
    /// Whether a drawing shares an earlier one's list (`DrawingStep.sameAs`): most programs have
    /// none, and need no pass over their drawings to let such lists go.
    private let sharesLists: Bool
    let groups: [GroupStep]
    /// The contours paths that do not move start from (`PathStep.start`).
    private let starts: [BezierContour]
    /// The drawings' styles, held here for `DrawingStep.style`.
    private let styles: [StyleNode]
    /// The path items, held here for `PathStep.node`.
    private let pathNodes: [PathNode]

    /// Nil when the program holds something the plan does not follow (modifiers, polystars,
    /// paths no style paints, no style at all), or when its styles paint more paths together
    /// than `maxPaintedPaths` (the general evaluation, with its limits, draws it then).
    init?(_ root: ShapeGroupNode) {
        var builder = Builder()
        guard builder.add(root, parent: -1, fixed: nil) else { return nil }
        guard !builder.styles.isEmpty,
              builder.styles.reduce(0, { $0 + $1.paths.count }) <= Self.maxPaintedPaths else { return nil }
        // Drawings are recorded top first and painted bottom first.
        let styles = builder.styles.reversed().filter { !$0.paths.isEmpty }
        var owners = [(drawing: Int, position: Int)?](repeating: nil, count: builder.paths.count)
        var drawings: [DrawingStep] = []
        var firstPainting: [Range<Int>: Int] = [:]
        for (index, style) in styles.enumerated() {
            for path in style.paths where owners[path] == nil {
                owners[path] = (index, path - style.paths.lowerBound)
            }
            let sameAs = firstPainting[style.paths]
            if sameAs == nil { firstPainting[style.paths] = index }
            drawings.append(DrawingStep(style: Unmanaged.passUnretained(style.node), group: style.group,
                                        paths: style.paths, sameAs: sameAs))
        }
        var paths: [PathStep] = []
        var starts: [BezierContour] = []
        for (index, path) in builder.paths.enumerated() {
            guard let owner = owners[index] else { return nil }
            var start: Int?
            if let contour = path.fixedStart ?? path.node.fixedSlot?.first {
                start = starts.count
                starts.append(contour)
            }
            paths.append(PathStep(node: Unmanaged.passUnretained(path.node), start: start,
                                  firstMove: path.firstMove, owner: owner.drawing, ownerPosition: owner.position))
        }
        self.groups = builder.groups
        self.paths = paths
        self.starts = starts
        pathNodes = builder.paths.map(\.node)
        self.drawings = drawings
        sharesLists = drawings.contains { $0.sameAs != nil }
        self.styles = styles.map(\.node)
        unpaintingStyles = builder.styles.count - styles.count
        if builder.groups.allSatisfy({ $0.transform?.isAnimated != true }) {
            var states: [GroupState] = []
            Self.computeGroups(builder.groups, at: 0, into: &states)
            fixedStates = states
        } else {
            fixedStates = nil
        }
    }

    /// The contour path `index` starts from when it does not move (`PathStep.start`).
    func start(of index: Int) -> BezierContour? {
        paths[index].start.map { starts[$0] }
    }

    /// Drawings of the shape this plan writes, for a frame to be written into when there are
    /// none from the frame before (a layer coming in): the general evaluation costs several
    /// times more than writing.
    func blankDrawings() -> [ShapeDrawing] {
        zip(drawings, styles).map { step, style in
            ShapeDrawing(paths: Array(repeating: BezierContour(polygon: [], closed: false), count: step.paths.count),
                         paint: .fill(.black, .nonZero), opacity: 0, blendMode: style.blendMode,
                         jsonPath: style.jsonPath)
        }
    }

    /// Whether `drawings` have the shape this plan writes: as many drawings, each with as many
    /// paths (`write` checks it as it starts).
    func fits(_ drawings: [ShapeDrawing]) -> Bool {
        drawings.withUnsafeBufferPointer(fits)
    }

    private func fits(_ made: UnsafeBufferPointer<ShapeDrawing>) -> Bool {
        guard made.count == drawings.count else { return false }
        for index in made.indices where made[index].paths.count != drawings[index].paths.count { return false }
        return true
    }
}

// MARK: - Writing a frame

extension ShapePlan {
    /// The limits writing reads (`LottieLimits.maxPaths`, `maxDashes`): two numbers passed in
    /// registers, where the whole struct was copied onto the stack for every shape layer.
    struct Limits: Sendable {
        var maxPaths: Int
        var maxDashes: Int

        init(_ limits: LottieLimits) {
            maxPaths = limits.maxPaths
            maxDashes = limits.maxDashes
        }
    }

    /// The frame written over `recycled` (blank drawings made for it when there are none: a layer
    /// coming in), with what it drew and the most vertices the general evaluation would have asked
    /// for; nil when the plan cannot write it (`recycled`, left or given back, is then storage for
    /// the general evaluation).
    func writeFrame(over recycled: inout [ShapeDrawing]?, at frame: Double, limits: Limits, vertexLimit: Int,
                    states: UnsafeMutablePointer<[GroupState]>)
        -> (drawings: [ShapeDrawing], drawn: Int, demand: Int)? {
        // Taken out: `written` is then the only hold on the lists it writes over.
        var written = recycled.take() ?? blankDrawings()
        if let (drawn, demand) = write(&written, at: frame, limits: limits, vertexLimit: vertexLimit,
                                       states: &states.pointee) {
            return (written, drawn, demand)
        }
        recycled = consume written
        return nil
    }

    /// Writes the frame into `drawings`, spending at most `vertexLimit` vertices; what they drew
    /// and the most vertices the general evaluation would have asked for at once
    /// (`ShapeEvaluation.demand`). Nil when the general evaluation must make this frame (drawings
    /// of another shape than this plan's, a limit reached, an empty contour): `drawings` is then
    /// storage for it.
    /// `states`: working storage for the groups' matrices, kept by the caller.
    func write(_ drawings: inout [ShapeDrawing], at frame: Double, limits: Limits, vertexLimit: Int,
               states: inout [GroupState]) -> (drawn: Int, demand: Int)? {
        guard paths.count <= limits.maxPaths, self.drawings.count <= limits.maxPaths else { return nil }
        if let fixedStates {
            return write(&drawings, at: frame, limits: limits, vertexLimit: vertexLimit, states: fixedStates)
        }
        Self.computeGroups(groups, at: frame, into: &states)
        return write(&drawings, at: frame, limits: limits, vertexLimit: vertexLimit, states: states)
    }

    @inline(__always)
    private func write(_ drawings: inout [ShapeDrawing], at frame: Double, limits: Limits, vertexLimit: Int,
                       states: [GroupState]) -> (drawn: Int, demand: Int)? {
        var slotVertices = 0
        var drawn = unpaintingStyles
        let written = states.withUnsafeBufferPointer { states in
            drawings.withUnsafeMutableBufferPointer { made in
                // Checked here, not before: looking at the list outside its buffer retained and released it.
                guard fits(UnsafeBufferPointer(made)) else { return false }
                // A list two drawings share is let go by the second first, so the first writes it in place.
                if sharesLists {
                    for index in made.indices where self.drawings[index].sameAs != nil { made[index].paths = [] }
                }
                for index in made.indices {
                    guard let vertices = writePaths(of: index, into: made, states: states, at: frame,
                                                    slotVertices: &slotVertices) else { return false }
                    drawn += 1 + vertices
                    writePaint(of: index, into: &made[index], state: states[self.drawings[index].group],
                               at: frame, limits: limits)
                }
                return true
            }
        }
        guard written, slotVertices <= vertexLimit, drawn <= vertexLimit else { return nil }
        return (drawn, max(slotVertices, drawn))
    }

    /// Each group's matrix and opacity, parents first, as evaluation carries them down.
    private static func computeGroups(_ groups: [GroupStep], at frame: Double, into states: inout [GroupState]) {
        if states.count < groups.count {
            states.append(contentsOf: repeatElement(.root, count: groups.count - states.count))
        }
        groups.withUnsafeBufferPointer { groups in
            states.withUnsafeMutableBufferPointer { states in
                for index in groups.indices {
                    let group = groups[index]
                    guard group.parent >= 0 else {
                        states[index] = .root
                        continue
                    }
                    let local = group.transform?.matrix(at: frame) ?? .identity
                    let opacity = group.transform?.opacity(at: frame) ?? 1
                    states[index] = GroupState(local: local, groupToLayer: states[group.parent].groupToLayer * local,
                                               opacity: states[group.parent].opacity * opacity)
                }
            }
        }
    }

    /// Writes the paths of drawing `index`: those it computes, and those an earlier drawing
    /// computed (copied, or its whole list shared). Their vertices; nil at an empty contour,
    /// which evaluation leaves out of a drawing.
    private func writePaths(of index: Int, into made: UnsafeMutableBufferPointer<ShapeDrawing>,
                            states: UnsafeBufferPointer<GroupState>, at frame: Double,
                            slotVertices: inout Int) -> Int? {
        let step = drawings[index]
        if let same = step.sameAs {
            made[index].paths = made[same].paths
            // Through the buffer: iterating the list would copy (retain and release) each contour.
            return made[index].paths.withUnsafeBufferPointer { contours in
                contours.reduce(0) { $0 + $1.vertices.count }
            }
        }
        return paths.withUnsafeBufferPointer { paths in
            made[index].paths.withUnsafeMutableBufferPointer { contours -> Int? in
                var vertices = 0
                for position in contours.indices {
                    let path = paths[step.paths.lowerBound + position]
                    if path.owner == index {
                        write(path, into: &contours[position], states: states, at: frame)
                        slotVertices += contours[position].vertices.count
                    } else {
                        contours[position].set(to: made[path.owner].paths[path.ownerPosition])
                    }
                    let count = contours[position].vertices.count
                    guard count > 0 else { return nil }
                    vertices += count
                }
                return vertices
            }
        }
    }

    /// A path in layer space: its contour (made once when fixed), moved by each enclosing
    /// group in turn, innermost first. The innermost group that moves it (most paths have one)
    /// moves its points as they are written: the same points, one pass over them fewer.
    private func write(_ path: PathStep, into contour: inout BezierContour,
                       states: UnsafeBufferPointer<GroupState>, at frame: Double) {
        groups.withUnsafeBufferPointer { groups in
            var group = path.firstMove
            while group > 0, states[group].local.isIdentity { group = groups[group].parent }
            if let start = path.start {
                guard group > 0 else {
                    contour = starts[start]
                    return
                }
                contour.set(to: starts[start], applying: states[group].local)
            } else if group > 0 {
                path.node._withUnsafeGuaranteedRef {
                    $0.source.contour(at: frame, into: &contour, applying: states[group].local)
                }
            } else {
                path.node._withUnsafeGuaranteedRef { $0.source.contour(at: frame, into: &contour) }
                return
            }
            group = groups[group].parent
            while group > 0 {
                let local = states[group].local
                if !local.isIdentity { contour.apply(local) }
                group = groups[group].parent
            }
        }
    }

    /// The drawing's paint in layer space, opacity and the rest, as evaluation makes them.
    private func writePaint(of index: Int, into drawing: inout ShapeDrawing, state: GroupState,
                            at frame: Double, limits: Limits) {
        drawings[index].style._withUnsafeGuaranteedRef { style in
            writePaint(of: style, into: &drawing, state: state, at: frame, limits: limits)
        }
    }

    private func writePaint(of style: StyleNode, into drawing: inout ShapeDrawing, state: GroupState,
                            at frame: Double, limits: Limits) {
        if let fill = style.fixedFill {
            // Copying a paint (an enum with boxed cases) costs more than looking at the one there.
            if case .fill(let color, let rule) = drawing.paint, color == fill.color, rule == fill.rule {} else {
                drawing.paint = .fill(fill.color, fill.rule)
            }
        } else if style.isGradient {
            style.writeGradient(at: frame, carriedBy: state.groupToLayer, paths: drawing.paths,
                                maxDashes: limits.maxDashes, over: &drawing.paint)
        } else {
            let paint = ShapeEvaluation.dashesWithinLimit(style.paint(at: frame), paths: drawing.paths,
                                                          maxDashes: limits.maxDashes)
            drawing.paint = paint.carried(by: state.groupToLayer)
        }
        drawing.opacity = state.opacity * min(max(style.opacity.value(at: frame) / 100, 0), 1)
        drawing.blendMode = style.blendMode
        if drawing.jsonPath != style.jsonPath { drawing.jsonPath = style.jsonPath }
    }
}

// MARK: - Building

extension ShapePlan {
    /// The most paths the styles of a plan paint together, counting a path once per style: the
    /// work of writing a frame, and of making the plan.
    static let maxPaintedPaths = 1 << 20

    private struct Builder {
        struct PendingPath {
            let node: PathNode
            let fixedStart: BezierContour?
            let firstMove: Int
        }

        struct PendingStyle {
            let node: StyleNode
            let group: Int
            let paths: Range<Int>
        }

        /// The slots of the outermost fixed group being walked, in its parent's space, and that
        /// parent, which moves them first.
        struct FixedSource {
            let slots: [[BezierContour]]
            let firstPath: Int
            let firstMove: Int
        }

        var groups: [GroupStep] = []
        var paths: [PendingPath] = []
        var styles: [PendingStyle] = []

        /// Adds a group as evaluation walks it (the root has no parent, -1).
        mutating func add(_ group: ShapeGroupNode, parent: Int, fixed: FixedSource?) -> Bool {
            let index = groups.count
            groups.append(GroupStep(transform: group.transform, parent: parent))
            let firstPath = paths.count
            for node in group.nodes {
                switch node {
                case .path(let path):
                    if case .polystar = path.source { return false }
                    paths.append(pendingPath(path, in: index, fixed: fixed))
                case .group(let child):
                    var childFixed = fixed
                    if fixed == nil, let slots = child.fixedSlots {
                        guard slots.count == child.pathCount, slots.allSatisfy({ $0.count == 1 }) else { return false }
                        childFixed = FixedSource(slots: slots, firstPath: paths.count, firstMove: index)
                    }
                    guard add(child, parent: index, fixed: childFixed) else { return false }
                case .style(let style):
                    styles.append(PendingStyle(node: style, group: index, paths: firstPath..<paths.count))
                case .modifier:
                    return false
                }
            }
            return true
        }

        /// A path as evaluation moves it: from its fixed group's slot when it is in one, else
        /// from its own contour through every enclosing group.
        private func pendingPath(_ path: PathNode, in group: Int, fixed: FixedSource?) -> PendingPath {
            guard let fixed else { return PendingPath(node: path, fixedStart: nil, firstMove: group) }
            let start = fixed.slots[paths.count - fixed.firstPath][0]
            return PendingPath(node: path, fixedStart: start, firstMove: fixed.firstMove)
        }
    }
}
