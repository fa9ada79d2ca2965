// MARK: - SchemaCheck: shape items

// Shape items (`shapes[i]`, `it[i]`): the properties and parts each `ty` has, from the field
// tables the model walk reads too (`checkMembers`), and the codes each `ty` uses, which are
// not properties and are listed here.

extension SchemaCheck {
    mutating func checkShapes(_ items: [JSONTree.Value], at path: JSONPath) {
        for (index, item) in items.enumerated() { checkShape(item, at: path.appending(.index(index))) }
    }

    private mutating func checkShape(_ value: JSONTree.Value, at path: JSONPath) {
        guard let item = object(value, at: path) else { return }
        guard let type = string(field("ty", of: item, at: path, .error, "the shape type"), at: path.appending(.key("ty")))
        else { return }
        boolean(item["hd"], at: path.appending(.key("hd")))
        checkCodes(of: item, type: type, at: path)
        if type == "sr" {
            let isStar = (item["sy"]?.integer ?? 1) == 1
            checkMembers(Self.inReportOrder(PolystarShape.members), of: item, at: path, isStar: isStar)
        } else if let listed = ShapeItem.listedType(ofTypeCode: type) {
            checkMembers(of: listed, item, at: path)
        }
        // Unknown items are listed as unsupported, not faults.
    }

    private mutating func checkMembers<Object: ListedFields>(of type: Object.Type, _ item: JSONTree.Value, at path: JSONPath) {
        checkMembers(type.members, of: item, at: path)
    }

    /// A polystar's properties in the order their absence has always been reported in: `os`
    /// before `r`. (The table lists `r` first, as the model, snapshots and fault scan do.)
    private static func inReportOrder(_ members: [Member<PolystarShape>]) -> [Member<PolystarShape>] {
        let order = ["p", "pt", "or", "os", "r", "ir", "is"]
        func rank(_ member: Member<PolystarShape>) -> Int {
            guard case .property(let field, _) = member, let key = field.keys.first else { return order.count }
            return order.firstIndex(of: key) ?? order.count
        }
        return members.sorted { rank($0) < rank($1) }
    }

    // MARK: Codes

    /// The fields of an item of type `type` that hold codes from a fixed list.
    private mutating func checkCodes(of item: JSONTree.Value, type: String, at path: JSONPath) {
        func key(_ name: String) -> JSONPath { path.appending(.key(name)) }
        switch type {
        case "sh", "rc", "el", "sr":
            // `d`: 1 normal, 3 reversed (players treat anything but 3 as normal).
            code(item["d"], at: key("d"), named: "d", [1: "normal", 3: "reversed"])
            if type == "sr" { code(item["sy"], at: key("sy"), named: "sy", [1: "star", 2: "polygon"], .error) }
        case "fl", "gf", "st", "gs":
            if type == "fl" || type == "gf" {
                code(item["r"], at: key("r"), named: "r", [1: "non-zero", 2: "even-odd"])
            } else {
                code(item["lc"], at: key("lc"), named: "lc", Self.lineCaps)
                code(item["lj"], at: key("lj"), named: "lj", Self.lineJoins)
                number(item["ml"], at: key("ml"), .warning)
            }
            if type == "gf" || type == "gs" { code(item["t"], at: key("t"), named: "t", [1: "linear", 2: "radial"], .error) }
        case "tm":
            code(item["m"], at: key("m"), named: "m", [1: "parallel", 2: "sequential"])
        case "rp":
            code(item["m"], at: key("m"), named: "m", [1: "above", 2: "below"])
        case "mm":
            code(item["mm"], at: key("mm"), named: "mm",
                 [1: "merge", 2: "add", 3: "subtract", 4: "intersect", 5: "exclude intersections"])
        case "op":
            code(item["lj"], at: key("lj"), named: "lj", Self.lineJoins)
        default:
            break
        }
    }

    static let lineCaps = [1: "butt", 2: "round", 3: "square"]
    static let lineJoins = [1: "miter", 2: "round", 3: "bevel"]
}
