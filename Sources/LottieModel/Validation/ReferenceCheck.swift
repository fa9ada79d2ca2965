// MARK: - ReferenceCheck

/// The pass over the decoded model: references that must resolve and the cycles they can make.
///
/// - `refId` of a precomp layer names a precomposition asset, of an image layer an image asset;
/// - `parent` and `tp` name the `ind` of a layer in the same composition; `ind` is unique there;
/// - a layer is not its own ancestor (parenting cycle), a precomposition does not contain
///   itself through its precomp layers (precomp cycle); asset ids are unique.
///
/// Paths are those of the JSON (`layers[2].parent`, `assets[1].layers[0].refId`): the model
/// keeps layer and asset lists in file order.
struct ReferenceCheck {
    typealias Severity = LottieDiagnostic.Severity
    typealias Category = LottieDiagnostic.Category

    let animation: LottieAnimation
    /// The findings with the JSON path each is at (located in the file by the validator).
    private(set) var findings: [(finding: LottieDiagnostic, path: JSONPath)] = []

    init(animation: LottieAnimation) {
        self.animation = animation
    }

    mutating func run() {
        let root = JSONPath()
        checkAssetIDs()
        checkComposition(animation.layers, at: root.appending(.key("layers")))
        for (position, asset) in animation.assets.enumerated() {
            guard case .precomposition(let precomp) = asset else { continue }
            checkComposition(precomp.layers, at: root.appending(.key("assets")).appending(.index(position)).appending(.key("layers")))
        }
        checkPrecompCycles()
    }

    private mutating func report(
        _ severity: Severity, _ category: Category, _ path: JSONPath, _ message: String,
        notes: [String] = []
    ) {
        findings.append((LottieDiagnostic(severity, category, path: path.description, message: message, notes: notes), path))
    }

    // MARK: Assets

    private mutating func checkAssetIDs() {
        var first: [String: Int] = [:]
        for (position, asset) in animation.assets.enumerated() {
            let path = JSONPath([.key("assets"), .index(position), .key("id")])
            if let earlier = first[asset.id] {
                report(.error, .reference, path, "asset id '\(asset.id)' is also the id of assets[\(earlier)]",
                       notes: ["layers that refer to it get the first one"])
            } else {
                first[asset.id] = position
            }
        }
    }

    // MARK: One composition

    private mutating func checkComposition(_ layers: [Layer], at path: JSONPath) {
        var positionsByIndex: [Int: [Int]] = [:]
        for (position, layer) in layers.enumerated() {
            if let index = layer.index { positionsByIndex[index, default: []].append(position) }
        }
        for (index, positions) in positionsByIndex.sorted(by: { $0.key < $1.key }) where positions.count > 1 {
            let others = positions.dropFirst().map { "\(path)[\($0)]" }.joined(separator: ", ")
            report(.warning, .reference, path.appending(.index(positions[0])).appending(.key("ind")),
                   "'ind' \(index) is also used by \(others)", notes: ["parent and matte references to it are ambiguous"])
        }
        for (position, layer) in layers.enumerated() {
            let layerPath = path.appending(.index(position))
            if let parent = layer.parent {
                if parent == layer.index {
                    report(.error, .cycle, layerPath.appending(.key("parent")), "the layer is its own parent (ind \(parent))")
                } else if positionsByIndex[parent] == nil {
                    report(.error, .reference, layerPath.appending(.key("parent")),
                           "'parent' \(parent) is not the 'ind' of any layer in this composition",
                           notes: ["players draw the layer without a parent"])
                }
            }
            if let matte = layer.matteParent, positionsByIndex[matte] == nil {
                report(.error, .reference, layerPath.appending(.key("tp")),
                       "matte layer 'tp' \(matte) is not the 'ind' of any layer in this composition")
            } else if let mode = layer.matteMode, mode != .normal, layer.matteParent == nil, position == 0 {
                report(.error, .reference, layerPath.appending(.key("tt")),
                       "the layer has a track matte ('tt' \(mode.rawValue)) but no layer above it to be the matte")
            }
            checkAssetReference(of: layer, at: layerPath)
        }
        checkParentCycles(layers, at: path, positionsByIndex: positionsByIndex)
    }

    private mutating func checkAssetReference(of layer: Layer, at path: JSONPath) {
        let reference = path.appending(.key("refId"))
        switch layer.content {
        case .precomp(let fields):
            guard let asset = animation.assets.first(where: { $0.id == fields.assetID }) else {
                report(.error, .reference, reference, "'refId' '\(fields.assetID)' names no asset", notes: ["the layer draws nothing"])
                return
            }
            if case .precomposition = asset { return }
            report(.error, .reference, reference, "'refId' '\(fields.assetID)' names \(Self.describe(asset)), not a precomposition")
        case .image(let assetID):
            guard let asset = animation.assets.first(where: { $0.id == assetID }) else {
                report(.error, .reference, reference, "'refId' '\(assetID)' names no asset", notes: ["the layer draws nothing"])
                return
            }
            if case .image = asset { return }
            report(.error, .reference, reference, "'refId' '\(assetID)' names \(Self.describe(asset)), not an image")
        default:
            break
        }
    }

    private static func describe(_ asset: Asset) -> String {
        switch asset {
        case .precomposition: "a precomposition"
        case .image: "an image"
        case .sound: "a sound"
        case .dataSource: "a data source"
        case .unknown: "an unknown asset"
        }
    }

    // MARK: Cycles

    /// Each parenting cycle once, at the first of its layers in file order.
    private mutating func checkParentCycles(_ layers: [Layer], at path: JSONPath, positionsByIndex: [Int: [Int]]) {
        var reported: Set<Int> = []
        for start in layers.indices where !reported.contains(start) {
            var chain = [start]
            var current = start
            while let parent = layers[current].parent, parent != layers[current].index,
                  let next = positionsByIndex[parent]?.first {
                if let loopStart = chain.firstIndex(of: next) {
                    let cycle = Array(chain[loopStart...])
                    if !cycle.contains(where: reported.contains), let first = cycle.min() {
                        reported.formUnion(cycle)
                        let ordered = Array(cycle[cycle.firstIndex(of: first)!...] + cycle[..<cycle.firstIndex(of: first)!]) + [first]
                        let names = ordered.map { Self.name(of: layers[$0], at: $0) }.joined(separator: " -> ")
                        report(.error, .cycle, path.appending(.index(first)).appending(.key("parent")),
                               "parenting cycle: \(names)", notes: ["players stop following parents or hang"])
                    }
                    break
                }
                chain.append(next)
                current = next
            }
        }
    }

    /// Precomp cycles, by a depth-first walk over the assets: a precomp layer that refers to a
    /// precomposition still on the walk's stack closes a cycle, reported at that layer's `refId`.
    private mutating func checkPrecompCycles() {
        var layersByAsset: [String: (position: Int, layers: [Layer])] = [:]
        for (position, asset) in animation.assets.enumerated() {
            if case .precomposition(let precomp) = asset, layersByAsset[precomp.id] == nil {
                layersByAsset[precomp.id] = (position, precomp.layers)
            }
        }
        var walk = PrecompWalk(layersByAsset: layersByAsset)
        for id in layersByAsset.keys.sorted() where !walk.finished.contains(id) {
            walk.visit(id)
        }
        for cycle in walk.cycles {
            let names = cycle.ids.map { "'\($0)'" }.joined(separator: " -> ")
            report(.error, .cycle, cycle.path, "precomp cycle: \(names)", notes: ["the precomposition contains itself"])
        }
    }

    private static func name(of layer: Layer, at position: Int) -> String {
        if let name = layer.name { return "'\(name)'" }
        return layer.index.map { "ind \($0)" } ?? "layer \(position)"
    }
}

// MARK: - PrecompWalk

/// A depth-first walk over precomposition assets that notes the cycles it closes.
private struct PrecompWalk {
    let layersByAsset: [String: (position: Int, layers: [Layer])]
    private(set) var finished: Set<String> = []
    private(set) var cycles: [(ids: [String], path: JSONPath)] = []
    private var stack: [String] = []
    /// Nesting deeper than this is not followed (players stop far earlier).
    static let maxDepth = 256

    init(layersByAsset: [String: (position: Int, layers: [Layer])]) {
        self.layersByAsset = layersByAsset
    }

    mutating func visit(_ id: String) {
        guard let (position, layers) = layersByAsset[id], stack.count < Self.maxDepth else { return }
        stack.append(id)
        for (layerPosition, layer) in layers.enumerated() {
            guard case .precomp(let fields) = layer.content, layersByAsset[fields.assetID] != nil,
                  !finished.contains(fields.assetID) else { continue }
            if let loopStart = stack.firstIndex(of: fields.assetID) {
                let path = JSONPath([.key("assets"), .index(position), .key("layers"), .index(layerPosition), .key("refId")])
                cycles.append((Array(stack[loopStart...]) + [fields.assetID], path))
            } else {
                visit(fields.assetID)
            }
        }
        stack.removeLast()
        finished.insert(id)
    }
}
