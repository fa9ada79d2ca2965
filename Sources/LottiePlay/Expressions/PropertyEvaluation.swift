import LottieModel

// MARK: - ExpressionEvaluation

/// One run of one property's expression: the names it reads that it does not declare (`time`,
/// `value`, `thisProperty`, `thisLayer`, `thisComp`, `comp`, and the members of `thisLayer` and
/// `thisProperty` unqualified, as After Effects allows: `transform`, `effect`, `loopOut`...) and
/// the host objects made for it, each made once.
///
/// An interpreter keeps one evaluation for each level of nesting (an expression reading a
/// property whose value is itself an expression runs one level down) and starts it again for
/// each run (`start`). The hosts of layers and compositions it made stay for the later runs:
/// they describe the animation, which does not change, and read the frame and the property from
/// their evaluation when asked. They refer back to it without keeping it (`unowned`): the
/// evaluation holds them, and what outlives a run is its result converted to a Swift value.
final class ExpressionEvaluation {
    /// The world keeps the interpreters, which keep their evaluations.
    unowned let world: ExpressionWorld
    private(set) var site: ExpressionSite
    /// The frame evaluated (of the property's composition); `posterizeTime` moves it.
    var frame: Double
    /// The interpreter owns its evaluations.
    unowned let interpreter: ExpressionInterpreter
    private(set) var property: any ExpressionHostObject
    private var layers: [LayerAddress: LayerHost] = [:]
    private var comps: [String?: CompHost] = [:]
    /// The property's own binding, to tell a property that reads itself (`transform.rotation` in
    /// the rotation's expression reads the keyframed value, not itself again).
    private var binding: ExpressionBinding?

    init<Value: TrackValue>(world: ExpressionWorld, site: ExpressionSite, frame: Double, interpreter: ExpressionInterpreter,
                            property: PropertyHost<Value>) {
        self.world = world
        self.site = site
        self.frame = frame
        self.interpreter = interpreter
        self.property = property
        start(site: site, frame: frame, property: property)
    }

    /// Starts a run of `property`'s expression at `frame`, keeping the hosts made so far.
    func start<Value: TrackValue>(site: ExpressionSite, frame: Double, property: PropertyHost<Value>) {
        self.site = site
        self.frame = frame
        self.property = property
        binding = property.binding
        property.evaluation = self
    }

    var time: Double { frame / world.frameRate }

    // MARK: Names

    func global(named name: String) -> ExpressionValue? {
        switch name {
        case "time":
            interpreter.readsTime = true
            return .number(time)
        case "value": return try? property.primitive(in: interpreter) ?? .undefined
        case "thisProperty": return .host(property)
        case "thisLayer": return layer(site.layer).map { .host($0) }
        case "thisComp": return .host(comp(site.layer.composition))
        case "comp":
            return .function(ExpressionFunction(name) { call throws(ExpressionFault) in
                let key = try call.interpreter.string(call.argument(0))
                guard let composition = self.world.composition(named: key) else {
                    throw call.interpreter.error("no composition named '\(key)'", at: call.place)
                }
                return .host(self.comp(composition))
            })
        case "layer":
            return try? comp(site.layer.composition).member("layer", in: interpreter)
        case "posterizeTime":
            return .function(ExpressionFunction(name) { call throws(ExpressionFault) in
                let rate = try call.interpreter.number(call.argument(0))
                call.interpreter.readsTime = true
                if rate > 0, rate.isFinite {
                    self.frame = (self.time * rate).rounded(.down) / rate * self.world.frameRate
                }
                return .number(rate)
            })
        case "framesToTime":
            return .function(ExpressionFunction(name) { call throws(ExpressionFault) in
                let rate = call.arguments.count > 1 ? try call.interpreter.number(call.argument(1)) : self.world.frameRate
                return .number(try call.interpreter.number(call.argument(0)) / rate)
            })
        case "timeToFrames":
            return .function(ExpressionFunction(name) { call throws(ExpressionFault) in
                if call.arguments.isEmpty { call.interpreter.readsTime = true }
                let time = call.arguments.isEmpty ? self.time : try call.interpreter.number(call.argument(0))
                let rate = call.arguments.count > 1 ? try call.interpreter.number(call.argument(1)) : self.world.frameRate
                return .number((time * rate).rounded(.down))
            })
        case "createPath":
            return .function(ExpressionFunction(name) { call throws(ExpressionFault) in try self.createPath(call) })
        case "colorDepth": return .number(8)
        case "loopOut", "loopIn", "loopOutDuration", "loopInDuration", "key", "nearestKey", "numKeys", "valueAtTime",
             "velocityAtTime", "speedAtTime", "velocity", "speed", "wiggle", "smooth", "propertyGroup",
             "propertyIndex":
            // The property's own functions, without looking at the layer first.
            return try? property.member(name, in: interpreter)
        default:
            // Members of the layer, then of the property, unqualified.
            if let layer = layer(site.layer), let found = try? layer.member(name, in: interpreter) { return found }
            if let found = try? property.member(name, in: interpreter) { return found }
            return nil
        }
    }

    /// `createPath(points, inTangents = [], outTangents = [], isClosed = true)`.
    private func createPath(_ call: ExpressionCall) throws(ExpressionFault) -> ExpressionValue {
        let interpreter = call.interpreter
        let points = try interpreter.points(call.argument(0)) ?? []
        let zeros = Array(repeating: Vector2.zero, count: points.count)
        var inTangents = call.arguments.count > 1 ? try interpreter.points(call.argument(1)) ?? zeros : zeros
        var outTangents = call.arguments.count > 2 ? try interpreter.points(call.argument(2)) ?? zeros : zeros
        if inTangents.count != points.count { inTangents = zeros }
        if outTangents.count != points.count { outTangents = zeros }
        let closed = call.arguments.count > 3 ? interpreter.isTruthy(call.argument(3)) : true
        try interpreter.chargeMemory(points.count * 3)
        return .host(PathHost(BezierContour(vertices: points, inTangents: inTangents, outTangents: outTangents, closed: closed)))
    }

    // MARK: Hosts

    /// The host of a layer, made once per evaluation.
    func layer(_ address: LayerAddress) -> LayerHost? {
        if let known = layers[address] { return known }
        guard let tree = world.tree(address) else { return nil }
        let host = LayerHost(tree, evaluation: self)
        layers[address] = host
        return host
    }

    func comp(_ composition: String?) -> CompHost {
        if let known = comps[composition] { return known }
        let host = CompHost(composition, evaluation: self)
        comps[composition] = host
        return host
    }

    /// The host of a tree node: a group, or a property (which reads itself as keyframed when it is
    /// the property being evaluated).
    func host(for node: PropertyTreeNode, in parent: GroupHost?) -> ExpressionValue {
        func property<Value: TrackValue>(_ track: PropertyTrack<Value>, _ names: PropertyNames) -> PropertyHost<Value> {
            let isSelf = binding != nil && track.expression.map { $0.isSameProperty(as: binding) } == true
            let host = PropertyHost(track, binding: track.expression, isSelf: isSelf, names: names, group: parent)
            host.evaluation = self
            return host
        }
        switch node {
        case .group(let group): return .host(GroupHost(group, parent: parent, evaluation: self))
        case .scalar(let names, let track): return .host(property(track, names))
        case .position(let names, let track): return .host(property(track, names))
        case .vector(let names, let track): return .host(property(track, names))
        case .color(let names, let track): return .host(property(track, names))
        case .path(let names, let track): return .host(property(track, names))
        case .splitPosition(let names, let x, let y):
            return .host(SplitPositionHost(x: property(x, names), y: property(y, names)))
        case .layerControl(_, let track):
            // The layer whose `ind` the control holds, in the composition of the layer evaluated.
            if !track.keys.isEmpty { interpreter.noteReading(track.stillStretch(at: frame)) }
            guard let index = try? track.value(at: frame, in: interpreter),
                  let position = world.layers(of: site.layer.composition).firstIndex(where: { $0.index.map(Double.init) == index }),
                  let layer = layer(LayerAddress(composition: site.layer.composition, position: position)) else {
                return .null
            }
            return .host(layer)
        }
    }

    // MARK: Where the property is

    /// The names of the property being evaluated and the group holding it, found in its layer's
    /// tree by its binding (for `thisProperty.propertyGroup`, `.name`, `.propertyIndex`). The
    /// place is searched for once per binding (trees do not change) and the hosts of the groups
    /// on the way made again.
    func locateProperty() -> (names: PropertyNames, group: GroupHost)? {
        guard let binding, let layer = layer(site.layer) else { return nil }
        let roots = [layer.tree.transformGroup, layer.tree.effects, layer.tree.contents]
        guard let place = binding.treePlace(orSearch: { Self.place(of: binding, in: roots) }),
              let first = place.first, roots.indices.contains(first), let last = place.last, place.count > 1 else {
            return nil
        }
        var group = roots[first]
        var host = GroupHost(group, parent: nil, evaluation: self)
        for index in place.dropFirst().dropLast() {
            guard group.children.indices.contains(index), case .group(let inner) = group.children[index] else { return nil }
            group = inner
            host = GroupHost(inner, parent: host, evaluation: self)
        }
        guard group.children.indices.contains(last) else { return nil }
        return (group.children[last].names, host)
    }

    /// Where `binding`'s property is in a layer's trees: the root's place in `roots`, then the
    /// place of each child down to the property.
    private static func place(of binding: ExpressionBinding, in roots: [PropertyTreeGroup]) -> [Int]? {
        func search(_ group: PropertyTreeGroup) -> [Int]? {
            for (index, child) in group.children.enumerated() {
                switch child {
                case .group(let inner):
                    if let found = search(inner) { return [index] + found }
                default:
                    if child.expression?.isSameProperty(as: binding) == true { return [index] }
                }
            }
            return nil
        }
        for (index, root) in roots.enumerated() {
            if let found = search(root) { return [index] + found }
        }
        return nil
    }

    // MARK: Sizes

    /// A layer's width and height: a solid's or precomp's own, else the composition's.
    func size(of layer: Layer) -> (width: Double, height: Double) {
        switch layer.content {
        case .solid(let solid): return (solid.width, solid.height)
        case .precomp(let fields):
            let size = self.size(of: fields.assetID)
            return (fields.width ?? size.width, fields.height ?? size.height)
        default: return size(of: site.layer.composition)
        }
    }

    /// A composition's size: the animation's, or that of the first precomp layer showing it.
    func size(of composition: String?) -> (width: Double, height: Double) {
        let animation = world.animation
        guard let composition else { return (animation.width, animation.height) }
        for layers in [animation.layers] + animation.assets.compactMap({ asset -> [Layer]? in
            if case .precomposition(let precomp) = asset { return precomp.layers }
            return nil
        }) {
            for layer in layers {
                if case .precomp(let fields) = layer.content, fields.assetID == composition,
                   let width = fields.width, let height = fields.height {
                    return (width, height)
                }
            }
        }
        return (animation.width, animation.height)
    }
}

extension ExpressionBinding {
    /// Whether two bindings are the same property's (the property compiled for drawing and the one
    /// compiled for expressions to read): those share their results store (`ExpressionPropertyKey`).
    func isSameProperty(as other: ExpressionBinding?) -> Bool {
        guard let other else { return false }
        return results === other.results
    }
}

extension ExpressionInterpreter {
    /// A short description of a value for messages: `'Admin'`, `3`, `an array of 2`.
    func describe(_ value: ExpressionValue) throws(ExpressionFault) -> String {
        switch value {
        case .undefined: return "undefined"
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number: return try string(value)
        case .string(let text): return "'\(text.prefix(40))'"
        case .array(let array): return "an array of \(array.elements.count)"
        case .object: return "an object"
        case .function(let function): return "function \(function.name)"
        case .host(let host): return host.typeName
        }
    }
}
