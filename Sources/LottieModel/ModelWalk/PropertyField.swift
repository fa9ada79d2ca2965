// MARK: - PropertyField

/// One animatable property of an object of the model, as every walk of the model sees it:
/// under which JSON key it is written, its name in keypaths, and what it holds.
///
/// The field tables (`Fields+Layers.swift`, `Fields+Shapes.swift`) list them once for every
/// layer part, shape item kind, transform, mask and text style; `ModelWalk` reads the model
/// with them and `SchemaCheck` reads the raw JSON with them.
public struct PropertyField: Sendable {
    /// The JSON keys from the object that holds the property to the property object: one
    /// (`["p"]`), or two for a split position's axes (`["p", "x"]`) and gradient stops (`["g", "k"]`).
    public var keys: [String] { storage.keys }
    /// The property's name in keypaths: "Position", "Stroke Width", "Colors".
    public var name: String { storage.name }
    public var kind: PropertyKind { storage.kind }
    /// Only 3D layers and cameras use it (`rx`, `ry`, `or`, a camera's `pe`).
    public var is3DOnly: Bool { storage.is3DOnly }
    /// What the schema check reports when a file does not write it.
    var requirement: FieldRequirement { storage.requirement }
    /// The range the schema check expects its numbers in.
    var range: ValueRange? { storage.range }

    /// The description, in one shared box: the walk passes a field for every property, and a
    /// copy is then one reference, not five.
    private let storage: Storage

    init(_ keys: [String], _ name: String, _ kind: PropertyKind, _ requirement: FieldRequirement = .optional,
         range: ValueRange? = nil, is3DOnly: Bool = false) {
        storage = Storage(keys: keys, name: name, kind: kind, is3DOnly: is3DOnly, requirement: requirement, range: range)
    }

    private final class Storage: Sendable {
        let keys: [String]
        let name: String
        let kind: PropertyKind
        let is3DOnly: Bool
        let requirement: FieldRequirement
        let range: ValueRange?

        init(keys: [String], name: String, kind: PropertyKind, is3DOnly: Bool, requirement: FieldRequirement,
             range: ValueRange?) {
            self.keys = keys
            self.name = name
            self.kind = kind
            self.is3DOnly = is3DOnly
            self.requirement = requirement
            self.range = range
        }
    }
}
