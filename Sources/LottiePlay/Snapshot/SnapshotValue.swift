import LottieModel

// MARK: - PropertyEvaluator

/// A model property compiled with the evaluator's own tracks (`PropertyTrack` and the track
/// value types the timeline uses for it), so that a snapshot shows what players compute.
enum PropertyEvaluator: Sendable {
    case scalar(PropertyTrack<Double>)
    case position(PropertyTrack<Vector2>)
    case vector(PropertyTrack<PlainVector2>)
    case color(PropertyTrack<RGBAColor>)
    case path(PropertyTrack<BezierContour>)
    case gradient(PropertyTrack<GradientStopValues>, colorStops: Int)
    case text(PropertyTrack<TextDocument>)

    init(_ property: ModelProperty, context: ValueContext) {
        switch property {
        case .scalar(let model): self = .scalar(PropertyTrack(model, fallback: 0, context: context))
        case .position(let model): self = .position(PropertyTrack(model, fallback: .zero, context: context))
        case .vector(let model): self = .vector(PropertyTrack(model, fallback: PlainVector2(.zero), context: context))
        case .color(let model): self = .color(PropertyTrack(model, fallback: .black, context: context))
        case .path(let model):
            self = .path(PropertyTrack(model, fallback: BezierContour(polygon: [], closed: false), context: context))
        case .gradient(let model, let colorStops):
            self = .gradient(PropertyTrack(model, fallback: GradientStopValues([]), context: context), colorStops: colorStops)
        case .text(let model): self = .text(PropertyTrack(model, fallback: TextDocument(text: ""), context: context))
        }
    }

    /// Whether the value changes over time (two or more usable keyframes).
    var isAnimated: Bool {
        switch self {
        case .scalar(let track): track.isAnimated
        case .position(let track): track.isAnimated
        case .vector(let track): track.isAnimated
        case .color(let track): track.isAnimated
        case .path(let track): track.isAnimated
        case .gradient(let track, _): track.isAnimated
        case .text(let track): track.isAnimated
        }
    }

    /// The frames of the keyframes, in time order.
    var keyframeTimes: [Double] {
        switch self {
        case .scalar(let track): track.keyframeTimes
        case .position(let track): track.keyframeTimes
        case .vector(let track): track.keyframeTimes
        case .color(let track): track.keyframeTimes
        case .path(let track): track.keyframeTimes
        case .gradient(let track, _): track.keyframeTimes
        case .text(let track): track.keyframeTimes
        }
    }

    /// The value at a (local) frame, printed.
    func text(at frame: Double, precision: Int) -> String {
        let format = SnapshotNumber(precision: precision)
        switch self {
        case .scalar(let track):
            return format(track.value(at: frame))
        case .position(let track):
            return format.list([track.value(at: frame).x, track.value(at: frame).y])
        case .vector(let track):
            let value = track.value(at: frame).value
            return format.list([value.x, value.y])
        case .color(let track):
            let color = track.value(at: frame)
            return format.list([color.red, color.green, color.blue, color.alpha])
        case .path(let track):
            return format.path(track.value(at: frame))
        case .gradient(let track, let colorStops):
            return "\(colorStops) stops " + format.list(track.value(at: frame).values)
        case .text(let track):
            let document = track.value(at: frame)
            var text = SnapshotNumber.quoted(document.text)
            if let size = document.fontSize { text += " size " + format(size) }
            return text
        }
    }
}

// MARK: - SnapshotNumber

/// Numbers as a snapshot prints them: rounded to `precision` decimals, without trailing
/// zeros, in plain (not exponent) notation, `-0` as `0`: `12.346`, `50`, `-3.821`.
struct SnapshotNumber: Sendable {
    let precision: Int

    func callAsFunction(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        var scale = 1.0
        for _ in 0..<precision { scale *= 10 }
        let scaled = (value * scale).rounded()
        guard abs(scaled) < 9e18 else { return String(scaled / scale) }
        let units = Int64(scaled)
        if units == 0 { return "0" }
        let magnitude = units.magnitude
        let divisor = UInt64(scale)
        var text = String(magnitude / divisor)
        var fraction = String(magnitude % divisor)
        if precision > 0, magnitude % divisor != 0 {
            fraction = String(repeating: "0", count: precision - fraction.count) + fraction
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        return units < 0 ? "-" + text : text
    }

    /// `[50, 52]`.
    func list(_ values: [Double]) -> String {
        "[" + values.map { self($0) }.joined(separator: ", ") + "]"
    }

    /// `closed 3 (-28, 0) (0, -22) (28, 0) in (0, 0) (-15.457, 0) (0, 0) out ...`: the vertex
    /// count, the vertices, and the tangents, each list written `0` when all of it is zero.
    func path(_ contour: BezierContour) -> String {
        func points(_ list: [Vector2]) -> String {
            let printed = list.map { "(\(self($0.x)), \(self($0.y)))" }
            return printed.allSatisfy { $0 == "(0, 0)" } ? "0" : printed.joined(separator: " ")
        }
        let vertices = contour.vertices.map { "(\(self($0.x)), \(self($0.y)))" }.joined(separator: " ")
        return (contour.closed ? "closed " : "open ") + "\(contour.vertices.count) \(vertices)"
            + " in " + points(contour.inTangents) + " out " + points(contour.outTangents)
    }

    /// A string in double quotes, with `"`, `\` and control characters escaped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

// MARK: - Comparing printed values

/// A printed value cut into numbers and the text between them, so that two values compare
/// numerically (within a tolerance) and everything else exactly; quoted text is one token.
struct ValueTokens: Equatable {
    enum Token: Equatable {
        case number(Double)
        case text(String)
    }

    var tokens: [Token]

    init(_ value: String) {
        var tokens: [Token] = []
        var text = ""
        var index = value.startIndex
        func flushText() {
            if !text.isEmpty { tokens.append(.text(text)) }
            text = ""
        }
        while index < value.endIndex {
            let character = value[index]
            if character == "\"" {
                // A quoted string, to its closing quote (escapes skipped), is text.
                var end = value.index(after: index)
                while end < value.endIndex, value[end] != "\"" {
                    if value[end] == "\\" { end = value.index(end, offsetBy: 1, limitedBy: value.endIndex) ?? value.endIndex }
                    if end < value.endIndex { end = value.index(after: end) }
                }
                end = end < value.endIndex ? value.index(after: end) : end
                text += value[index..<end]
                index = end
                continue
            }
            if let (number, end) = Self.number(in: value, at: index) {
                flushText()
                tokens.append(.number(number))
                index = end
                continue
            }
            text.append(character)
            index = value.index(after: index)
        }
        flushText()
        self.tokens = tokens
    }

    /// Whether two values are the same: same text, same count of numbers, numbers within `tolerance`.
    func matches(_ other: ValueTokens, tolerance: Double) -> Bool {
        guard tokens.count == other.tokens.count else { return false }
        for (lhs, rhs) in zip(tokens, other.tokens) {
            switch (lhs, rhs) {
            case (.number(let a), .number(let b)):
                if a.isNaN && b.isNaN { continue }
                if a == b { continue }
                guard abs(a - b) <= tolerance + 1e-9 else { return false }
            case (.text(let a), .text(let b)):
                guard a == b else { return false }
            default:
                return false
            }
        }
        return true
    }

    /// A number starting at `index`: `-?digits(.digits)?`, or `nan`, `inf`, `-inf`.
    private static func number(in text: String, at index: String.Index) -> (Double, String.Index)? {
        var end = index
        if text[end] == "-" { end = text.index(after: end) }
        for word in ["inf", "nan"] where text[end...].hasPrefix(word) {
            let wordEnd = text.index(end, offsetBy: 3)
            return (Double(String(text[index..<wordEnd])) ?? .nan, wordEnd)
        }
        let digitsStart = end
        while end < text.endIndex, text[end].isASCII, text[end].isNumber { end = text.index(after: end) }
        guard end > digitsStart else { return nil }
        if end < text.endIndex, text[end] == "." {
            let afterPoint = text.index(after: end)
            var fractionEnd = afterPoint
            while fractionEnd < text.endIndex, text[fractionEnd].isASCII, text[fractionEnd].isNumber {
                fractionEnd = text.index(after: fractionEnd)
            }
            if fractionEnd > afterPoint { end = fractionEnd }
        }
        guard let number = Double(String(text[index..<end])) else { return nil }
        return (number, end)
    }
}
