import LottieModel

// MARK: - FrameEvaluator

/// Evaluates a timeline's compositions at a frame into scene layers (FORMAT.md "Time", "Layers
/// and transforms"): visibility by in and out points, world matrices through parent chains,
/// precomp time `(t - st) / sr` or time remapping, mattes attached to the layers they mask.
///
/// Each layer's outputs come from its `LayerState`: made again only when an input changed since
/// they were made (`LayerState.Moment`), else used as they are. A scene being updated keeps its
/// entries where they stand, and an entry whose layer draws what it drew is not written at all.
///
/// Limits (`LottieLimits`): precomps deeper than `maxPrecompDepth` draw nothing; once
/// `maxLayers` layers have been evaluated for the frame (counting every precomp instance's
/// layers) the rest are skipped, so precomps that double at every level cannot make a frame
/// take forever; and all shape and text layers of the frame share `maxFrameVertices`. Parent
/// chains are evaluated once per composition instance, however long.
struct FrameEvaluator {
    let compiled: CompiledParts
    let limits: LottieLimits
    let frameRate: Double
    /// True at the very end of the animation, where out points are inclusive.
    let inclusiveEnd: Bool
    let graph: GraphState
    /// What the frame counts, taken out of `graph` for the frame.
    var counts: FrameCounts
    /// The camera of the composition being listed, when it has one.
    var camera: CameraView? = nil

    /// Lists the visible layers of a composition instance at its local `frame` over `result`
    /// (the list of a scene being replaced, or an empty one), bottom first: the entry of a layer
    /// listed in the same place before is updated in place. Returns whether the list changed
    /// (an entry written, added or removed). `size`: the composition's, whose centre a camera
    /// looks through.
    @discardableResult
    mutating func list(_ composition: CompiledComposition, state: CompositionState, at frame: Double, size: Vector2,
              parentTransform: AffineMatrix, depth: Int, over result: inout [SceneLayer]) -> Bool {
        let layers = composition.layers
        let enclosingCamera = camera
        camera = composition.cameraPositions.isEmpty ? nil
            : CameraView(composition, at: frame, inclusiveEnd: inclusiveEnd, size: size, outer: parentTransform)
        defer { camera = enclosingCamera }
        // The states are taken out of their holder while the composition is listed: accessed
        // through the class, each would be checked for exclusivity.
        var states: [LayerState] = []
        swap(&states, &state.layers)
        if states.count != layers.count {
            states = graph.makeStates(count: layers.count) ?? Array(repeating: LayerState(), count: layers.count)
        }
        defer { swap(&states, &state.layers) }

        // Room up front for the active layers of a new list, so that it does not grow by copying.
        if result.isEmpty, result.capacity < layers.count { result.reserveCapacity(activeCount(of: layers, at: frame)) }
        var worlds = WorldTransforms(count: layers.count, hasParents: composition.hasParents, graph: graph)
        defer { worlds.giveStorage(to: graph) }
        var listed = 0
        var changed = false
        for position in layers.indices.reversed() {
            let layer = layers[position]
            guard isListed(layer, at: frame) else { continue }
            let placement = seen(position, in: layers, worlds: &worlds, states: &states, at: frame,
                                 parentTransform: parentTransform)
            // The layer's own entry where it was (most layers at most frames) is told by one
            // comparison: each comparison of identities read out of the list counts references.
            if listed == result.count || result[listed].identity !== layer.identity {
                align(layer, at: listed, in: &result, frame: frame)
                if listed == result.count { result.append(Self.blank(layer, at: frame)) }
                if result[listed].identity !== layer.identity {
                    letGoOfEntryElsewhere(layer, from: states[position].entryIndex, at: listed, in: &result)
                    Self.give(&result[listed], to: layer)
                }
            }
            states[position].entryIndex = listed
            states[position].listedFrame = counts.frameNumber
            let drawn = SceneLayer.isDrawn(opacity: placement.opacity)
            changed = write(layer, at: position, in: composition, states: &states, over: &result[listed],
                            at: frame, placement: placement, drawn: drawn,
                            parentTransform: parentTransform, depth: depth, worlds: &worlds) || changed
            listed += 1
        }
        if listed < result.count {
            result.removeLast(result.count - listed)
            changed = true
        }
        return changed
    }

    /// Where the layer at `position` lands at `frame` and its opacity: through its parents, or,
    /// for a 3D layer of a composition with a camera, as the camera sees it (opacity 0 when it
    /// is behind the camera).
    private mutating func seen(_ position: Int, in layers: [CompiledLayer], worlds: inout WorldTransforms,
                               states: inout [LayerState], at frame: Double, parentTransform: AffineMatrix) -> Placement {
        let own = worlds.placement(of: position, in: layers, states: &states, at: frame)
        guard camera != nil, layers[position].is3D else {
            return Placement(world: parentTransform * own.matrix, projection: nil, opacity: own.opacity)
        }
        guard let seen = camera?.placement(of: position) else {
            return Placement(world: parentTransform, projection: nil, opacity: 0)
        }
        return Placement(world: seen.world, projection: seen.projection, opacity: own.opacity)
    }

    /// Where a layer lands on the canvas, and its own opacity.
    struct Placement {
        var world: AffineMatrix
        var projection: LayerProjection?
        var opacity: Double
    }

    /// Whether `layer` is listed at `frame`, having taken its place in the budget. A layer that
    /// draws nothing (a null) takes its place and is not listed: its matrix is worked out when a
    /// child asks.
    private mutating func isListed(_ layer: CompiledLayer, at frame: Double) -> Bool {
        switch layer.listing(at: frame, inclusiveEnd: inclusiveEnd) {
        case .skipped:
            return false
        case .counted:
            _ = counts.takeLayer()
            return false
        case .listed:
            return counts.takeLayer()
        }
    }

    /// How many of `layers` may be listed at `frame` (at most).
    private func activeCount(of layers: [CompiledLayer], at frame: Double) -> Int {
        layers.count { $0.isActive(at: frame, inclusiveEnd: inclusiveEnd) && !$0.isMatteSource }
    }

    /// An entry for `layer` that shows nothing yet (revision 0: written in full).
    private static func blank(_ layer: CompiledLayer, at frame: Double) -> SceneLayer {
        SceneLayer(identity: layer.identity, localFrame: frame, transform: .identity, opacity: 0,
                   blendMode: layer.blendMode, content: .empty)
    }

    // MARK: Entries in place

    /// Brings the entry `layer` had in the list being replaced to `position`, where another
    /// layer's entry is (or none): layers listed before it may have left (their entries, a few
    /// places on, are dropped), or it may have just come in (a blank entry is put in for it).
    /// Each change moves the entries after it, so only lists short enough for that to stay cheap
    /// are kept in step; in a longer one the entry at `position` is written over, whatever layer
    /// it was.
    private func align(_ layer: CompiledLayer, at position: Int, in result: inout [SceneLayer], frame: Double) {
        guard position < result.count, result.count <= Self.maxAlignedList else { return }
        let searched = result.indices.suffix(from: position + 1).prefix(Self.replacedLookahead)
        if let found = searched.first(where: { result[$0].identity === layer.identity }) {
            result.removeSubrange(position..<found)
        } else {
            result.insert(Self.blank(layer, at: frame), at: position)
        }
    }

    /// When the entry at `position` is not the layer's own (in a list too long to keep in step,
    /// layers came or went before it), the layer's entry from the frame before (at `old`) lets
    /// go of the layer's outputs: the state then writes them in place, and that entry is written
    /// in full by whatever layer is listed there.
    private func letGoOfEntryElsewhere(_ layer: CompiledLayer, from old: Int, at position: Int,
                                       in result: inout [SceneLayer]) {
        guard old != position, result.indices.contains(old), result[old].identity === layer.identity else { return }
        result[old].content = .empty
        result[old].masks = []
        result[old].matte = nil
        result[old].revision = 0
    }

    /// Makes another layer's entry (or a blank one) `layer`'s: its identity, and revision 0, so
    /// that `write` writes it in full.
    private static func give(_ entry: inout SceneLayer, to layer: CompiledLayer) {
        entry.identity = layer.identity
        entry.revision = 0
    }

    /// How far ahead a layer's entry is looked for, and the longest list kept in step.
    private static let replacedLookahead = 8
    private static let maxAlignedList = 64

    /// What evaluating a layer's outputs did: whether each changed, and whether the entry let go
    /// of it so that the state could write it in place (it is then given back).
    private struct Outputs {
        var changed = false
        var contentLetGo = false
        var masksLetGo = false
        var matteLetGo = false
    }

    /// Evaluates the outputs of `layer` (at `position` of `composition`) into its state and
    /// writes them over `entry` (the layer's: it has its identity) when what the layer draws
    /// changed; returns whether the entry changed. `drawn`: whether the layer's content, masks
    /// and matte are evaluated (false for a layer at opacity 0: what it would draw, a precomp's
    /// layers included, is not evaluated, as rlottie does not update a layer whose alpha is 0;
    /// its state keeps what it had).
    /// `matteSource`: the layer is drawn as another's track matte (no matte of its own).
    private mutating func write(_ layer: CompiledLayer, at position: Int, in composition: CompiledComposition,
                       states: inout [LayerState], over entry: inout SceneLayer, at frame: Double,
                       placement: Placement, drawn: Bool, matteSource: Bool = false,
                       parentTransform: AffineMatrix, depth: Int, worlds: inout WorldTransforms) -> Bool {
        let world = placement.world
        entry.localFrame = frame
        // Each output is written in the state in place, in its own access: the matte's source is
        // written through the same list of states.
        var outputs = Outputs()
        if drawn {
            // What the entry holds of the state's outputs is let go before the state writes them
            // again, so that they are written into their own storage.
            updateContent(layer, state: &states[position], entry: &entry, at: frame, world: world, depth: depth,
                          outputs: &outputs)
            if !matteSource {
                // Taken out while its source is written (and not asked whether it is there first:
                // asking held it, and it was copied to be written).
                var matte = states[position].matte.take()
                if layer.matteMode != nil || matte != nil {
                    updateMatte(of: layer, matte: &matte, in: composition, states: &states, entry: &entry,
                                at: frame, parentTransform: parentTransform, depth: depth, worlds: &worlds,
                                outputs: &outputs)
                }
                states[position].matte = consume matte
            }
            if !layer.masks.isEmpty || !states[position].masks.isEmpty {
                updateMasks(layer, state: &states[position], entry: &entry, at: frame, outputs: &outputs)
            }
            if !layer.effects.isEmpty { updateEffects(layer, state: &states[position], at: frame, outputs: &outputs) }
        }
        return show(layer, state: &states[position], over: &entry, placement: placement, drawn: drawn,
                    matteSource: matteSource, outputs: outputs)
    }

    /// Writes the state's outputs over `entry` when what the layer draws changed (a new revision);
    /// returns whether the entry changed.
    private func show(_ layer: CompiledLayer, state: inout LayerState, over entry: inout SceneLayer,
                      placement: Placement, drawn: Bool, matteSource: Bool, outputs: Outputs) -> Bool {
        let shown = LayerState.Shown(world: placement.world, projection: placement.projection,
                                     opacity: placement.opacity, drawn: drawn)
        let before = (revision: state.revision, drawn: state.shown?.drawn)
        if outputs.changed || state.shown != shown {
            state.shown = shown
            state.revise()
        }
        guard entry.revision != state.revision else {
            // Draws what it drew: what the entry let go of goes back, and nothing else is written.
            giveBack(state, to: &entry, outputs: outputs)
            return false
        }
        // The entry showed the state's outputs as they still are, drawn as they still are: only
        // the placement moved, and the entry keeps what it holds.
        let placementOnly = !outputs.changed && entry.revision == before.revision && before.drawn == drawn
        entry.transform = placement.world
        entry.projection = placement.projection
        entry.opacity = placement.opacity
        entry.blendMode = layer.blendMode
        entry.revision = state.revision
        if placementOnly {
            giveBack(state, to: &entry, outputs: outputs)
            return true
        }
        if drawn {
            entry.content = state.content
            entry.masks = state.masks
            if !matteSource { entry.matte = state.matte }
            entry.effects = state.effects
        } else {
            if !entry.content.isEmpty { entry.content = .empty }
            if !entry.masks.isEmpty { entry.masks = [] }
            if entry.matte != nil { entry.matte = nil }
            if !entry.effects.isEmpty { entry.effects = [] }
        }
        return true
    }

    /// Gives back to the entry what it let go of so that the state could write it in place, when
    /// the state did not write it.
    private func giveBack(_ state: LayerState, to entry: inout SceneLayer, outputs: Outputs) {
        guard outputs.contentLetGo || outputs.masksLetGo || outputs.matteLetGo else { return }
        if outputs.contentLetGo { entry.content = state.content }
        if outputs.masksLetGo { entry.masks = state.masks }
        if outputs.matteLetGo { entry.matte = state.matte }
    }

    // MARK: Effects

    /// The layer's effects at `frame`, kept in the state when they changed. Effects are few and
    /// their values small: they are evaluated every frame and compared.
    private func updateEffects(_ layer: CompiledLayer, state: inout LayerState, at frame: Double,
                               outputs: inout Outputs) {
        let effects = layer.effects.map { $0.value(at: frame) }
        guard effects != state.effects else { return }
        state.effects = effects
        outputs.changed = true
    }

    // MARK: Content

    /// Makes the layer's content again when an input changed since it was made, into the
    /// storage it had (the entry lets go of it first).
    private mutating func updateContent(_ layer: CompiledLayer, state: inout LayerState, entry: inout SceneLayer,
                               at frame: Double, world: AffineMatrix, depth: Int, outputs: inout Outputs) {
        if let program = layer.shapeProgram {
            updateShapes(program, state: &state, entry: &entry, at: frame, outputs: &outputs)
            return
        }
        if let precomp = layer.precomp {
            updatePrecomp(layer, precomp, state: &state, entry: &entry, at: frame, world: world, depth: depth,
                          outputs: &outputs)
            return
        }
        switch layer.content {
        case .shapes, .precomp, .camera, .none:
            // Shape layers have their `shapeProgram`, precomps their `precomp`; a layer of no content is not listed.
            setFixedContent(.empty, state: &state, outputs: &outputs)
        case .solid(let color, let width, let height):
            setFixedContent(.solid(color: color, width: width, height: height), state: &state, outputs: &outputs)
        case .image(let assetID, let width, let height):
            setFixedContent(.image(assetID: assetID, width: width, height: height), state: &state, outputs: &outputs)
        case .text(let track):
            updateText(track, state: &state, entry: &entry, at: frame, outputs: &outputs)
        }
    }

    /// Content that never changes (a solid, an image), set once.
    private func setFixedContent(_ content: SceneContent, state: inout LayerState, outputs: inout Outputs) {
        guard !state.contentIsFixed else { return }
        state.content = content
        state.contentIsFixed = true
        state.contentMoment = .none
        outputs.changed = true
    }

    /// A shape layer's drawings: those made at compile time when nothing in it moves; those
    /// made before when they were made for the same moment within the budget left; else made
    /// again over the drawings it had.
    private mutating func updateShapes(_ program: ShapeProgram, state: inout LayerState, entry: inout SceneLayer,
                              at frame: Double, outputs: inout Outputs) {
        if let drawn = program.fixedDrawn(limits: limits, compiledLimits: true, vertexBudget: counts.verticesLeft) {
            counts.verticesLeft -= drawn
            guard !state.contentIsFixed, let drawings = program.compiledDrawings else { return }
            state.content = .shapes(drawings)
            state.contentIsFixed = true
            state.contentMoment = .none
            keep(drawn: 0, demand: 0, in: &state)
            outputs.changed = true
            return
        }
        let span = program.stillSpans?.span(at: frame)
        if state.contentMoment.holds(span: span, frame: frame), state.demand <= counts.verticesLeft {
            counts.verticesLeft -= state.drawn
            return
        }
        letGoContent(of: &entry, outputs: &outputs)
        // Taken out as the argument, not bound first: a binding would hold the drawings too, and
        // taking them apart would copy them.
        let made = program.evaluate(at: frame, limits: limits, vertexBudget: counts.verticesLeft,
                                    evaluation: &graph.shapes, storage: &state.shapeStorage,
                                    previous: state.content.takeDrawings())
        counts.verticesLeft -= made.drawn
        state.content = .shapes(made.drawings)
        state.contentIsFixed = false
        // Kept for the moment only when no limit left something out: another budget could leave out something else.
        state.contentMoment = made.limited ? .none : LayerState.Moment(span, frame: frame)
        keep(drawn: made.drawn, demand: made.demand, in: &state)
        outputs.changed = true
    }

    /// A text layer's glyphs, laid out once for as long as its document stays the same (when no
    /// glyph was left out for the budget): over the stretch of one keyframe, and over any frames
    /// whose document is equal.
    private mutating func updateText(_ track: TextTrack, state: inout LayerState, entry: inout SceneLayer,
                                     at frame: Double, outputs: inout Outputs) {
        let span = track.spans?.span(at: frame)
        if state.textIsComplete, state.contentMoment.holds(span: span, frame: frame), state.demand <= counts.verticesLeft {
            counts.verticesLeft -= state.drawn
            return
        }
        let document = track.document.value(at: frame)
        if !track.hasAnimatorsOrPath, state.textIsComplete, case .text(let text) = state.content, text.document == document,
           state.demand <= counts.verticesLeft {
            state.contentMoment = LayerState.Moment(span, frame: frame)
            counts.verticesLeft -= state.drawn
            return
        }
        letGoContent(of: &entry, outputs: &outputs)
        let before = counts.verticesLeft
        let (glyphs, complete) = compiled.glyphs.layout(document, animation: track.animation(at: frame),
                                                        context: compiled.context, vertexBudget: &counts.verticesLeft)
        let drawn = before - counts.verticesLeft
        state.content = .text(SceneText(document: document, glyphs: glyphs))
        state.contentIsFixed = false
        state.textIsComplete = complete
        state.contentMoment = complete ? LayerState.Moment(span, frame: frame) : .none
        keep(drawn: drawn, demand: drawn, in: &state)
        outputs.changed = true
    }

    /// A precomp layer's layers at its own frame, listed over the list it had.
    private mutating func updatePrecomp(_ layer: CompiledLayer, _ precomp: PrecompReference, state: inout LayerState,
                               entry: inout SceneLayer, at frame: Double, world: AffineMatrix, depth: Int,
                               outputs: inout Outputs) {
        guard depth < limits.maxPrecompDepth, compiled.precomps.indices.contains(precomp.place) else {
            setFixedContent(.empty, state: &state, outputs: &outputs)
            return
        }
        let childFrame = precompFrame(of: layer, timeRemap: precomp.timeRemap, at: frame)
        let children = state.children ?? CompositionState()
        state.children = children
        letGoContent(of: &entry, outputs: &outputs)
        // Moved out of the state, so that the list being written is held by nothing else. (Asking
        // the content whether it is a precomp first held the list until the end of the function in
        // optimized builds, and every list was copied to be written.)
        var (listed, wasPrecomp) = state.content.takePrecompLayers()
        let size = Vector2(x: precomp.clip?.width ?? 0, y: precomp.clip?.height ?? 0)
        let changed = list(compiled.precomps[precomp.place], state: children, at: childFrame, size: size,
                           parentTransform: world,
                           depth: depth + 1, over: &listed)
        state.content = .precomp(listed, clip: precomp.clip)
        state.contentIsFixed = false
        if changed || !wasPrecomp { outputs.changed = true }
    }

    /// A precomp's own frame: time remapping (seconds) times the frame rate when present,
    /// else `(t - st) / sr` (FORMAT.md "Time").
    private func precompFrame(of layer: CompiledLayer, timeRemap: PropertyTrack<Double>?, at frame: Double) -> Double {
        if let timeRemap {
            return timeRemap.value(at: frame) * frameRate
        }
        let stretch = layer.timeStretch != 0 && layer.timeStretch.isFinite ? layer.timeStretch : 1
        return (frame - layer.startTime) / stretch
    }

    /// The entry lets go of the content it shares with the state, so that the state writes it in place.
    private func letGoContent(of entry: inout SceneLayer, outputs: inout Outputs) {
        guard !entry.content.isEmpty else { return }
        entry.content = .empty
        outputs.contentLetGo = true
    }

    /// Records the vertices the content takes from the budget and needs of it, and holds them
    /// against the graph's cap on kept content.
    private mutating func keep(drawn: Int, demand: Int, in state: inout LayerState) {
        counts.heldVertices += drawn - state.drawn
        state.drawn = drawn
        state.demand = demand
    }

    // MARK: Masks

    /// The layer's masks, written again over their own outlines when a mask moved.
    private func updateMasks(_ layer: CompiledLayer, state: inout LayerState, entry: inout SceneLayer,
                             at frame: Double, outputs: inout Outputs) {
        guard !layer.masks.isEmpty else {
            state.masks = []
            state.masksMoment = .none
            outputs.changed = true
            return
        }
        let span = layer.maskSpans?.span(at: frame)
        if state.masks.count == layer.masks.count, state.masksMoment.holds(span: span, frame: frame) { return }
        if !entry.masks.isEmpty {
            entry.masks = []
            outputs.masksLetGo = true
        }
        if state.masks.count == layer.masks.count {
            for index in state.masks.indices { layer.masks[index].write(at: frame, into: &state.masks[index]) }
        } else {
            state.masks = layer.masks.map { $0.value(at: frame) }
        }
        state.masksMoment = LayerState.Moment(span, frame: frame)
        outputs.changed = true
    }

    // MARK: Mattes

    /// The layer's track matte: its source evaluated as the layer is listed (after its content),
    /// written over the matte the state had. A source that is not active at this frame draws
    /// nothing (so an alpha matte hides the layer and an inverted one shows all of it).
    private mutating func updateMatte(of layer: CompiledLayer, matte held: inout SceneMatte?,
                             in composition: CompiledComposition, states: inout [LayerState], entry: inout SceneLayer,
                             at frame: Double, parentTransform: AffineMatrix, depth: Int,
                             worlds: inout WorldTransforms, outputs: inout Outputs) {
        guard let mode = layer.matteMode, let sourcePosition = layer.mattePosition else {
            held = nil
            outputs.changed = true
            return
        }
        if entry.matte != nil {
            entry.matte = nil
            outputs.matteLetGo = true
        }
        let source = composition.layers[sourcePosition]
        var matte = held.take() ?? SceneMatte(mode: mode, source: Self.blank(source, at: frame))
        if matte.mode != mode {
            matte.mode = mode
            outputs.changed = true
        }
        var sourceChanged = false
        matte.rewriteSource { entry in
            guard source.isActive(at: frame, inclusiveEnd: inclusiveEnd), counts.takeLayer(),
                  source.content.isDrawable else {
                sourceChanged = Self.setInactive(&entry, source, at: frame, transform: parentTransform)
                return
            }
            states[sourcePosition].listedFrame = counts.frameNumber
            if entry.identity !== source.identity { Self.give(&entry, to: source) }
            let placement = seen(sourcePosition, in: composition.layers, worlds: &worlds, states: &states, at: frame,
                                 parentTransform: parentTransform)
            sourceChanged = write(source, at: sourcePosition, in: composition, states: &states, over: &entry, at: frame,
                                  placement: placement, drawn: true,
                                  matteSource: true, parentTransform: parentTransform, depth: depth, worlds: &worlds)
        }
        if sourceChanged { outputs.changed = true }
        held = consume matte
    }

    /// A matte source that draws nothing at this frame: nothing, where its layer's parent is.
    private static func setInactive(_ entry: inout SceneLayer, _ source: CompiledLayer, at frame: Double,
                                    transform: AffineMatrix) -> Bool {
        let changed = entry.identity !== source.identity || entry.transform != transform || entry.opacity != 0
            || !entry.content.isEmpty || !entry.masks.isEmpty
        entry = SceneLayer(identity: source.identity, localFrame: frame, transform: transform, opacity: 0,
                           blendMode: source.blendMode, content: .empty)
        return changed
    }
}

// MARK: - Content checks

extension SceneContent {
    /// True for `.empty`.
    var isEmpty: Bool {
        if case .empty = self { return true }
        return false
    }
}

extension CompiledLayer.Content {
    /// False for content drawn as nothing (`.none`): such a layer as a matte source shows nothing.
    var isDrawable: Bool {
        if case .none = self { return false }
        return true
    }
}

