import LottieModel

// MARK: - AnimationKeypath

/// A pattern of keypaths, as lottie-ios writes them: names joined with dots, where `*` stands
/// for any one name and `**` for any number of names (none included).
///
///     AnimationKeypath("Home.Icon.Fill 1.Color")     one fill's colour
///     AnimationKeypath("**.Fill 1.Color")             the colour of every fill named "Fill 1"
///     AnimationKeypath("Home.*.Transform.Opacity")    the opacity of Home's groups
///
/// Names are those of `Keypath`: layer, group and item names (`nm`, or the kind of thing), then
/// the property (`LottieColor`, `Transform.Position`, `Stroke Width`, `End`...). A name that repeats
/// among siblings is `Dot[0]`, `Dot[1]` in a `Keypath`; the pattern `Dot` matches all of them.
/// A dot inside a name is written `\.`.
public struct AnimationKeypath: Hashable, Sendable, CustomStringConvertible {
    /// The names and wildcards, in order.
    public var components: [String]

    /// Reads a pattern: names separated by dots, `\.` for a dot inside a name.
    public init(_ text: String) {
        var components: [String] = []
        var current = ""
        var escaped = false
        for character in text {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "." {
                components.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        if escaped { current.append("\\") }
        components.append(current)
        self.components = components
    }

    public init(components: [String]) {
        self.components = components
    }

    public var description: String {
        components.map { $0.replacingOccurrences(of: ".", with: "\\.") }.joined(separator: ".")
    }

    /// Whether `keypath` is one of the keypaths this pattern stands for.
    public func matches(_ keypath: Keypath) -> Bool {
        Self.matches(components[...], keypath.components[...])
    }

    private static func matches(_ pattern: ArraySlice<String>, _ names: ArraySlice<String>) -> Bool {
        guard let first = pattern.first else { return names.isEmpty }
        if first == "**" {
            // Consecutive `**` mean no more than one; then try every split.
            let rest = pattern.dropFirst().drop { $0 == "**" }
            if rest.isEmpty { return true }
            var tail = names
            while true {
                if matches(rest, tail) { return true }
                guard !tail.isEmpty else { return false }
                tail = tail.dropFirst()
            }
        }
        guard let name = names.first, first == "*" || Self.name(name, is: first) else { return false }
        return matches(pattern.dropFirst(), names.dropFirst())
    }

    /// Whether keypath name `name` is `wanted`: equal, or `wanted[k]` for a repeated name.
    private static func name(_ name: String, is wanted: String) -> Bool {
        if name == wanted { return true }
        guard name.hasSuffix("]"), let open = name.lastIndex(of: "[") else { return false }
        return name[..<open] == wanted && name[name.index(after: open)..<name.index(before: name.endIndex)].allSatisfy(\.isNumber)
    }
}
