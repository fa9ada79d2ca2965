// MARK: - SchemaCheck: members

// The properties and parts that a field table (`Fields+Layers.swift`, `Fields+Shapes.swift`)
// lists for an object, checked in the raw JSON: each property present is checked for its kind
// and range, each missing one reported as its requirement says; transforms, gradients, dashes
// and items below the object are checked the same way.

extension SchemaCheck {
    /// Checks the members of `object` at `path`. `isStar`: a polystar's `sy` is 1 (its inner
    /// radius and roundness are expected).
    mutating func checkMembers<Object>(
        _ members: [Member<Object>], of object: JSONTree.Value, at path: JSONPath, isStar: Bool = false
    ) {
        for member in members {
            switch member {
            case .property(let field, _) where field.kind == .gradient:
                checkGradientStops(field, of: object, at: path)
            case .property(let field, _):
                checkProperty(field, in: object, at: path, isStar: isStar)
            case .transformPosition:
                checkPosition(of: object, at: path)
            case .transform(let key?, let requirement, _):
                let transform = field(key, of: object, at: path, Self.severity(requirement, isStar: isStar), requirement.what)
                if let transform = self.object(transform, at: path.appending(.key(key))) {
                    checkTransform(transform, at: path.appending(.key(key)))
                }
            case .transform(nil, _, _):
                checkTransform(object, at: path)
            case .gradient:
                checkMembers(LottieGradient.members, of: object, at: path)
            case .dashes(let key, _):
                if let dashes = array(object[key], at: path.appending(.key(key))) {
                    checkDashes(dashes, at: path.appending(.key(key)))
                }
            case .items(let key, _):
                if let items = array(object[key], at: path.appending(.key(key))) { checkShapes(items, at: path.appending(.key(key))) }
            }
        }
    }

    /// A transform: a layer's `ks`, a group's `tr` item, a repeater's `tr`.
    mutating func checkTransform(_ transform: JSONTree.Value, at path: JSONPath) {
        checkMembers(Transform.members, of: transform, at: path)
    }

    /// The severity a missing field is reported with; nil: not reported.
    static func severity(_ requirement: FieldRequirement, isStar: Bool) -> Severity? {
        switch requirement {
        case .optional: nil
        case .required: .error
        case .expected: .warning
        case .expectedOfStars: isStar ? .warning : nil
        }
    }

    // MARK: Parts

    /// The property `field` whose last key is a member of `container` (written at `path`).
    private mutating func checkProperty(_ field: PropertyField, in container: JSONTree.Value, at path: JSONPath,
                                        isStar: Bool = false) {
        guard let key = field.keys.last,
              let value = self.field(key, of: container, at: path, Self.severity(field.requirement, isStar: isStar),
                                     field.requirement.what)
        else { return }
        checkProperty(value, at: path.appending(.key(key)), field.kind, range: field.range)
    }

    /// A transform's position `p`: one property, or split (`s` true, or `x` without `k`) into
    /// `x`, `y` and maybe `z`.
    private mutating func checkPosition(of transform: JSONTree.Value, at path: JSONPath) {
        guard let position = transform["p"] else { return }
        if position.isObject, position["s"]?.bool == true || (!position.has("k") && position.has("x")) {
            for field in PositionProperty.splitFields {
                checkProperty(field, in: position, at: path.appending(.key("p")))
            }
        } else {
            let field = PositionProperty.combinedField
            checkProperty(position, at: path.appending(.key("p")), field.kind, range: field.range)
        }
    }

    /// A gradient's colours `g`: the colour stop count `p` and the stops `k`, which must hold
    /// the numbers `p` announces.
    private mutating func checkGradientStops(_ field: PropertyField, of item: JSONTree.Value, at path: JSONPath) {
        let colorsPath = path.appending(.key("g"))
        guard let colors = object(self.field("g", of: item, at: path, .error, "the gradient colours"), at: colorsPath)
        else { return }
        let count = integer(self.field("p", of: colors, at: colorsPath, .error, "the number of colour stops"),
                            at: colorsPath.appending(.key("p")))
        if let stops = self.field("k", of: colors, at: colorsPath, Self.severity(field.requirement, isStar: false),
                                  field.requirement.what) {
            checkProperty(stops, at: colorsPath.appending(.key("k")), field.kind, colorStops: count)
        }
    }

    /// A stroke's dashes: each an object with a known kind `n` and a length `v`.
    private mutating func checkDashes(_ dashes: [JSONTree.Value], at path: JSONPath) {
        for (index, dash) in dashes.enumerated() {
            let dashPath = path.appending(.index(index))
            guard let dash = object(dash, at: dashPath) else { continue }
            if let kind = dash["n"], let name = string(kind, at: dashPath.appending(.key("n"))),
               StrokeDash.kindNames[name] == nil {
                report(.warning, .schema, dashPath.appending(.key("n")),
                       "unknown dash kind '\(name)' (d dash, g gap, o offset)", at: kind)
            }
            checkProperty(StrokeDash.lengthField, in: dash, at: dashPath)
        }
    }
}
