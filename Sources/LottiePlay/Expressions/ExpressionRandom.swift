import Foundation
import LottieModel

// MARK: - Random numbers

/// `random`, `gaussRandom`, `seedRandom` and `Math.random`, all drawn from the interpreter's
/// `randomState` with SplitMix64, so that an evaluation repeats exactly from the same seed.
///
/// `seedRandom(seed, timeless)` sets `randomState` to SplitMix64's mix of the seed's bits
/// (the seed as a double, `seed + 0` so that `-0` is `0`) exclusive-ored with, unless
/// `timeless` is true, `randomSeedBase` (the state the host set when the run started, which it
/// derives from time, layer and property). The result is mixed once more.
extension ExpressionInterpreter {
    /// The next 64 random bits (SplitMix64).
    func nextRandomBits() -> UInt64 {
        // The host seeds the state from the frame: a draw depends on time unless a timeless
        // `seedRandom` set the state since.
        if !randomIsTimeless { readsTime = true }
        randomState &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(randomState)
    }

    /// A number in [0, 1).
    func nextRandom() -> Double {
        Double(nextRandomBits() >> 11) * 0x1p-53
    }

    /// A normal deviate (mean 0, deviation 1), by Box-Muller.
    func nextGaussian() -> Double {
        let u = max(nextRandom(), 0x1p-53)
        let v = nextRandom()
        return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
    }

    /// SplitMix64's finalizer.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    static func randomFunction(_ name: String) -> NativeFunction? {
        switch name {
        case "random":
            return { (call) throws(ExpressionFault) in try call.interpreter.random(call, gaussian: false) }
        case "gaussRandom":
            return { (call) throws(ExpressionFault) in try call.interpreter.random(call, gaussian: true) }
        case "seedRandom", "seed_random":
            return { (call) throws(ExpressionFault) in
                let interpreter = call.interpreter
                let seed = try interpreter.number(call.argument(0)) + 0
                let timeless = interpreter.isTruthy(call.argument(1))
                let base = timeless ? 0 : interpreter.randomSeedBase
                interpreter.randomState = mix(mix(seed.bitPattern) ^ base)
                interpreter.randomIsTimeless = timeless
                return .undefined
            }
        default:
            return nil
        }
    }

    /// `random()` in [0, 1); `random(max)`; `random(min, max)`; numbers or arrays (one draw
    /// for all the elements, as lottie-web). `gaussRandom` the same with a bell curve: about 90%
    /// of the results fall between min and max.
    private func random(_ call: ExpressionCall, gaussian: Bool) throws(ExpressionFault) -> ExpressionValue {
        var low = try primitive(call.argument(0))
        var high = try primitive(call.argument(1))
        if case .undefined = high {
            if case .undefined = low {
                low = .number(0)
                high = .number(1)
            } else {
                high = low
                low = .undefined
            }
        }
        let draw = { [self] () -> Double in gaussian ? 0.5 + nextGaussian() / (2 * 1.6449) : nextRandom() }
        if case .array(let maxima) = high {
            let count = maxima.elements.count
            try chargeMemory(count, at: call.place)
            var minima = [Double](repeating: 0, count: count)
            if case .array(let lows) = low {
                for index in 0..<min(count, lows.elements.count) { minima[index] = try number(lows.elements[index]) }
            } else if case .undefined = low {} else {
                let value = try number(low)
                minima = minima.map { _ in value }
            }
            var result: [ExpressionValue] = []
            result.reserveCapacity(count)
            let shared = draw()
            for index in 0..<count {
                let fraction = gaussian ? draw() : shared
                let top = try number(maxima.elements[index])
                result.append(.number(minima[index] + fraction * (top - minima[index])))
            }
            return .array(ExpressionArray(result))
        }
        let bottom = (low.isUndefined) ? 0 : try number(low)
        let top = try number(high)
        return .number(bottom + draw() * (top - bottom))
    }
}

extension ExpressionValue {
    /// Whether the value is `undefined`.
    var isUndefined: Bool {
        if case .undefined = self { return true }
        return false
    }
}
