import LottieModel

// MARK: - ExpressionInterpreter

/// Runs parsed expressions (a tree walk) within a budget of steps, memory and depth.
///
/// One interpreter runs one evaluation at a time on one thread; `run` may be re-entered by the
/// host (an expression reading another property whose value is itself an expression): each run
/// has its own global scope, and all runs in progress share the one budget. The budget is reset
/// when an outermost `run` starts. Nothing here is shared between interpreters.
final class ExpressionInterpreter {
    /// The host's names (`time`, `value`, `thisComp`...), asked for a name the program does not
    /// declare and the built-ins do not know; nil means there is no such name (a ReferenceError).
    typealias Globals = (String) -> ExpressionValue?

    let budget: ExpressionBudget
    /// The state of `random()`, `gaussRandom()` and `Math.random()`; the host seeds it.
    var randomState: UInt64 = 0
    /// The value of the last `throw`, while a `thrown` fault travels.
    var thrownValue: ExpressionValue?
    /// `randomState` when the current run started: what `seedRandom(seed, false)` mixes its seed
    /// with, so that the host's seed (time, layer, property) still varies the sequence.
    var randomSeedBase: UInt64 = 0
    /// Set when the evaluation reads anything that changes with time (`time`, a keyframed value
    /// at the frame evaluated, a random draw seeded by the frame...): the host caches the
    /// results of evaluations that never set it, which are the same at every frame.
    var readsTime = false
    /// The stretch of frames `[stillFrom, stillUntil)` around the frame evaluated over which what
    /// the evaluation read keeps its value (keyframed values in a hold, before their first key...):
    /// the host reuses the result there.
    var stillFrom = -Double.infinity
    var stillUntil = Double.infinity
    /// True after `seedRandom(seed, true)`: draws no longer depend on the frame.
    var randomIsTimeless = false
    /// The properties whose expressions are being evaluated, outermost first (see
    /// `ExpressionBinding`: one read again while it is evaluated gives its keyframed value).
    var propertiesInProgress: [ExpressionBinding] = []
    /// Where the outermost cycle cut so far was: the position in `propertiesInProgress` of the
    /// property read again. An evaluation at position `p` whose reads cut at a position below
    /// `p` depends on where the cycle was entered, so the host keeps none of it; one that cut
    /// only at `p` or above gives what it gives wherever it starts.
    var cutDepth = Int.max
    /// The properties whose expressions the evaluation under way read, directly or through others
    /// (see `ExpressionResults`).
    var reads = ExpressionReadSet()
    /// The evaluations kept for each level of nesting (see `startEvaluation`).
    var evaluations: [ExpressionEvaluation] = []
    /// The `Math` object each run copies (see `mathObject`).
    var mathTemplate: ExpressionObject?
    /// Between `beginEvaluation` and `endEvaluation`: runs do not reset the budget.
    private var inEvaluation = false

    /// Steps spent since the outermost run started.
    private(set) var steps = 0
    /// Memory units (array elements, object members, string characters) created since then.
    private(set) var memory = 0
    /// The current nesting of nodes, statements and calls.
    private(set) var depth = 0
    /// How many runs are in progress (more than one when the host re-enters `run`).
    private var activeRuns = 0
    /// Scopes that closures of the runs in progress refer to; emptied when their run ends, which
    /// breaks the cycles between a scope and the closures declared in it. (Scopes no closure
    /// refers to are freed as soon as they end.)
    private var scopes: [ExpressionScope] = []

    /// Notes a reading whose value holds over `stretch` (nil: it changes with time).
    func noteReading(_ stretch: (from: Double, until: Double)?) {
        guard let stretch else {
            readsTime = true
            return
        }
        stillFrom = max(stillFrom, stretch.from)
        stillUntil = min(stillUntil, stretch.until)
    }

    init(budget: ExpressionBudget) {
        self.budget = budget
    }

    // MARK: Running

    /// Runs `program` in a fresh global scope whose undeclared names come from the built-ins and
    /// then `globals`; the result is the value of `$bm_rt` at the end, or, when that was never set,
    /// the value of the last expression statement run at the top level (or of a top-level
    /// `return`, which ends the program).
    func run(_ program: ExpressionProgram, globals: @escaping Globals) throws(ExpressionFault) -> ExpressionValue {
        if activeRuns == 0 && !inEvaluation {
            steps = 0
            memory = 0
            depth = 0
            thrownValue = nil
        }
        activeRuns += 1
        let firstScope = scopes.count
        let outerSeedBase = randomSeedBase
        randomSeedBase = randomState
        defer {
            randomSeedBase = outerSeedBase
            activeRuns -= 1
            releaseScopes(from: firstScope)
        }
        // Tracked (and emptied at the end) only once a closure refers to it: without closures,
        // nothing refers back to the scope.
        // Room for the program's variables and the built-in and host names it reads.
        let scope = ExpressionScope(globals: globals, capacity: program.variableNames.count + 8)
        // The value of the last expression statement: the result of an expression written for
        // After Effects without `$bm_rt` (`[time * 10, 5]`), as After Effects takes it.
        let last = try runTopLevel(program, in: scope, variablesIn: scope)
        if let result = scope.ownValue(named: "$bm_rt"), !result.isUndefined { return result }
        return last
    }

    /// Runs a program's statements in `scope`, its `var` names hoisted into `variableScope` and its
    /// functions into `scope`. The value is that of the last expression statement run at the top
    /// level, or of a top-level `return`, which ends the program.
    private func runTopLevel(_ program: ExpressionProgram, in scope: ExpressionScope,
                             variablesIn variableScope: ExpressionScope) throws(ExpressionFault) -> ExpressionValue {
        hoistVariables(program.variableNames, into: variableScope)
        try hoistFunctions(of: program.body, into: scope)
        var last = ExpressionValue.undefined
        for statement in program.body {
            if case .expression(let node) = statement.kind {
                try step(at: statement.place)
                last = try evaluate(node, in: scope)
                continue
            }
            switch try execute(statement, in: scope) {
            case .normal: continue
            case .returned(let value): return value
            case .breakLoop, .continueLoop: return last
            }
        }
        return last
    }

    /// Empties the scopes made since `index` (closures and scopes refer to each other).
    private func releaseScopes(from index: Int) {
        guard index < scopes.count else { return }
        for scope in scopes[index...] {
            scope.removeAll()
            scope.thisValue = nil
            scope.isTracked = false
        }
        scopes.removeSubrange(index...)
    }

    /// A new scope inside `parent`, with room for `capacity` names.
    func makeScope(in parent: ExpressionScope, isFunctionScope: Bool, capacity: Int = 0) -> ExpressionScope {
        ExpressionScope(parent: parent, isFunctionScope: isFunctionScope, capacity: capacity)
    }

    /// Remembers `scope` and the scopes around it, which a closure is about to refer to, so that
    /// the run empties them when it ends.
    func track(_ scope: ExpressionScope) {
        var current: ExpressionScope? = scope
        while let next = current, !next.isTracked {
            next.isTracked = true
            scopes.append(next)
            current = next.parent
        }
    }

    // MARK: Budget

    /// The steps a name or member the host answers costs (`height`, `thisLayer.transform`): the
    /// host builds objects and searches its layers' trees, many times a plain step's work.
    static let hostSteps = 8

    /// Counts one step; past `maxSteps` a `limit` fault.
    @inline(__always)
    func step(at place: SourcePlace?) throws(ExpressionFault) {
        steps += 1
        if steps > budget.maxSteps { throw stepLimit(at: place) }
    }

    /// Counts `count` steps at once (for built-ins whose work grows with their input).
    func chargeSteps(_ count: Int, at place: SourcePlace? = nil) throws(ExpressionFault) {
        let (sum, overflow) = steps.addingReportingOverflow(max(0, count))
        steps = overflow ? Int.max : sum
        if steps > budget.maxSteps { throw stepLimit(at: place) }
    }

    private func stepLimit(at place: SourcePlace?) -> ExpressionFault {
        ExpressionFault(.limit, "ran more than \(budget.maxSteps) steps", at: place)
    }

    /// Counts `count` units of memory about to be created; past `maxMemory` a `limit` fault
    /// (thrown before anything is allocated).
    func chargeMemory(_ count: Int) throws(ExpressionFault) {
        try chargeMemory(count, at: nil)
    }

    /// `chargeMemory(_:)` with a place for the message.
    func chargeMemory(_ count: Int, at place: SourcePlace?) throws(ExpressionFault) {
        let (sum, overflow) = memory.addingReportingOverflow(max(0, count))
        memory = overflow ? Int.max : sum
        if memory > budget.maxMemory {
            throw ExpressionFault(.limit, "used more than \(budget.maxMemory) units of memory", at: place)
        }
    }

    /// Charges memory for `count` units given as a double (an array length, a repeat count),
    /// which may be anything: negative, huge, NaN.
    func chargeMemory(double count: Double, at place: SourcePlace?) throws(ExpressionFault) {
        guard count > 0 else { return }
        if count >= Double(budget.maxMemory) + 1 || !count.isFinite {
            memory = Int.max
            throw ExpressionFault(.limit, "used more than \(budget.maxMemory) units of memory", at: place)
        }
        try chargeMemory(Int(count), at: place)
    }

    /// Enters one level of nesting (a node, a statement, a call); past `maxDepth` a `limit`
    /// fault. Pair with `leave()` (`defer`).
    @inline(__always)
    func enter(at place: SourcePlace?) throws(ExpressionFault) {
        if depth >= budget.maxDepth {
            throw ExpressionFault(.limit, "nested more than \(budget.maxDepth) deep", at: place)
        }
        depth += 1
    }

    /// Counts `levels` of depth at once (the host's reading of another property's expression, which
    /// takes many more of the thread's stack than one node); `leave(levels:)` gives them back.
    func enter(levels: Int, at place: SourcePlace?) throws(ExpressionFault) {
        if depth + levels > budget.maxDepth {
            throw ExpressionFault(.limit, "nested more than \(budget.maxDepth) deep", at: place)
        }
        depth += levels
    }

    func leave(levels: Int) {
        depth -= levels
    }

    /// Starts one evaluation made of several runs (a property's expression, the expressions of the
    /// properties it reads, and the conversion of its result, which may read more): the steps,
    /// memory and depth are counted from here until `endEvaluation`, not from each outermost run.
    /// An interpreter may run many evaluations, one after the other: each starts from nothing read.
    func beginEvaluation() {
        steps = 0
        memory = 0
        depth = 0
        thrownValue = nil
        readsTime = false
        stillFrom = -.infinity
        stillUntil = .infinity
        randomIsTimeless = false
        cutDepth = .max
        reads = ExpressionReadSet()
        propertiesInProgress.removeAll(keepingCapacity: true)
        inEvaluation = true
    }

    func endEvaluation() {
        inEvaluation = false
    }

    @inline(__always)
    func leave() {
        depth -= 1
    }

    // MARK: Faults

    /// An `error` fault (catchable as a JavaScript error). A message starting `TypeError: ` (any
    /// name ending in `Error`) is caught as an object with that name; otherwise the name is `Error`.
    func error(_ message: String, at place: SourcePlace?) -> ExpressionFault {
        ExpressionFault(.error, message, at: place)
    }

    /// A TypeError fault.
    func typeError(_ message: String, at place: SourcePlace?) -> ExpressionFault {
        ExpressionFault(.error, "TypeError: " + message, at: place)
    }

    /// A RangeError fault.
    func rangeError(_ message: String, at place: SourcePlace?) -> ExpressionFault {
        ExpressionFault(.error, "RangeError: " + message, at: place)
    }

    /// Throws `value` as JavaScript's `throw` does.
    func throwValue(_ value: ExpressionValue, at place: SourcePlace?) -> ExpressionFault {
        thrownValue = value
        let text: String
        switch value {
        case .string(let string): text = string
        case .number(let number): text = ExpressionInterpreter.numberString(number)
        case .object(let object):
            if case .string(let message)? = object["message"] {
                if case .string(let name)? = object["name"] { text = name + ": " + message } else { text = message }
            } else {
                text = "[object Object]"
            }
        default: text = "a value"
        }
        return ExpressionFault(.thrown, "uncaught " + text, at: place)
    }

    /// The value a `catch` receives for `fault`; nil for a `limit` fault, which is never caught.
    func caughtValue(_ fault: ExpressionFault) throws(ExpressionFault) -> ExpressionValue? {
        switch fault.kind {
        case .limit:
            return nil
        case .thrown:
            let value = thrownValue ?? .undefined
            thrownValue = nil
            return value
        case .error:
            let (name, message) = Self.errorName(of: fault.message)
            return try makeError(name: name, message: message)
        }
    }

    /// A fault's message split into an error name and the rest: `TypeError: x is not a function`
    /// gives `TypeError`; a message without such a first word is an `Error`. The first word is
    /// found on the message's bytes: the standard library's substring search costs more than
    /// the rest of a caught error.
    static func errorName(of message: String) -> (name: String, message: String) {
        let bytes = message.utf8
        guard let space = bytes.firstIndex(of: UInt8(ascii: " ")), space > bytes.startIndex else {
            return ("Error", message)
        }
        let colon = bytes.index(before: space)
        guard bytes[colon] == UInt8(ascii: ":") else { return ("Error", message) }
        let prefix = message[..<colon]
        guard prefix.hasSuffix("Error") else { return ("Error", message) }
        return (String(prefix), String(message[bytes.index(after: space)...]))
    }

    /// A JavaScript error object `{name, message}`.
    func makeError(name: String, message: String) throws(ExpressionFault) -> ExpressionValue {
        try chargeMemory(2 + name.utf8.count + message.utf8.count)
        return .object(ExpressionObject([("name", .string(name)), ("message", .string(message))]))
    }

    // MARK: Calls

    /// Calls a function value (script, native or callable host object) with `this` and
    /// `arguments`; anything else is a TypeError.
    func call(_ callee: ExpressionValue, this: ExpressionValue, arguments: [ExpressionValue],
              at place: SourcePlace) throws(ExpressionFault) -> ExpressionValue {
        try enter(at: place)
        defer { leave() }
        switch callee {
        case .function(let function):
            switch function.body {
            case .native(let native):
                try step(at: place)
                return try native(ExpressionCall(interpreter: self, this: this, arguments: arguments, place: place))
            case .script(let script):
                return try invoke(script, function: function, this: this, arguments: arguments, at: place)
            }
        case .host(let host):
            try step(at: place)
            let call = ExpressionCall(interpreter: self, this: this, arguments: arguments, place: place)
            if let result = try host.call(call) { return result }
            throw typeError("\(host.typeName) is not a function", at: place)
        default:
            throw typeError("\(typeName(of: callee)) is not a function", at: place)
        }
    }

    /// Runs a script function's body in a new function scope.
    private func invoke(_ script: ScriptFunction, function: ExpressionFunction, this: ExpressionValue,
                        arguments: [ExpressionValue], at place: SourcePlace) throws(ExpressionFault) -> ExpressionValue {
        let literal = script.literal
        let scope = makeScope(in: script.scope, isFunctionScope: true,
                              capacity: literal.parameters.count + literal.variableNames.count + 4)
        if !literal.isArrow {
            scope.thisValue = this
            if literal.usesArguments {
                try chargeMemory(arguments.count, at: place)
                scope.declare("arguments", .array(ExpressionArray(arguments)))
            }
            // A named function expression sees its own name.
            if let name = literal.name { scope.declare(name, .function(function)) }
        }
        for (index, parameter) in literal.parameters.enumerated() {
            scope.declare(parameter, index < arguments.count ? arguments[index] : .undefined)
        }
        hoistVariables(literal.variableNames, into: scope)
        switch try executeBody(literal.body, in: scope) {
        case .returned(let value): return value
        default: return .undefined
        }
    }

    /// Declares (as `undefined`) the hoisted `var` names in `scope`, unless already declared.
    func hoistVariables(_ names: [String], into scope: ExpressionScope) {
        for name in names where !scope.declaresOwn(name) {
            scope.declare(name, .undefined)
        }
    }

    // MARK: eval

    /// `eval(source)` in `scope`: parses `source` (a syntax error is a catchable SyntaxError) and
    /// runs it there; the value is the last expression statement's at the top level.
    func evaluateSource(_ source: ExpressionValue, in scope: ExpressionScope,
                        at place: SourcePlace) throws(ExpressionFault) -> ExpressionValue {
        guard case .string(let text) = source else { return source }
        // Parsing costs about one step per 8 characters, and setting up a parse and a program
        // several more (`while (1) eval('thisLayer')` parsed 8 characters per 3 steps).
        try chargeSteps(text.utf8.count / 8 + 16, at: place)
        let program: ExpressionProgram
        do throws(ExpressionSyntaxError) {
            program = try ExpressionParser.parse(text, maxDepth: max(1, budget.maxDepth - depth))
        } catch {
            throw self.error("SyntaxError: \(error.message) (\(error.place))", at: place)
        }
        return try runTopLevel(program, in: scope, variablesIn: scope.functionScope)
    }
}

// MARK: - ScriptFunction

/// A function written in the expression, with the scope it closes over.
final class ScriptFunction {
    let literal: FunctionLiteral
    let scope: ExpressionScope
    init(literal: FunctionLiteral, scope: ExpressionScope) {
        self.literal = literal
        self.scope = scope
    }
}
