import Foundation
import LottieModel

// MARK: - AnimationDiff

/// What changed between two versions of an animation, at the model level: timing and canvas,
/// layers and shape items added, removed, renamed or reordered, their other fields, and for
/// each property whether it became animated or static, its static value, and its keyframes
/// added, removed, moved in time, or with a new value or easing.
///
/// Matching siblings (the layers of a composition, the items of a shape list or group):
/// 1. by name (the keypath name, `[k]` included): the same name is the same thing; when the
///    relative order of name-matched siblings changed, those out of order are "reordered";
/// 2. the rest by position and type: an unmatched old and new sibling at the same index with
///    the same type is a rename (so is the only unmatched pair of one type);
/// 3. what is left was removed or added.
///
/// Keyframes of a property are paired by index when their count is unchanged (so a keyframe
/// that moved in time is "moved"), else by time (so the extra ones are "added"/"removed").
///
/// Keypaths are those of snapshots (`Keypath`); inside a precomposition they start with the
/// asset's id: `comp_1/Ball.Transform.Position`. Re-exports that only reorder JSON keys decode
/// to the same model and give no change.
public struct AnimationDiff: Equatable, Sendable {
    /// One change.
    public struct Change: Codable, Equatable, Sendable {
        public enum Kind: String, Codable, Sendable {
            case timing, canvas, added, removed, renamed, reordered, changed, animated
            case keyframeAdded = "keyframe added"
            case keyframeRemoved = "keyframe removed"
            case keyframeMoved = "keyframe moved"
            case value, easing, marker
        }

        public var kind: Kind
        /// What changed, by keypath: in the new file's names (the old file's for removals).
        public var keypath: String
        /// The JSON path in the new file (the old file's for removals).
        public var path: String
        public var message: String

        public init(_ kind: Kind, keypath: String, path: String, message: String) {
            self.kind = kind
            self.keypath = keypath
            self.path = path
            self.message = message
        }

        /// The message and the JSON path: `group renamed to 'Top' (layers[1].shapes[0])`.
        public var detail: String { "\(message) (\(path))" }
    }

    public var changes: [Change]

    /// True when the models are the same.
    public var isIdentical: Bool { changes.isEmpty }

    /// Compares two versions of an animation.
    public init(old: LottieAnimation, new: LottieAnimation) {
        var differ = ModelDiffer()
        differ.compareTiming(old, new)
        differ.compareLayers(old.layers, new.layers, keypath: Keypath([]), oldPath: "layers", newPath: "layers", prefix: "")
        differ.compareAssets(old, new)
        differ.compareMarkers(old.markers, new.markers)
        // The top-level fields the walk above does not itemise (the layers' and items' own fields are
        // compared as JSON, with defaults, by `compareFields`).
        let sameUnitemised = old.version == new.version && old.name == new.name && old.is3D == new.is3D
            && old.fonts == new.fonts && old.glyphs == new.glyphs && old.slots == new.slots
            && old.metadata == new.metadata && old.motionBlur == new.motionBlur
        if differ.changes.isEmpty, !sameUnitemised {
            differ.add(.changed, keypath: "(animation)", path: "(root)",
                       "the models differ in fields this diff does not itemise (version, name, fonts, glyphs, slots, metadata)")
        }
        changes = differ.changes
    }

    /// One change per line, `kind  keypath  message (path)`, in aligned columns.
    public var text: String {
        SnapshotComparison.aligned(changes.map { [$0.kind.rawValue, $0.keypath, $0.detail] })
    }
}

// MARK: - ModelDiffer

/// Collects changes while walking two models side by side.
struct ModelDiffer {
    private(set) var changes: [AnimationDiff.Change] = []
    let number = SnapshotNumber(precision: 3)

    mutating func add(_ kind: AnimationDiff.Change.Kind, keypath: String, path: String, _ message: String) {
        changes.append(AnimationDiff.Change(kind, keypath: keypath, path: path, message: message))
    }

    // MARK: Animation

    mutating func compareTiming(_ old: LottieAnimation, _ new: LottieAnimation) {
        for (name, before, after) in [("fr", old.frameRate, new.frameRate), ("ip", old.inPoint, new.inPoint),
                                      ("op", old.outPoint, new.outPoint)] where before != after {
            let label = ["fr": "frame rate", "ip": "first frame", "op": "end frame"][name]!
            add(.timing, keypath: "(animation)", path: name, "\(label) '\(name)' \(number(before)) -> \(number(after))")
        }
        if old.width != new.width || old.height != new.height {
            add(.canvas, keypath: "(animation)", path: "w",
                "\(number(old.width)) x \(number(old.height)) -> \(number(new.width)) x \(number(new.height))")
        }
    }

    /// Precompositions by id (each compared once, not per instance); other assets by their fields.
    mutating func compareAssets(_ old: LottieAnimation, _ new: LottieAnimation) {
        let oldByID = Dictionary(old.assets.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let newByID = Dictionary(new.assets.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        for (position, asset) in old.assets.enumerated() where newByID[asset.id] == nil && oldByID[asset.id] == position {
            add(.removed, keypath: asset.id + "/", path: "assets[\(position)]", "\(Self.describe(asset)) asset '\(asset.id)'")
        }
        for (position, asset) in new.assets.enumerated() where newByID[asset.id] == position {
            let path = "assets[\(position)]"
            guard let oldPosition = oldByID[asset.id] else {
                add(.added, keypath: asset.id + "/", path: path, "\(Self.describe(asset)) asset '\(asset.id)'")
                continue
            }
            switch (old.assets[oldPosition], asset) {
            case (.precomposition(let before), .precomposition(let after)):
                compareLayers(before.layers, after.layers, keypath: Keypath([]), oldPath: "assets[\(oldPosition)].layers",
                              newPath: path + ".layers", prefix: asset.id + "/")
                compareFields(before, after, skipping: ["layers"], keypath: asset.id + "/", path: path)
            case (let before, let after):
                compareFields(before, after, skipping: [], keypath: asset.id + "/", path: path)
            }
        }
    }

    mutating func compareMarkers(_ old: [Marker], _ new: [Marker]) {
        func name(_ marker: Marker, _ position: Int) -> String { marker.name.isEmpty ? "marker \(position)" : marker.name }
        let oldNames = Keypath.unique(old.enumerated().map { name($1, $0) })
        let newNames = Keypath.unique(new.enumerated().map { name($1, $0) })
        for (position, marker) in old.enumerated() where !newNames.contains(oldNames[position]) {
            add(.marker, keypath: "(markers)", path: "markers[\(position)]",
                "'\(oldNames[position])' at t \(number(marker.time)) removed")
        }
        for (position, marker) in new.enumerated() {
            guard let oldPosition = oldNames.firstIndex(of: newNames[position]) else {
                add(.marker, keypath: "(markers)", path: "markers[\(position)]",
                    "'\(newNames[position])' at t \(number(marker.time)) added")
                continue
            }
            let before = old[oldPosition]
            if before.time != marker.time || before.duration != marker.duration {
                add(.marker, keypath: "(markers)", path: "markers[\(position)]",
                    "'\(newNames[position])' t \(number(before.time)) for \(number(before.duration)) -> "
                        + "t \(number(marker.time)) for \(number(marker.duration))")
            }
        }
    }

    private static func describe(_ asset: Asset) -> String {
        switch asset {
        case .precomposition: "precomposition"
        case .image: "image"
        case .sound: "sound"
        case .dataSource: "data source"
        case .unknown: "unknown"
        }
    }

    // MARK: Other fields

    /// The top-level JSON fields of two encodable values that differ, except `skipping`
    /// (fields compared elsewhere): `lc 2 -> 1`, `parent 4 -> (none)`.
    /// A field left out and the same field at its default value are the same (a minified file
    /// drops defaults): both compare as the default.
    mutating func compareFields<T: Encodable>(_ old: T, _ new: T, skipping: Set<String>, keypath: String, path: String) {
        guard case .object(let before)? = Self.json(old), case .object(let after)? = Self.json(new) else { return }
        let keys = Set(before.keys).union(after.keys).subtracting(skipping).sorted()
        var parts: [String] = []
        for key in keys {
            let (was, now) = (before[key] ?? Self.defaults[key], after[key] ?? Self.defaults[key])
            guard was != now else { continue }
            parts.append("'\(key)' \(Self.short(was)) -> \(Self.short(now))")
        }
        guard !parts.isEmpty else { return }
        add(.changed, keypath: keypath, path: path, parts.joined(separator: ", "))
    }

    /// The value a field has when a file leaves it out, for the fields of layers and shape items
    /// that `compareFields` compares (the Lottie schema's defaults, and the players': no blend
    /// (`bm` 0), shown (`hd`), 2D (`ddd`), no auto-orient (`ao`), no time stretch (`sr` 1), start
    /// 0 (`st`), round caps and joins (`lc`, `lj` 2), non-zero fill (`r` 1), no matte (`tt`, `td`),
    /// no collapsed transform (`ct`), no masks flag (`hasMask`)).
    static let defaults: [String: JSONValue] = [
        "bm": .number(0), "hd": .bool(false), "ddd": .number(0), "ao": .number(0), "sr": .number(1),
        "st": .number(0), "lc": .number(2), "lj": .number(2), "r": .number(1), "tt": .number(0),
        "td": .number(0), "ct": .number(0), "hasMask": .bool(false),
    ]

    private static func json<T: Encodable>(_ value: T) -> JSONValue? {
        guard let data = try? JSONEncoder().encode(value) else { return nil }
        return try? JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// A JSON value in a few characters: `2`, `'Door'`, `[0, 1]`, `{...}`, `(none)`.
    static func short(_ value: JSONValue?) -> String {
        switch value {
        case nil, .null?: return "(none)"
        case .bool(let flag)?: return flag ? "true" : "false"
        case .number(let number)?: return SnapshotNumber(precision: 3)(number)
        case .string(let text)?: return "'" + (text.count > 30 ? text.prefix(27) + "..." : text) + "'"
        case .array(let list)?:
            let shown = list.prefix(4).map { short($0) }.joined(separator: ", ")
            return "[" + shown + (list.count > 4 ? ", ..." : "") + "]"
        case .object?: return "{...}"
        }
    }
}
