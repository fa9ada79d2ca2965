// MARK: - Shape items
//
// `ShapeItem` and every shape, style and modifier, read as their `init(from:)` read them
// (ShapeItem.swift, ShapeGroup.swift, Geometry.swift, Styles.swift, Modifiers.swift). Most
// are synthesized `Codable`: optional members are `decodeIfPresent` (null is nil), `Int`,
// `Double`, `Bool` and optional `String` members are lenient, required `String`s are not.

extension ShapeItem: FastDecodable {
    /// The `ty` codes, as `Field` words.
    private enum Code {
        static let group: UInt64 = 0x7267  // "gr"
        static let path: UInt64 = 0x6873  // "sh"
        static let rectangle: UInt64 = 0x6372  // "rc"
        static let ellipse: UInt64 = 0x6C65  // "el"
        static let polystar: UInt64 = 0x7273  // "sr"
        static let fill: UInt64 = 0x6C66  // "fl"
        static let stroke: UInt64 = 0x7473  // "st"
        static let gradientFill: UInt64 = 0x6667  // "gf"
        static let gradientStroke: UInt64 = 0x7367  // "gs"
        static let transform: UInt64 = 0x7274  // "tr"
        static let trimPath: UInt64 = 0x6D74  // "tm"
        static let roundedCorners: UInt64 = 0x6472  // "rd"
        static let repeater: UInt64 = 0x7072  // "rp"
        static let merge: UInt64 = 0x6D6D  // "mm"
        static let puckerBloat: UInt64 = 0x6270  // "pb"
        static let zigZag: UInt64 = 0x7A7A  // "zz"
        static let offsetPath: UInt64 = 0x706F  // "op"
    }

    init(reader: inout JSONReader) throws(DecodeFailure) {
        // The kind decides how every other member reads, and `ty` is almost always the first
        // member: find it, then read the whole object as that kind.
        reader.skipWhitespace()
        let start = reader.offset
        guard let typeMark = try reader.findMember(Field.ty) else {
            throw DecodeFailure(.missingField("ty"), at: start)
        }
        let type = try reader.read(at: typeMark) { (reader) throws(DecodeFailure) in try reader.string() }
        switch Field.word(of: type.utf8) ?? Field.unknown {
        case Code.group: self = .group(try ShapeGroup(reader: &reader))
        case Code.path: self = .path(try PathShape(reader: &reader))
        case Code.rectangle: self = .rectangle(try RectangleShape(reader: &reader))
        case Code.ellipse: self = .ellipse(try EllipseShape(reader: &reader))
        case Code.polystar: self = .polystar(try PolystarShape(reader: &reader))
        case Code.fill: self = .fill(try Fill(reader: &reader))
        case Code.stroke: self = .stroke(try Stroke(reader: &reader))
        case Code.gradientFill: self = .gradientFill(try GradientFill(reader: &reader))
        case Code.gradientStroke: self = .gradientStroke(try GradientStroke(reader: &reader))
        case Code.transform: self = .transform(try ShapeTransform(reader: &reader))
        case Code.trimPath: self = .trimPath(try TrimPath(reader: &reader))
        case Code.roundedCorners: self = .roundedCorners(try RoundedCorners(reader: &reader))
        case Code.repeater: self = .repeater(try Repeater(reader: &reader))
        case Code.merge: self = .merge(try MergePaths(reader: &reader))
        case Code.puckerBloat: self = .puckerBloat(try PuckerBloat(reader: &reader))
        case Code.zigZag: self = .zigZag(try ZigZag(reader: &reader))
        case Code.offsetPath: self = .offsetPath(try OffsetPath(reader: &reader))
        default: self = .unknown(type: type, raw: try reader.jsonValue())
        }
    }
}

// MARK: - Names

/// `nm`, `mn` and `hd`, which every item has, at indices 0, 1 and 2 of its `FieldSet`.
private struct ItemNames {
    var name: String?
    var matchName: String?
    var hidden: Bool?

    @inline(__always)
    mutating func read(_ key: UInt64, _ fields: inout FieldSet, _ reader: inout JSONReader) throws(DecodeFailure) -> Bool {
        switch key {
        case Field.nm where fields.isFirst(0): name = try reader.lenientStringOrNil()
        case Field.mn where fields.isFirst(1): matchName = try reader.lenientStringOrNil()
        case Field.hd where fields.isFirst(2): hidden = try reader.lenientBoolOrNil()
        default: return false
        }
        return true
    }
}

extension BlendMode: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        self.init(rawValue: try reader.lenientInt())
    }
}

// MARK: - Group

extension ShapeGroup: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        var names = ItemNames()
        var propertyCount: Double?
        var blendMode: BlendMode?
        var items: [ShapeItem]?
        while let key = try reader.nextKey(&object) {
            if try names.read(key, &fields, &reader) { continue }
            switch key {
            case Field.np where fields.isFirst(3): propertyCount = try reader.lenientDoubleOrNil()
            case Field.bm where fields.isFirst(4): blendMode = try reader.decodeIfPresent()
            case Field.it where fields.isFirst(5): items = try reader.decodeArrayIfPresent()
            default: try reader.skipValue()
            }
        }
        self.init(name: names.name, items: items ?? [])
        matchName = names.matchName
        hidden = names.hidden
        self.propertyCount = propertyCount
        self.blendMode = blendMode
    }
}

extension ShapeTransform: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        var names = ItemNames()
        var transform = Transform()
        var transformFields = FieldSet()
        while let key = try reader.nextKey(&object) {
            if try names.read(key, &fields, &reader) { continue }
            if try !transform.read(key, &transformFields, &reader) { try reader.skipValue() }
        }
        self.init(transform: transform)
        name = names.name
        matchName = names.matchName
        hidden = names.hidden
    }
}

// MARK: - Geometry

extension PathShape: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        var names = ItemNames()
        var direction: Int?
        var path: Animatable<BezierPath>?
        while let key = try reader.nextKey(&object) {
            if try names.read(key, &fields, &reader) { continue }
            switch key {
            case Field.d where fields.isFirst(3): direction = try reader.lenientIntOrNil()
            case Field.ks where fields.isFirst(4): path = try reader.decode()
            default: try reader.skipValue()
            }
        }
        guard let path else { throw reader.missing("ks", in: object) }
        self.init(name: names.name, path: path)
        matchName = names.matchName
        hidden = names.hidden
        self.direction = direction
    }
}

extension RectangleShape: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        var names = ItemNames()
        var direction: Int?
        var position: Animatable<Vector>?
        var size: Animatable<Vector>?
        var roundness: Animatable<Double>?
        while let key = try reader.nextKey(&object) {
            if try names.read(key, &fields, &reader) { continue }
            switch key {
            case Field.d where fields.isFirst(3): direction = try reader.lenientIntOrNil()
            case Field.p where fields.isFirst(4): position = try reader.decodeIfPresent()
            case Field.s where fields.isFirst(5): size = try reader.decode()
            case Field.r where fields.isFirst(6): roundness = try reader.decodeIfPresent()
            default: try reader.skipValue()
            }
        }
        guard let size else { throw reader.missing("s", in: object) }
        self.init(position: position, size: size, roundness: roundness)
        name = names.name
        matchName = names.matchName
        hidden = names.hidden
        self.direction = direction
    }
}

extension EllipseShape: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        var names = ItemNames()
        var direction: Int?
        var position: Animatable<Vector>?
        var size: Animatable<Vector>?
        while let key = try reader.nextKey(&object) {
            if try names.read(key, &fields, &reader) { continue }
            switch key {
            case Field.d where fields.isFirst(3): direction = try reader.lenientIntOrNil()
            case Field.p where fields.isFirst(4): position = try reader.decodeIfPresent()
            case Field.s where fields.isFirst(5): size = try reader.decode()
            default: try reader.skipValue()
            }
        }
        guard let size else { throw reader.missing("s", in: object) }
        self.init(position: position, size: size)
        name = names.name
        matchName = names.matchName
        hidden = names.hidden
        self.direction = direction
    }
}

extension PolystarShape: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        var names = ItemNames()
        var direction: Int?
        var starType: Int?
        var position: Animatable<Vector>?
        var points: Animatable<Double>?
        var rotation: Animatable<Double>?
        var outerRadius: Animatable<Double>?
        var outerRoundness: Animatable<Double>?
        var innerRadius: Animatable<Double>?
        var innerRoundness: Animatable<Double>?
        while let key = try reader.nextKey(&object) {
            if try names.read(key, &fields, &reader) { continue }
            switch key {
            case Field.d where fields.isFirst(3): direction = try reader.lenientIntOrNil()
            case Field.sy where fields.isFirst(4): starType = try reader.lenientIntOrNil()
            case Field.p where fields.isFirst(5): position = try reader.decodeIfPresent()
            case Field.pt where fields.isFirst(6): points = try reader.decode()
            case Field.r where fields.isFirst(7): rotation = try reader.decodeIfPresent()
            case Field.or where fields.isFirst(8): outerRadius = try reader.decode()
            case Field.os where fields.isFirst(9): outerRoundness = try reader.decodeIfPresent()
            case Field.ir where fields.isFirst(10): innerRadius = try reader.decodeIfPresent()
            case Field.`is` where fields.isFirst(11): innerRoundness = try reader.decodeIfPresent()
            default: try reader.skipValue()
            }
        }
        guard let points else { throw reader.missing("pt", in: object) }
        guard let outerRadius else { throw reader.missing("or", in: object) }
        self.init(starType: 0, position: position, points: points, outerRadius: outerRadius)
        self.starType = starType
        name = names.name
        matchName = names.matchName
        hidden = names.hidden
        self.direction = direction
        self.rotation = rotation
        self.outerRoundness = outerRoundness
        self.innerRadius = innerRadius
        self.innerRoundness = innerRoundness
    }
}

// MARK: - Styles

extension Fill: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        var names = ItemNames()
        var blendMode: BlendMode?
        var color: Animatable<Color>?
        var opacity: Animatable<Double>?
        var fillRule: Int?
        while let key = try reader.nextKey(&object) {
            if try names.read(key, &fields, &reader) { continue }
            switch key {
            case Field.bm where fields.isFirst(3): blendMode = try reader.decodeIfPresent()
            case Field.c where fields.isFirst(4): color = try reader.decode()
            case Field.o where fields.isFirst(5): opacity = try reader.decodeIfPresent()
            case Field.r where fields.isFirst(6): fillRule = try reader.lenientIntOrNil()
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

/// The members strokes and gradient strokes share (`StrokeStyle`), at indices 3...10.
private struct StrokeFields {
    var blendMode: BlendMode?
    var opacity: Animatable<Double>?
    var width: Animatable<Double>?
    var lineCap: Int?
    var lineJoin: Int?
    var miterLimit: Double?
    var animatedMiterLimit: Animatable<Double>?
    var dashes: [StrokeDash]?

    @inline(__always)
    mutating func read(_ key: UInt64, _ fields: inout FieldSet, _ reader: inout JSONReader) throws(DecodeFailure) -> Bool {
        switch key {
        case Field.bm where fields.isFirst(3): blendMode = try reader.decodeIfPresent()
        case Field.o where fields.isFirst(4): opacity = try reader.decodeIfPresent()
        case Field.w where fields.isFirst(5): width = try reader.decodeIfPresent()
        case Field.lc where fields.isFirst(6): lineCap = try reader.lenientIntOrNil()
        case Field.lj where fields.isFirst(7): lineJoin = try reader.lenientIntOrNil()
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
        var color: Animatable<Color>?
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

/// The members of `Gradient`, which gradient fills and strokes share, at indices 20...25.
private struct GradientFields {
    var type: Int?
    var startPoint: Animatable<Vector>?
    var endPoint: Animatable<Vector>?
    var highlightLength: Animatable<Double>?
    var highlightAngle: Animatable<Double>?
    var colors: GradientColors?

    @inline(__always)
    mutating func read(_ key: UInt64, _ fields: inout FieldSet, _ reader: inout JSONReader) throws(DecodeFailure) -> Bool {
        switch key {
        case Field.t where fields.isFirst(20): type = try reader.lenientIntOrNil()
        case Field.s where fields.isFirst(21): startPoint = try reader.decode()
        case Field.e where fields.isFirst(22): endPoint = try reader.decode()
        case Field.h where fields.isFirst(23): highlightLength = try reader.decodeIfPresent()
        case Field.a where fields.isFirst(24): highlightAngle = try reader.decodeIfPresent()
        case Field.g where fields.isFirst(25): colors = try reader.decode()
        default: return false
        }
        return true
    }

    func gradient(in object: JSONReader.ObjectScope, _ reader: JSONReader) throws(DecodeFailure) -> Gradient {
        guard let startPoint else { throw reader.missing("s", in: object) }
        guard let endPoint else { throw reader.missing("e", in: object) }
        guard let colors else { throw reader.missing("g", in: object) }
        var gradient = Gradient(type: 0, startPoint: startPoint, endPoint: endPoint, colors: colors)
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
        while let key = try reader.nextKey(&object) {
            switch key {
            case Field.p where fields.isFirst(0): colorStopCount = try reader.lenientInt()
            case Field.k where fields.isFirst(1): stops = try reader.decode()
            default: try reader.skipValue()
            }
        }
        guard fields.contains(0) else { throw reader.missing("p", in: object) }
        guard let stops else { throw reader.missing("k", in: object) }
        self.init(colorStopCount: colorStopCount, stops: stops)
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
        var fillRule: Int?
        while let key = try reader.nextKey(&object) {
            if try names.read(key, &fields, &reader) { continue }
            if try gradient.read(key, &fields, &reader) { continue }
            switch key {
            case Field.bm where fields.isFirst(3): blendMode = try reader.decodeIfPresent()
            case Field.o where fields.isFirst(4): opacity = try reader.decodeIfPresent()
            case Field.r where fields.isFirst(5): fillRule = try reader.lenientIntOrNil()
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
        var style = StrokeStyle(width: stroke.width)
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

// MARK: - Modifiers

extension TrimPath: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        var names = ItemNames()
        var start: Animatable<Double>?
        var end: Animatable<Double>?
        var offset: Animatable<Double>?
        var mode: Int?
        while let key = try reader.nextKey(&object) {
            if try names.read(key, &fields, &reader) { continue }
            switch key {
            case Field.s where fields.isFirst(3): start = try reader.decode()
            case Field.e where fields.isFirst(4): end = try reader.decode()
            case Field.o where fields.isFirst(5): offset = try reader.decodeIfPresent()
            case Field.m where fields.isFirst(6): mode = try reader.lenientIntOrNil()
            default: try reader.skipValue()
            }
        }
        guard let start else { throw reader.missing("s", in: object) }
        guard let end else { throw reader.missing("e", in: object) }
        self.init(start: start, end: end, offset: offset, mode: mode)
        name = names.name
        matchName = names.matchName
        hidden = names.hidden
    }
}

extension RoundedCorners: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        var names = ItemNames()
        var radius: Animatable<Double>?
        while let key = try reader.nextKey(&object) {
            if try names.read(key, &fields, &reader) { continue }
            switch key {
            case Field.r where fields.isFirst(3): radius = try reader.decode()
            default: try reader.skipValue()
            }
        }
        guard let radius else { throw reader.missing("r", in: object) }
        self.init(radius: radius)
        name = names.name
        matchName = names.matchName
        hidden = names.hidden
    }
}

extension Repeater: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        var names = ItemNames()
        var copies: Animatable<Double>?
        var offset: Animatable<Double>?
        var composite: Int?
        var transform: Transform?
        while let key = try reader.nextKey(&object) {
            if try names.read(key, &fields, &reader) { continue }
            switch key {
            case Field.c where fields.isFirst(3): copies = try reader.decode()
            case Field.o where fields.isFirst(4): offset = try reader.decodeIfPresent()
            case Field.m where fields.isFirst(5): composite = try reader.lenientIntOrNil()
            case Field.tr where fields.isFirst(6): transform = try reader.decodeIfPresent()
            default: try reader.skipValue()
            }
        }
        guard let copies else { throw reader.missing("c", in: object) }
        self.init(copies: copies, transform: transform ?? Transform())
        name = names.name
        matchName = names.matchName
        hidden = names.hidden
        self.offset = offset
        self.composite = composite
    }
}

extension MergePaths: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        var names = ItemNames()
        var mode: Int?
        while let key = try reader.nextKey(&object) {
            if try names.read(key, &fields, &reader) { continue }
            switch key {
            case Field.mm where fields.isFirst(3): mode = try reader.lenientIntOrNil()
            default: try reader.skipValue()
            }
        }
        self.init(mode: mode)
        name = names.name
        matchName = names.matchName
        hidden = names.hidden
    }
}

extension PuckerBloat: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        var names = ItemNames()
        var amount: Animatable<Double>?
        while let key = try reader.nextKey(&object) {
            if try names.read(key, &fields, &reader) { continue }
            switch key {
            case Field.a where fields.isFirst(3): amount = try reader.decode()
            default: try reader.skipValue()
            }
        }
        guard let amount else { throw reader.missing("a", in: object) }
        self.init(amount: amount)
        name = names.name
        matchName = names.matchName
        hidden = names.hidden
    }
}

extension ZigZag: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        var names = ItemNames()
        var ridges: Animatable<Double>?
        var size: Animatable<Double>?
        var pointType: Animatable<Double>?
        while let key = try reader.nextKey(&object) {
            if try names.read(key, &fields, &reader) { continue }
            switch key {
            case Field.r where fields.isFirst(3): ridges = try reader.decodeIfPresent()
            case Field.s where fields.isFirst(4): size = try reader.decodeIfPresent()
            case Field.pt where fields.isFirst(5): pointType = try reader.decodeIfPresent()
            default: try reader.skipValue()
            }
        }
        self.init(ridges: ridges, size: size)
        self.pointType = pointType
        name = names.name
        matchName = names.matchName
        hidden = names.hidden
    }
}

extension OffsetPath: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        var names = ItemNames()
        var amount: Animatable<Double>?
        var lineJoin: Int?
        var miterLimit: Animatable<Double>?
        while let key = try reader.nextKey(&object) {
            if try names.read(key, &fields, &reader) { continue }
            switch key {
            case Field.a where fields.isFirst(3): amount = try reader.decodeIfPresent()
            case Field.lj where fields.isFirst(4): lineJoin = try reader.lenientIntOrNil()
            case Field.ml where fields.isFirst(5): miterLimit = try reader.decodeIfPresent()
            default: try reader.skipValue()
            }
        }
        self.init(amount: amount)
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        name = names.name
        matchName = names.matchName
        hidden = names.hidden
    }
}
