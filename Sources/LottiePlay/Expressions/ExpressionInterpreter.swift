import LottieModel

// MARK: - ExpressionInterpreter

/// Runs parsed expressions within a budget. (Interface stub: the implementation replaces this file.)
final class ExpressionInterpreter {
    /// Names a program does not declare: the host's globals (`time`, `value`, `thisComp`...),
    /// asked after the built-ins' own names are not found... (see implementation).
    typealias Globals = (String) -> ExpressionValue?

    let budget: ExpressionBudget
    /// The state of `random()`, `gaussRandom()` and `Math.random()`; the host seeds it.
    var randomState: UInt64 = 0
    /// The value of the last `throw`, while a `thrown` fault travels.
    var thrownValue: ExpressionValue?

    init(budget: ExpressionBudget) {
        self.budget = budget
    }

    /// Runs `program` in a fresh global scope whose undeclared names come from `globals`; the
    /// result is the value of `$bm_rt` at the end (`undefined` when it was never set).
    func run(_ program: ExpressionProgram, globals: @escaping Globals) throws(ExpressionFault) -> ExpressionValue {
        throw ExpressionFault(.limit, "not implemented yet")
    }

    /// Calls a function value (script, native or callable host object).
    func call(_ callee: ExpressionValue, this: ExpressionValue, arguments: [ExpressionValue],
              at place: SourcePlace) throws(ExpressionFault) -> ExpressionValue {
        throw ExpressionFault(.limit, "not implemented yet")
    }

    /// The plain value of `value`: a host object's `primitive`, anything else as it is.
    func primitive(_ value: ExpressionValue) throws(ExpressionFault) -> ExpressionValue { value }

    /// JavaScript's ToNumber (after `primitive`).
    func number(_ value: ExpressionValue) throws(ExpressionFault) -> Double { .nan }

    /// A new array of numbers, its memory counted.
    func makeArray(_ numbers: [Double]) throws(ExpressionFault) -> ExpressionValue { .array(ExpressionArray(numbers.map(ExpressionValue.number))) }

    /// A new array, its memory counted.
    func makeArray(_ elements: [ExpressionValue]) throws(ExpressionFault) -> ExpressionValue { .array(ExpressionArray(elements)) }
}

/// A function written in the expression, with the scope it closes over. (Stub.)
final class ScriptFunction {}

extension ExpressionInterpreter {
    func chargeMemory(_ count: Int) throws(ExpressionFault) {}
    func isTruthy(_ value: ExpressionValue) -> Bool { false }
    func string(_ value: ExpressionValue) throws(ExpressionFault) -> String { "" }
    func error(_ message: String, at place: SourcePlace?) -> ExpressionFault { ExpressionFault(.error, message, at: place) }
}
