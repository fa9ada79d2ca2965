import LottieModel
import Synchronization

// MARK: - ExpressionBinding

/// A property's expression, parsed once when the animation is compiled and run every time the
/// property's value is asked for (FORMAT.md "Expressions"). What it reads (`time`, `value`, other
/// layers' properties) comes through its site's `ExpressionWorld`.
///
/// An evaluation that fails (an error thrown, a result of the wrong type, a budget spent) gives
/// the keyframed value; the first failure is kept for `Timeline.expressionFaults`.
final class ExpressionBinding: Sendable {
    let program: ExpressionProgram
    let source: String
    let site: ExpressionSite
    /// `ix`: what `thisProperty.propertyIndex` reads.
    let propertyIndex: Int?
    /// The times of the property's keyframes as its track resolved them, for `numKeys`, `key(n)`
    /// and the loops; one keyframe counts, though the track keeps no keys then.
    let keyTimes: [Double]
    /// Seeds `random()` (FNV-1a of the layer and the source: the same on every run).
    let seed: UInt64
    private let fault = Mutex<ExpressionFault?>(nil)
    /// The property's kept results, shared with its other bindings.
    let results: ExpressionResults
    /// Where the property is in its layer's trees, once searched for (see
    /// `ExpressionEvaluation.locateProperty`): nil before, `.some(nil)` when it is in none.
    private let place = Mutex<[Int]??>(nil)

    private init(program: ExpressionProgram, source: String, site: ExpressionSite, propertyIndex: Int?,
                 keyTimes: [Double], results: ExpressionResults) {
        self.results = results
        self.program = program
        self.source = source
        self.site = site
        self.propertyIndex = propertyIndex
        self.keyTimes = keyTimes
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in (site.layerPath + "\u{0}" + source).utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        seed = hash
    }

    /// The binding of a property's expression, or nil when it has none, or none that runs.
    /// `keyTimes`: the times of the keyframes as the track resolved them.
    static func make<Value: TrackValue, Source>(for property: Animatable<Source>, valueType: Value.Type,
                                                keyTimes: [Double], context: ValueContext) -> ExpressionBinding? {
        guard let source = property.expression, let site = context.expressionSite, let world = site.world,
              !source.allSatisfy(\.isWhitespace) else { return nil }
        // Those that do not parse are listed by the features scan (`expressionsNotRun`).
        guard case .success(let program) = world.program(for: source) else { return nil }
        var key: ExpressionPropertyKey?
        if let identity = property.expressionIdentity {
            key = .identity(identity)
        } else if let index = property.propertyIndex {
            key = .indexed(layer: site.layer, index: index, source: source)
        }
        let binding = ExpressionBinding(program: program, source: source, site: site, propertyIndex: property.propertyIndex,
                                        keyTimes: keyTimes,
                                        results: world.results(for: key))
        world.register(binding)
        return binding
    }

    /// The property's place in its layer's trees, found by `search` the first time.
    func treePlace(orSearch search: () -> [Int]?) -> [Int]? {
        if let known = place.withLock({ $0 }) { return known }
        let found = search()
        place.withLock { $0 = .some(found) }
        return found
    }

    /// The first failure met, if any.
    var firstFault: ExpressionFault? { fault.withLock { $0 } }

    // MARK: Evaluation

    /// The property's value at `frame` (of its composition), in an evaluation of its own.
    func value<Value: TrackValue>(of track: PropertyTrack<Value>, at frame: Double) -> Value {
        guard let world = site.world else { return track.keyframedValue(at: frame) }
        let interpreter = world.interpreters.take() ?? ExpressionInterpreter(budget: world.budget)
        defer { world.interpreters.put(interpreter) }
        interpreter.beginEvaluation()
        defer { interpreter.endEvaluation() }
        do {
            return try value(of: track, at: frame, in: interpreter)
        } catch {
            record(error)
            return track.keyframedValue(at: frame)
        }
    }

    /// The property's value at `frame` within an evaluation under way (another expression reads
    /// it): the same budget. A spent budget goes on up; any other failure gives the keyframed value.
    func value<Value: TrackValue>(of track: PropertyTrack<Value>, at frame: Double,
                                  in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> Value {
        let id = results.number
        // A property read again while its expression runs (expressions that read each other in a
        // cycle) gives its keyframed value, as lottie-web does.
        if let cut = interpreter.propertiesInProgress.firstIndex(where: { $0.results === results }) {
            interpreter.cutDepth = min(interpreter.cutDepth, cut)
            interpreter.reads.insert(id)
            return track.keyframedValue(at: frame)
        }
        if let known = results.result(at: frame), let value = known.value as? Value,
           !interpreter.propertiesInProgress.contains(where: { known.reads.contains($0.results.number) }) {
            // An evaluation that reads this one depends on what it read.
            if known.span.exact { interpreter.readsTime = true } else { interpreter.noteReading((known.span.from, known.span.until)) }
            interpreter.reads.insert(id)
            interpreter.reads.formUnion(known.reads)
            return value
        }
        let keyed = track.keyframedValue(at: frame)
        guard let world = site.world else { return keyed }
        // Also the level of nesting of this evaluation (see `startEvaluation`).
        let depth = interpreter.propertiesInProgress.count
        interpreter.propertiesInProgress.append(self)
        defer { interpreter.propertiesInProgress.removeLast() }
        // Expressions reading each other nest: each counts as many levels (bounding a cycle).
        try interpreter.enter(levels: Self.depthOfARead, at: nil)
        defer { interpreter.leave(levels: Self.depthOfARead) }
        // This evaluation's own readings, then the outer one's with them.
        let outer = (random: interpreter.randomState, timeless: interpreter.randomIsTimeless,
                     readsTime: interpreter.readsTime, from: interpreter.stillFrom, until: interpreter.stillUntil,
                     cutDepth: interpreter.cutDepth, reads: interpreter.reads)
        defer {
            interpreter.cutDepth = min(outer.cutDepth, interpreter.cutDepth)
            interpreter.reads.formUnion(outer.reads)
            interpreter.reads.insert(id)
            interpreter.randomState = outer.random
            interpreter.randomIsTimeless = outer.timeless
            interpreter.readsTime = outer.readsTime || interpreter.readsTime
            interpreter.stillFrom = max(outer.from, interpreter.stillFrom)
            interpreter.stillUntil = min(outer.until, interpreter.stillUntil)
        }
        interpreter.readsTime = false
        interpreter.cutDepth = .max
        interpreter.reads = ExpressionReadSet()
        interpreter.stillFrom = -.infinity
        interpreter.stillUntil = .infinity
        interpreter.randomIsTimeless = false
        interpreter.randomState = seed ^ UInt64(truncatingIfNeeded: Int64(exactly: frame.rounded(.down)) ?? 0)
        let evaluation = interpreter.startEvaluation(at: depth, world: world, site: site, frame: frame,
                                                     property: PropertyHost(track, binding: self, isSelf: true))
        do throws(ExpressionFault) {
            let result = try interpreter.run(program, globals: evaluation.global(named:))
            guard let converted = try Value.fromExpression(result, template: keyed, in: interpreter),
                  converted.isFinite else {
                throw ExpressionFault(.error, "the result (\(try interpreter.describe(result))) is not a value of this property")
            }
            // Kept unless a cycle was cut below this evaluation (see `ExpressionResults`).
            if interpreter.cutDepth >= depth {
                let exact = interpreter.readsTime
                results.keep(KeptExpressionResult(value: converted, from: exact ? frame : interpreter.stillFrom,
                                                  until: exact ? frame : interpreter.stillUntil, exact: exact,
                                                  reads: interpreter.reads), capacity: Value.keptExpressionResults)
            }
            return converted
        } catch {
            guard error.kind != .limit else { throw error }
            record(error)
            return keyed
        }
    }

    /// The depth one evaluation inside another counts for: its Swift frames (run, host objects,
    /// conversion) take the stack of about ten nested nodes.
    private static let depthOfARead = 10

    private func record(_ error: ExpressionFault) {
        fault.withLock { if $0 == nil { $0 = error } }
    }
}

extension PropertyTrack {
    /// The value at `frame` within an evaluation under way (see `ExpressionBinding`).
    func value(at frame: Double, in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> Value {
        guard let expression else { return keyframedValue(at: frame) }
        return try expression.value(of: self, at: frame, in: interpreter)
    }
}

extension ExpressionInterpreter {
    /// The evaluation of the run at nesting level `depth` (0 for the outermost), started for
    /// `property` at `frame`: the one kept for that level, else a new one kept from now on.
    func startEvaluation<Value: TrackValue>(at depth: Int, world: ExpressionWorld, site: ExpressionSite, frame: Double,
                                            property: PropertyHost<Value>) -> ExpressionEvaluation {
        if depth < evaluations.count, evaluations[depth].world === world {
            evaluations[depth].start(site: site, frame: frame, property: property)
            return evaluations[depth]
        }
        let evaluation = ExpressionEvaluation(world: world, site: site, frame: frame, interpreter: self, property: property)
        // Levels are entered one at a time: `depth` is at most the number kept.
        if depth < evaluations.count { evaluations[depth] = evaluation } else { evaluations.append(evaluation) }
        return evaluation
    }
}
