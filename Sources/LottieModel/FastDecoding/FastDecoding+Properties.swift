// MARK: - Animated properties
//
// `Animatable`, `Keyframe`, `EasingHandle`, the keyframe value types, `PositionProperty`
// and `Transform`, read as their `init(from:)` read them (Animatable.swift, Keyframe.swift,
// KeyframeValue.swift, PositionProperty.swift).

extension JSONReader {
    /// `decode(T.self, forKey:)` for a member already reached.
    @inline(__always)
    mutating func decode<T: FastDecodable>(_ type: T.Type = T.self) throws(DecodeFailure) -> T {
        try T(reader: &self)
    }

    /// `decodeIfPresent(T.self, forKey:)` for a member already reached: `null` is nil.
    @inline(__always)
    mutating func decodeIfPresent<T: FastDecodable>(_ type: T.Type = T.self) throws(DecodeFailure) -> T? {
        try skipNull() ? nil : T(reader: &self)
    }

    /// `decodeIfPresent([T].self, forKey:)`.
    mutating func decodeArrayIfPresent<T: FastDecodable>(of type: T.Type = T.self) throws(DecodeFailure) -> [T]? {
        try skipNull() ? nil : decodeArray(of: T.self)
    }

    /// `decode([T].self, forKey:)`.
    mutating func decodeArray<T: FastDecodable>(of type: T.Type = T.self) throws(DecodeFailure) -> [T] {
        var list = try beginArray()
        var elements: [T] = []
        while try nextElement(&list) { elements.append(try T(reader: &self)) }
        return elements.withoutSpareCapacity()
    }

    /// `ValueShape`: whether the value at the cursor is a keyframe list, an array that is
    /// empty or whose first element is an object with a `t` member. The cursor does not move.
    mutating func isKeyframeList() throws(DecodeFailure) -> Bool {
        skipWhitespace()
        guard base[offset] == .openBracket else { return false }
        let origin = mark()
        defer { rewind(to: origin) }
        var list = try beginArray()
        guard try nextElement(&list) else { return true }
        guard isAtObject() else { return false }
        return try findMember(Field.t) != nil
    }
}

// MARK: - Animatable

extension Animatable: FastDecodable where Value: FastKeyframeValue {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        guard reader.isAtObject() else {
            // A bare value where the property object belongs (`"ml": 4`).
            self.init(.fixed(try Value(valueReader: &reader)))
            return
        }
        var object = try reader.beginObject()
        var fields = FieldSet()
        var content: Content?
        var expression: String?
        var slotID: String?
        var propertyIndex: Int?
        while let key = try reader.nextKey(&object) {
            switch key {
            case Field.k where fields.isFirst(0):
                content = try Self.content(&reader)
            case Field.x where fields.isFirst(1):
                expression = try reader.lenientStringOrNil()
            case Field.sid where fields.isFirst(2):
                slotID = try reader.lenientStringOrNil()
            case Field.ix where fields.isFirst(3):
                // `try?`: an unreadable index is left out.
                propertyIndex = try reader.attempt { (reader) throws(DecodeFailure) in try reader.lenientIntOrNil() } ?? nil
            default:
                try reader.skipValue()
            }
        }
        guard let content else { throw reader.missing("k", in: object) }
        self.init(content, expression: expression, slotID: slotID, propertyIndex: propertyIndex)
    }

    /// The value of `k`: keyframes when it looks like a keyframe list, otherwise one value.
    static func content(_ reader: inout JSONReader) throws(DecodeFailure) -> Content {
        guard try reader.isKeyframeList() else { return .fixed(try Value(valueReader: &reader)) }
        var list = try reader.beginArray()
        var keyframes: [Keyframe<Value>] = []
        while try reader.nextElement(&list) {
            if reader.isAtObject() {
                keyframes.append(try Keyframe(reader: &reader))
            } else {
                try reader.skipValue()  // `[{"t": 24}, 239]`: entries that are not objects are passed over
            }
        }
        return .keyframes(keyframes.withoutSpareCapacity())
    }
}

// MARK: - Keyframe

extension Keyframe: FastDecodable where Value: FastKeyframeValue {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        var time = 0.0
        var value: Value?
        var endValue: Value?
        var hold = false
        var outEasing: EasingHandle?
        var inEasing: EasingHandle?
        var outTangent: Vector?
        var inTangent: Vector?
        while let key = try reader.nextKey(&object) {
            switch key {
            case Field.t where fields.isFirst(0):
                time = try reader.lenientDouble()
            case Field.s where fields.isFirst(1):
                value = try reader.skipNull() ? nil : Value(valueReader: &reader)
            case Field.e where fields.isFirst(2):
                endValue = try reader.skipNull() ? nil : Value(valueReader: &reader)
            case Field.h where fields.isFirst(3):
                hold = try reader.lenientBoolOrNil() ?? false
            case Field.o where fields.isFirst(4):
                outEasing = try reader.decodeIfPresent()
            case Field.i where fields.isFirst(5):
                inEasing = try reader.decodeIfPresent()
            case Field.to where fields.isFirst(6):
                outTangent = try reader.inlineNumbersOrNil().map(Vector.init(storage:))
            case Field.ti where fields.isFirst(7):
                inTangent = try reader.inlineNumbersOrNil().map(Vector.init(storage:))
            default:
                try reader.skipValue()
            }
        }
        guard fields.contains(0) else { throw reader.missing("t", in: object) }
        self.init(time: time, value: value, endValue: endValue, hold: hold, outEasing: outEasing,
                  inEasing: inEasing, outTangent: outTangent, inTangent: inTangent)
    }
}

extension EasingHandle: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        var x = InlineNumbers.empty
        var y = InlineNumbers.empty
        while let key = try reader.nextKey(&object) {
            switch key {
            case Field.x where fields.isFirst(0): x = try reader.inlineNumbersOrNil() ?? .empty
            case Field.y where fields.isFirst(1): y = try reader.inlineNumbersOrNil() ?? .empty
            default: try reader.skipValue()
            }
        }
        if case .one(let x) = x, case .one(let y) = y {
            self.init(x: x, y: y)
        } else {
            self.init(lists: reader.easingLists.lists(x: x, y: y))
        }
    }
}

// MARK: - Keyframe values

extension Double: FastKeyframeValue {
    /// `5` or `[5]` (and the other `LenientDouble` forms).
    @inline(__always)
    init(valueReader reader: inout JSONReader) throws(DecodeFailure) {
        self = try reader.lenientDouble()
    }
}

extension Vector: FastKeyframeValue, FastDecodable {
    @inline(__always)
    init(valueReader reader: inout JSONReader) throws(DecodeFailure) {
        self.init(storage: try reader.inlineNumbers())
    }

    init(reader: inout JSONReader) throws(DecodeFailure) {
        self.init(storage: try reader.inlineNumbers())
    }
}

extension LottieColor: FastKeyframeValue {
    init(valueReader reader: inout JSONReader) throws(DecodeFailure) {
        self.init(try reader.numberList())
    }
}

extension GradientStops: FastKeyframeValue {
    init(valueReader reader: inout JSONReader) throws(DecodeFailure) {
        self.init(try reader.numberList())
    }
}

extension BezierPath: FastKeyframeValue, FastDecodable {
    /// A path object, or a list whose first element is one (`"s": [{...}]`).
    init(valueReader reader: inout JSONReader) throws(DecodeFailure) {
        reader.skipWhitespace()
        guard reader.byte == .openBracket else {
            try self.init(reader: &reader)
            return
        }
        var list = try reader.beginArray()
        guard try reader.nextElement(&list) else {
            throw DecodeFailure(.invalidValue("expected a path object, found an empty array"), at: list.start)
        }
        self = try BezierPath(reader: &reader)
        while try reader.nextElement(&list) { try reader.skipValue() }  // only the first is read
    }

    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        var closed: Bool?
        var closedMark: JSONReader.Mark?
        var vertices: [Vector]?
        var inTangents: [Vector]?
        var outTangents: [Vector]?
        while let key = try reader.nextKey(&object) {
            switch key {
            case Field.c where fields.isFirst(0):
                closed = try reader.lenientBoolOrNil()
            case Field.closed where fields.isFirst(1):
                // Old exporters wrote `closed`; it is read only when `c` is missing.
                closedMark = reader.mark()
                try reader.skipValue()
            case Field.v where fields.isFirst(2):
                vertices = try reader.vectorListOrNil()
            case Field.i where fields.isFirst(3):
                inTangents = try reader.vectorListOrNil()
            case Field.o where fields.isFirst(4):
                outTangents = try reader.vectorListOrNil()
            default:
                try reader.skipValue()
            }
        }
        if closed == nil, let closedMark {
            closed = try reader.read(at: closedMark) { (reader) throws(DecodeFailure) in try reader.lenientBoolOrNil() }
        }
        self.init(closed: closed ?? false, vertices: vertices ?? [], inTangents: inTangents ?? [],
                  outTangents: outTangents ?? [])
    }
}

extension JSONReader {
    /// `decodeIfPresent([Vector].self, forKey:)`: the vertices and tangents of a path.
    ///
    /// A path's `v`, `i` and `o` have the same length, and so have its keyframes' paths: the
    /// list is given room for as many vectors as the previous one had, which saves most of
    /// the reallocations of growing it one vector at a time.
    @inline(__always)
    mutating func vectorListOrNil() throws(DecodeFailure) -> [Vector]? {
        guard try !skipNull() else { return nil }
        var list = try beginArray()
        var vectors: [Vector] = []
        if try nextElement(&list) {
            vectors.reserveCapacity(vectorCountHint)
            repeat {
                vectors.append(Vector(storage: try inlineNumbers()))
            } while try nextElement(&list)
            vectorCountHint = vectors.count
        }
        return vectors
    }
}

// MARK: - Position and transform

extension PositionProperty: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        guard reader.isAtObject() else {
            // A bare value where the property object belongs (`"p": [10, 20]`).
            self = .combined(try Animatable<Vector>(reader: &reader))
            return
        }
        // Split or combined is known only from the whole object (`s`, and which of `k`, `x`,
        // `y` are present), so `x`, `y`, `z`, `sid` and `ix` are read after it unless `s: true`
        // came first. `k` is read where it is: it only goes unused in a split position.
        var object = try reader.beginObject()
        var fields = FieldSet()
        var isSplit: Bool?
        var content: Animatable<Vector>.Content?
        var x: Animatable<Double>?
        var y: Animatable<Double>?
        var z: Animatable<Double>?
        var xMark, yMark, zMark, slotMark, indexMark: JSONReader.Mark?
        while let key = try reader.nextKey(&object) {
            switch key {
            case Field.s where fields.isFirst(0):
                isSplit = try reader.lenientBoolOrNil()
            case Field.k where fields.isFirst(1):
                if isSplit == true {
                    try reader.skipValue()
                } else {
                    content = try Animatable<Vector>.content(&reader)
                }
            case Field.x where fields.isFirst(2):
                if isSplit == true { x = try reader.decode() } else { xMark = reader.mark(); try reader.skipValue() }
            case Field.y where fields.isFirst(3):
                if isSplit == true { y = try reader.decode() } else { yMark = reader.mark(); try reader.skipValue() }
            case Field.z where fields.isFirst(4):
                if isSplit == true { z = try reader.decodeIfPresent() } else { zMark = reader.mark(); try reader.skipValue() }
            case Field.sid where fields.isFirst(5):
                slotMark = reader.mark()
                try reader.skipValue()
            case Field.ix where fields.isFirst(6):
                indexMark = reader.mark()
                try reader.skipValue()
            default:
                try reader.skipValue()
            }
        }
        let hasK = fields.contains(1), hasX = fields.contains(2), hasY = fields.contains(3)
        if isSplit == true || (!hasK && hasX && hasY) {
            if x == nil, let mark = xMark { x = try reader.read(at: mark) { (reader) throws(DecodeFailure) in try reader.decode() } }
            if y == nil, let mark = yMark { y = try reader.read(at: mark) { (reader) throws(DecodeFailure) in try reader.decode() } }
            if z == nil, let mark = zMark {
                z = try reader.read(at: mark) { (reader) throws(DecodeFailure) in try reader.decodeIfPresent() }
            }
            guard let x else { throw reader.missing("x", in: object) }
            guard let y else { throw reader.missing("y", in: object) }
            self = .split(x: x, y: y, z: z)
            return
        }
        guard let content else { throw reader.missing("k", in: object) }
        var property = Animatable<Vector>(content)
        if let mark = xMark {
            property.expression = try reader.read(at: mark) { (reader) throws(DecodeFailure) in try reader.lenientStringOrNil() }
        }
        if let mark = slotMark {
            property.slotID = try reader.read(at: mark) { (reader) throws(DecodeFailure) in try reader.lenientStringOrNil() }
        }
        if let mark = indexMark {
            property.propertyIndex = try reader.read(at: mark) { (reader) throws(DecodeFailure) in
                try reader.attempt { (reader) throws(DecodeFailure) in try reader.lenientIntOrNil() } ?? nil
            }
        }
        self = .combined(property)
    }
}

extension Transform: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        self.init()
        while let key = try reader.nextKey(&object) {
            if try !read(key, &fields, &reader) { try reader.skipValue() }
        }
    }

    /// Reads the member `key` if it is a transform field; false otherwise (the reader is then
    /// still at its value). Uses indices 0...12 of `fields`. Layers' `ks` and groups' `tr`
    /// share their object with other fields.
    @inline(__always)
    mutating func read(_ key: UInt64, _ fields: inout FieldSet, _ reader: inout JSONReader) throws(DecodeFailure) -> Bool {
        switch key {
        case Field.a where fields.isFirst(0): anchor = try reader.decodeIfPresent()
        case Field.p where fields.isFirst(1): position = try reader.decodeIfPresent()
        case Field.s where fields.isFirst(2): scale = try reader.decodeIfPresent()
        case Field.r where fields.isFirst(3): rotation = try reader.decodeIfPresent()
        case Field.rx where fields.isFirst(4): rotationX = try reader.decodeIfPresent()
        case Field.ry where fields.isFirst(5): rotationY = try reader.decodeIfPresent()
        case Field.rz where fields.isFirst(6): rotationZ = try reader.decodeIfPresent()
        case Field.or where fields.isFirst(7): orientation = try reader.decodeIfPresent()
        case Field.o where fields.isFirst(8): opacity = try reader.decodeIfPresent()
        case Field.sk where fields.isFirst(9): skew = try reader.decodeIfPresent()
        case Field.sa where fields.isFirst(10): skewAxis = try reader.decodeIfPresent()
        case Field.so where fields.isFirst(11): startOpacity = try reader.decodeIfPresent()
        case Field.eo where fields.isFirst(12): endOpacity = try reader.decodeIfPresent()
        default: return false
        }
        return true
    }
}
