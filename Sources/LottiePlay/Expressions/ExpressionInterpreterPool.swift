import Synchronization

// MARK: - ExpressionInterpreterPool

/// The interpreters of one timeline that are not running, kept between evaluations so that what an
/// interpreter builds once (the `Math` object's members) is built once per thread rather than once
/// per property per frame. An interpreter is taken out for one evaluation and given back after it;
/// while out, only the thread running that evaluation uses it.
final class ExpressionInterpreterPool: Sendable {
    private let idle = Mutex<[InterpreterHandle]>([])
    private let budget: ExpressionBudget

    init(budget: ExpressionBudget) {
        self.budget = budget
    }

    /// Runs `body` with an interpreter no other evaluation is using.
    func withInterpreter<Result>(_ body: (ExpressionInterpreter) -> Result) -> Result {
        let handle = idle.withLock { $0.popLast() } ?? InterpreterHandle(ExpressionInterpreter(budget: budget))
        defer { idle.withLock { $0.append(handle) } }
        return body(handle.interpreter)
    }
}

/// An interpreter moving in and out of the pool. It is used by one thread at a time: the pool gives
/// it to one evaluation, which gives it back when it ends.
private final class InterpreterHandle: @unchecked Sendable {
    let interpreter: ExpressionInterpreter

    init(_ interpreter: ExpressionInterpreter) {
        self.interpreter = interpreter
    }
}
