import LottieModel
import Synchronization

// MARK: - ExpressionWorld

/// What the expressions of one timeline read besides their own property: the animation's
/// layers, each one's property tree (built the first time an expression reads the layer), the
/// parsed programs, and the faults met. One per timeline; shared by every thread that evaluates it.
final class ExpressionWorld: Sendable {
    let animation: Animation
    let frameRate: Double
    let limits: LottieLimits
    /// The context tracks are compiled with (without a site: each tree adds its own).
    let context: ValueContext
    private let assetPositions: [String: Int]
    private let trees = Mutex<[LayerAddress: LayerTree]>([:])
    private let programs = Mutex<[String: Result<ExpressionProgram, ExpressionSyntaxError>]>([:])
    /// Every binding made, in order, for their faults.
    private let bindings = Mutex<[ExpressionBinding]>([])
    /// Expressions not run, found while compiling (syntax errors, properties whose kind runs none).
    private let notRun = Mutex<[(site: ExpressionSite, source: String, reason: String)]>([])

    init(animation: Animation, frameRate: Double, context: ValueContext) {
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

    /// The composition `comp(name)` names: a precomp asset by its name or id, or the one a precomp
    /// layer of that name shows; the root by the animation's name.
    func composition(named name: String) -> String?? {
        if animation.name == name { return .some(nil) }
        for asset in animation.assets {
            if case .precomposition(let precomp) = asset, precomp.name == name || precomp.id == name {
                return .some(precomp.id)
            }
        }
        var pending: [String?] = [nil]
        var seen: Set<String> = []
        while let composition = pending.popLast() {
            for layer in layers(of: composition) {
                guard case .precomp(let fields) = layer.content, seen.insert(fields.assetID).inserted else { continue }
                if layer.name == name { return .some(fields.assetID) }
                pending.append(fields.assetID)
            }
        }
        return nil
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

    func noteNotRun(at site: ExpressionSite, source: String, reason: String) {
        notRun.withLock { $0.append((site, source, reason)) }
    }

    /// One line for each expression that did not run, or stopped on a frame evaluated so far:
    /// where (the layer's JSON path, and the line and column inside the expression), and why.
    var faults: [String] {
        let notRun = notRun.withLock { $0 }.map { "\($0.site.layerPath): expression not run: \($0.reason)" }
        let failed = bindings.withLock { $0 }.compactMap { binding in
            binding.firstFault.map { "\(binding.site.layerPath): expression fell back to the keyframed value: \($0)" }
        }
        return notRun + failed
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
