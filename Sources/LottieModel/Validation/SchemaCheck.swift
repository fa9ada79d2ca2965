// MARK: - SchemaCheck

/// The pass over the raw JSON: the requirements of `lottie.schema.json` for the main objects,
/// checked by hand, where the model is lenient or drops what it does not use.
///
/// What it checks, by object (the files of this folder follow the same split):
/// - the animation: `fr` (> 0), `ip`, `op`, `w`, `h`, `layers`; assets (`id`, precomp `layers`,
///   image `p`, embedded images as data URLs); markers;
/// - layers (`+Layers`): `ty`, `ip`, `op`, `ks`, the fields of each layer type, matte modes, masks;
/// - shape items (`+Shapes`): the fields each `ty` needs, and their codes (`d`, `lc`, `r`...);
/// - properties (`+Properties`): `a` is 0 or 1, `k` has the shape its kind needs, keyframes are
///   objects in time order with values and easing handles, bezier `v`/`i`/`o` agree in length,
///   gradients have the numbers `p` announces, opacities and colours are in range.
///
/// Severity: a missing field the decoder or players cannot do without, a value of the wrong
/// JSON type and an unknown code are errors; a field the spec requires but players default
/// (`ks`, a style's `o`) and a value out of range are warnings.
struct SchemaCheck {
    typealias Severity = LottieDiagnostic.Severity
    typealias Category = LottieDiagnostic.Category

    let tree: JSONTree
    /// The findings, each with the byte offset it is located at (turned into line and column
    /// for all findings at once, in one pass over the file).
    private(set) var findings: [(finding: LottieDiagnostic, offset: Int)] = []
    /// Files older than 4.1.9 may write colours as 0...255 (FORMAT.md).
    var colorsMayBe255 = false

    init(tree: JSONTree) {
        self.tree = tree
    }

    // MARK: Reporting

    /// Records a finding at `path`, located at `value` (or, when the value is missing, at the
    /// deepest part of the path that exists: the object that lacks it).
    mutating func report(
        _ severity: Severity, _ category: Category, _ path: JSONPath, _ message: String,
        at value: JSONTree.Value? = nil, notes: [String] = []
    ) {
        let located = value ?? tree.deepestValue(along: path)
        findings.append((LottieDiagnostic(severity, category, path: path.description, message: message, notes: notes),
                         located.offset))
    }

    /// The member `key`, or nil after reporting it missing with `severity` (nil: not reported).
    mutating func field(
        _ key: String, of object: JSONTree.Value, at path: @autoclosure () -> JSONPath, _ severity: Severity?,
        _ what: String
    ) -> JSONTree.Value? {
        if let value = object[key] { return value }
        if let severity {
            let defaulted = severity == .error ? "" : " (required by the spec; players use a default)"
            report(severity, .schema, path().appending(.key(key)), "missing required field '\(key)', \(what)\(defaulted)",
                   at: object)
        }
        return nil
    }

    // MARK: Value types

    /// Reports `value` unless it is a number.
    @discardableResult
    mutating func number(_ value: JSONTree.Value?, at path: @autoclosure () -> JSONPath, _ severity: Severity = .error) -> Double? {
        guard let value else { return nil }
        if let number = value.number { return number }
        report(severity, .schema, path(), "expected a number, found \(value.phrase)", at: value)
        return nil
    }

    /// Reports `value` unless it is a whole number.
    @discardableResult
    mutating func integer(_ value: JSONTree.Value?, at path: @autoclosure () -> JSONPath, _ severity: Severity = .error) -> Int? {
        guard let value else { return nil }
        if let integer = value.integer { return integer }
        let found = value.kind == .number ? value.shortText : value.phrase
        report(severity, .schema, path(), "expected a whole number, found \(found)", at: value)
        return nil
    }

    /// Reports `value` unless it is a string.
    @discardableResult
    mutating func string(_ value: JSONTree.Value?, at path: @autoclosure () -> JSONPath, _ severity: Severity = .error) -> String? {
        guard let value else { return nil }
        if let string = value.string { return string }
        report(severity, .schema, path(), "expected a string, found \(value.phrase)", at: value)
        return nil
    }

    /// An "integer boolean" (`a`, `e`, `h`, `ddd`, `ao`, `td`): 0 or 1. Any other number is an
    /// error; `true`/`false` are a warning (players read them, the spec does not allow them).
    mutating func intBoolean(_ value: JSONTree.Value?, at path: @autoclosure () -> JSONPath, named name: String) {
        guard let value else { return }
        if let integer = value.integer, integer == 0 || integer == 1 { return }
        if value.kind == .bool {
            report(.warning, .schema, path(), "'\(name)' should be 0 or 1, found \(value.shortText)", at: value)
        } else {
            let found = value.kind == .number ? value.shortText : value.phrase
            report(.error, .schema, path(), "'\(name)' must be 0 or 1, found \(found)", at: value)
        }
    }

    /// A boolean (`hd`, `inv`, `c`); 0 and 1 pass (players read them as booleans).
    mutating func boolean(_ value: JSONTree.Value?, at path: @autoclosure () -> JSONPath) {
        guard let value, value.kind != .bool else { return }
        if let integer = value.integer, integer == 0 || integer == 1 { return }
        report(.warning, .schema, path(), "expected a boolean, found \(value.shortText)", at: value)
    }

    /// A code from a fixed list (`lc`, `tt`, `d`...): anything else is reported with `severity`.
    mutating func code(
        _ value: JSONTree.Value?, at path: @autoclosure () -> JSONPath, named name: String, _ allowed: [Int: String],
        _ severity: Severity = .warning
    ) {
        guard let value else { return }
        guard let integer = value.integer else {
            report(.error, .schema, path(), "'\(name)' must be a whole number, found \(value.phrase)", at: value)
            return
        }
        guard allowed[integer] == nil else { return }
        let known = allowed.keys.sorted().map { "\($0) \(allowed[$0]!)" }.joined(separator: ", ")
        report(severity, .schema, path(), "'\(name)' \(integer) is not a known value (\(known))", at: value)
    }

    /// An array, or nil after reporting what it is instead.
    mutating func array(_ value: JSONTree.Value?, at path: @autoclosure () -> JSONPath, _ severity: Severity = .error) -> [JSONTree.Value]? {
        guard let value else { return nil }
        guard value.isArray else {
            report(severity, .schema, path(), "expected an array, found \(value.phrase)", at: value)
            return nil
        }
        return value.elements
    }

    /// An object, or nil after reporting what it is instead.
    @discardableResult
    mutating func object(_ value: JSONTree.Value?, at path: @autoclosure () -> JSONPath, _ severity: Severity = .error) -> JSONTree.Value? {
        guard let value else { return nil }
        guard value.isObject else {
            report(severity, .schema, path(), "expected an object, found \(value.phrase)", at: value)
            return nil
        }
        return value
    }

    // MARK: Animation

    /// Checks the whole file.
    mutating func checkAnimation() {
        let root = JSONPath()
        guard let animation = object(tree.root, at: root) else { return }
        func key(_ name: String) -> JSONPath { root.appending(.key(name)) }
        if let version = animation["v"]?.string { colorsMayBe255 = Self.isOlder(version, than: [4, 1, 9]) }
        if let rate = number(field("fr", of: animation, at: root, .error, "the frame rate"), at: key("fr")), rate <= 0 {
            report(.error, .range, key("fr"), "the frame rate 'fr' must be above 0, found \(Self.text(rate))", at: animation["fr"])
        }
        let inPoint = number(field("ip", of: animation, at: root, .error, "the first frame"), at: key("ip"))
        let outPoint = number(field("op", of: animation, at: root, .error, "the frame after the last"), at: key("op"))
        if let inPoint, let outPoint, outPoint <= inPoint {
            report(.warning, .range, key("op"),
                   "'op' \(Self.text(outPoint)) is not after 'ip' \(Self.text(inPoint)): the animation has no frames",
                   at: animation["op"])
        }
        for name in ["w", "h"] {
            if let size = integer(field(name, of: animation, at: root, .error, name == "w" ? "the width" : "the height"),
                                  at: key(name), .warning), size < 0 {
                report(.error, .range, key(name), "'\(name)' must not be negative, found \(size)", at: animation[name])
            }
        }
        intBoolean(animation["ddd"], at: key("ddd"), named: "ddd")
        if let layers = array(field("layers", of: animation, at: root, .error, "the layers"), at: key("layers")) {
            checkLayers(layers, at: key("layers"))
        }
        if let assets = array(animation["assets"], at: key("assets")) {
            for (index, asset) in assets.enumerated() { checkAsset(asset, at: key("assets").appending(.index(index))) }
        }
        if let markers = array(animation["markers"], at: key("markers"), .warning) {
            for (index, marker) in markers.enumerated() { checkMarker(marker, at: key("markers").appending(.index(index))) }
        }
    }

    // MARK: Assets

    private mutating func checkAsset(_ value: JSONTree.Value, at path: JSONPath) {
        guard let asset = object(value, at: path) else { return }
        func key(_ name: String) -> JSONPath { path.appending(.key(name)) }
        string(field("id", of: asset, at: path, .error, "the id layers refer to"), at: key("id"))
        if let layers = asset["layers"] {
            if let list = array(layers, at: key("layers")) { checkLayers(list, at: key("layers")) }
            return
        }
        guard Self.isImage(asset) else { return }  // sounds, data sources, unknown assets
        intBoolean(asset["e"], at: key("e"), named: "e")
        let hasSlot = asset.has("sid")
        let file = string(field("p", of: asset, at: path, hasSlot ? nil : .error, "the image's file name or data URL"),
                          at: key("p"))
        if let file, asset["e"]?.integer == 1, !Self.isDataURL(file) {
            report(.error, .schema, key("p"),
                   "an embedded image ('e' 1) needs a data URL 'data:<type>[;base64],<data>' in 'p', found \(asset["p"]!.shortText)",
                   at: asset["p"])
        }
        for name in ["w", "h"] where !hasSlot {
            number(field(name, of: asset, at: path, .warning, "the image's \(name == "w" ? "width" : "height")"), at: key(name))
        }
    }

    /// An image asset: it has a file (`p`, `u`), an embedded flag or a size, and no layers.
    /// Sounds (an audio file in `p`), data sources (`t` 3) and image sequences are not images.
    private static func isImage(_ asset: JSONTree.Value) -> Bool {
        if let type = asset["t"], type.integer == 3 || type.string == "seq" { return false }
        if let file = asset["p"]?.string?.lowercased(),
           [".mp3", ".wav", ".ogg", ".m4a", ".aac", ".json"].contains(where: { file.hasSuffix($0) }) {
            return false
        }
        return asset.has("p") || asset.has("e") || asset.has("w") || asset.has("u")
    }

    /// `^data:([\w/]+)(;base64)?,(.+)$`, the schema's pattern for a data URL.
    static func isDataURL(_ text: String) -> Bool {
        guard text.hasPrefix("data:") else { return false }
        let rest = text.dropFirst(5)
        guard let comma = rest.firstIndex(of: ",") else { return false }
        var type = rest[..<comma]
        if type.hasSuffix(";base64") { type = type.dropLast(7) }
        let isWordOrSlash: (Character) -> Bool = { $0 == "/" || $0 == "_" || $0.isLetter || $0.isNumber }
        return !type.isEmpty && type.allSatisfy(isWordOrSlash) && rest.index(after: comma) < rest.endIndex
    }

    // MARK: Markers

    private mutating func checkMarker(_ value: JSONTree.Value, at path: JSONPath) {
        guard let marker = object(value, at: path, .warning) else { return }
        number(marker["tm"], at: path.appending(.key("tm")), .warning)
        number(marker["dr"], at: path.appending(.key("dr")), .warning)
    }

    // MARK: Helpers

    /// 60 -> "60", 0.5 -> "0.5".
    static func text(_ number: Double) -> String {
        if number.rounded() == number, abs(number) < 1e15 { return String(Int(number)) }
        return String(number)
    }

    static func isOlder(_ version: String, than reference: [Int]) -> Bool {
        let parts = version.split(separator: ".").map { Int($0) ?? 0 }
        for index in 0..<reference.count {
            let part = index < parts.count ? parts[index] : 0
            if part != reference[index] { return part < reference[index] }
        }
        return false
    }
}
