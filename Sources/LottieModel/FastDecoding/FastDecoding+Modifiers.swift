// MARK: - Modifiers
//
// Trim paths, rounded corners, repeaters, merges, pucker/bloat, zig-zags and offset paths,
// read as their `init(from:)` read them (Modifiers.swift).

extension TrimPath: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        var names = ItemNames()
        var start: Animatable<Double>?
        var end: Animatable<Double>?
        var offset: Animatable<Double>?
        var mode: TrimMode?
        while let key = try reader.nextKey(&object) {
            if try names.read(key, &fields, &reader) { continue }
            switch key {
            case Field.s where fields.isFirst(3): start = try reader.decode()
            case Field.e where fields.isFirst(4): end = try reader.decode()
            case Field.o where fields.isFirst(5): offset = try reader.decodeIfPresent()
            case Field.m where fields.isFirst(6): mode = try reader.codeOrNil()
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
        var composite: RepeaterComposite?
        var transform: Transform?
        while let key = try reader.nextKey(&object) {
            if try names.read(key, &fields, &reader) { continue }
            switch key {
            case Field.c where fields.isFirst(3): copies = try reader.decode()
            case Field.o where fields.isFirst(4): offset = try reader.decodeIfPresent()
            case Field.m where fields.isFirst(5): composite = try reader.codeOrNil()
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
        var mode: MergeMode?
        while let key = try reader.nextKey(&object) {
            if try names.read(key, &fields, &reader) { continue }
            switch key {
            case Field.mm where fields.isFirst(3): mode = try reader.codeOrNil()
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
        var lineJoin: LineJoin?
        var miterLimit: Animatable<Double>?
        while let key = try reader.nextKey(&object) {
            if try names.read(key, &fields, &reader) { continue }
            switch key {
            case Field.a where fields.isFirst(3): amount = try reader.decodeIfPresent()
            case Field.lj where fields.isFirst(4): lineJoin = try reader.codeOrNil()
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
