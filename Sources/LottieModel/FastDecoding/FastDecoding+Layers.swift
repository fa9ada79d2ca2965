// MARK: - Layers
//
// `Layer` with its `LayerContent`, masks and effects, read as their `init(from:)` read them
// (Layer.swift, LayerContent.swift, Mask.swift, Effect.swift).

extension Layer: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        // Which members belong to the content depends on `ty`, usually the third member:
        // find it first, then read the object once.
        let typeMark = try reader.findMember(Field.ty)
        let type: LayerType?
        if let typeMark {
            type = try reader.read(at: typeMark) { (reader) throws(DecodeFailure) in LayerType(rawValue: try reader.lenientInt()) }
        } else {
            type = nil
        }
        var object = try reader.beginObject()
        var fields = FieldSet()
        var content = ContentFields()
        self.init(outPoint: 0, content: .null)
        while let key = try reader.nextKey(&object) {
            switch key {
            case Field.nm where fields.isFirst(0): name = try reader.lenientStringOrNil()
            case Field.mn where fields.isFirst(1): matchName = try reader.lenientStringOrNil()
            case Field.ind where fields.isFirst(2): index = try reader.lenientIntOrNil()
            case Field.parent where fields.isFirst(3): parent = try reader.lenientIntOrNil()
            case Field.ddd where fields.isFirst(4): is3D = try reader.lenientBoolOrNil() ?? false
            case Field.ip where fields.isFirst(5): inPoint = try reader.lenientDoubleOrNil() ?? 0
            case Field.op where fields.isFirst(6): outPoint = try reader.lenientDoubleOrNil() ?? 0
            case Field.st where fields.isFirst(7): startTime = try reader.lenientDoubleOrNil() ?? 0
            case Field.sr where fields.isFirst(8): timeStretch = try reader.lenientDoubleOrNil() ?? 1
            case Field.ks where fields.isFirst(9): transform = try reader.decodeIfPresent() ?? Transform()
            case Field.ao where fields.isFirst(10): autoOrient = try reader.lenientBoolOrNil() ?? false
            case Field.hd where fields.isFirst(11): hidden = try reader.lenientBoolOrNil() ?? false
            case Field.bm where fields.isFirst(12): blendMode = try reader.codeOrNil() ?? .normal
            case Field.tt where fields.isFirst(13): matteMode = try reader.codeOrNil()
            case Field.tp where fields.isFirst(14): matteParent = try reader.lenientIntOrNil()
            case Field.td where fields.isFirst(15): isMatteSource = try reader.lenientBoolOrNil() ?? false
            case Field.hasMask where fields.isFirst(16): hasMask = try reader.lenientBoolOrNil()
            case Field.masksProperties where fields.isFirst(17): masks = try reader.decodeArrayIfPresent()
            case Field.ef where fields.isFirst(18): effects = try reader.decodeArrayIfPresent()
            case Field.cl where fields.isFirst(19): className = try reader.lenientStringOrNil()
            case Field.ln where fields.isFirst(20): htmlID = try reader.lenientStringOrNil()
            case Field.sy where fields.isFirst(31): styles = try reader.decodeArrayIfPresent()
            default:
                if let type, try content.read(key, type: type, &fields, &reader) { continue }
                try reader.skipValue()
            }
        }
        guard let type else { throw reader.missing("ty", in: object) }
        self.content = try content.content(type: type, in: object, reader)
    }
}

/// The members of a layer that belong to its content, read by its type, at indices 21...30.
private struct ContentFields {
    var assetID: String?
    var width: Double?
    var height: Double?
    var timeRemap: Animatable<Double>?
    var solidColor: String?
    var solidWidth: Double?
    var solidHeight: Double?
    var shapes: [ShapeItem]?
    var text: TextData?
    var perspective: Animatable<Double>?

    /// Reads `key` if a layer of type `type` has it; false otherwise.
    mutating func read(_ key: UInt64, type: LayerType, _ fields: inout FieldSet, _ reader: inout JSONReader) throws(DecodeFailure) -> Bool {
        switch (key, type) {
        case (Field.shapes, .shape) where fields.isFirst(21): shapes = try reader.decodeArrayIfPresent()
        case (Field.refId, .precomp) where fields.isFirst(22): assetID = try reader.string()
        case (Field.refId, .image), (Field.refId, .audio), (Field.refId, .data):
            guard fields.isFirst(22) else { return false }
            assetID = try reader.lenientStringOrNil()
        case (Field.w, .precomp) where fields.isFirst(23): width = try reader.lenientDoubleOrNil()
        case (Field.h, .precomp) where fields.isFirst(24): height = try reader.lenientDoubleOrNil()
        case (Field.tm, .precomp) where fields.isFirst(25): timeRemap = try reader.decodeIfPresent()
        case (Field.sc, .solid) where fields.isFirst(26): solidColor = try reader.string()
        case (Field.sw, .solid) where fields.isFirst(27): solidWidth = try reader.lenientDouble()
        case (Field.sh, .solid) where fields.isFirst(28): solidHeight = try reader.lenientDouble()
        case (Field.t, .text) where fields.isFirst(29): text = try reader.decode()
        case (Field.pe, .camera) where fields.isFirst(30): perspective = try reader.decodeIfPresent()
        default: return false
        }
        return true
    }

    func content(type: LayerType, in object: JSONReader.ObjectScope, _ reader: JSONReader) throws(DecodeFailure) -> LayerContent {
        switch type {
        case .precomp:
            guard let assetID else { throw reader.missing("refId", in: object) }
            return .precomp(PrecompLayerContent(assetID: assetID, width: width, height: height, timeRemap: timeRemap))
        case .solid:
            guard let solidColor else { throw reader.missing("sc", in: object) }
            guard let solidWidth else { throw reader.missing("sw", in: object) }
            guard let solidHeight else { throw reader.missing("sh", in: object) }
            return .solid(SolidLayerContent(color: solidColor, width: solidWidth, height: solidHeight))
        case .image: return .image(assetID: assetID ?? "")
        case .null: return .null
        case .shape: return .shape(shapes ?? [])
        case .text:
            guard let text else { throw reader.missing("t", in: object) }
            return .text(text)
        case .audio: return .audio(assetID: assetID)
        case .videoPlaceholder: return .videoPlaceholder
        case .imageSequence: return .imageSequence
        case .video: return .video
        case .imagePlaceholder: return .imagePlaceholder
        case .guide: return .guide
        case .adjustment: return .adjustment
        case .camera: return .camera(perspective: perspective)
        case .light: return .light
        case .data: return .data(assetID: assetID)
        case .unknown(let code): return .unknown(type: code)
        }
    }
}

// MARK: - Masks and effects

extension Mask: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        var mode: MaskMode?
        var path: Animatable<BezierPath>?
        var name: String?
        var opacity: Animatable<Double>?
        var expansion: Animatable<Double>?
        var inverted: Bool?
        while let key = try reader.nextKey(&object) {
            switch key {
            case Field.nm where fields.isFirst(0): name = try reader.lenientStringOrNil()
            case Field.mode where fields.isFirst(1): mode = try reader.lenientStringOrNil().map(MaskMode.init(rawValue:))
            case Field.pt where fields.isFirst(2): path = try reader.decodeIfPresent()
            case Field.o where fields.isFirst(3): opacity = try reader.decodeIfPresent()
            case Field.x where fields.isFirst(4): expansion = try reader.decodeIfPresent()
            case Field.inv where fields.isFirst(5): inverted = try reader.lenientBoolOrNil()
            default: try reader.skipValue()
            }
        }
        self.init(mode: mode ?? .add, path: path)
        self.name = name
        self.opacity = opacity
        self.expansion = expansion
        self.inverted = inverted
    }
}

extension Effect: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        var object = try reader.beginObject()
        var fields = FieldSet()
        self.init(type: nil, name: nil)
        while let key = try reader.nextKey(&object) {
            switch key {
            case Field.ty where fields.isFirst(0): type = try reader.lenientIntOrNil()
            case Field.nm where fields.isFirst(1): name = try reader.lenientStringOrNil()
            case Field.mn where fields.isFirst(2): matchName = try reader.lenientStringOrNil()
            case Field.ix where fields.isFirst(3): propertyIndex = try reader.lenientIntOrNil()
            case Field.en where fields.isFirst(4): enabled = try reader.lenientBoolOrNil()
            case Field.ef where fields.isFirst(5): parameters = try reader.decodeArrayIfPresent()
            case Field.v where fields.isFirst(6): value = try reader.jsonValueOrNil()
            default: try reader.skipValue()
            }
        }
    }
}

extension LayerStyle: FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure) {
        reader.skipWhitespace()
        let start = reader.offset
        guard case .object(let object)? = try reader.jsonValueOrNil() else {
            throw reader.expected(.object, at: start)
        }
        self.init(object: object)
    }
}
