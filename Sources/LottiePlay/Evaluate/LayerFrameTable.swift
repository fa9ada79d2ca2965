// MARK: - LayerFrameTable

/// What listing one composition's layers needs at each whole local frame, two entries per layer
/// in one row per frame, worked out when the timeline is compiled: whether the layer is listed
/// and the still stretch its matrix and opacity are in, then the still stretch of its shapes.
/// A frame visits every layer of every composition instance, most of them not drawn then (in
/// bodymovin/data, 208 of the 328 visited each frame), and looks up each drawn layer's still
/// stretches in tables of their own: read from one row, that is a few cache lines for the whole
/// composition instead of one to three a layer.
///
/// An entry is exactly what the layer's own checks say at that frame (`CompiledLayer.isActive`
/// without the inclusive end, `hidden`, `isMatteSource`, `drawsNothing`, `placementSpans`, its
/// program's `stillSpans`):
/// other frames (not whole, before 0, past the table, the animation's very end) are left to
/// them. Bounded: a composition's table covers the whole frames it can be evaluated at
/// (`FrameReach`: the animation's frames for the root, mapped through each precomp layer's in and
/// out points, start time and stretch), where its layers can be drawn, and at most `maxEntries`
/// layer frames; a timeline's tables together at most `maxEntriesPerTimeline`.
struct LayerFrameTable: Sendable {
    /// `CompiledLayer.Listing.skipped`.
    static let skipped: Int16 = -3
    /// `CompiledLayer.Listing.counted`.
    static let counted: Int16 = -2
    /// Listed; its matrix or opacity moves at this frame (or it has no still stretches). As a
    /// shapes entry: its shapes move (or are not kept over still stretches).
    static let moving: Int16 = -1
    // Any other entry: listed, in the still stretch of that number (`StillSpans.span(at:)`);
    // as a shapes entry, its shapes are in that still stretch.

    /// What a layer's entry is when there is no row: its own checks decide.
    static let unknown = Int16.min

    /// `entries[((frame - firstFrame) * layerCount + position) * 2]`, and the shapes entry after it.
    private let entries: [Int16]
    private let layerCount: Int
    /// The whole frames the table holds: from `firstFrame` up to (not including) `endFrame`.
    private let firstFrame: Double
    private let endFrame: Double

    /// The most layers times frames a table holds (two entries each), and all the tables of one
    /// timeline together (4 MB).
    static let maxEntries = 1 << 17
    static let maxEntriesPerTimeline = 1 << 20
    /// The last frame a table holds rows up to.
    static let maxFrame = 1e9

    /// No table: every frame is checked layer by layer.
    static let none = LayerFrameTable(entries: [], layerCount: 0, firstFrame: 0, endFrame: 0)

    private init(entries: [Int16], layerCount: Int, firstFrame: Double, endFrame: Double) {
        self.entries = entries
        self.layerCount = layerCount
        self.firstFrame = firstFrame
        self.endFrame = endFrame
    }

    /// The table of `layers` over the whole frames of `reach` from 0 on, up to the last out
    /// point (fewer when that would pass `maxEntries` or what is `left` of the timeline's budget,
    /// which it takes from); `.none` when there is no such frame.
    init(_ layers: [CompiledLayer], reach: FrameReach?, left: inout Int) {
        let finiteOut = layers.map(\.outPoint).filter(\.isFinite).max() ?? 0
        let lastOut = layers.contains { !$0.outPoint.isFinite } ? .infinity : finiteOut.rounded(.up)
        let room = Double(min(Self.maxEntries, max(left, 0)) / max(layers.count, 1))
        guard let reach, !layers.isEmpty else {
            self = .none
            return
        }
        let first = max(reach.low.rounded(.up), 0)
        let end = min(reach.high.rounded(.down) + 1, lastOut, first + room)
        // Frames far from 0 are not tabled: each row's frame stays a whole number exactly.
        guard first < end, end <= Self.maxFrame else {
            self = .none
            return
        }
        let (firstFrame, frameCount) = (Int(first), Int(end - first))
        var entries: [Int16] = []
        entries.reserveCapacity(frameCount * layers.count * 2)
        for frame in firstFrame..<(firstFrame + frameCount) {
            for layer in layers {
                entries.append(Self.entry(of: layer, at: Double(frame)))
                entries.append(Self.shapesEntry(of: layer, at: Double(frame)))
            }
        }
        left -= frameCount * layers.count
        self.init(entries: entries, layerCount: layers.count, firstFrame: first, endFrame: end)
    }

    /// The tables of a timeline's root and precomp lists, over the frames each is evaluated at
    /// while the root goes over `frames`, within `entries` layer frames in all (the root's first).
    static func tables(root: [CompiledLayer], frames: ClosedRange<Double>, precompLists: [[CompiledLayer]],
                       entries: Int) -> (root: LayerFrameTable, precomps: [LayerFrameTable]) {
        let reaches = FrameReach.reaches(of: precompLists, from: root, over: frames)
        var left = entries
        let rootTable = LayerFrameTable(root, reach: FrameReach(low: frames.lowerBound, high: frames.upperBound),
                                        left: &left)
        let precompTables = zip(precompLists, reaches).map { LayerFrameTable($0, reach: $1, left: &left) }
        return (rootTable, precompTables)
    }

    /// What the layer's own checks say at `frame`, away from the animation's very end.
    private static func entry(of layer: CompiledLayer, at frame: Double) -> Int16 {
        switch layer.listing(at: frame, inclusiveEnd: false) {
        case .skipped: skipped
        case .counted: counted
        case .listed: entry(span: layer.placementSpans?.span(at: frame))
        }
    }

    /// What the layer's program's own checks say at `frame`: the still stretch its shapes are in.
    private static func shapesEntry(of layer: CompiledLayer, at frame: Double) -> Int16 {
        guard let program = layer.shapeProgram else { return unknown }
        return entry(span: program.keptSpan(at: frame))
    }

    /// A still stretch as an entry: `moving` for none, `unknown` past the entry's range (looked
    /// up as before).
    private static func entry(span: Int?) -> Int16 {
        guard let span else { return moving }
        return span <= Int(Int16.max) ? Int16(span) : unknown
    }

    /// The listing an entry says (nil: `unknown`, the layer's own checks decide).
    static func listing(_ entry: Int16) -> CompiledLayer.Listing? {
        switch entry {
        case unknown: nil
        case skipped: .skipped
        case counted: .counted
        default: .listed
        }
    }

    /// The still stretch a listed layer's entry (or shapes entry) says, looked up when it is
    /// `unknown`.
    @inline(__always)
    static func span(_ entry: Int16, orLookUp lookUp: @autoclosure () -> Int?) -> Int? {
        entry == unknown ? lookUp() : entry >= 0 ? Int(entry) : nil
    }

    /// Calls `body` with the row of `frame` (two entries per layer position), or nil when the
    /// table does not hold the frame: not a whole frame, outside the table, or at the very end
    /// (`inclusiveEnd`, where out points count as inside).
    @inline(__always)
    func withRow<Result>(at frame: Double, inclusiveEnd: Bool, _ body: (UnsafePointer<Int16>?) -> Result)
        -> Result {
        guard !inclusiveEnd, frame >= firstFrame, frame < endFrame, frame == frame.rounded(.down) else {
            return body(nil)
        }
        let start = Int(frame - firstFrame) * layerCount * 2
        return entries.withUnsafeBufferPointer { body($0.baseAddress.map { $0 + start }) }
    }
}

// MARK: - FrameReach

/// The local frames a composition can be evaluated at, `low...high` (infinite ends when not
/// known): the root's are the animation's; a precomp's are those of each layer showing it, mapped
/// from the frames that layer is drawn at in its own composition (`(t - st) / sr`), all of them
/// together, and not known at all through time remapping.
struct FrameReach: Equatable {
    var low: Double
    var high: Double

    /// The reach of each of `precompLists` (nil: never shown) while `root` goes over `frames`.
    /// Bounded: a composition's reach that keeps growing (a precomp showing itself, shifted) stops
    /// being followed after `maxVisits` compositions in all; a table then holds fewer frames,
    /// which only leaves the others to the layers' own checks.
    static func reaches(of precompLists: [[CompiledLayer]], from root: [CompiledLayer],
                        over frames: ClosedRange<Double>) -> [FrameReach?] {
        var reaches = [FrameReach?](repeating: nil, count: precompLists.count)
        var pending = [(layers: root, reach: FrameReach(low: frames.lowerBound, high: frames.upperBound))]
        var visits = 0
        while let (layers, reach) = pending.popLast(), visits < maxVisits(precompLists.count) {
            visits += 1
            for layer in layers {
                guard let place = layer.precomp?.place, reaches.indices.contains(place),
                      let shown = reach.shown(by: layer) else { continue }
                let merged = reaches[place].map { $0.union(shown) } ?? shown
                guard merged != reaches[place] else { continue }
                reaches[place] = merged
                pending.append((precompLists[place], merged))
            }
        }
        return reaches
    }

    private static func maxVisits(_ compositions: Int) -> Int {
        16 * (compositions + 1)
    }

    /// The frames of the precomp `layer` shows, for this reach of the composition it is in; nil
    /// when it is never drawn in it.
    private func shown(by layer: CompiledLayer) -> FrameReach? {
        if layer.precomp?.timeRemap != nil { return FrameReach(low: -.infinity, high: .infinity) }
        let (from, to) = (max(low, layer.inPoint), min(high, layer.outPoint))
        guard from <= to else { return nil }
        let stretch = layer.timeStretch != 0 && layer.timeStretch.isFinite ? layer.timeStretch : 1
        let (a, b) = ((from - layer.startTime) / stretch, (to - layer.startTime) / stretch)
        guard !a.isNaN, !b.isNaN else { return FrameReach(low: -.infinity, high: .infinity) }
        return FrameReach(low: min(a, b), high: max(a, b))
    }

    private func union(_ other: FrameReach) -> FrameReach {
        FrameReach(low: min(low, other.low), high: max(high, other.high))
    }
}
