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
}
