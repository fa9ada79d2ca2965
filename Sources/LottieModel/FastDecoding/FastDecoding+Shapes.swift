// MARK: - Shape items
//
// `ShapeItem`, groups, group transforms and the shapes that make paths, read as their
// `init(from:)` read them (ShapeItem.swift, ShapeGroup.swift, Geometry.swift); styles and
// modifiers are in FastDecoding+Styles.swift and FastDecoding+Modifiers.swift. Most are
// synthesized `Codable`: optional members are `decodeIfPresent` (null is nil), `Int`,
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
        // One call, through a function chosen by the kind: one `ShapeItem` in this frame.
        let kind: (inout JSONReader) throws(DecodeFailure) -> ShapeItem
        switch Field.word(of: type.utf8) ?? Field.unknown {
        case Code.group: kind = Self.group
        case Code.path: kind = Self.path
        case Code.rectangle: kind = Self.rectangle
        case Code.ellipse: kind = Self.ellipse
        case Code.polystar: kind = Self.polystar
        case Code.fill: kind = Self.fill
        case Code.stroke: kind = Self.stroke
        case Code.gradientFill: kind = Self.gradientFill
        case Code.gradientStroke: kind = Self.gradientStroke
        case Code.transform: kind = Self.transform
        case Code.trimPath: kind = Self.trimPath
        case Code.roundedCorners: kind = Self.roundedCorners
        case Code.repeater: kind = Self.repeater
        case Code.merge: kind = Self.merge
        case Code.puckerBloat: kind = Self.puckerBloat
        case Code.zigZag: kind = Self.zigZag
        case Code.offsetPath: kind = Self.offsetPath
        default:
            self = try Self.unknown(type, &reader)
            return
        }
        self = try kind(&reader)
    }

    // One function per kind, never inlined: a frame holding every kind's value at once would
    // take kilobytes (20 KB), and groups nest, so it would be paid at every level of nesting.
    @inline(never) private static func unknown(_ type: String, _ reader: inout JSONReader) throws(DecodeFailure) -> ShapeItem {
        .unknown(type: type, raw: try reader.jsonValue())
    }
    @inline(never) private static func group(_ reader: inout JSONReader) throws(DecodeFailure) -> ShapeItem {
        .group(try ShapeGroup(reader: &reader))
    }
    @inline(never) private static func path(_ reader: inout JSONReader) throws(DecodeFailure) -> ShapeItem {
        .path(try PathShape(reader: &reader))
    }
    @inline(never) private static func rectangle(_ reader: inout JSONReader) throws(DecodeFailure) -> ShapeItem {
        .rectangle(try RectangleShape(reader: &reader))
    }
    @inline(never) private static func ellipse(_ reader: inout JSONReader) throws(DecodeFailure) -> ShapeItem {
        .ellipse(try EllipseShape(reader: &reader))
    }
    @inline(never) private static func polystar(_ reader: inout JSONReader) throws(DecodeFailure) -> ShapeItem {
        .polystar(try PolystarShape(reader: &reader))
    }
    @inline(never) private static func fill(_ reader: inout JSONReader) throws(DecodeFailure) -> ShapeItem {
        .fill(try Fill(reader: &reader))
    }
    @inline(never) private static func stroke(_ reader: inout JSONReader) throws(DecodeFailure) -> ShapeItem {
        .stroke(try Stroke(reader: &reader))
    }
    @inline(never) private static func gradientFill(_ reader: inout JSONReader) throws(DecodeFailure) -> ShapeItem {
        .gradientFill(try GradientFill(reader: &reader))
    }
    @inline(never) private static func gradientStroke(_ reader: inout JSONReader) throws(DecodeFailure) -> ShapeItem {
        .gradientStroke(try GradientStroke(reader: &reader))
    }
    @inline(never) private static func transform(_ reader: inout JSONReader) throws(DecodeFailure) -> ShapeItem {
        .transform(try ShapeTransform(reader: &reader))
    }
    @inline(never) private static func trimPath(_ reader: inout JSONReader) throws(DecodeFailure) -> ShapeItem {
        .trimPath(try TrimPath(reader: &reader))
    }
    @inline(never) private static func roundedCorners(_ reader: inout JSONReader) throws(DecodeFailure) -> ShapeItem {
        .roundedCorners(try RoundedCorners(reader: &reader))
    }
    @inline(never) private static func repeater(_ reader: inout JSONReader) throws(DecodeFailure) -> ShapeItem {
        .repeater(try Repeater(reader: &reader))
    }
    @inline(never) private static func merge(_ reader: inout JSONReader) throws(DecodeFailure) -> ShapeItem {
        .merge(try MergePaths(reader: &reader))
    }
    @inline(never) private static func puckerBloat(_ reader: inout JSONReader) throws(DecodeFailure) -> ShapeItem {
        .puckerBloat(try PuckerBloat(reader: &reader))
    }
    @inline(never) private static func zigZag(_ reader: inout JSONReader) throws(DecodeFailure) -> ShapeItem {
        .zigZag(try ZigZag(reader: &reader))
    }
    @inline(never) private static func offsetPath(_ reader: inout JSONReader) throws(DecodeFailure) -> ShapeItem {
        .offsetPath(try OffsetPath(reader: &reader))
    }
}

// MARK: - Names

/// `nm`, `mn` and `hd`, which every shape item has, at indices 0, 1 and 2 of its `FieldSet`.
struct ItemNames {
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
            case Field.bm where fields.isFirst(4): blendMode = try reader.codeOrNil()
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
        var direction: ShapeDirection?
        var path: Animatable<BezierPath>?
        while let key = try reader.nextKey(&object) {
            if try names.read(key, &fields, &reader) { continue }
            switch key {
            case Field.d where fields.isFirst(3): direction = try reader.codeOrNil()
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
        var direction: ShapeDirection?
        var position: Animatable<Vector>?
        var size: Animatable<Vector>?
        var roundness: Animatable<Double>?
        while let key = try reader.nextKey(&object) {
            if try names.read(key, &fields, &reader) { continue }
            switch key {
            case Field.d where fields.isFirst(3): direction = try reader.codeOrNil()
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
        var direction: ShapeDirection?
        var position: Animatable<Vector>?
        var size: Animatable<Vector>?
        while let key = try reader.nextKey(&object) {
            if try names.read(key, &fields, &reader) { continue }
            switch key {
            case Field.d where fields.isFirst(3): direction = try reader.codeOrNil()
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
        var direction: ShapeDirection?
        var starType: StarType?
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
            case Field.d where fields.isFirst(3): direction = try reader.codeOrNil()
            case Field.sy where fields.isFirst(4): starType = try reader.codeOrNil()
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
        self.init(starType: .star, position: position, points: points, outerRadius: outerRadius)
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
