import LottieModel

// MARK: - After Effects vector math

/// bodymovin's operator functions (`$bm_sum`, `$bm_sub`, `$bm_mul`, `$bm_div`, `$bm_mod`,
/// `$bm_neg`) and After Effects' vector, interpolation and colour functions, with lottie-web's
/// semantics: a number added to an array changes its first element; two arrays add element by
/// element (the longer one's extra elements kept); arrays multiply and divide by numbers.
/// Results are new arrays; the operands are never changed.
extension ExpressionInterpreter {
    static func isNumerable(_ value: ExpressionValue) -> Bool {
        switch value {
        case .number, .bool, .string: return true
        default: return false
        }
    }

    static func isString(_ value: ExpressionValue) -> Bool {
        if case .string = value { return true }
        return false
    }

    /// `$bm_sum(a, b)` (`+` when either side is an array).
    func vectorSum(_ a: ExpressionValue, _ b: ExpressionValue, at place: SourcePlace) throws(ExpressionFault) -> ExpressionValue {
        try combine(a, b, isSum: true, at: place)
    }

    /// `$bm_sub(a, b)`; strings alone are read with `parseInt` as lottie-web does.
    func vectorSubtract(_ a: ExpressionValue, _ b: ExpressionValue, at place: SourcePlace) throws(ExpressionFault) -> ExpressionValue {
        try combine(a, b, isSum: false, at: place)
    }

    private func combine(_ a: ExpressionValue, _ b: ExpressionValue, isSum: Bool,
                         at place: SourcePlace) throws(ExpressionFault) -> ExpressionValue {
        let a = try primitive(a)
        let b = try primitive(b)
        let apply = { [self] (x: ExpressionValue, y: ExpressionValue) throws(ExpressionFault) -> ExpressionValue in
            isSum ? try add(x, y, at: place) : .number(try number(x) - number(y))
        }
        if isSum, (Self.isNumerable(a) && Self.isNumerable(b)) || Self.isString(a) || Self.isString(b) {
            return try add(a, b, at: place)
        }
        if !isSum, Self.isNumerable(a), Self.isNumerable(b) {
            let x = Self.isString(a) ? Self.parseInteger(try string(a), radix: 10) : try number(a)
            let y = Self.isString(b) ? Self.parseInteger(try string(b), radix: 10) : try number(b)
            return .number(x - y)
        }
        switch (a, b) {
        case (.array(let x), _) where Self.isNumerable(b):
            var elements = x.elements
            try chargeMemory(max(1, elements.count), at: place)
            if elements.isEmpty { elements.append(.undefined) }
            elements[0] = try apply(elements[0], b)
            return .array(ExpressionArray(elements))
        case (_, .array(let y)) where Self.isNumerable(a):
            var elements = y.elements
            try chargeMemory(max(1, elements.count), at: place)
            if elements.isEmpty { elements.append(.undefined) }
            elements[0] = try apply(a, elements[0])
            return .array(ExpressionArray(elements))
        case (.array(let x), .array(let y)):
            let count = max(x.elements.count, y.elements.count)
            try chargeMemory(count, at: place)
            var elements: [ExpressionValue] = []
            elements.reserveCapacity(count)
            for index in 0..<count {
                let left = index < x.elements.count ? x.elements[index] : .undefined
                let right = index < y.elements.count ? y.elements[index] : .undefined
                if case .number(let l) = left, case .number(let r) = right {
                    elements.append(.number(isSum ? l + r : l - r))
                } else if case .undefined = right {
                    elements.append(left)
                } else {
                    elements.append(isTruthy(left) ? left : right)
                }
            }
            return .array(ExpressionArray(elements))
        default:
            return .number(0)
        }
    }

    /// `$bm_mul(a, b)` (`*` when either side is an array): numbers, or an array scaled by a number.
    func vectorMultiply(_ a: ExpressionValue, _ b: ExpressionValue, at place: SourcePlace) throws(ExpressionFault) -> ExpressionValue {
        try scale(a, b, divide: false, at: place)
    }

    /// `$bm_div(a, b)`.
    func vectorDivide(_ a: ExpressionValue, _ b: ExpressionValue, at place: SourcePlace) throws(ExpressionFault) -> ExpressionValue {
        try scale(a, b, divide: true, at: place)
    }

    private func scale(_ a: ExpressionValue, _ b: ExpressionValue, divide: Bool,
                       at place: SourcePlace) throws(ExpressionFault) -> ExpressionValue {
        let a = try primitive(a)
        let b = try primitive(b)
        if Self.isNumerable(a) && Self.isNumerable(b) {
            let x = try number(a)
            let y = try number(b)
            return .number(divide ? x / y : x * y)
        }
        switch (a, b) {
        case (.array(let x), _) where Self.isNumerable(b):
            let factor = try number(b)
            return try mapNumbers(x, at: place) { divide ? $0 / factor : $0 * factor }
        case (_, .array(let y)) where Self.isNumerable(a):
            let factor = try number(a)
            return try mapNumbers(y, at: place) { divide ? factor / $0 : factor * $0 }
        default:
            return .number(0)
        }
    }

    /// A new array of `transform` applied to each element as a number.
    func mapNumbers(_ array: ExpressionArray, at place: SourcePlace?,
                    _ transform: (Double) -> Double) throws(ExpressionFault) -> ExpressionValue {
        try chargeMemory(array.elements.count, at: place)
        var elements: [ExpressionValue] = []
        elements.reserveCapacity(array.elements.count)
        for element in array.elements { elements.append(.number(transform(try number(element)))) }
        return .array(ExpressionArray(elements))
    }

    /// `$bm_neg(a)` (unary `-` of an array).
    func vectorNegate(_ a: ExpressionValue, at place: SourcePlace) throws(ExpressionFault) -> ExpressionValue {
        let a = try primitive(a)
        if case .array(let array) = a { return try mapNumbers(array, at: place) { -$0 } }
        return .number(-(try number(a)))
    }

    /// The elements of an array as numbers, or nil for anything else.
    func numbers(_ value: ExpressionValue) throws(ExpressionFault) -> [Double]? {
        guard case .array(let array) = try primitive(value) else { return nil }
        // Reading a long array costs steps, even when no new array is made (`dot(a, a)`).
        try chargeSteps(array.elements.count / 4)
        var result: [Double] = []
        result.reserveCapacity(array.elements.count)
        for element in array.elements { result.append(try number(element)) }
        return result
    }

    /// JavaScript's `Math.min(Math.max(value, low), high)`.
    static func clampNumber(_ value: Double, _ low: Double, _ high: Double) -> Double {
        if value.isNaN || low.isNaN || high.isNaN { return .nan }
        return min(max(value, low), high)
    }

    static func vectorFunction(_ name: String) -> NativeFunction? {
        switch name {
        case "$bm_sum", "sum", "add":
            return { (call) throws(ExpressionFault) in try call.interpreter.vectorSum(call.argument(0), call.argument(1), at: call.place) }
        case "$bm_sub", "sub":
            return { (call) throws(ExpressionFault) in
                try call.interpreter.vectorSubtract(call.argument(0), call.argument(1), at: call.place)
            }
        case "$bm_mul", "mul":
            return { (call) throws(ExpressionFault) in
                try call.interpreter.vectorMultiply(call.argument(0), call.argument(1), at: call.place)
            }
        case "$bm_div", "div":
            return { (call) throws(ExpressionFault) in
                try call.interpreter.vectorDivide(call.argument(0), call.argument(1), at: call.place)
            }
        case "$bm_mod", "mod":
            return { (call) throws(ExpressionFault) in
                let interpreter = call.interpreter
                var values: [Double] = []
                for argument in [call.argument(0), call.argument(1)] {
                    let plain = try interpreter.primitive(argument)
                    values.append(isString(plain) ? parseInteger(try interpreter.string(plain), radix: 10) : try interpreter.number(plain))
                }
                return .number(values[0].truncatingRemainder(dividingBy: values[1]))
            }
        case "$bm_neg":
            return { (call) throws(ExpressionFault) in try call.interpreter.vectorNegate(call.argument(0), at: call.place) }
        case "$bm_isInstanceOfArray":
            return { (call) throws(ExpressionFault) in .bool(isArray(try call.interpreter.primitive(call.argument(0)))) }
        case "clamp":
            return { (call) throws(ExpressionFault) in try call.interpreter.clamp(call) }
        case "length":
            return { (call) throws(ExpressionFault) in .number(try call.interpreter.vectorLength(call.argument(0), call.argument(1))) }
        case "normalize":
            return { (call) throws(ExpressionFault) in
                let interpreter = call.interpreter
                let length = try interpreter.vectorLength(call.argument(0), .undefined)
                return try interpreter.vectorDivide(call.argument(0), .number(length), at: call.place)
            }
        case "dot":
            return { (call) throws(ExpressionFault) in
                let a = try call.interpreter.numbers(call.argument(0)) ?? []
                let b = try call.interpreter.numbers(call.argument(1)) ?? []
                return .number(zip(a, b).reduce(0) { $0 + $1.0 * $1.1 })
            }
        case "cross":
            return { (call) throws(ExpressionFault) in
                let a = (try call.interpreter.numbers(call.argument(0)) ?? []) + [0, 0, 0]
                let b = (try call.interpreter.numbers(call.argument(1)) ?? []) + [0, 0, 0]
                return try call.interpreter.makeArray([a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2],
                                                       a[0] * b[1] - a[1] * b[0]])
            }
        case "linear":
            return { (call) throws(ExpressionFault) in try call.interpreter.linear(call) }
        case "ease":
            return { (call) throws(ExpressionFault) in
                try call.interpreter.ease(call, CubicBezierEasing(x1: 0.33, y1: 0, x2: 0.667, y2: 1))
            }
        case "easeIn":
            return { (call) throws(ExpressionFault) in
                try call.interpreter.ease(call, CubicBezierEasing(x1: 0.333, y1: 0, x2: 0.833, y2: 0.833))
            }
        case "easeOut":
            return { (call) throws(ExpressionFault) in
                try call.interpreter.ease(call, CubicBezierEasing(x1: 0.167, y1: 0.167, x2: 0.667, y2: 1))
            }
        case "degreesToRadians", "degrees_to_radians":
            return { (call) throws(ExpressionFault) in .number(try call.interpreter.number(call.argument(0)) * .pi / 180) }
        case "radiansToDegrees", "radians_to_degrees":
            return { (call) throws(ExpressionFault) in .number(try call.interpreter.number(call.argument(0)) * 180 / .pi) }
        case "rgbToHsl":
            return { (call) throws(ExpressionFault) in try call.interpreter.convertColour(call.argument(0), toHSL: true, at: call.place) }
        case "hslToRgb":
            return { (call) throws(ExpressionFault) in try call.interpreter.convertColour(call.argument(0), toHSL: false, at: call.place) }
        default:
            return nil
        }
    }

    /// `clamp(value, min, max)`: min and max swapped when reversed; arrays element by element
    /// (the limits numbers or arrays).
    private func clamp(_ call: ExpressionCall) throws(ExpressionFault) -> ExpressionValue {
        let value = try primitive(call.argument(0))
        let lows = try numbers(call.argument(1))
        let highs = try numbers(call.argument(2))
        let low = lows == nil ? try number(call.argument(1)) : .nan
        let high = highs == nil ? try number(call.argument(2)) : .nan
        func limits(_ index: Int) -> (Double, Double) {
            let l = lows.map { index < $0.count ? $0[index] : .nan } ?? low
            let h = highs.map { index < $0.count ? $0[index] : .nan } ?? high
            return l > h ? (h, l) : (l, h)
        }
        if case .array(let array) = value {
            try chargeMemory(array.elements.count, at: call.place)
            var elements: [ExpressionValue] = []
            for (index, element) in array.elements.enumerated() {
                let (l, h) = limits(index)
                elements.append(.number(Self.clampNumber(try number(element), l, h)))
            }
            return .array(ExpressionArray(elements))
        }
        let (l, h) = limits(0)
        return .number(Self.clampNumber(try number(value), l, h))
    }

    /// `length(a)` (a vector's length, a number's size) or `length(a, b)` (the distance).
    func vectorLength(_ a: ExpressionValue, _ b: ExpressionValue) throws(ExpressionFault) -> Double {
        let a = try primitive(a)
        let b = try primitive(b)
        guard let first = try numbers(a) else {
            let other = isTruthy(b) ? try number(b) : 0
            return abs(try number(a) - other)
        }
        let second = try numbers(b) ?? [Double](repeating: 0, count: first.count)
        var sum = 0.0
        for index in 0..<min(first.count, second.count) {
            let difference = second[index] - first[index]
            sum += difference * difference
        }
        return sum.squareRoot()
    }

    /// `linear(t, tMin, tMax, value1, value2)` or `linear(t, value1, value2)` (t in 0...1): the
    /// values at and beyond the ends, straight in between; tMin and tMax swapped when reversed.
    private func linear(_ call: ExpressionCall) throws(ExpressionFault) -> ExpressionValue {
        let t = try number(call.argument(0))
        var tMin = 0.0
        var tMax = 1.0
        var first = try primitive(call.argument(3))
        var second = try primitive(call.argument(4))
        if first.isUndefined || second.isUndefined {
            first = try primitive(call.argument(1))
            second = try primitive(call.argument(2))
        } else {
            tMin = try number(call.argument(1))
            tMax = try number(call.argument(2))
        }
        if tMax < tMin { swap(&tMin, &tMax) }
        if t <= tMin { return first }
        if t >= tMax { return second }
        let fraction = tMax == tMin ? 0 : (t - tMin) / (tMax - tMin)
        return try interpolate(first, second, fraction, at: call.place)
    }

    /// `ease`, `easeIn`, `easeOut` with 5 or 3 arguments, on lottie-web's curves.
    private func ease(_ call: ExpressionCall, _ curve: CubicBezierEasing) throws(ExpressionFault) -> ExpressionValue {
        var t = try number(call.argument(0))
        var first = try primitive(call.argument(3))
        var second = try primitive(call.argument(4))
        if first.isUndefined {
            first = try primitive(call.argument(1))
            second = try primitive(call.argument(2))
        } else {
            let tMin = try number(call.argument(1))
            let tMax = try number(call.argument(2))
            t = tMax == tMin ? (t < tMin ? 0 : 1) : (t - tMin) / (tMax - tMin)
        }
        if t > 1 { t = 1 } else if t < 0 { t = 0 }
        let progress = t.isNaN ? Double.nan : curve.progress(at: t)
        return try interpolate(first, second, progress, at: call.place)
    }

    /// `first + (second - first) × fraction`, element by element for arrays.
    private func interpolate(_ first: ExpressionValue, _ second: ExpressionValue, _ fraction: Double,
                             at place: SourcePlace) throws(ExpressionFault) -> ExpressionValue {
        if let from = try numbers(first) {
            let to = try numbers(second) ?? []
            try chargeMemory(from.count, at: place)
            var elements: [ExpressionValue] = []
            elements.reserveCapacity(from.count)
            for index in from.indices {
                let end = index < to.count ? to[index] : .nan
                elements.append(.number(from[index] + (end - from[index]) * fraction))
            }
            return .array(ExpressionArray(elements))
        }
        let from = try number(first)
        return .number(from + (try number(second) - from) * fraction)
    }

    /// `rgbToHsl` / `hslToRgb` of a 4-element colour (values 0–1; the 4th, alpha, kept).
    private func convertColour(_ value: ExpressionValue, toHSL: Bool, at place: SourcePlace) throws(ExpressionFault) -> ExpressionValue {
        guard case .array(let array) = try primitive(value) else { return .undefined }
        var channels: [Double] = []
        for index in 0..<3 {
            channels.append(index < array.elements.count ? try number(array.elements[index]) : .nan)
        }
        let alpha = array.elements.count > 3 ? array.elements[3] : .undefined
        let result = toHSL ? Self.hsl(fromRGB: channels) : Self.rgb(fromHSL: channels)
        try chargeMemory(4, at: place)
        return .array(ExpressionArray(result.map(ExpressionValue.number) + [alpha]))
    }

    static func hsl(fromRGB rgb: [Double]) -> [Double] {
        let (r, g, b) = (rgb[0], rgb[1], rgb[2])
        let high = max(r, g, b)
        let low = min(r, g, b)
        let lightness = (high + low) / 2
        guard high != low else { return [0, 0, lightness] }
        let d = high - low
        let saturation = lightness > 0.5 ? d / (2 - high - low) : d / (high + low)
        var hue: Double
        if high == r {
            hue = (g - b) / d + (g < b ? 6 : 0)
        } else if high == g {
            hue = (b - r) / d + 2
        } else {
            hue = (r - g) / d + 4
        }
        hue /= 6
        return [hue, saturation, lightness]
    }

    static func rgb(fromHSL hsl: [Double]) -> [Double] {
        let (h, s, l) = (hsl[0], hsl[1], hsl[2])
        guard s != 0 else { return [l, l, l] }
        let q = l < 0.5 ? l * (1 + s) : l + s - l * s
        let p = 2 * l - q
        func channel(_ t: Double) -> Double {
            var t = t
            if t < 0 { t += 1 }
            if t > 1 { t -= 1 }
            if t < 1 / 6 { return p + (q - p) * 6 * t }
            if t < 1 / 2 { return q }
            if t < 2 / 3 { return p + (q - p) * (2 / 3 - t) * 6 }
            return p
        }
        return [channel(h + 1 / 3), channel(h), channel(h - 1 / 3)]
    }
}
