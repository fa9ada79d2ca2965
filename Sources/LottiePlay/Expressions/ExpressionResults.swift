import LottieModel
import Synchronization

// MARK: - ExpressionResults

/// The last result of one property's expression, shared by every binding of that property (the
/// property compiled for drawing and the one compiled for other expressions to read), so that a
/// frame runs each expression once however many times it is read.
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
    private let kept = Mutex<KeptExpressionResult?>(nil)
    /// The store's number in its timeline (from 0), by which read sets name it.
    let number: Int

    init(number: Int) {
        self.number = number
    }

    /// The kept result, if it holds at `frame`.
    func result(at frame: Double) -> KeptExpressionResult? {
        kept.withLock { kept in kept.flatMap { $0.holds(at: frame) ? $0 : nil } }
    }

    func keep(_ result: KeptExpressionResult) {
        kept.withLock { $0 = result }
    }
}

/// A result and where it holds (see `ExpressionResults`).
struct KeptExpressionResult: Sendable {
    var value: any Sendable
    var from: Double
    var until: Double
    /// Only `from` itself (the evaluation read time).
    var exact: Bool
    /// The properties whose expressions the evaluation read, directly or through others.
    var reads: ExpressionReadSet

    func holds(at frame: Double) -> Bool {
        exact ? frame == from : from <= frame && frame < until
    }
}

/// Which property a binding's expression is on: its model identity (`Animatable.expressionIdentity`);
/// for properties decoded again for each use (effect parameters), which have none, the same layer,
/// index (`ix`) and text. (A property with neither has a store of its own.)
enum ExpressionPropertyKey: Hashable {
    case identity(ExpressionIdentity)
    case indexed(layer: LayerAddress, index: Int, source: String)
}
