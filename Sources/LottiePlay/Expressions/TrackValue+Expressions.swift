import LottieModel

// MARK: - Values an expression reads and gives

/// How a property's value looks to an expression, and how an expression's result becomes the
/// property's value again (FORMAT.md "Expressions"): numbers as numbers, points and scales as
/// arrays (`[x, y]`), colours as `[r, g, b, a]` from 0 to 1, paths as path objects. A result of
/// the wrong type is nil: the property keeps its keyframed value.
protocol ExpressionConvertible {
    /// The value as an expression sees it.
    func expressionValue(in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> ExpressionValue
    /// The value an expression's result stands for; nil when it is of the wrong type. `template`
    /// is the keyframed value (what a shorter array leaves as it was).
    static func fromExpression(_ result: ExpressionValue, template: Self,
                               in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> Self?
}

extension ExpressionInterpreter {
    /// The numbers of an array result (or one number as a list of one); nil for anything else, or
    /// when a number is not finite.
    func resultNumbers(_ value: ExpressionValue) throws(ExpressionFault) -> [Double]? {
        switch try primitive(value) {
        case .number(let number):
            return number.isFinite ? [number] : nil
        case .bool(let flag):
            return [flag ? 1 : 0]
        case .array(let array):
            // Reading a long array costs steps (`wiggle(1, a)` reads its amplitudes).
            try chargeSteps(array.elements.count / 4)
            var numbers: [Double] = []
            numbers.reserveCapacity(array.elements.count)
            for element in array.elements {
                guard case .number(let number) = try primitive(element), number.isFinite else { return nil }
                numbers.append(number)
            }
            return numbers
        default:
            return nil
        }
    }
}

extension Double: ExpressionConvertible {
    func expressionValue(in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> ExpressionValue {
        .number(self)
    }

    /// A number, or the first element of an array (After Effects takes `[a, b]` on a one-value
    /// property as `a`).
    static func fromExpression(_ result: ExpressionValue, template: Double,
                               in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> Double? {
        try interpreter.resultNumbers(result)?.first
    }
}

extension Vector2: ExpressionConvertible {
    func expressionValue(in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> ExpressionValue {
        try interpreter.makeArray([x, y])
    }

    /// An array of at least one number (a missing `y` keeps the keyframed one); one number sets
    /// both, as After Effects does for a scale.
    static func fromExpression(_ result: ExpressionValue, template: Vector2,
                               in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> Vector2? {
        guard let numbers = try interpreter.resultNumbers(result), let first = numbers.first else { return nil }
        if case .number = try interpreter.primitive(result) { return Vector2(x: first, y: first) }
        return Vector2(x: first, y: numbers.count > 1 ? numbers[1] : template.y)
    }
}

extension PlainVector2: ExpressionConvertible {
    func expressionValue(in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> ExpressionValue {
        try value.expressionValue(in: interpreter)
    }

    static func fromExpression(_ result: ExpressionValue, template: PlainVector2,
                               in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> PlainVector2? {
        try Vector2.fromExpression(result, template: template.value, in: interpreter).map(PlainVector2.init)
    }
}

extension PlainVector3: ExpressionConvertible {
    func expressionValue(in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> ExpressionValue {
        try interpreter.makeArray([x, y, z])
    }

    /// An array of numbers; missing ones keep the keyframed value.
    static func fromExpression(_ result: ExpressionValue, template: PlainVector3,
                               in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> PlainVector3? {
        guard let numbers = try interpreter.resultNumbers(result), let first = numbers.first else { return nil }
        return PlainVector3(x: first, y: numbers.count > 1 ? numbers[1] : template.y,
                            z: numbers.count > 2 ? numbers[2] : template.z)
    }
}

extension RGBAColor: ExpressionConvertible {
    func expressionValue(in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> ExpressionValue {
        try interpreter.makeArray([red, green, blue, alpha])
    }

    /// `[r, g, b]` or `[r, g, b, a]`, 0 to 1.
    static func fromExpression(_ result: ExpressionValue, template: RGBAColor,
                               in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> RGBAColor? {
        guard let numbers = try interpreter.resultNumbers(result), numbers.count >= 3 else { return nil }
        return RGBAColor(red: numbers[0], green: numbers[1], blue: numbers[2],
                         alpha: numbers.count > 3 ? numbers[3] : template.alpha)
    }
}

extension BezierContour: ExpressionConvertible {
    func expressionValue(in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> ExpressionValue {
        try interpreter.chargeMemory(vertices.count * 3)
        return .host(PathHost(self))
    }

    /// A path object (a path property, `createPath`), or an object with `v`, `i`, `o` and `c`
    /// (or `points`, `inTangents`, `outTangents`, `closed`), as lottie-web reads one.
    static func fromExpression(_ result: ExpressionValue, template: BezierContour,
                               in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> BezierContour? {
        switch result {
        case .host(let host):
            if let path = host as? PathHost { return path.contour }
            // A path property's primitive is its path; a host whose primitive is another host that
            // is no path (a layer is itself) is no path: stop there.
            let plain = try interpreter.primitive(result)
            if case .host(let inner) = plain {
                return (inner as? PathHost)?.contour
            }
            return try fromExpression(plain, template: template, in: interpreter)
        case .object(let object):
            func points(_ keys: String...) throws(ExpressionFault) -> [Vector2]? {
                guard let value = keys.lazy.compactMap({ object[$0] }).first else { return nil }
                return try interpreter.points(value)
            }
            guard let vertices = try points("v", "points") else { return nil }
            let zeros = Array(repeating: Vector2.zero, count: vertices.count)
            let inTangents = try points("i", "inTangents") ?? zeros
            let outTangents = try points("o", "outTangents") ?? zeros
            let closed = (object["c"] ?? object["closed"]).map(interpreter.isTruthy) ?? template.closed
            guard inTangents.count == vertices.count, outTangents.count == vertices.count else { return nil }
            return BezierContour(vertices: vertices, inTangents: inTangents, outTangents: outTangents, closed: closed)
        default:
            return nil
        }
    }
}

extension ExpressionInterpreter {
    /// A list of points (`[[x, y], ...]`); nil when it is not one.
    func points(_ value: ExpressionValue) throws(ExpressionFault) -> [Vector2]? {
        guard case .array(let array) = try primitive(value) else { return nil }
        try chargeSteps(array.elements.count / 4)
        var points: [Vector2] = []
        points.reserveCapacity(array.elements.count)
        for element in array.elements {
            guard let numbers = try resultNumbers(element), numbers.count >= 2 else { return nil }
            points.append(Vector2(x: numbers[0], y: numbers[1]))
        }
        return points
    }
}

extension TextDocument: ExpressionConvertible {
    /// The text, as After Effects gives `text.sourceText` (lines separated by `\r`).
    func expressionValue(in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> ExpressionValue {
        try interpreter.chargeMemory(text.utf16.count)
        return .string(text)
    }

    /// The keyframed document with the result as its text: a string, or a number, a boolean or an
    /// array written as JavaScript writes them (`Math.round(x)` gives "7"); nothing else.
    static func fromExpression(_ result: ExpressionValue, template: TextDocument,
                               in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> TextDocument? {
        let plain = try interpreter.primitive(result)
        switch plain {
        case .string, .number, .bool, .array:
            var document = template
            document.text = try interpreter.string(plain)
            return document
        default:
            return nil
        }
    }
}

extension GradientStopValues: ExpressionConvertible {
    /// The flat list of numbers as written in the file: each colour stop's offset, red, green and
    /// blue, then each opacity stop's offset and opacity (as lottie-web hands it over).
    func expressionValue(in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> ExpressionValue {
        try interpreter.makeArray(values)
    }

    /// An array of as many numbers as the keyframed list (a shorter one keeps the rest).
    static func fromExpression(_ result: ExpressionValue, template: GradientStopValues,
                               in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> GradientStopValues? {
        let plain = try interpreter.primitive(result)
        guard case .array = plain, let numbers = try interpreter.resultNumbers(plain),
              numbers.count <= template.values.count else { return nil }
        return GradientStopValues(numbers + template.values.dropFirst(numbers.count))
    }
}
