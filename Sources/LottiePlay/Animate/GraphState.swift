import LottieModel
import Synchronization

// MARK: - GraphState

/// What evaluating a timeline keeps from frame to frame: each layer's last outputs (its placement,
/// content, masks and matte) with the moment they were made for, one `LayerState` per layer of
/// each composition instance. A layer is evaluated again only when one of its inputs changed
/// since: its tracks left the still stretch its outputs were made in (`StillSpans`), or it is seen
/// at another frame of a stretch in which something moves. What it made stays with it while it is
/// out of the scene, for when it comes back.
///
/// Outputs belong to the state; the scenes made from it hold them too, as values. Updating a
/// scene (`Timeline.update(_:toFrame:)`) lets go of the scene's hold on an output before the
/// state writes the output again, so that steady playback writes every moving path into the
/// storage it had, and allocates nothing.
///
/// Used by one frame at a time (the timeline lends states from a pool). Bounded: at most
/// `maxLayerStates` layer states (a precomp shown by many layers has a state per instance), and
/// the content kept for layers out of the scene holds at most `maxFrameVertices` vertices.
final class GraphState {
    /// The root composition's layers.
    let root = CompositionState()
    /// The working lists of shape evaluation, shared by the shape layers of a frame and kept from
    /// frame to frame.
    var shapes = ShapeEvaluation(frame: 0, limits: .default, vertexLimit: 0)
    /// Lists of world matrices lent to the compositions being listed (`WorldTransforms`).
    var spareWorldStorage: [WorldTransforms.Storage] = []
    /// The layer states made, within `maxLayerStates`.
    private(set) var layerStateCount = 0
    /// The frames evaluated, counting: a layer state listed in the current frame has its number.
    private(set) var frameNumber = 0
    /// Vertices of the content held by layers, and the most they may hold before the content of
    /// layers not listed in the current frame is let go.
    private var heldVertices = 0

    /// The most layer states kept: past it, compositions are evaluated without keeping anything.
    static let maxLayerStates = 1 << 18

    /// Starts a frame with a full budget: what it counts.
    func beginFrame(limits: LottieLimits) -> FrameCounts {
        frameNumber &+= 1
        return FrameCounts(frameNumber: frameNumber, layersLeft: limits.maxLayers, verticesLeft: limits.maxFrameVertices,
                         heldVertices: heldVertices)
    }

    /// Ends a frame: takes back what it counted, and when layers out of the scene hold more than
    /// a frame's worth of vertices, lets go of their content.
    func endFrame(_ counts: FrameCounts, limits: LottieLimits) {
        heldVertices = counts.heldVertices
        guard heldVertices > 2 * limits.maxFrameVertices else { return }
        heldVertices = root.letGoUnlisted(frameNumber: frameNumber)
    }

    /// The states of a composition of `count` layers entered for the first time; nil when the
    /// state may not grow (the composition is then evaluated with states kept for this frame only).
    func makeStates(count: Int) -> [LayerState]? {
        guard layerStateCount + count <= Self.maxLayerStates else { return nil }
        layerStateCount += count
        return Array(repeating: LayerState(), count: count)
    }

    func takeWorldStorage() -> WorldTransforms.Storage {
        spareWorldStorage.popLast() ?? WorldTransforms.Storage()
    }

    func keepWorldStorage(_ storage: consuming WorldTransforms.Storage) {
        spareWorldStorage.append(storage)
    }
}

// MARK: - CompositionState

/// The layer states of one instance of a composition, in the order of its compiled layers,
/// made when the instance is first evaluated.
final class CompositionState {
    var layers: [LayerState] = []

    /// Lets go of the content of the layers not listed in frame `frameNumber`, here and in the
    /// precomp instances below; returns the vertices still held.
    func letGoUnlisted(frameNumber: Int) -> Int {
        var held = 0
        for index in layers.indices {
            if layers[index].listedFrame != frameNumber {
                layers[index].forgetContent()
            }
            held += layers[index].drawn
            if let children = layers[index].children { held += children.letGoUnlisted(frameNumber: frameNumber) }
        }
        return held
    }
}

// MARK: - LayerState

/// One layer's last outputs in one composition instance, and what they were made for.
struct LayerState {
    /// The moment an output was made for: a still stretch (`StillSpans`), in which any frame
    /// makes the same, or one frame.
    struct Moment: Equatable {
        var span: Int
        var frame: Double

        /// Made for nothing yet.
        static let none = Moment(span: -1, frame: .nan)

        /// Whether an output made for this moment is the one for `span` (nil: something moves)
        /// at `frame`.
        func holds(span other: Int?, frame: Double) -> Bool {
            if let other { return other == span }
            return frame == self.frame
        }

        init(span: Int, frame: Double) {
            self.span = span
            self.frame = frame
        }

        init(_ span: Int?, frame: Double) {
            self.span = span ?? -1
            self.frame = span == nil ? frame : .nan
        }
    }

    // Placement: the layer's own matrix and opacity.
    var placementMoment = Moment.none
    var matrix = AffineMatrix.identity
    var opacity = 0.0

    /// What the layer showed last: its world matrix, opacity, and whether it drew its content.
    struct Shown: Equatable {
        var world: AffineMatrix
        var projection: LayerProjection?
        var opacity: Double
        var drawn: Bool
    }

    // Content, and what it needs of the frame's vertex budget to come out the same.
    var content = SceneContent.empty
    /// The moment `content` was made for (`.none`: it is not kept for any).
    var contentMoment = Moment.none
    /// Whether `content` never changes (made at compile time, or a solid or image).
    var contentIsFixed = false
    /// The vertices the content takes from the frame's budget, and the budget it needs to come
    /// out the same (`ShapeEvaluation.demand`).
    var drawn = 0
    var demand = 0
    /// A shape layer's lists and paints from the frame before, written again in place.
    var shapeStorage = ShapeStorage()
    /// Whether a text layer's content holds every glyph of its document (none was left out for
    /// the budget): it is then the content for as long as the document stays the same.
    var textIsComplete = false

    // Masks.
    var masks: [SceneMask] = []
    var masksMoment = Moment.none

    /// The layer's track matte, when it has one.
    var matte: SceneMatte?

    /// The layer's effects as drawn.
    var effects: [SceneEffect] = []

    /// A precomp layer's composition instance.
    var children: CompositionState?
    /// What the entry of the layer last showed (nil: nothing yet).
    var shown: Shown?

    /// Changes whenever what the layer draws changes (`SceneLayer.revision`).
    var revision: UInt64 = 0
    /// The frame number (`GraphState.frameNumber`) in which the layer was last listed, and where
    /// in its composition's list.
    var listedFrame = 0
    var entryIndex = -1

    /// Lets go of the content (a layer out of the scene, past the cap on what is kept).
    mutating func forgetContent() {
        content = .empty
        shapeStorage = ShapeStorage()
        contentIsFixed = false
        contentMoment = .none
        textIsComplete = false
        drawn = 0
        demand = 0
        masks = []
        masksMoment = .none
        matte = nil
        shown = nil
    }

    /// A new revision: what the layer draws changed.
    mutating func revise() {
        revision = Revisions.next()
    }
}

// MARK: - Revisions

/// Revision numbers unique across every state of every timeline, so that a layer's revision
/// names what it draws wherever a scene was made.
enum Revisions {
    private static let counter = Atomic<UInt64>(0)

    static func next() -> UInt64 {
        counter.wrappingAdd(1, ordering: .relaxed).newValue
    }
}
