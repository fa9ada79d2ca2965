import LottieModel

// MARK: - GroupHost

/// A group of properties as expressions see it (a layer's transform or contents, a shape group or
/// item, an effect): called with a name or index, or read by member name (`transform`,
/// `position`, `color`), it gives the child.
final class GroupHost: ExpressionHostObject {
    let group: PropertyTreeGroup
    let parent: GroupHost?
    unowned var evaluation: ExpressionEvaluation?

    init(_ group: PropertyTreeGroup, parent: GroupHost?, evaluation: ExpressionEvaluation?) {
        self.group = group
        self.parent = parent
        self.evaluation = evaluation
    }

    var typeName: String { "group '\(group.names.name ?? group.names.matchName ?? "?")'" }

    func member(_ name: String, in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> ExpressionValue? {
        switch name {
        case "name", "_name": return .string(group.names.name ?? "")
        case "matchName": return .string(group.names.matchName ?? "")
        case "propertyIndex": return .number(Double(group.names.index ?? 0))
        case "numProperties": return .number(Double(group.children.count))
        case "content":
            // A shape group's `content(name)`; on a contents group itself, its items.
            let contents: GroupHost = if case .group(let inner)? = group.child(named: "ADBE Vectors Group") {
                GroupHost(inner, parent: self, evaluation: evaluation)
            } else { self }
            return .function(ExpressionFunction(name) { call throws(ExpressionFault) in
                try contents.callChild(call)
            })
        case "propertyGroup":
            return .function(ExpressionFunction(name) { call throws(ExpressionFault) in
                let levels = call.arguments.isEmpty ? 1 : try call.interpreter.number(call.argument(0))
                var group: GroupHost? = self.parent
                var level = 1.0
                while level < levels, let current = group {
                    group = current.parent
                    level += 1
                }
                guard let group else { throw call.interpreter.error("propertyGroup: no group so far up", at: call.place) }
                return .host(group)
            })
        default:
            guard let child = group.child(member: name) else { return nil }
            return host(for: child)
        }
    }

    func call(_ call: ExpressionCall) throws(ExpressionFault) -> ExpressionValue? {
        try callChild(call)
    }

    /// The child `call`'s first argument names or numbers; an error naming what was asked when
    /// there is none.
    func callChild(_ call: ExpressionCall) throws(ExpressionFault) -> ExpressionValue {
        let key = try call.interpreter.primitive(call.argument(0))
        var found: PropertyTreeNode?
        if case .number(let number) = key, let index = Int(exactly: number) {
            found = group.child(at: index)
        } else {
            let name = try call.interpreter.string(key)
            found = group.child(named: name)
            // Lenient as lottie-web: a shape group's items are found without naming its contents.
            if found == nil, case .group(let contents)? = group.child(named: "ADBE Vectors Group") {
                found = contents.child(named: name)
            }
        }
        guard let found else {
            throw call.interpreter.error("\(typeName) has no property \(try call.interpreter.describe(key))", at: call.place)
        }
        return host(for: found)
    }

    /// The host of a child node.
    func host(for node: PropertyTreeNode) -> ExpressionValue {
        evaluation?.host(for: node, in: self) ?? .undefined
    }
}

// MARK: - SplitPositionHost

/// A position split into x and y (`transform.position` of a layer whose position is split).
final class SplitPositionHost: ExpressionHostObject {
    let x: PropertyHost<Double>
    let y: PropertyHost<Double>

    init(x: PropertyHost<Double>, y: PropertyHost<Double>) {
        self.x = x
        self.y = y
    }

    var typeName: String { "property 'Position'" }

    func primitive(in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> ExpressionValue? {
        let x = try interpreter.number(self.x.primitive(in: interpreter) ?? .undefined)
        let y = try interpreter.number(self.y.primitive(in: interpreter) ?? .undefined)
        return try interpreter.makeArray([x, y])
    }

    func member(_ name: String, in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> ExpressionValue? {
        switch name {
        case "value": return try primitive(in: interpreter)
        case "valueAtTime", "velocityAtTime":
            guard case .function(let xFunction)? = try x.member(name, in: interpreter),
                  case .function(let yFunction)? = try y.member(name, in: interpreter) else { return nil }
            return .function(ExpressionFunction(name) { call throws(ExpressionFault) in
                let xValue = try call.interpreter.call(.function(xFunction), this: .undefined, arguments: call.arguments, at: call.place)
                let yValue = try call.interpreter.call(.function(yFunction), this: .undefined, arguments: call.arguments, at: call.place)
                return try call.interpreter.makeArray([call.interpreter.number(xValue), call.interpreter.number(yValue)])
            })
        default: return nil
        }
    }
}
