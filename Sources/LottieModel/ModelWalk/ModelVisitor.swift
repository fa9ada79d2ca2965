// MARK: - ModelVisitor

/// What `ModelWalk` calls as it walks the model in file order: each part as it enters and
/// leaves it, and each animatable property with its field, its keypath names and its JSON path.
///
///     struct PathList: ModelVisitor {
///         var paths: [String] = []
///         mutating func visit(
///             _ property: ModelProperty, _ field: PropertyField, names: @autoclosure () -> [String],
///             at path: @autoclosure () -> JSONPath
///         ) {
///             paths.append(path().description)
///         }
///     }
///     var list = PathList()
///     ModelWalk.walk(animation, with: &list)   // ["layers[0].ks.a", "layers[0].ks.p", ...]
public protocol ModelVisitor {
    /// Called before the properties and parts below `node`; false skips them and `leave`.
    mutating func enter(_ node: ModelNode, at path: JSONPath) -> Bool

    /// Called after the properties and parts below `node`.
    mutating func leave(_ node: ModelNode, at path: JSONPath)

    /// An animatable property that the file writes. `names` are its keypath names below the
    /// layer or shape item it belongs to: `["Transform", "Position"]`, `["Masks", "Mask 1",
    /// "Opacity"]`, `["Dashes", "Gap"]`. The names and the path are made only when asked for:
    /// most visitors need them for few of the properties.
    mutating func visit(
        _ property: ModelProperty, _ field: PropertyField, names: @autoclosure () -> [String],
        at path: @autoclosure () -> JSONPath
    )
}

extension ModelVisitor {
    public mutating func enter(_ node: ModelNode, at path: JSONPath) -> Bool { true }
    public mutating func leave(_ node: ModelNode, at path: JSONPath) {}
}
