// MARK: - JSONPath

/// One step into a JSON document: an object member or an array element.
public enum JSONPathComponent: Hashable, Sendable {
    case key(String)
    case index(Int)
}

/// A location inside a JSON document, printed the way people write it:
/// `layers[3].shapes[0].it[2].c.k`.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    public var components: [JSONPathComponent]

    public init(_ components: [JSONPathComponent] = []) {
        self.components = components
    }

    /// The path with one more step appended.
    public func appending(_ component: JSONPathComponent) -> JSONPath {
        JSONPath(components + [component])
    }

    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key):
                if !text.isEmpty { text += "." }
                text += key
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text.isEmpty ? "(root)" : text
    }

    /// The path a description names (`layers[2].ks.p`, `(root)`), read back as `description`
    /// prints it; nil for text that is not such a path.
    public init?(describing text: String) {
        self.init()
        guard text != "(root)" else { return }
        var key = ""
        var index: String?
        for character in text {
            if var digits = index {
                if character == "]" {
                    guard let value = Int(digits) else { return nil }
                    components.append(.index(value))
                    index = nil
                } else {
                    digits.append(character)
                    index = digits
                }
            } else if character == "." || character == "[" {
                if !key.isEmpty { components.append(.key(key)) }
                key = ""
                if character == "[" { index = "" }
            } else {
                key.append(character)
            }
        }
        guard index == nil else { return nil }
        if !key.isEmpty { components.append(.key(key)) }
    }
}
