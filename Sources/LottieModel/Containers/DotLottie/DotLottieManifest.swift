import Foundation

// MARK: - DotLottieManifest
//
// `manifest.json` at the root of a `.lottie` archive. Two layouts exist:
//
//     v1 (dotlottie-js 0.x):  {"version":"1.0", "generator":..., "author":..., "revision":1,
//                              "activeAnimationId":"a", "animations":[{"id":"a","loop":true,...}],
//                              "themes":[{"id":"dark","animations":["a"]}], "states":["toggle"]}
//                             files: animations/ID.json, images/NAME, themes/ID.json, states/ID.json
//     v2 (dotlottie-js 1.x):  {"version":"2", "generator":..., "animations":[{"id":"a"}],
//                              "themes":[{"id":"dark"}], "stateMachines":[{"id":"toggle"}],
//                              "initial":{"animation":"a","stateMachine":"toggle"}}
//                             files: a/ID.json, i/NAME, t/ID.json, s/ID.json (f/ fonts, u/ audio)
//
// Both are read into the same value; items may be objects with an `id` or bare id strings.

/// The manifest of a dotLottie file: what animations, themes and state machines it packs.
public struct DotLottieManifest: Sendable, Equatable {
    /// `version` as written: "1", "1.0", "2"...
    public var version: String?
    public var generator: String?
    public var author: String?
    public var keywords: String?
    /// The animations, in manifest order.
    public var animations: [Item]
    /// The themes (v1 `themes`, v2 `themes`).
    public var themes: [Item]
    /// The state machines (v1 `states`, v2 `stateMachines`).
    public var stateMachines: [Item]
    /// The animation to show first: v2 `initial.animation`, v1 `activeAnimationId`.
    public var initialAnimationID: String?
    /// The state machine to start: v2 `initial.stateMachine`.
    public var initialStateMachineID: String?
    /// The whole manifest, for fields not read above (playback settings, custom data).
    public var raw: JSONValue

    /// An animation, theme or state machine the manifest lists.
    public struct Item: Sendable, Equatable {
        public var id: String
        /// `name`, when given.
        public var name: String?
        /// The item as written.
        public var raw: JSONValue
    }

    /// The layout version: 2 for `"2"` and later, else 1 (the files live in `a/` or `animations/`...).
    public var layoutVersion: Int {
        guard let version, let major = Int(version.prefix { $0.isNumber }) else { return 1 }
        return major >= 2 ? 2 : 1
    }

    /// Reads `manifest.json`.
    ///
    /// - Throws: `ContainerError.Kind.invalidManifest` when it is not JSON, not an object, or has
    ///   no `animations` array of items with ids.
    public init(json bytes: [UInt8]) throws(ContainerError) {
        do {
            try JSONScanner.validate(bytes)
        } catch {
            throw ContainerError(.invalidManifest("\(error.location): \(error.message)"), entry: "manifest.json")
        }
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
        } catch {
            throw ContainerError(.invalidManifest("\(error)"), entry: "manifest.json")
        }
        try self.init(value)
    }

    /// Reads a manifest already parsed as JSON.
    public init(_ value: JSONValue) throws(ContainerError) {
        guard case .object = value else {
            throw ContainerError(.invalidManifest("the top level is not an object"), entry: "manifest.json")
        }
        guard case .array(let animations)? = value["animations"] else {
            throw ContainerError(.invalidManifest("there is no 'animations' array"), entry: "manifest.json")
        }
        raw = value
        version = Self.text(value["version"])
        generator = value["generator"]?.stringValue
        author = value["author"]?.stringValue
        keywords = value["keywords"]?.stringValue
        self.animations = try Self.items(animations, list: "animations")
        if case .array(let themes)? = value["themes"] {
            self.themes = try Self.items(themes, list: "themes")
        } else {
            themes = []
        }
        if case .array(let machines)? = value["stateMachines"] ?? value["states"] {
            stateMachines = try Self.items(machines, list: value["stateMachines"] == nil ? "states" : "stateMachines")
        } else {
            stateMachines = []
        }
        initialAnimationID = value["initial"]?["animation"]?.stringValue ?? value["activeAnimationId"]?.stringValue
        initialStateMachineID = value["initial"]?["stateMachine"]?.stringValue
    }

    private static func items(_ values: [JSONValue], list: String) throws(ContainerError) -> [Item] {
        var items: [Item] = []
        for (index, value) in values.enumerated() {
            if let id = value.stringValue {
                items.append(Item(id: id, name: nil, raw: value))
            } else if let id = text(value["id"]) {
                items.append(Item(id: id, name: value["name"]?.stringValue, raw: value))
            } else {
                throw ContainerError(.invalidManifest("\(list)[\(index)] has no 'id'"), entry: "manifest.json")
            }
        }
        return items
    }

    /// A string, or a number written as text ("version": 1).
    private static func text(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text)?: return text
        case .number(let number)?:
            return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        default: return nil
        }
    }
}
