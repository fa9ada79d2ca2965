import Foundation
import LottieModel

// MARK: - PropertyHost

/// A property as expressions see it: its value (where a plain value is needed), `value`,
/// `valueAtTime`, keys, loops, velocity and wiggle. `thisProperty` reads the keyframed value
/// (the expression's own value would read itself); another property reads its expression's.
final class PropertyHost<Value: TrackValue>: ExpressionHostObject {
    let track: PropertyTrack<Value>
    let isSelf: Bool
    /// The property's own expression, for `propertyIndex` and the seed of `wiggle`.
    let binding: ExpressionBinding?
    /// Display name, match name (from the tree), when known.
    private var knownNames: PropertyNames?
    /// The group the property is in, when known (`propertyGroup(1)`).
    private var knownGroup: GroupHost?
    private var located = false
    /// Set by the evaluation that hands the property out: the time and world it reads with.
    unowned var evaluation: ExpressionEvaluation?
    /// The track's readings, made here where `Value` is known: the interpreter reaches the host
    /// through `any ExpressionHostObject`, where the class's generic code runs unspecialised and
    /// looked type metadata up at every track access.
    private let stillStretch: (Double) -> (from: Double, until: Double)?
    private let read: (Double, ExpressionInterpreter) throws(ExpressionFault) -> Value

    init(_ track: PropertyTrack<Value>, binding: ExpressionBinding?, isSelf: Bool, names: PropertyNames? = nil,
         group: GroupHost? = nil) {
        self.track = track
        self.binding = binding
        self.isSelf = isSelf
        knownNames = names
        knownGroup = group
        located = names != nil
        stillStretch = track.keys.isEmpty ? { _ in (-.infinity, .infinity) } : { track.stillStretch(at: $0) }
        read = { (frame, interpreter) throws(ExpressionFault) in
            // A read interpolates keys and makes a value: several steps' work, which `smooth` and
            // `loopOut` repeat within one step.
            try interpreter.chargeSteps(8)
            return isSelf ? track.keyframedValue(at: frame) : try track.value(at: frame, in: interpreter)
        }
    }

    /// The names and group of `thisProperty`, looked up in its layer's tree the first time asked.
    private func locate() {
        guard !located else { return }
        located = true
        if let found = evaluation?.locateProperty() {
            knownNames = found.names
            knownGroup = found.group
        }
    }

    var names: PropertyNames? {
        locate()
        return knownNames
    }

    var group: GroupHost? {
        locate()
        return knownGroup
    }

    var typeName: String { "property '\(names?.name ?? names?.matchName ?? "?")'" }

    private var frameRate: Double { evaluation?.world.frameRate ?? 30 }

    /// The value at a frame: keyframed for `thisProperty`, else with its expression.
    func value(atFrame frame: Double, in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> Value {
        try read(frame, interpreter)
    }

    func primitive(in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> ExpressionValue? {
        try read(currentFrame(in: interpreter), interpreter).expressionValue(in: interpreter)
    }

    /// The frame evaluated, for a reading there: one that changes with time when the property
    /// has keys (an expression on it says so itself when it runs).
    private func currentFrame(in interpreter: ExpressionInterpreter) -> Double {
        let frame = evaluation?.frame ?? 0
        interpreter.noteReading(stillStretch(frame))
        return frame
    }

    func member(_ name: String, in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> ExpressionValue? {
        switch name {
        case "value":
            return try primitive(in: interpreter)
        case "valueAtTime":
            return function(name) { call throws(ExpressionFault) in
                try self.value(atFrame: self.frame(ofTime: call.argument(0), in: call.interpreter), in: call.interpreter)
                    .expressionValue(in: call.interpreter)
            }
        case "velocity":
            // Read across a thousandth of a second: changes with time even at the edge of a still stretch.
            interpreter.readsTime = true
            return try velocity(atFrame: currentFrame(in: interpreter), in: interpreter)
        case "speed":
            interpreter.readsTime = true
            return .number(try speed(atFrame: currentFrame(in: interpreter), in: interpreter))
        case "velocityAtTime":
            return function(name) { call throws(ExpressionFault) in
                try self.velocity(atFrame: self.frame(ofTime: call.argument(0), in: call.interpreter), in: call.interpreter)
            }
        case "speedAtTime":
            return function(name) { call throws(ExpressionFault) in
                .number(try self.speed(atFrame: self.frame(ofTime: call.argument(0), in: call.interpreter), in: call.interpreter))
            }
        case "numKeys":
            return .number(Double(keyCount))
        case "key":
            return function(name) { call throws(ExpressionFault) in
                let number = try call.interpreter.number(call.argument(0))
                guard number.isFinite, number >= 1, number <= Double(self.keyCount) else {
                    throw call.interpreter.error("key(\(number)): the property has \(self.keyCount) keys", at: call.place)
                }
                return try self.key(Int(number) - 1, in: call.interpreter)
            }
        case "nearestKey":
            return function(name) { call throws(ExpressionFault) in
                let time = try call.interpreter.number(call.argument(0))
                let frame = time * self.frameRate
                guard let index = (0..<self.keyCount).min(by: {
                    abs(self.keyTime($0) - frame) < abs(self.keyTime($1) - frame)
                }) else { throw call.interpreter.error("nearestKey: the property has no keys", at: call.place) }
                return try self.key(index, in: call.interpreter)
            }
        case "loopOut", "loopIn", "loopOutDuration", "loopInDuration":
            return function(name) { call throws(ExpressionFault) in
                try self.loop(name, call: call)
            }
        case "wiggle":
            return function(name) { call throws(ExpressionFault) in try self.wiggle(call) }
        case "smooth":
            return function(name) { call throws(ExpressionFault) in try self.smooth(call) }
        case "propertyIndex":
            return .number(Double(names?.index ?? binding?.propertyIndex ?? 0))
        case "name", "_name":
            return .string(names?.name ?? "")
        case "matchName":
            return .string(names?.matchName ?? "")
        case "propertyGroup":
            return function(name) { call throws(ExpressionFault) in
                let levels = call.arguments.isEmpty ? 1 : try call.interpreter.number(call.argument(0))
                var group = self.group
                var level = 1.0
                while level < levels, let current = group {
                    group = current.parent
                    level += 1
                }
                guard let group else { throw call.interpreter.error("propertyGroup: no group so far up", at: call.place) }
                return .host(group)
            }
        case "points", "inTangents", "outTangents", "isClosed", "pointOnPath", "tangentOnPath", "normalOnPath", "createPath":
            // Path methods take an optional time; the path is read at the time given.
            guard Value.self == BezierContour.self else { return nil }
            return function(name) { call throws(ExpressionFault) in
                let takesTime = ["points", "inTangents", "outTangents", "isClosed"].contains(name)
                let timeArgument = takesTime ? call.argument(0) : call.argument(1)
                let frame = if case .undefined = timeArgument { self.currentFrame(in: call.interpreter) } else {
                    try self.frame(ofTime: timeArgument, in: call.interpreter)
                }
                guard case .host(let path) = try self.value(atFrame: frame, in: call.interpreter)
                    .expressionValue(in: call.interpreter), let method = try path.member(name, in: call.interpreter) else {
                    return .undefined
                }
                return try call.interpreter.call(method, this: .undefined, arguments: takesTime ? [] : Array(call.arguments.prefix(1)),
                                                 at: call.place)
            }
        default:
            return nil
        }
    }

    // MARK: Time

    private func function(_ name: String, _ body: @escaping NativeFunction) -> ExpressionValue {
        .function(ExpressionFunction(name, body))
    }

    /// The frame of a time in seconds.
    private func frame(ofTime time: ExpressionValue, in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> Double {
        try interpreter.number(time) * frameRate
    }

    /// The times of the keys as After Effects counts them: a property with one keyframe has one key
    /// (its track keeps none, its value being constant). Those of a property with an expression
    /// were found when it was compiled; the others' are made once, when first asked for.
    private lazy var keyTimes: [Double] = binding?.keyTimes ?? track.keys.map(\.time)

    private var keyCount: Int { keyTimes.count }

    private func keyTime(_ index: Int) -> Double { keyTimes[index] }

    private func key(_ index: Int, in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> ExpressionValue {
        let value = track.keys.isEmpty ? track.constant : track.keys[index].value
        return .object(ExpressionObject([
            ("time", .number(keyTime(index) / frameRate)),
            ("value", try value.expressionValue(in: interpreter)),
            ("index", .number(Double(index + 1))),
        ]))
    }

    /// The numbers of the value at a frame (one for a number).
    private func numbers(atFrame frame: Double, in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> [Double] {
        try interpreter.resultNumbers(value(atFrame: frame, in: interpreter).expressionValue(in: interpreter)) ?? []
    }

    /// Change per second, from the value a thousandth of a second before (as lottie-web).
    private func velocityNumbers(atFrame frame: Double, in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> [Double] {
        let now = try numbers(atFrame: frame, in: interpreter)
        let before = try numbers(atFrame: frame - 0.001 * frameRate, in: interpreter)
        return zip(now, before).map { ($0 - $1) / 0.001 }
    }

    private func velocity(atFrame frame: Double, in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> ExpressionValue {
        let velocity = try velocityNumbers(atFrame: frame, in: interpreter)
        return velocity.count == 1 ? .number(velocity[0]) : try interpreter.makeArray(velocity)
    }

    private func speed(atFrame frame: Double, in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> Double {
        try velocityNumbers(atFrame: frame, in: interpreter).reduce(0) { $0 + $1 * $1 }.squareRoot()
    }

    /// A list of numbers as the property's kind of value (one number stays a number).
    private func make(_ numbers: [Double], in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> ExpressionValue {
        numbers.count == 1 ? .number(numbers[0]) : try interpreter.makeArray(numbers)
    }

    // MARK: Loops

    /// `loopOut(type, keys)`, `loopIn(type, keys)`, `loopOutDuration(type, seconds)` and
    /// `loopInDuration(type, seconds)` (FORMAT.md "Expressions": loops): past the last key (before
    /// the first) the keyed motion repeats as a cycle, a ping-pong, an offset cycle that adds
    /// each cycle's change, or continues at the last key's velocity.
    private func loop(_ name: String, call: ExpressionCall) throws(ExpressionFault) -> ExpressionValue {
        let interpreter = call.interpreter
        let frame = currentFrame(in: interpreter)
        // Past the keys a loop reads the keyframed value at frames that move with time.
        interpreter.readsTime = true
        let keys = keyTimes
        let current = try value(atFrame: frame, in: interpreter).expressionValue(in: interpreter)
        guard keys.count >= 2, let firstKey = keys.first, let lastKey = keys.last else { return current }
        let isOut = name.hasPrefix("loopOut")
        let byDuration = name.hasSuffix("Duration")
        let type = try interpreter.string(call.arguments.isEmpty ? .string("cycle") : call.argument(0)).lowercased()
        let amount = try call.arguments.count > 1 ? interpreter.number(call.argument(1)) : 0
        if isOut ? frame <= lastKey : frame >= firstKey { return current }
        // The span that repeats: the last (first) `amount` keys, or `amount` seconds, or all.
        var start = firstKey
        var end = lastKey
        if byDuration {
            if amount > 0, amount.isFinite {
                let span = amount * frameRate
                if isOut { start = max(firstKey, lastKey - span) } else { end = min(lastKey, firstKey + span) }
            } else if let layer = ownLayer {
                // No duration: from the layer's in point (to its out point), as lottie-web.
                if isOut { start = layer.inPoint } else { end = layer.outPoint }
            }
        } else if amount >= 1, amount.isFinite, Int(amount) < keys.count {
            if isOut { start = keys[keys.count - 1 - Int(amount)] } else { end = keys[Int(amount)] }
        }
        let cycle = end - start
        guard cycle > 0 else { return current }
        func at(_ frame: Double) throws(ExpressionFault) -> [Double] { try numbers(atFrame: frame, in: interpreter) }
        // Cycles and ping-pongs give the value itself: a path (no numbers) loops too.
        func whole(_ frame: Double) throws(ExpressionFault) -> ExpressionValue {
            try value(atFrame: frame, in: interpreter).expressionValue(in: interpreter)
        }
        if type == "continue" {
            // On along the velocity at the last (first) key.
            let edge = isOut ? lastKey : firstKey
            let edgeValue = try at(edge)
            let near = try at(isOut ? edge - 0.001 : edge + 0.001)
            let distance = abs(frame - edge) / 0.001
            return try make(zip(edgeValue, near).map { $0 + ($0 - $1) * distance }, in: interpreter)
        }
        // How far past the span, in whole spans and within one, counted away from it.
        let elapsed = isOut ? frame - start : start - frame
        let repeats = (elapsed / cycle).rounded(.down)
        let within = elapsed - repeats * cycle
        switch type {
        case "pingpong":
            let forwards = repeats.truncatingRemainder(dividingBy: 2) == 0
            return try whole(forwards ? start + within : end - within)
        case "offset":
            let change = zip(try at(end), try at(start)).map { $0 - $1 }
            let repeated = try at(isOut ? start + within : end - within)
            let count = isOut ? repeats : -(repeats + 1)
            return try make(zip(repeated, change).map { $0 + $1 * count }, in: interpreter)
        default:  // "cycle", and what After Effects does for a type it does not know
            return try whole(isOut ? start + within : end - within)
        }
    }

    /// The layer of the property whose expression this is (nil for a property read without one).
    private var ownLayer: Layer? {
        guard let site = binding?.site, let world = site.world else { return nil }
        let layers = world.layers(of: site.layer.composition)
        return layers.indices.contains(site.layer.position) ? layers[site.layer.position] : nil
    }

    // MARK: Wiggle and smooth

    /// `wiggle(freq, amp, octaves = 1, amp_mult = 0.5, t = time)`: the value plus smooth noise of
    /// `amp` that changes `freq` times a second, with `octaves` layers each `amp_mult` as strong and
    /// twice as fast; deterministic, seeded by the property (FORMAT.md "Expressions": wiggle).
    private func wiggle(_ call: ExpressionCall) throws(ExpressionFault) -> ExpressionValue {
        let interpreter = call.interpreter
        let frequency = try interpreter.number(call.argument(0))
        let amplitudes = try interpreter.resultNumbers(call.argument(1)) ?? [0]
        let octaves = call.arguments.count > 2 ? min(max(try interpreter.number(call.argument(2)), 1), 10) : 1
        let multiplier = call.arguments.count > 3 ? try interpreter.number(call.argument(3)) : 0.5
        if call.arguments.count <= 4 { interpreter.readsTime = true }
        let time = call.arguments.count > 4 ? try interpreter.number(call.argument(4))
            : (evaluation?.frame ?? 0) / frameRate
        let base = try numbers(atFrame: time * frameRate, in: interpreter)
        guard frequency.isFinite, time.isFinite, multiplier.isFinite else { return try make(base, in: interpreter) }
        let seed = binding?.seed ?? 0
        var result = base
        for dimension in result.indices {
            let amplitude = amplitudes[min(dimension, amplitudes.count - 1)]
            var noise = 0.0
            var strength = 1.0
            var speed = 1.0
            var octave = 0
            while Double(octave) < octaves.rounded(.down) {
                noise += strength * WiggleNoise.value(at: time * frequency * speed, seed: seed &+ UInt64(dimension * 16 + octave))
                strength *= multiplier
                speed *= 2
                octave += 1
            }
            result[dimension] += noise * amplitude
        }
        return try make(result, in: interpreter)
    }

    /// `smooth(width = 0.2, samples = 5, t = time)`: the mean of `samples` values over `width` seconds.
    private func smooth(_ call: ExpressionCall) throws(ExpressionFault) -> ExpressionValue {
        let interpreter = call.interpreter
        let width = call.arguments.count > 0 ? try interpreter.number(call.argument(0)) : 0.2
        let samples = call.arguments.count > 1 ? min(max(try interpreter.number(call.argument(1)).rounded(), 1), 100) : 5
        if call.arguments.count <= 2 { interpreter.readsTime = true }
        let time = call.arguments.count > 2 ? try interpreter.number(call.argument(2))
            : currentFrame(in: interpreter) / frameRate
        guard width.isFinite, time.isFinite, samples > 1 else { return try primitive(in: interpreter) ?? .undefined }
        var sum: [Double] = []
        for sample in 0..<Int(samples) {
            let at = time - width / 2 + width * Double(sample) / (samples - 1)
            let values = try numbers(atFrame: at * frameRate, in: interpreter)
            if sum.isEmpty { sum = values } else { for index in sum.indices where index < values.count { sum[index] += values[index] } }
        }
        return try make(sum.map { $0 / samples }, in: interpreter)
    }
}

// MARK: - Names

/// How a property or group answers to a name: its display name (`nm`), its match name (`mn`), the
/// member name expressions use (`position`, `content`), and its index.
struct PropertyNames: Sendable {
    var name: String?
    var matchName: String?
    var member: String?
    var index: Int?
}
