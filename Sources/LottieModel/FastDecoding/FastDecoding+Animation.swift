// MARK: - The animation and its assets
//
// `LottieAnimation`, `Asset`, markers, fonts, glyphs and text, read as their `init(from:)` read
// them (Animation.swift, Marker.swift, Asset.swift, Font.swift, TextData.swift,
// TextDocument.swift).

extension LottieAnimation: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        guard reader.isAtObject() else { throw DecodeFailure(.notLottie, at: reader.offset) }
        var object = try reader.beginObject()
        var fields = FieldSet()
        self.init(frameRate: 0, inPoint: 0, outPoint: 0, width: 0, height: 0, layers: [])
        while let key = try reader.nextKey(&object) {
            switch key {
            case Field.v where fields.isFirst(0): version = try reader.lenientStringOrNil()
            case Field.nm where fields.isFirst(1): name = try reader.lenientStringOrNil()
            case Field.fr where fields.isFirst(2): frameRate = try reader.lenientDouble()
            case Field.ip where fields.isFirst(3): inPoint = try reader.lenientDouble()
            case Field.op where fields.isFirst(4): outPoint = try reader.lenientDouble()
            case Field.w where fields.isFirst(5): width = try reader.lenientDouble()
            case Field.h where fields.isFirst(6): height = try reader.lenientDouble()
            case Field.ddd where fields.isFirst(7): is3D = try reader.lenientBoolOrNil() ?? false
            case Field.assets where fields.isFirst(8): assets = try reader.decodeArrayIfPresent() ?? []
            case Field.layers where fields.isFirst(9): layers = try reader.decodeArray()
            case Field.markers where fields.isFirst(10): markers = try reader.decodeArrayIfPresent() ?? []
            case Field.fonts where fields.isFirst(11): fonts = try reader.decodeIfPresent()
            case Field.chars where fields.isFirst(12): glyphs = try reader.decodeArrayIfPresent()
            case Field.slots where fields.isFirst(13): slots = try reader.jsonValueOrNil()
            case Field.meta where fields.isFirst(14): metadata = try reader.jsonValueOrNil()
            case Field.mb where fields.isFirst(15): motionBlur = try reader.jsonValueOrNil()
            default: try reader.skipValue()
            }
        }
        guard fields.contains(9) else { throw DecodeFailure(.notLottie, at: object.start) }
        guard fields.contains(2) else { throw reader.missing("fr", in: object) }
        guard fields.contains(3) else { throw reader.missing("ip", in: object) }
        guard fields.contains(4) else { throw reader.missing("op", in: object) }
        guard fields.contains(5) else { throw reader.missing("w", in: object) }
        guard fields.contains(6) else { throw reader.missing("h", in: object) }
    }
}

extension Marker: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        self.init(name: "", time: 0)
        while let key = try reader.nextKey(&object) {
            switch key {
            case Field.cm where fields.isFirst(0): name = try reader.lenientStringOrNil() ?? ""
            case Field.tm where fields.isFirst(1): time = try reader.lenientDoubleOrNil() ?? 0
            case Field.dr where fields.isFirst(2): duration = try reader.lenientDoubleOrNil() ?? 0
            default: try reader.skipValue()
            }
        }
    }
}

// MARK: - Assets

extension Asset: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        // The kind comes from which members are present: look at them all first (stopping at
        // `layers`, which decides alone), then read the object as that kind.
        let start = reader.mark()
        var object = try reader.beginObject()
        var fields = FieldSet()
        var idMark: JSONReader.Mark?
        var typeMark: JSONReader.Mark?
        var hasLayers = false
        var hasPathOrSlot = false
        scan: while let key = try reader.nextKey(&object) {
            switch key {
            case Field.layers:
                hasLayers = true
                break scan
            case Field.id where fields.isFirst(0): idMark = reader.mark()
            case Field.t where fields.isFirst(1): typeMark = reader.mark()
            case Field.p, Field.sid: hasPathOrSlot = true
            default: break
            }
            try reader.skipValue()
        }
        reader.rewind(to: start)

        if hasLayers {
            self = .precomposition(try PrecompositionAsset(reader: &reader))
            return
        }
        let isDataSource = try typeMark.map { (mark) throws(DecodeFailure) in
            try reader.read(at: mark) { (reader) throws(DecodeFailure) in
                try reader.attempt { (reader) throws(DecodeFailure) in try reader.lenientInt() } == 3
            }
        } ?? false
        if !isDataSource, hasPathOrSlot {
            let asset = try ImageAsset(reader: &reader)
            self = Self.isSound(asset) ? .sound(asset) : .image(asset)
            return
        }
        var id = ""
        if let idMark {
            id = try reader.read(at: idMark) { (reader) throws(DecodeFailure) in try reader.lenientStringOrNil() } ?? ""
        }
        let raw = try reader.jsonValue()
        self = isDataSource ? .dataSource(id: id, raw: raw) : .unknown(id: id, raw: raw)
    }
}

extension PrecompositionAsset: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        var id: String?
        var name: String?
        var frameRate: Double?
        var layers: [Layer]?
        while let key = try reader.nextKey(&object) {
            switch key {
            case Field.id where fields.isFirst(0): id = try reader.string()
            case Field.nm where fields.isFirst(1): name = try reader.lenientStringOrNil()
            case Field.fr where fields.isFirst(2): frameRate = try reader.lenientDoubleOrNil()
            case Field.layers where fields.isFirst(3): layers = try reader.decodeArray()
            default: try reader.skipValue()
            }
        }
        guard let id else { throw reader.missing("id", in: object) }
        guard let layers else { throw reader.missing("layers", in: object) }
        self.init(id: id, layers: layers)
        self.name = name
        self.frameRate = frameRate
    }
}

extension ImageAsset: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        var id: String?
        self.init(id: "", path: nil)
        while let key = try reader.nextKey(&object) {
            switch key {
            case Field.id where fields.isFirst(0): id = try reader.string()
            case Field.nm where fields.isFirst(1): name = try reader.lenientStringOrNil()
            case Field.w where fields.isFirst(2): width = try reader.lenientDoubleOrNil()
            case Field.h where fields.isFirst(3): height = try reader.lenientDoubleOrNil()
            case Field.u where fields.isFirst(4): directory = try reader.lenientStringOrNil()
            case Field.p where fields.isFirst(5): path = try reader.lenientStringOrNil()
            case Field.e where fields.isFirst(6): embedded = try reader.lenientBoolOrNil()
            case Field.t where fields.isFirst(7): type = try reader.jsonValueOrNil()
            case Field.sid where fields.isFirst(8): slotID = try reader.lenientStringOrNil()
            default: try reader.skipValue()
            }
        }
        guard let id else { throw reader.missing("id", in: object) }
        self.id = id
    }
}

// MARK: - Fonts and glyphs

extension FontList: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        var list: [LottieFont]?
        while let key = try reader.nextKey(&object) {
            switch key {
            case Field.list where fields.isFirst(0): list = try reader.decodeArrayIfPresent()
            default: try reader.skipValue()
            }
        }
        self.init(list: list ?? [])
    }
}

extension LottieFont: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        var name: String?
        self.init(name: "")
        while let key = try reader.nextKey(&object) {
            switch key {
            case Field.fName where fields.isFirst(0): name = try reader.string()
            case Field.fFamily where fields.isFirst(1): family = try reader.lenientStringOrNil()
            case Field.fStyle where fields.isFirst(2): style = try reader.lenientStringOrNil()
            case Field.ascent where fields.isFirst(3): ascent = try reader.lenientDoubleOrNil()
            case Field.fPath where fields.isFirst(4): path = try reader.lenientStringOrNil()
            case Field.origin where fields.isFirst(5): origin = try reader.lenientIntOrNil()
            case Field.fWeight where fields.isFirst(6): weight = try reader.lenientStringOrNil()
            case Field.fClass where fields.isFirst(7): className = try reader.lenientStringOrNil()
            default: try reader.skipValue()
            }
        }
        guard let name else { throw reader.missing("fName", in: object) }
        self.name = name
    }
}

extension Glyph: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        var character: String?
        self.init(character: "", data: nil)
        while let key = try reader.nextKey(&object) {
            switch key {
            case Field.ch where fields.isFirst(0): character = try reader.string()
            case Field.fFamily where fields.isFirst(1): family = try reader.lenientStringOrNil()
            case Field.style where fields.isFirst(2): style = try reader.lenientStringOrNil()
            case Field.size where fields.isFirst(3): size = try reader.lenientDoubleOrNil()
            case Field.w where fields.isFirst(4): width = try reader.lenientDoubleOrNil()
            case Field.data where fields.isFirst(5): data = try reader.decodeIfPresent()
            default: try reader.skipValue()
            }
        }
        guard let character else { throw reader.missing("ch", in: object) }
        self.character = character
    }
}

extension GlyphData: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        var shapes: [ShapeItem]?
        while let key = try reader.nextKey(&object) {
            switch key {
            case Field.shapes where fields.isFirst(0): shapes = try reader.decodeArrayIfPresent()
            default: try reader.skipValue()
            }
        }
        self.init(shapes: shapes)
    }
}

// MARK: - Text

extension TextData: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        var document: Animatable<TextDocument>?
        var pathOptions: TextPathOptions?
        var moreOptions: TextMoreOptions?
        var animators: [TextAnimator]?
        while let key = try reader.nextKey(&object) {
            switch key {
            case Field.d where fields.isFirst(0):
                // Some exporters write an unanimated document as the object itself.
                if try reader.isBareTextDocument() {
                    document = Animatable(try TextDocument(reader: &reader))
                } else {
                    document = try reader.decode()
                }
            case Field.p where fields.isFirst(1): pathOptions = try reader.decodeIfPresent()
            case Field.m where fields.isFirst(2): moreOptions = try reader.decodeIfPresent()
            case Field.a where fields.isFirst(3): animators = try reader.decodeArrayIfPresent()
            default: try reader.skipValue()
            }
        }
        guard let document else { throw reader.missing("d", in: object) }
        self.init(document: document)
        self.pathOptions = pathOptions
        self.moreOptions = moreOptions
        self.animators = animators
    }
}

extension JSONReader {
    /// Whether the value at the cursor is an object with `t` and without `k`: a text document
    /// written where its animated property belongs. The cursor does not move.
    mutating func isBareTextDocument() throws(DecodeFailure) -> Bool {
        guard isAtObject() else { return false }
        let origin = mark()
        defer { rewind(to: origin) }
        var object = try beginObject()
        var hasText = false
        while let key = try nextKey(&object) {
            if key == Field.k { return false }
            if key == Field.t { hasText = true }
            try skipValue()
        }
        return hasText
    }
}

extension TextAnimator: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        var name: String?
        var selector: TextRangeSelector?
        var style: TextStyle?
        while let key = try reader.nextKey(&object) {
            switch key {
            case Field.nm where fields.isFirst(0): name = try reader.lenientStringOrNil()
            case Field.s where fields.isFirst(1): selector = try reader.decodeIfPresent()
            case Field.a where fields.isFirst(2): style = try reader.decodeIfPresent()
            default: try reader.skipValue()
            }
        }
        self.init(name: name, selector: selector, style: style)
    }
}

extension TextStyle: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        self.init()
        while let key = try reader.nextKey(&object) {
            switch key {
            case Field.p where fields.isFirst(0): position = try reader.decodeIfPresent()
            case Field.a where fields.isFirst(1): anchor = try reader.decodeIfPresent()
            case Field.s where fields.isFirst(2): scale = try reader.decodeIfPresent()
            case Field.r where fields.isFirst(3): rotation = try reader.decodeIfPresent()
            case Field.o where fields.isFirst(4): opacity = try reader.decodeIfPresent()
            case Field.sk where fields.isFirst(5): skew = try reader.decodeIfPresent()
            case Field.sa where fields.isFirst(6): skewAxis = try reader.decodeIfPresent()
            case Field.fc where fields.isFirst(7): fillColor = try reader.decodeIfPresent()
            case Field.sc where fields.isFirst(8): strokeColor = try reader.decodeIfPresent()
            case Field.sw where fields.isFirst(9): strokeWidth = try reader.decodeIfPresent()
            case Field.t where fields.isFirst(10): tracking = try reader.decodeIfPresent()
            case Field.fo where fields.isFirst(11): fillOpacity = try reader.decodeIfPresent()
            case Field.so where fields.isFirst(12): strokeOpacity = try reader.decodeIfPresent()
            case Field.fh where fields.isFirst(13): fillHue = try reader.decodeIfPresent()
            case Field.fs where fields.isFirst(14): fillSaturation = try reader.decodeIfPresent()
            case Field.fb where fields.isFirst(15): fillBrightness = try reader.decodeIfPresent()
            default: try reader.skipValue()
            }
        }
    }
}

extension TextRangeSelector: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        self.init()
        while let key = try reader.nextKey(&object) {
            switch key {
            case Field.s where fields.isFirst(0): start = try reader.decodeIfPresent()
            case Field.e where fields.isFirst(1): end = try reader.decodeIfPresent()
            case Field.o where fields.isFirst(2): offset = try reader.decodeIfPresent()
            case Field.a where fields.isFirst(3): amount = try reader.decodeIfPresent()
            case Field.xe where fields.isFirst(4): maxEase = try reader.decodeIfPresent()
            case Field.ne where fields.isFirst(5): minEase = try reader.decodeIfPresent()
            case Field.sm where fields.isFirst(6): smoothness = try reader.decodeIfPresent()
            case Field.b where fields.isFirst(7): basedOn = try reader.lenientIntOrNil()
            case Field.sh where fields.isFirst(8): shape = try reader.lenientIntOrNil()
            case Field.r where fields.isFirst(9): units = try reader.lenientIntOrNil()
            case Field.rn where fields.isFirst(10): randomize = try reader.lenientBoolOrNil()
            default: try reader.skipValue()
            }
        }
    }
}

extension TextPathOptions: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        self.init()
        while let key = try reader.nextKey(&object) {
            switch key {
            case Field.m where fields.isFirst(0): mask = try reader.lenientIntOrNil()
            case Field.f where fields.isFirst(1): firstMargin = try reader.decodeIfPresent()
            case Field.l where fields.isFirst(2): lastMargin = try reader.decodeIfPresent()
            case Field.a where fields.isFirst(3): forceAlignment = try reader.decodeIfPresent()
            case Field.p where fields.isFirst(4): perpendicular = try reader.decodeIfPresent()
            case Field.r where fields.isFirst(5): reversed = try reader.decodeIfPresent()
            default: try reader.skipValue()
            }
        }
    }
}

extension TextMoreOptions: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        self.init()
        while let key = try reader.nextKey(&object) {
            switch key {
            case Field.g where fields.isFirst(0): grouping = try reader.lenientIntOrNil()
            case Field.a where fields.isFirst(1): anchor = try reader.decodeIfPresent()
            default: try reader.skipValue()
            }
        }
    }
}

extension TextDocument: FastKeyframeValue, FastDecodable {
    init(valueReader reader: inout JSONReader) throws(DecodeFailure) {
        try self.init(reader: &reader)
    }

    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        self.init(text: "")
        while let key = try reader.nextKey(&object) {
            switch key {
            case Field.t where fields.isFirst(0): text = try reader.lenientStringOrNil() ?? ""
            case Field.f where fields.isFirst(1): fontName = try reader.lenientStringOrNil()
            case Field.s where fields.isFirst(2): fontSize = try reader.lenientDoubleOrNil()
            case Field.j where fields.isFirst(3): justification = try reader.lenientIntOrNil()
            case Field.tr where fields.isFirst(4): tracking = try reader.lenientDoubleOrNil()
            case Field.lh where fields.isFirst(5): lineHeight = try reader.lenientDoubleOrNil()
            case Field.ls where fields.isFirst(6): baselineShift = try reader.lenientDoubleOrNil()
            case Field.fc where fields.isFirst(7): fillColor = try reader.numberListOrNil().map(LottieColor.init)
            case Field.sc where fields.isFirst(8): strokeColor = try reader.numberListOrNil().map(LottieColor.init)
            case Field.sw where fields.isFirst(9): strokeWidth = try reader.lenientDoubleOrNil()
            case Field.of where fields.isFirst(10): strokeOverFill = try reader.lenientBoolOrNil()
            case Field.sz where fields.isFirst(11): boxSize = try reader.inlineNumbersOrNil().map(Vector.init(storage:))
            case Field.ps where fields.isFirst(12): boxPosition = try reader.inlineNumbersOrNil().map(Vector.init(storage:))
            case Field.ca where fields.isFirst(13): caps = try reader.lenientIntOrNil()
            default: try reader.skipValue()
            }
        }
    }
}
