// MARK: - SchemaCheck: shape items

// Shape items (`shapes[i]`, `it[i]`): the fields each `ty` needs and the codes they use.
// Fields the model cannot do without are errors; fields the spec requires but players
// default (a style's `o`, a trim's `o`, a stroke's `w`) are warnings.

extension SchemaCheck {
    mutating func checkShapes(_ items: [JSONTree.Value], at path: JSONPath) {
        for (index, item) in items.enumerated() { checkShape(item, at: path.appending(.index(index))) }
    }

    private mutating func checkShape(_ value: JSONTree.Value, at path: JSONPath) {
        guard let item = object(value, at: path) else { return }
        guard let type = string(field("ty", of: item, at: path, .error, "the shape type"), at: path.appending(.key("ty")))
        else { return }
        boolean(item["hd"], at: path.appending(.key("hd")))
        let shape = ShapeItemFields(item: item, path: path)
        switch type {
        case "gr":
            if let items = array(item["it"], at: shape.key("it")) { checkShapes(items, at: shape.key("it")) }
        case "sh":
            direction(of: shape)
            property(of: shape, "ks", .bezier, .error, "the path")
        case "rc":
            direction(of: shape)
            property(of: shape, "p", .position, .warning, "the centre")
            property(of: shape, "s", .vector, .error, "the size")
            property(of: shape, "r", .scalar, nil, "")
        case "el":
            direction(of: shape)
            property(of: shape, "p", .position, .warning, "the centre")
            property(of: shape, "s", .vector, .error, "the size")
        case "sr":
            direction(of: shape)
            code(item["sy"], at: shape.key("sy"), named: "sy", [1: "star", 2: "polygon"], .error)
            property(of: shape, "p", .position, .warning, "the centre")
            property(of: shape, "pt", .scalar, .error, "the number of points")
            property(of: shape, "or", .scalar, .error, "the outer radius")
            property(of: shape, "os", .scalar, .warning, "the outer roundness")
            property(of: shape, "r", .scalar, .warning, "the rotation")
            let isStar = (item["sy"]?.integer ?? 1) == 1
            property(of: shape, "ir", .scalar, isStar ? .warning : nil, "the inner radius of a star")
            property(of: shape, "is", .scalar, isStar ? .warning : nil, "the inner roundness of a star")
        case "fl":
            property(of: shape, "c", .color, .error, "the colour")
            property(of: shape, "o", .scalar, .warning, "the opacity", range: .opacity)
            fillRule(of: shape)
        case "st":
            property(of: shape, "c", .color, .error, "the colour")
            property(of: shape, "o", .scalar, .warning, "the opacity", range: .opacity)
            stroke(of: shape)
        case "gf":
            property(of: shape, "o", .scalar, .warning, "the opacity", range: .opacity)
            fillRule(of: shape)
            gradient(of: shape)
        case "gs":
            property(of: shape, "o", .scalar, .warning, "the opacity", range: .opacity)
            stroke(of: shape)
            gradient(of: shape)
        case "tr":
            checkTransform(item, at: path)
        case "tm":
            property(of: shape, "s", .scalar, .error, "the start")
            property(of: shape, "e", .scalar, .error, "the end")
            property(of: shape, "o", .scalar, .warning, "the offset")
            code(item["m"], at: shape.key("m"), named: "m", [1: "parallel", 2: "sequential"])
        case "rd":
            property(of: shape, "r", .scalar, .error, "the radius")
        case "rp":
            property(of: shape, "c", .scalar, .error, "the number of copies")
            property(of: shape, "o", .scalar, nil, "")
            code(item["m"], at: shape.key("m"), named: "m", [1: "above", 2: "below"])
            if let transform = object(
                field("tr", of: item, at: path, .warning, "the transform of each copy"), at: shape.key("tr")) {
                checkTransform(transform, at: shape.key("tr"))
            }
        case "mm":
            code(item["mm"], at: shape.key("mm"), named: "mm",
                             [1: "merge", 2: "add", 3: "subtract", 4: "intersect", 5: "exclude intersections"])
        case "pb":
            property(of: shape, "a", .scalar, .error, "the amount")
        case "zz":
            property(of: shape, "r", .scalar, nil, "")
            property(of: shape, "s", .scalar, nil, "")
            property(of: shape, "pt", .scalar, nil, "")
        case "op":
            property(of: shape, "a", .scalar, nil, "")
            property(of: shape, "ml", .scalar, nil, "")
            code(item["lj"], at: shape.key("lj"), named: "lj", Self.lineJoins)
        default:
            break  // unknown items are listed as unsupported, not faults
        }
    }

    static let lineCaps = [1: "butt", 2: "round", 3: "square"]
    static let lineJoins = [1: "miter", 2: "round", 3: "bevel"]
}

// MARK: - Shared fields

/// A shape item and its path, for the checks below.
private struct ShapeItemFields {
    let item: JSONTree.Value
    let path: JSONPath

    func key(_ name: String) -> JSONPath { path.appending(.key(name)) }
}

extension SchemaCheck {
    /// Checks the property `name` as `kind`; reports it missing with `severity` (nil: optional).
    private mutating func property(
        of shape: ShapeItemFields, _ name: String, _ kind: PropertyKind, _ severity: ValidationSeverity?,
        _ what: String, range: ValueRange? = nil
    ) {
        guard let value = field(name, of: shape.item, at: shape.path, severity, what) else { return }
        checkProperty(value, at: shape.key(name), kind, range: range)
    }

    /// `d`: 1 normal, 3 reversed (players treat anything but 3 as normal).
    private mutating func direction(of shape: ShapeItemFields) {
        code(shape.item["d"], at: shape.key("d"), named: "d", [1: "normal", 3: "reversed"])
    }

    private mutating func fillRule(of shape: ShapeItemFields) {
        code(shape.item["r"], at: shape.key("r"), named: "r", [1: "non-zero", 2: "even-odd"])
    }

    /// The fields of a stroke or gradient stroke: width, caps, joins, miter limit, dashes.
    private mutating func stroke(of shape: ShapeItemFields) {
        let item = shape.item
        property(of: shape, "w", .scalar, .warning, "the stroke width")
        code(item["lc"], at: shape.key("lc"), named: "lc", Self.lineCaps)
        code(item["lj"], at: shape.key("lj"), named: "lj", Self.lineJoins)
        number(item["ml"], at: shape.key("ml"), .warning)
        if let limit = item["ml2"] { checkProperty(limit, at: shape.key("ml2"), .scalar) }
        guard let dashes = array(item["d"], at: shape.key("d")) else { return }
        for (index, dash) in dashes.enumerated() {
            let dashPath = shape.key("d").appending(.index(index))
            guard let dash = object(dash, at: dashPath) else { continue }
            if let kind = dash["n"], let name = string(kind, at: dashPath.appending(.key("n"))),
               !["d", "g", "o"].contains(name) {
                report(.warning, .schema, dashPath.appending(.key("n")),
                       "unknown dash kind '\(name)' (d dash, g gap, o offset)", at: kind)
            }
            if let length = field("v", of: dash, at: dashPath, .warning, "the dash length") {
                checkProperty(length, at: dashPath.appending(.key("v")), .scalar)
            }
        }
    }

    /// The fields of a gradient fill or stroke: type, points, stops.
    private mutating func gradient(of shape: ShapeItemFields) {
        let item = shape.item
        code(item["t"], at: shape.key("t"), named: "t", [1: "linear", 2: "radial"], .error)
        property(of: shape, "s", .position, .error, "the start point")
        property(of: shape, "e", .position, .error, "the end point")
        property(of: shape, "h", .scalar, nil, "")
        property(of: shape, "a", .scalar, nil, "")
        guard let colors = object(field("g", of: item, at: shape.path, .error, "the gradient colours"), at: shape.key("g"))
        else { return }
        let colorsPath = shape.key("g")
        let count = integer(field("p", of: colors, at: colorsPath, .error, "the number of colour stops"),
                            at: colorsPath.appending(.key("p")))
        if let stops = field("k", of: colors, at: colorsPath, .error, "the stops") {
            checkProperty(stops, at: colorsPath.appending(.key("k")), .gradient(colorStops: count))
        }
    }
}
