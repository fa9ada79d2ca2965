// MARK: - LayerFrameTable

/// What listing one composition's layers needs at each whole local frame, two entries per layer
/// in one row per frame, worked out when the timeline is compiled: whether the layer is listed
/// and the still stretch its matrix and opacity are in, then the still stretch of its shapes. A frame visits every layer of every
/// composition instance, most of them not drawn then (in bodymovin/data, 208 of the 328 visited
/// each frame), and looks up each drawn layer's still stretch in a table of its own: read from
/// one row, that is a few cache lines for the whole composition instead of one or two a layer.
///
/// An entry is exactly what the layer's own checks say at that frame (`CompiledLayer.isActive`
/// without the inclusive end, `hidden`, `isMatteSource`, `drawsNothing`, `placementSpans`, its
/// program's `stillSpans`):
/// other frames (not whole, before 0, past the table, the animation's very end) are left to
/// them. Bounded: a composition's table covers at most `maxEntries` layer frames, over the frames
/// its layers can be drawn in, and a timeline's tables together `maxEntriesPerTimeline`.
struct LayerFrameTable: Sendable {
    /// Not listed, and not counted against `LottieLimits.maxLayers`: hidden, a matte source, or
    /// outside its in and out points.
    static let skipped: Int16 = -3
    /// Counted against the limit, but drawing nothing (a null layer): not listed.
    static let counted: Int16 = -2
    /// Listed; its matrix or opacity moves at this frame (or it has no still stretches). As a
    /// shapes entry: its shapes move (or are not kept over still stretches).
    static let moving: Int16 = -1
    // Any other entry: listed, in the still stretch of that number (`StillSpans.span(at:)`);
    // as a shapes entry, its shapes are in that still stretch.

    /// What a layer's entry is when there is no row: its own checks decide.
    static let unknown = Int16.min

    /// `entries[(frame * layerCount + position) * 2]`, and the shapes entry after it.
    private let entries: [Int16]
    private let layerCount: Int
    /// The whole frames the table holds, as a number: frames from 0 up to it.
    private let framesHeld: Double

    /// The most layers times frames a table holds (two entries each), and all the tables of one
    /// timeline together (4 MB).
    static let maxEntries = 1 << 17
    static let maxEntriesPerTimeline = 1 << 20

    /// No table: every frame is checked layer by layer.
    static let none = LayerFrameTable(entries: [], layerCount: 0, framesHeld: 0)

    private init(entries: [Int16], layerCount: Int, framesHeld: Double) {
        self.entries = entries
        self.layerCount = layerCount
        self.framesHeld = framesHeld
    }

    /// The table of `layers` over the whole frames from 0 to the last out point (fewer when
    /// that would pass `maxEntries` or what is `left` of the timeline's budget, which it takes
    /// from); `.none` when there is no such frame.
    init(_ layers: [CompiledLayer], left: inout Int) {
        let finiteOut = layers.map(\.outPoint).filter(\.isFinite).max() ?? 0
        let lastOut = layers.contains { !$0.outPoint.isFinite } ? .infinity : finiteOut.rounded(.up)
        let room = min(Self.maxEntries, max(left, 0))
        let frameCount = layers.isEmpty ? 0 : Int(min(max(lastOut, 0), Double(room / layers.count)))
        guard frameCount > 0 else {
            self = .none
            return
        }
        var entries: [Int16] = []
        entries.reserveCapacity(frameCount * layers.count * 2)
        for frame in 0..<frameCount {
            for layer in layers {
                entries.append(Self.entry(of: layer, at: Double(frame)))
                entries.append(Self.shapesEntry(of: layer, at: Double(frame)))
            }
        }
        left -= frameCount * layers.count
        self.init(entries: entries, layerCount: layers.count, framesHeld: Double(frameCount))
    }

    /// What the layer's own checks say at `frame`, away from the animation's very end.
    private static func entry(of layer: CompiledLayer, at frame: Double) -> Int16 {
        guard !layer.hidden, !layer.isMatteSource, layer.isActive(at: frame, inclusiveEnd: false) else {
            return skipped
        }
        if layer.drawsNothing { return counted }
        guard let span = layer.placementSpans?.span(at: frame) else { return moving }
        // A stretch past the entry's range is looked up as before.
        return span <= Int(Int16.max) ? Int16(span) : unknown
    }

    /// What the layer's program's own checks say at `frame`: the still stretch its shapes are in.
    private static func shapesEntry(of layer: CompiledLayer, at frame: Double) -> Int16 {
        guard let program = layer.shapeProgram else { return unknown }
        guard program.stillSlot != nil, let span = program.stillSpans?.span(at: frame) else { return moving }
        return span <= Int(Int16.max) ? Int16(span) : unknown
    }

    /// Calls `body` with the row of `frame` (two entries per layer position), or nil when the
    /// table does not hold the frame: not a whole frame, outside the table, or at the very end
    /// (`inclusiveEnd`, where out points count as inside).
    @inline(__always)
    func withRow<Result>(at frame: Double, inclusiveEnd: Bool, _ body: (UnsafePointer<Int16>?) -> Result)
        -> Result {
        guard !inclusiveEnd, frame >= 0, frame < framesHeld, frame == frame.rounded(.down) else {
            return body(nil)
        }
        let start = Int(frame) * layerCount * 2
        return entries.withUnsafeBufferPointer { body($0.baseAddress.map { $0 + start }) }
    }
}
