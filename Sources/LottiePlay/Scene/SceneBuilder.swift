import LottieModel

// MARK: - SceneBuilder

/// Evaluates compiled layers at a frame into scene layers (FORMAT.md "Time", "Layers and
/// transforms"): visibility by in/out points, world matrices through parent chains, precomp
/// time `(t - st) / sr` or time remapping, mattes attached to the layers they mask.
///
/// Limits (`LottieLimits`): precomps deeper than `maxPrecompDepth` draw nothing; once
/// `maxLayers` layers have been evaluated for the frame (counting every precomp instance's
/// layers) the rest are skipped, so precomps that double at every level cannot make a frame
/// take forever; and all shape and text layers of the frame share `maxFrameVertices`. Parent
/// chains are evaluated once per composition instance, however long.
struct SceneBuilder {
    /// The timeline's parts, limits and frame rate (not the timeline: copying it into each
    /// builder retained and released each of its lists).
    let compiled: CompiledParts
    let limits: LottieLimits
    let frameRate: Double
    let frameScratch: IdlePool<FrameBudget>
    /// True at the very end of the animation, where out points are inclusive.
    let inclusiveEnd: Bool
    /// How many more layers and vertices this frame may evaluate, with the working lists and
    /// still memory this frame borrows.
    let budget: FrameBudget
    /// The content of layers that left the scene being replaced, for when they come back (nil:
    /// a scene made afresh, which replaces nothing).
    let parked: ParkedContent?

    init(timeline: Timeline, inclusiveEnd: Bool, parked: ParkedContent? = nil) {
        compiled = timeline.compiled
        limits = timeline.limits
        frameRate = timeline.frameRate
        frameScratch = timeline.frameScratch
        self.inclusiveEnd = inclusiveEnd
        self.parked = parked
        budget = frameScratch.take() ?? FrameBudget()
        budget.reset(layers: limits.maxLayers, vertices: limits.maxFrameVertices)
    }

    /// Gives the frame's budget and working lists back for the next frame to use.
    func finish() {
        frameScratch.put(budget)
    }

    /// The visible layers of a composition at its local `frame`, bottom first.
    /// `hasParents`: whether a layer of the list has a parent (`WorldTransforms.needsList`);
    /// `table`: which layers are listed at whole frames, and their still stretches (`LayerFrameTable`).
    func layers(of layers: [CompiledLayer], hasParents: Bool, table: LayerFrameTable, at frame: Double,
                parentTransform: AffineMatrix, depth: Int) -> [SceneLayer] {
        var result: [SceneLayer] = []
        self.layers(of: layers, hasParents: hasParents, table: table, at: frame, parentTransform: parentTransform,
                    depth: depth, over: &result)
        return result
    }

    /// Writes the visible layers of a composition over `result` (the list of a scene being
    /// replaced, or an empty one): a layer already listed at a position is updated in place, and
    /// the storage of its content (drawings, a precomp's layers) is written into by the content
    /// that replaces it. Layers past the visible ones are removed.
    func layers(of layers: [CompiledLayer], hasParents: Bool, table: LayerFrameTable, at frame: Double,
                parentTransform: AffineMatrix, depth: Int, over result: inout [SceneLayer]) {
        // Room up front for the active layers of a new list, so that it does not grow by copying.
        // A list being replaced has room for the frame before's (counting the active layers reads
        // every layer of the composition, most of them not drawn at this frame).
        if result.isEmpty, result.capacity < layers.count { result.reserveCapacity(activeCount(of: layers, at: frame)) }
        var listed = 0
        var worlds = WorldTransforms(layers, hasParents: hasParents, budget: budget)
        defer { worlds.giveStorage(to: budget) }
        // The composition's row at this frame, when its table holds the frame (`LayerFrameTable`).
        table.withRow(at: frame, inclusiveEnd: inclusiveEnd) { row in
            // Read through the list's buffer, and a listed layer used through an unretained
            // reference: each layer read out of the array was retained, and released after, for
            // every layer of every frame (the array holds them all the while).
            layers.withUnsafeBufferPointer { compiled in
                for position in compiled.indices.reversed() {
                    let entry = row?[2 * position] ?? LayerFrameTable.unknown
                    guard isListed(entry, compiled[position], at: frame) else { continue }
                    let shapesEntry = row?[2 * position + 1] ?? LayerFrameTable.unknown
                    let layer = Unmanaged.passUnretained(compiled[position])
                    if layer._withUnsafeGuaranteedRef({
                        list($0, at: position, in: layers, at: frame, entry: entry, shapesEntry: shapesEntry,
                             parentTransform: parentTransform, depth: depth, worlds: &worlds, as: listed,
                             over: &result)
                    }) {
                        listed += 1
                    }
                }
            }
        }
        // Most lists have as many entries as the frame before: nothing to park or remove.
        if listed < result.count {
            park(result.indices.suffix(from: listed), of: &result)
            result.removeLast(result.count - listed)
        }
    }

    /// Lists `layer` (at `position` in `layers`, listed or counted by its `entry`) as entry
    /// `listed` of `result`: written over the entry there, or appended. False when it is not
    /// listed after all (content this toolkit does not draw). Inlined in the layer loop, as
    /// `write` and `WorldTransforms.placement` are: called through an unretained reference, each
    /// was left outlined.
    @inline(__always)
    private func list(_ layer: CompiledLayer, at position: Int, in layers: [CompiledLayer], at frame: Double,
                      entry: Int16, shapesEntry: Int16, parentTransform: AffineMatrix, depth: Int,
                      worlds: inout WorldTransforms, as listed: Int, over result: inout [SceneLayer]) -> Bool {
        let placement = worlds.placement(of: layer, at: position, in: layers, at: frame,
                                         memory: budget.stillMemory, entry: entry)
        let world = parentTransform * placement.matrix
        if listed < result.count, result[listed].identity !== layer.identity {
            bringReplaced(of: layer, to: listed, in: &result, at: frame)
        }
        guard SceneLayer.isDrawn(opacity: placement.opacity) else {
            listTransparent(layer, at: listed, in: &result, frame: frame, world: world, opacity: placement.opacity)
            return true
        }
        if listed < result.count {
            return write(layer, at: position, in: layers, over: &result[listed], at: frame, world: world,
                         opacity: placement.opacity, parentTransform: parentTransform, depth: depth,
                         worlds: &worlds, shapesEntry: shapesEntry)
        }
        var parts = unpark(layer)
        guard let content = content(of: layer, at: frame, world: world, depth: depth, over: &parts.content,
                                    shapesEntry: shapesEntry) else { return false }
        var matte = parts.matte
        writeMatte(of: layer, in: layers, at: frame, parentTransform: parentTransform, depth: depth,
                   worlds: &worlds, over: &matte)
        // The matte goes in before the layer is listed: changing it after would copy the layer.
        result.append(sceneLayer(layer, at: frame, world: world, opacity: placement.opacity,
                                 content: consume content, matte: consume matte, masks: parts.masks))
        return true
    }

    /// Whether `layer` is listed at `frame`, having taken its place in the budget. A layer that
    /// draws nothing (a null) takes its place and is not listed: its matrix is worked out when a
    /// child asks, and the entry in its place stays for the next layer to write over. `entry`: the
    /// layer's `LayerFrameTable` entry at `frame`, which answers without reading the layer.
    @inline(__always)
    private func isListed(_ entry: Int16, _ layer: @autoclosure () -> CompiledLayer, at frame: Double) -> Bool {
        switch LayerFrameTable.listing(entry) ?? layer().listing(at: frame, inclusiveEnd: inclusiveEnd) {
        case .skipped:
            return false
        case .counted:
            _ = budget.takeLayer()
            return false
        case .listed:
            return budget.takeLayer()
        }
    }

    /// Writes `layer` (at `position` in `layers`) over `entry`, the entry listed in its place in
    /// the scene being replaced: its content into the storage of the content there, its other
    /// parts in place (moving them in and out of a new entry cost more than writing them). False
    /// when the layer is not listed (content this toolkit does not draw). Inlined into `list`.
    @inline(__always)
    private func write(_ layer: CompiledLayer, at position: Int, in layers: [CompiledLayer],
                       over entry: inout SceneLayer, at frame: Double, world: AffineMatrix, opacity: Double,
                       parentTransform: AffineMatrix, depth: Int, worlds: inout WorldTransforms,
                       shapesEntry: Int16) -> Bool {
        if case .empty = entry.content, entry.identity === layer.identity, parked != nil {
            // Back from being transparent: its content was parked, not evaluated (`listTransparent`).
            let kept = unpark(layer)
            entry.content = kept.content
            if !kept.masks.isEmpty { entry.masks = kept.masks }
            if entry.matte == nil, kept.matte != nil { entry.matte = kept.matte }
        }
        guard var content = content(of: layer, at: frame, world: world, depth: depth, over: &entry.content,
                                    shapesEntry: shapesEntry) else {
            return false
        }
        // The matte source is evaluated after the layer's content, as it is listed.
        if layer.matteMode != nil {
            writeMatte(of: layer, in: layers, at: frame, parentTransform: parentTransform, depth: depth,
                       worlds: &worlds, over: &entry.matte)
        } else if entry.matte != nil {
            entry.matte = nil
        }
        // Most layers have no masks, now as before: nothing to store or release.
        if !layer.masks.isEmpty {
            entry.masks = masks(of: layer, at: frame, over: entry.takeMasks())
        } else if !entry.masks.isEmpty {
            entry.masks = []
        }
        // The layer in a place is mostly the same layer as the frame before.
        if entry.identity !== layer.identity { entry.identity = layer.identity }
        (entry.localFrame, entry.transform, entry.opacity, entry.blendMode) = (frame, world, opacity, layer.blendMode)
        // Swapped in: assigning went through the enum's outlined assignment, several times the cost.
        swap(&entry.content, &content)
        return true
    }

    /// Lists a layer that draws nothing at this frame (opacity 0) at `position`, with its matrix and
    /// opacity and no content: what it would draw, a precomp's layers included, is not evaluated
    /// (rlottie does not update a layer whose alpha is 0 either). The content, masks and matte the
    /// entry there had are parked for when the layer shows again.
    private func listTransparent(_ layer: CompiledLayer, at position: Int, in result: inout [SceneLayer],
                                 frame: Double, world: AffineMatrix, opacity: Double) {
        guard position < result.count else {
            result.append(SceneLayer(identity: layer.identity, localFrame: frame, transform: world, opacity: opacity,
                                     blendMode: layer.blendMode, content: .empty))
            return
        }
        parkEntry(at: position, of: &result)
        if result[position].identity !== layer.identity { result[position].identity = layer.identity }
        (result[position].localFrame, result[position].transform, result[position].opacity,
         result[position].blendMode) = (frame, world, opacity, layer.blendMode)
    }

    /// Parks the content of the entries at `positions` (layers that left) for when their layers
    /// come back (`ParkedContent`), before the entries are removed.
    private func park(_ positions: Range<Int>, of result: inout [SceneLayer]) {
        guard parked != nil else { return }
        for position in positions { parkEntry(at: position, of: &result) }
    }

    /// Takes the content, masks and matte out of the entry at `position` (left empty), parked
    /// for its layer when there is anything to keep.
    private func parkEntry(at position: Int, of result: inout [SceneLayer]) {
        // Left empty already (a layer transparent the frame before too): nothing to take.
        if case .empty = result[position].content, result[position].masks.isEmpty, result[position].matte == nil {
            return
        }
        let parts = ParkedContent.Parts(content: result[position].takeContent(), masks: result[position].takeMasks(),
                                        matte: result[position].matte.take())
        guard let parked, !parts.isEmpty else { return }
        parked.park(parts, slot: result[position].identity.slot, vertexCap: limits.maxFrameVertices)
    }

    /// The content, masks and matte `layer` had when it left the scene, if kept.
    private func unpark(_ layer: CompiledLayer) -> ParkedContent.Parts {
        parked?.takeAll(slot: layer.stillSlot) ?? ParkedContent.Parts()
    }

    /// Puts the entry a layer had in the list being replaced at `position`, so that its content
    /// is written over its own storage: layers listed before it may have left (their entries,
    /// a few places on, are dropped), or it may have just come in (a new entry is made for it).
    /// Drawings of the same program are written over in place (`ShapePlan`); another layer's are
    /// only storage to take apart. Each change moves the entries after it, so only lists short
    /// enough for that to stay cheap are kept in step (a text of a hundred letter layers coming
    /// and going moves more than it saves).
    private func bringReplaced(of layer: CompiledLayer, to position: Int, in result: inout [SceneLayer],
                               at frame: Double) {
        guard result.count <= Self.maxAlignedList else { return }
        let searched = result.indices.suffix(from: position + 1).prefix(Self.replacedLookahead)
        if let found = searched.first(where: { result[$0].identity === layer.identity }) {
            park(position..<found, of: &result)
            result.removeSubrange(position..<found)
        } else {
            let parts = unpark(layer)
            result.insert(SceneLayer(identity: layer.identity, localFrame: frame, transform: .identity, opacity: 0,
                                     blendMode: layer.blendMode, masks: parts.masks, matte: parts.matte,
                                     content: parts.content),
                          at: position)
        }
    }

    /// How far ahead a layer's entry is looked for, and the longest list kept in step.
    private static let replacedLookahead = 8
    private static let maxAlignedList = 64

    /// How many of `layers` may be listed at `frame` (at most).
    private func activeCount(of layers: [CompiledLayer], at frame: Double) -> Int {
        var count = 0
        for layer in layers where layer.isActive(at: frame, inclusiveEnd: inclusiveEnd) && !layer.isMatteSource {
            count += 1
        }
        return count
    }

    /// The track matte of `layer` (nil when it has none), its source's content written over `replaced`.
    /// Not inlined: few layers have a matte, and inlined it made every layer's listing longer.
    @inline(never)
    private func matte(of layer: CompiledLayer, in layers: [CompiledLayer], at frame: Double,
                       parentTransform: AffineMatrix, depth: Int, worlds: inout WorldTransforms,
                       over replaced: consuming SceneContent) -> SceneMatte? {
        guard let mode = layer.matteMode, let mattePosition = layer.mattePosition else { return nil }
        var replaced = replaced
        return SceneMatte(mode: mode, source: matteSource(
            mattePosition, in: layers, at: frame, parentTransform: parentTransform, depth: depth,
            worlds: &worlds, over: &replaced))
    }

    /// Writes the track matte of `layer` over `matte` (the one its entry had): the source's
    /// content and masks into their own storage, and the matte itself in place (a new one is a
    /// new list for its source).
    @inline(never)
    private func writeMatte(of layer: CompiledLayer, in layers: [CompiledLayer], at frame: Double,
                            parentTransform: AffineMatrix, depth: Int, worlds: inout WorldTransforms,
                            over matte: inout SceneMatte?) {
        guard let mode = layer.matteMode, let mattePosition = layer.mattePosition, var kept = matte.take() else {
            matte = self.matte(of: layer, in: layers, at: frame, parentTransform: parentTransform, depth: depth,
                               worlds: &worlds, over: .empty)
            return
        }
        kept.mode = mode
        kept.rewriteSource { source in
            var replaced = source.takeContent()
            source = matteSource(mattePosition, in: layers, at: frame, parentTransform: parentTransform,
                                 depth: depth, worlds: &worlds, over: &replaced, masks: source.takeMasks())
        }
        matte = consume kept
    }

    /// The matte source as a scene layer, its masks written over `masks`; when it is not active
    /// at this frame it draws nothing (so an alpha matte hides the layer and an inverted one shows
    /// all of it).
    private func matteSource(_ position: Int, in layers: [CompiledLayer], at frame: Double,
                             parentTransform: AffineMatrix, depth: Int, worlds: inout WorldTransforms,
                             over replaced: inout SceneContent, masks: consuming [SceneMask] = []) -> SceneLayer {
        let layer = layers[position]
        if layer.isActive(at: frame, inclusiveEnd: inclusiveEnd), budget.takeLayer(),
           let scene = sceneLayer(position, in: layers, at: frame, parentTransform: parentTransform, depth: depth,
                                  worlds: &worlds, over: &replaced, masks: masks) {
            return scene
        }
        return SceneLayer(
            identity: layer.identity, localFrame: frame,
            transform: parentTransform, opacity: 0, blendMode: layer.blendMode, content: .empty)
    }

    private func sceneLayer(_ position: Int, in layers: [CompiledLayer], at frame: Double,
                            parentTransform: AffineMatrix, depth: Int, worlds: inout WorldTransforms,
                            over replaced: inout SceneContent, masks: consuming [SceneMask]) -> SceneLayer? {
        let layer = layers[position]
        let placement = worlds.placement(of: layer, at: position, in: layers, at: frame,
                                         memory: budget.stillMemory)
        let world = parentTransform * placement.matrix
        guard let content = content(of: layer, at: frame, world: world, depth: depth, over: &replaced) else {
            return nil
        }
        return sceneLayer(layer, at: frame, world: world, opacity: placement.opacity, content: consume content,
                          matte: nil, masks: masks)
    }

    /// A layer as the scene lists it, from its world matrix and content, its masks written over
    /// `masks` (those it left with, when it comes back). The parts are consumed, not copied: each
    /// copy of a part would retain it now and release it later.
    private func sceneLayer(_ layer: CompiledLayer, at frame: Double, world: AffineMatrix, opacity: Double,
                            content: consuming SceneContent, matte: consuming SceneMatte?,
                            masks: consuming [SceneMask] = []) -> SceneLayer {
        SceneLayer(
            identity: layer.identity, localFrame: frame, transform: world,
            opacity: opacity, blendMode: layer.blendMode,
            masks: self.masks(of: layer, at: frame, over: masks), matte: matte, content: content)
    }

    private func masks(of layer: CompiledLayer, at frame: Double) -> [SceneMask] {
        layer.masks.isEmpty ? [] : layer.masks.map { $0.value(at: frame) }
    }

    /// The layer's masks written over `replaced` (those of the layer listed before in its
    /// place) when there are as many.
    private func masks(of layer: CompiledLayer, at frame: Double, over replaced: consuming [SceneMask]) -> [SceneMask] {
        var masks = replaced
        guard masks.count == layer.masks.count, !masks.isEmpty else { return self.masks(of: layer, at: frame) }
        layer.masks.withUnsafeBufferPointer { tracks in
            masks.withUnsafeMutableBufferPointer { masks in
                for index in masks.indices { tracks[index].write(at: frame, into: &masks[index]) }
            }
        }
        return masks
    }

    /// The layer's content, written into the storage of the content it replaces when it can.
    /// `shapesEntry`: the layer's shapes entry in its `LayerFrameTable` row, when there is one.
    private func content(of layer: CompiledLayer, at frame: Double, world: AffineMatrix, depth: Int,
                         over replaced: inout SceneContent,
                         shapesEntry: Int16 = LayerFrameTable.unknown) -> SceneContent? {
        // The budget goes in by value and what was drawn comes back: passing a class's property
        // inout costs a dynamic exclusivity check. Called through the optional: binding the
        // program retained it.
        if let (drawings, drawn) = layer.shapeProgram?.drawings(
            at: frame, limits: limits, compiledLimits: true, vertexBudget: budget.vertices,
            scratch: budget.shapeScratch, memory: budget.stillMemory, recycled: replaced.takeDrawings(),
            knownSpan: shapesEntry) {
            budget.vertices -= drawn
            return .shapes(drawings)
        }
        if let precomp = layer.precomp {
            return precompContent(of: layer, precomp, at: frame, world: world, depth: depth, over: &replaced)
        }
        switch layer.content {
        case .shapes, .precomp:
            return nil  // Never reached: shape layers have their `shapeProgram`, precomps their `precomp`, read above.
        case .solid(let color, let width, let height):
            return .solid(color: color, width: width, height: height)
        case .image(let assetID, let width, let height):
            return .image(assetID: assetID, width: width, height: height)
        case .text(let track):
            return text(of: layer, document: track.document.value(at: frame), over: &replaced)
        case .none:
            return nil
        }
    }

    /// A text layer's content: its glyphs laid out once for as long as its document stays the same
    /// (kept in the still memory), and the content it replaces given back as it is when that
    /// holds the same glyphs (a new content would box them again).
    private func text(of layer: CompiledLayer, document: TextDocument, over replaced: inout SceneContent)
        -> SceneContent {
        let memory = budget.stillMemory
        if let kept = memory.text(slot: layer.stillSlot, document: document, vertexBudget: budget.vertices) {
            budget.vertices -= kept.drawn
            if case .text(let previous) = replaced, previous.document == document,
               RecycledShapes.storage(of: previous.glyphs) == RecycledShapes.storage(of: kept.glyphs) {
                var same = SceneContent.empty
                swap(&same, &replaced)
                return same
            }
            return .text(SceneText(document: document, glyphs: kept.glyphs))
        }
        let before = budget.vertices
        let (glyphs, complete) = compiled.glyphs.layout(document, context: compiled.context,
                                                        vertexBudget: &budget.vertices)
        if complete {
            memory.keep(StillMemory.Text(document: document, glyphs: glyphs, drawn: before - budget.vertices),
                        slot: layer.stillSlot, vertexCap: limits.maxFrameVertices)
        }
        return .text(SceneText(document: document, glyphs: glyphs))
    }

    /// A precomp layer's layers at its own frame, written over the list it had.
    private func precompContent(of layer: CompiledLayer, _ precomp: PrecompReference, at frame: Double,
                                world: AffineMatrix, depth: Int, over replaced: inout SceneContent) -> SceneContent {
        guard depth < limits.maxPrecompDepth, compiled.precomps.indices.contains(precomp.place) else {
            return .empty
        }
        let childFrame = precompFrame(of: layer, timeRemap: precomp.timeRemap, at: frame)
        var listed = replaced.takePrecompLayers()
        compiled.precomps.withUnsafeBufferPointer { precomps in
            Unmanaged.passUnretained(precomps[precomp.place])._withUnsafeGuaranteedRef { composition in
                layers(of: composition.layers, hasParents: composition.hasParents, table: composition.table,
                       at: childFrame, parentTransform: world, depth: depth + 1, over: &listed)
            }
        }
        return .precomp(listed, clip: precomp.clip)
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
}

// MARK: - World transforms

/// The world matrices of one composition instance at one frame (a layer's matrix times its
/// parents', parents' opacity not inherited), each computed once: a chain of 10 000 parents
/// costs 10 000 products for the whole composition, not for each layer. A composition without
/// parents has nothing to remember (each layer is asked once), and keeps no list.
struct WorldTransforms {
    /// The lists it keeps, taken from the frame's budget and given back (`giveStorage(to:)`),
    /// so that a composition with parents allocates none from frame to frame.
    struct Storage {
        var known: [AffineMatrix?] = []
        var chain: [Int] = []
    }

    private var known: [AffineMatrix?]
    /// A chain of parents being walked up.
    private var chain: [Int]

    /// `budget` lends the lists when the composition has parents (`hasParents`, which
    /// `needsList(layers)` tells; none are needed otherwise). Inlined: called for every
    /// composition instance of every frame, the call cost more than its work.
    @inline(__always)
    init(_ layers: [CompiledLayer], hasParents: Bool, budget: FrameBudget) {
        guard hasParents else {
            (known, chain) = ([], [])
            return
        }
        let storage = budget.takeWorldStorage()
        (known, chain) = (storage.known, storage.chain)
        known.removeAllKeepingStorage()
        known.reserveCapacity(layers.count)
        for _ in layers.indices { known.append(nil) }
    }

    /// Whether a layer of `layers` has a parent, so that matrices are kept in a list.
    static func needsList(_ layers: [CompiledLayer]) -> Bool {
        layers.contains { $0.parentPosition != nil }
    }

    /// Gives the lists back to `budget`, for the next composition to use.
    mutating func giveStorage(to budget: FrameBudget) {
        guard known.capacity > 0 else { return }
        var storage = Storage()
        swap(&storage.known, &known)
        swap(&storage.chain, &chain)
        budget.keepWorldStorage(storage)
    }

    /// The world matrix of `layer`, at `position` in `layers` (passed in as well: reading it out
    /// of the list again retained it), with its own opacity: both read from one still stretch
    /// (looking the stretch up once for each cost as much as the rest of a still layer's placement).
    /// `memory`: where the layers' own matrices are kept over their still stretches (passed in:
    /// held here, it was retained and released for every composition instance of every frame).
    @inline(__always)
    mutating func placement(of layer: CompiledLayer, at position: Int, in layers: [CompiledLayer],
                            at frame: Double, memory: StillMemory,
                            entry: Int16 = LayerFrameTable.unknown) -> (matrix: AffineMatrix, opacity: Double) {
        guard !known.isEmpty else { return layer.placement(at: frame, memory: memory, entry: entry) }
        if let matrix = known[position] {
            // Worked out already, as the parent of a layer drawn before it.
            return (matrix, layer.opacity(at: frame, memory: memory))
        }
        let parentMatrix = layer.parentPosition.map {
            known[$0] ?? world(of: $0, in: layers, at: frame, memory: memory)
        }
        let own = layer.placement(at: frame, memory: memory, entry: entry)
        let matrix = (parentMatrix ?? .identity) * own.matrix
        known[position] = matrix
        return (matrix, own.opacity)
    }

    /// The world matrix of the layer at `position`, not known yet: up its chain of parents to the
    /// first whose matrix is known (or the top), then down, each kept.
    private mutating func world(of position: Int, in layers: [CompiledLayer], at frame: Double,
                                memory: StillMemory) -> AffineMatrix {
        chain.removeAllKeepingStorage()
        chain.append(position)
        var parent = layers[position].parentPosition
        while let current = parent, known[current] == nil, chain.count <= layers.count {
            chain.append(current)
            parent = layers[current].parentPosition
        }
        var matrix = parent.flatMap { known[$0] } ?? .identity
        for current in chain.reversed() {
            matrix = matrix * layers[current].matrix(at: frame, memory: memory)
            known[current] = matrix
        }
        return matrix
    }
}

// MARK: - Layer placement

extension CompiledLayer {
    /// The layer's own matrix at a frame; over a still stretch, made once (with the opacity)
    /// and kept in `memory`.
    func matrix(at frame: Double, memory: StillMemory) -> AffineMatrix {
        if let fixedPlacement { return fixedPlacement.matrix }
        guard let span = placementSpans?.span(at: frame) else { return transform.matrix(at: frame) }
        return placement(span: span, at: frame, memory: memory).matrix
    }

    /// The layer's own matrix and opacity at a frame, found in one still stretch. `entry`: the
    /// layer's `LayerFrameTable` entry at `frame`, which holds the stretch when it is known.
    func placement(at frame: Double, memory: StillMemory,
                   entry: Int16 = LayerFrameTable.unknown) -> (matrix: AffineMatrix, opacity: Double) {
        if let fixedPlacement { return fixedPlacement }
        guard let span = LayerFrameTable.span(entry, orLookUp: placementSpans?.span(at: frame)) else {
            return (transform.matrix(at: frame), transform.opacity(at: frame))
        }
        let kept = placement(span: span, at: frame, memory: memory)
        return (kept.matrix, kept.opacity)
    }

    /// The layer's own opacity at a frame, kept with its matrix over a still stretch.
    func opacity(at frame: Double, memory: StillMemory) -> Double {
        if let fixedPlacement { return fixedPlacement.opacity }
        guard transform.opacity.isAnimated, let span = placementSpans?.span(at: frame) else {
            return transform.opacity(at: frame)
        }
        return placement(span: span, at: frame, memory: memory).opacity
    }

    private func placement(span: Int, at frame: Double, memory: StillMemory) -> StillMemory.Placement {
        if let kept = memory.placement(slot: stillSlot, span: span) { return kept }
        let made = StillMemory.Placement(
            span: span, matrix: transform.matrix(at: frame), opacity: transform.opacity(at: frame))
        memory.keep(made, slot: stillSlot)
        return made
    }
}

// MARK: - Frame budget

/// What a frame may still evaluate (`LottieLimits.maxLayers`, `maxFrameVertices`); shared by
/// the builder and every precomp it enters while building one scene.
final class FrameBudget {
    /// The layers and vertices left, behind a pointer: they change for every layer of every
    /// frame, and each change of a class's stored property costs a dynamic exclusivity check.
    private let left = UnsafeMutablePointer<Int>.allocate(capacity: 2)
    private var layers: Int {
        get { left[0] }
        set { left[0] = newValue }
    }
    /// Vertices left; shape and text layers take what they draw.
    var vertices: Int {
        get { left[1] }
        set { left[1] = newValue }
    }
    /// Working lists shared by the frame's shape layers (and, through the timeline's pool of
    /// budgets, by the frames that follow).
    let shapeScratch = ShapeScratch()
    /// What still stretches made, kept for the frames after (with the budget, from frame to frame).
    let stillMemory = StillMemory()

    init(layers: Int = 0, vertices: Int = 0) {
        left.initialize(repeating: 0, count: 2)
        self.layers = layers
        self.vertices = vertices
    }

    deinit {
        left.deallocate()
    }

    /// A full budget again, for another frame.
    func reset(layers: Int, vertices: Int) {
        self.layers = layers
        self.vertices = vertices
    }

    /// The lists of world transforms of the compositions being built, kept for the next
    /// (a precomp's are taken while its parent's are out).
    private var spareWorldStorage: [WorldTransforms.Storage] = []

    func takeWorldStorage() -> WorldTransforms.Storage {
        spareWorldStorage.popLast() ?? WorldTransforms.Storage()
    }

    /// Keeps lists for the next composition; at most as many as compositions nest, so what is
    /// kept stays within a frame's worth.
    func keepWorldStorage(_ storage: consuming WorldTransforms.Storage) {
        spareWorldStorage.append(storage)
    }

    /// Takes one layer from the budget; false when it is spent.
    func takeLayer() -> Bool {
        guard layers > 0 else { return false }
        layers -= 1
        return true
    }
}
