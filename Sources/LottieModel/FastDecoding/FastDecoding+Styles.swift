// MARK: - Styles
//
// Fills, strokes and gradients, read as their synthesized `init(from:)` read them
// (Styles.swift). A gradient fill or stroke and its `LottieGradient` share one object.

extension Fill: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        var names = ItemNames()
        var blendMode: BlendMode?
        var color: Animatable<LottieColor>?
        var opacity: Animatable<Double>?
        var fillRule: FillRule?
        while let key = try reader.nextKey(&object) {
            if try names.read(key, &fields, &reader) { continue }
            switch key {
            case Field.bm where fields.isFirst(3): blendMode = try reader.codeOrNil()
            case Field.c where fields.isFirst(4): color = try reader.decode()
            case Field.o where fields.isFirst(5): opacity = try reader.decodeIfPresent()
            case Field.r where fields.isFirst(6): fillRule = try reader.codeOrNil()
            default: try reader.skipValue()
            }
        }
        guard let color else { throw reader.missing("c", in: object) }
        self.init(color: color, opacity: opacity)
        name = names.name
        matchName = names.matchName
        hidden = names.hidden
        self.blendMode = blendMode
        self.fillRule = fillRule
    }
}

/// The members strokes and gradient strokes share (`LottieStrokeStyle`), at indices 3...10.
private struct StrokeFields {
    var blendMode: BlendMode?
    var opacity: Animatable<Double>?
    var width: Animatable<Double>?
    var lineCap: LineCap?
    var lineJoin: LineJoin?
    var miterLimit: Double?
    var animatedMiterLimit: Animatable<Double>?
    var dashes: [StrokeDash]?

    @inline(__always)
    mutating func read(_ key: UInt64, _ fields: inout FieldSet, _ reader: inout JSONReader) throws(DecodeFailure) -> Bool {
        switch key {
        case Field.bm where fields.isFirst(3): blendMode = try reader.codeOrNil()
        case Field.o where fields.isFirst(4): opacity = try reader.decodeIfPresent()
        case Field.w where fields.isFirst(5): width = try reader.decodeIfPresent()
        case Field.lc where fields.isFirst(6): lineCap = try reader.codeOrNil()
        case Field.lj where fields.isFirst(7): lineJoin = try reader.codeOrNil()
        case Field.ml where fields.isFirst(8): miterLimit = try reader.lenientDoubleOrNil()
        case Field.ml2 where fields.isFirst(9): animatedMiterLimit = try reader.decodeIfPresent()
        case Field.d where fields.isFirst(10): dashes = try reader.decodeArrayIfPresent()
        default: return false
        }
        return true
    }
}

extension Stroke: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        var names = ItemNames()
        var stroke = StrokeFields()
        var color: Animatable<LottieColor>?
        while let key = try reader.nextKey(&object) {
            if try names.read(key, &fields, &reader) { continue }
            if try stroke.read(key, &fields, &reader) { continue }
            switch key {
            case Field.c where fields.isFirst(11): color = try reader.decode()
            default: try reader.skipValue()
            }
        }
        guard let color else { throw reader.missing("c", in: object) }
        self.init(color: color, width: stroke.width)
        name = names.name
        matchName = names.matchName
        hidden = names.hidden
        blendMode = stroke.blendMode
        opacity = stroke.opacity
        lineCap = stroke.lineCap
        lineJoin = stroke.lineJoin
        miterLimit = stroke.miterLimit
        animatedMiterLimit = stroke.animatedMiterLimit
        dashes = stroke.dashes
    }
}

extension StrokeDash: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        var name: String?
        var kind: String?
        var length: Animatable<Double>?
        while let key = try reader.nextKey(&object) {
            switch key {
            case Field.nm where fields.isFirst(0): name = try reader.lenientStringOrNil()
            case Field.n where fields.isFirst(1): kind = try reader.string()
            case Field.v where fields.isFirst(2): length = try reader.decode()
            default: try reader.skipValue()
            }
        }
        guard let kind else { throw reader.missing("n", in: object) }
        guard let length else { throw reader.missing("v", in: object) }
        self.init(kind: kind, length: length)
        self.name = name
    }
}

// MARK: - Gradients

/// The members of `LottieGradient`, which gradient fills and strokes share, at indices 20...25.
private struct GradientFields {
    var type: GradientType?
    var startPoint: Animatable<Vector>?
    var endPoint: Animatable<Vector>?
    var highlightLength: Animatable<Double>?
    var highlightAngle: Animatable<Double>?
    var colors: GradientColors?

    @inline(__always)
    mutating func read(_ key: UInt64, _ fields: inout FieldSet, _ reader: inout JSONReader) throws(DecodeFailure) -> Bool {
        switch key {
        case Field.t where fields.isFirst(20): type = try reader.codeOrNil()
        case Field.s where fields.isFirst(21): startPoint = try reader.decode()
        case Field.e where fields.isFirst(22): endPoint = try reader.decode()
        case Field.h where fields.isFirst(23): highlightLength = try reader.decodeIfPresent()
        case Field.a where fields.isFirst(24): highlightAngle = try reader.decodeIfPresent()
        case Field.g where fields.isFirst(25): colors = try reader.decode()
        default: return false
        }
        return true
    }

    func gradient(in object: JSONReader.ObjectScope, _ reader: JSONReader) throws(DecodeFailure) -> LottieGradient {
        guard let startPoint else { throw reader.missing("s", in: object) }
        guard let endPoint else { throw reader.missing("e", in: object) }
        guard let colors else { throw reader.missing("g", in: object) }
        var gradient = LottieGradient(type: .linear, startPoint: startPoint, endPoint: endPoint, colors: colors)
        gradient.type = type
        gradient.highlightLength = highlightLength
        gradient.highlightAngle = highlightAngle
        return gradient
    }
}

extension GradientColors: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        var colorStopCount = 0
        var stops: Animatable<GradientStops>?
        var slotID: String?
        while let key = try reader.nextKey(&object) {
            switch key {
            case Field.p where fields.isFirst(0): colorStopCount = try reader.lenientInt()
            case Field.k where fields.isFirst(1): stops = try reader.decode()
            case Field.sid where fields.isFirst(2): slotID = try reader.lenientStringOrNil()
            default: try reader.skipValue()
            }
        }
        guard fields.contains(0) else { throw reader.missing("p", in: object) }
        guard let stops else { throw reader.missing("k", in: object) }
        self.init(colorStopCount: colorStopCount, stops: stops, slotID: slotID)
    }
}

extension GradientFill: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        var names = ItemNames()
        var gradient = GradientFields()
        var blendMode: BlendMode?
        var opacity: Animatable<Double>?
        var fillRule: FillRule?
        while let key = try reader.nextKey(&object) {
            if try names.read(key, &fields, &reader) { continue }
            if try gradient.read(key, &fields, &reader) { continue }
            switch key {
            case Field.bm where fields.isFirst(3): blendMode = try reader.codeOrNil()
            case Field.o where fields.isFirst(4): opacity = try reader.decodeIfPresent()
            case Field.r where fields.isFirst(5): fillRule = try reader.codeOrNil()
            default: try reader.skipValue()
            }
        }
        self.init(gradient: try gradient.gradient(in: object, reader))
        name = names.name
        matchName = names.matchName
        hidden = names.hidden
        self.blendMode = blendMode
        self.opacity = opacity
        self.fillRule = fillRule
    }
}

extension GradientStroke: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        var names = ItemNames()
        var stroke = StrokeFields()
        var gradient = GradientFields()
        while let key = try reader.nextKey(&object) {
            if try names.read(key, &fields, &reader) { continue }
            if try stroke.read(key, &fields, &reader) { continue }
            if try !gradient.read(key, &fields, &reader) { try reader.skipValue() }
        }
        var style = LottieStrokeStyle(width: stroke.width)
        style.name = names.name
        style.matchName = names.matchName
        style.hidden = names.hidden
        style.blendMode = stroke.blendMode
        style.opacity = stroke.opacity
        style.lineCap = stroke.lineCap
        style.lineJoin = stroke.lineJoin
        style.miterLimit = stroke.miterLimit
        style.animatedMiterLimit = stroke.animatedMiterLimit
        style.dashes = stroke.dashes
        self.init(stroke: style, gradient: try gradient.gradient(in: object, reader))
    }
}
