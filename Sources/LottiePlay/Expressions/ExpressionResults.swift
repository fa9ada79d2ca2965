import LottieModel
import Synchronization

// MARK: - ExpressionResults

/// The last results of one property's expression, shared by every binding of that property (the
/// property compiled for drawing and the one compiled for other expressions to read), so that a
/// frame runs each expression once however many times it is read. Several are kept (how many, the value's type says): a
/// precomposition shown by several layers shifted in time asks for its properties at as many
/// frames of its own within one frame of the animation.
///
/// A result is kept for the stretch of frames over which everything its evaluation read keeps its
/// value (only the frame evaluated when it read `time`). Expressions that read each other in a
/// cycle make a result depend on where the cycle was entered: a property read again while its
/// expression runs gives its keyframed value. So a result is kept only when its evaluation cut no
/// cycle at a property that was in progress before it started, and it is reused only where none
/// of the properties it read (directly or through others) is in progress. Then every result is
/// the one the property's own evaluation gives, whatever order the frame's properties are asked
/// for in, and on whichever thread.
final class ExpressionResults: Sendable {
    private let kept = Mutex<KeptExpressionResults>(KeptExpressionResults())
    /// The store's number in its timeline (from 0), by which read sets name it.
    let number: Int

    init(number: Int) {
        self.number = number
    }

    /// A kept result that holds at `frame`, if any.
    func result(at frame: Double) -> KeptExpressionResult? {
        kept.withLock { $0.result(at: frame) }
    }

    /// Keeps `result`, with at most `capacity` results (the property's type sets it:
    /// `TrackValue.keptExpressionResults`); past it, a new one replaces the oldest.
    func keep(_ result: KeptExpressionResult, capacity: Int) {
        kept.withLock { $0.keep(result, capacity: capacity) }
    }
}

/// The results an `ExpressionResults` keeps: at most a capacity, replaced oldest first. Where
/// each holds is kept apart, in plain numbers, so that a search copies no result.
struct KeptExpressionResults {
    private var results: [KeptExpressionResult] = []
    private var spans: [KeptExpressionResult.Span] = []
    /// Where the next result goes once the list is full: the oldest.
    private var oldest = 0

    /// The newest result that holds at `frame`. A property read at successive frames finds its
    /// result at the first look.
    func result(at frame: Double) -> KeptExpressionResult? {
        var index = oldest
        for _ in spans.indices {
            index = index == 0 ? spans.count - 1 : index - 1
            if spans[index].holds(at: frame) { return results[index] }
        }
        return nil
    }

    /// Keeps `result` in place of one that holds where it starts (the same frame evaluated
    /// again after a reuse was refused), else in a free place, else in place of the oldest.
    mutating func keep(_ result: KeptExpressionResult, capacity: Int) {
        let index: Int
        if let same = spans.firstIndex(where: { $0.holds(at: result.span.from) }) {
            index = same
        } else if spans.count < capacity {
            results.append(result)
            spans.append(result.span)
            oldest = spans.count % capacity
            return
        } else {
            index = oldest
            oldest = (oldest + 1) % capacity
        }
        results[index] = result
        spans[index] = result.span
    }
}

/// A result and where it holds (see `ExpressionResults`).
struct KeptExpressionResult: Sendable {
    /// The frames over which a result holds.
    struct Span: Sendable {
        var from: Double
        var until: Double
        /// Only `from` itself (the evaluation read time).
        var exact: Bool

        func holds(at frame: Double) -> Bool {
            exact ? frame == from : from <= frame && frame < until
        }
    }

    var value: any Sendable
    var span: Span
    /// The properties whose expressions the evaluation read, directly or through others.
    var reads: ExpressionReadSet

    init(value: any Sendable, from: Double, until: Double, exact: Bool, reads: ExpressionReadSet) {
        self.value = value
        span = Span(from: from, until: until, exact: exact)
        self.reads = reads
    }
}

/// Which property a binding's expression is on: its model identity (`Animatable.expressionIdentity`);
/// for properties decoded again for each use (effect parameters), which have none, the same layer,
/// index (`ix`) and text. (A property with neither has a store of its own.)
enum ExpressionPropertyKey: Hashable {
    case identity(ExpressionIdentity)
    case indexed(layer: LayerAddress, index: Int, source: String)
}
