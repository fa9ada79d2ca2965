import LottieModel
import Synchronization

// MARK: - ExpressionWorld

/// What the expressions of one timeline read besides their own property: the animation's
/// layers, each one's property tree (built the first time an expression reads the layer), the
/// parsed programs, and the faults met. One per timeline; shared by every thread that evaluates it.
final class ExpressionWorld: Sendable {
    let animation: LottieAnimation
    let frameRate: Double
    let limits: LottieLimits
    /// The context tracks are compiled with (without a site: each tree adds its own).
    let context: ValueContext
    private let assetPositions: [String: Int]
    private let trees = Mutex<[LayerAddress: LayerTree]>([:])
    private let programs = Mutex<[String: Result<ExpressionProgram, ExpressionSyntaxError>]>([:])
    /// Every binding made, in order, for their faults.
    private let bindings = Mutex<[ExpressionBinding]>([])
    /// The results store of each property with an expression (see `ExpressionResults`).
    private let results = Mutex<(byKey: [ExpressionPropertyKey: ExpressionResults], count: Int)>(([:], 0))
    /// The interpreters not running an evaluation, kept for the next ones: what an interpreter
    /// builds once (the `Math` object's members) is then built once per thread, not once per
    /// property per frame.
    let interpreters = IdlePool<ExpressionInterpreter>(capacity: 8)

    init(animation: LottieAnimation, frameRate: Double, context: ValueContext) {
        self.animation = animation
        self.frameRate = frameRate > 0 ? frameRate : 30
        limits = context.limits
        var context = context
        context.expressionSite = nil
        self.context = context
        var positions: [String: Int] = [:]
        for (position, asset) in animation.assets.enumerated() where positions[asset.id] == nil {
            positions[asset.id] = position
        }
        assetPositions = positions
    }

    /// The budget of one evaluation (nested evaluations share it).
    var budget: ExpressionBudget {
        ExpressionBudget(maxSteps: limits.maxExpressionSteps, maxMemory: limits.maxExpressionMemory,
                         maxDepth: limits.maxExpressionDepth)
    }

    // MARK: Compositions

    /// The layers of a composition: the root (nil) or a precomp asset.
    func layers(of composition: String?) -> [Layer] {
        guard let composition else { return animation.layers }
        guard let position = assetPositions[composition],
              case .precomposition(let asset) = animation.assets[position] else { return [] }
        return asset.layers
    }

    /// The JSON path of a composition's layer list.
    func layersPath(of composition: String?) -> String {
        guard let composition, let position = assetPositions[composition] else { return "layers" }
        return "assets[\(position)].layers"
    }

    /// The composition `comp(name)` names: the root by the animation's name, a precomp asset by its
    /// name or id, or the one a precomp layer of that name shows (the first found, top down).
    func composition(named name: String) -> String?? {
        compositionNames.withLock { names in
            if names == nil { names = Self.compositionNames(of: animation) }
            return names?[name]
        }
    }

    private let compositionNames = Mutex<[String: String?]?>(nil)

    private static func compositionNames(of animation: LottieAnimation) -> [String: String?] {
        var names: [String: String?] = [:]
        func add(_ name: String?, _ composition: String?) {
            if let name, names[name] == nil { names[name] = .some(composition) }
        }
        add(animation.name, nil)
        var layerLists: [String: [Layer]] = [:]
        for asset in animation.assets {
            guard case .precomposition(let precomp) = asset else { continue }
            add(precomp.name, precomp.id)
            add(precomp.id, precomp.id)
            if layerLists[precomp.id] == nil { layerLists[precomp.id] = precomp.layers }
        }
        var pending: [[Layer]] = [animation.layers]
        var seen: Set<String> = []
        while let layers = pending.popLast() {
            for layer in layers {
                guard case .precomp(let fields) = layer.content, seen.insert(fields.assetID).inserted else { continue }
                add(layer.name, fields.assetID)
                if let inner = layerLists[fields.assetID] { pending.append(inner) }
            }
        }
        return names
    }

    /// The tree of a layer, built once.
    func tree(_ address: LayerAddress) -> LayerTree? {
        if let tree = trees.withLock({ $0[address] }) { return tree }
        let layers = layers(of: address.composition)
        guard layers.indices.contains(address.position) else { return nil }
        var context = context
        context.expressionSite = ExpressionSite(world: self, layer: address,
                                                layerPath: "\(layersPath(of: address.composition))[\(address.position)]")
        let tree = LayerTree(layers[address.position], address: address, in: layers, context: context)
        return trees.withLock { trees in
            if let built = trees[address] { return built }
            trees[address] = tree
            return tree
        }
    }

    // MARK: Programs

    /// `source` parsed, once per distinct text.
    func program(for source: String) -> Result<ExpressionProgram, ExpressionSyntaxError> {
        if let known = programs.withLock({ $0[source] }) { return known }
        let parsed: Result<ExpressionProgram, ExpressionSyntaxError>
        do {
            parsed = .success(try ExpressionParser.parse(source, maxDepth: limits.maxExpressionDepth))
        } catch {
            parsed = .failure(error)
        }
        programs.withLock { $0[source] = parsed }
        return parsed
    }

    // MARK: Faults

    func register(_ binding: ExpressionBinding) {
        bindings.withLock { $0.append(binding) }
    }

    /// The results store of the property `key` names, the same for all its bindings; a store of
    /// its own for a binding without a key.
    func results(for key: ExpressionPropertyKey?) -> ExpressionResults {
        results.withLock { results in
            if let key, let known = results.byKey[key] { return known }
            let made = ExpressionResults(number: results.count)
            results.count += 1
            if let key { results.byKey[key] = made }
            return made
        }
    }


    /// One diagnostic for each expression that stopped on a frame evaluated so far and gave the
    /// keyframed value there: at the expression's JSON path, the line and column inside the
    /// expression, and why. (Those that do not run at all are in `Timeline.unsupported` as
    /// `expressionsNotRun`.)
    var faults: [LottieDiagnostic] {
        // One line per property, though the property drawn and the one other expressions read are
        // two bindings.
        var reported = Set<ObjectIdentifier>()
        let failed = bindings.withLock { $0 }.compactMap { binding in
            binding.firstFault.flatMap { reported.insert(ObjectIdentifier(binding.results)).inserted ? (binding, $0) : nil }
        }
        guard !failed.isEmpty else { return [] }
        // The full path of each: the first expression of the same text in the same layer.
        var listings = AnimationReport.expressions(in: animation)
        return failed.map { binding, fault in
            var path = binding.site.layerPath
            if let found = listings.firstIndex(where: {
                $0.source == binding.source && $0.path.hasPrefix(binding.site.layerPath + ".")
            }) {
                path = listings[found].path
                listings.remove(at: found)
            }
            return LottieDiagnostic(.warning, .expression, path: "\(path).x",
                                    message: "expression stopped (the keyframed value is used): \(fault)")
        }
    }
}

// MARK: - Addresses

/// A layer: its composition (a precomp asset's id, nil for the root) and its place in that list.
struct LayerAddress: Hashable, Sendable {
    var composition: String?
    var position: Int
}

/// Where the properties being compiled are, for their expressions.
struct ExpressionSite: Sendable {
    /// Weak: the world holds trees whose tracks hold sites.
    weak let world: ExpressionWorld?
    let layer: LayerAddress
    /// The layer's JSON path, for messages.
    let layerPath: String
}
