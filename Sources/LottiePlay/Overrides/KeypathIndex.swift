import LottieModel

// MARK: - KeypathIndex

/// Every animatable property of an animation with its keypath and JSON path, in file order:
/// the root's layers, then, under each precomp layer's keypath, the layers of its
/// precomposition (a precomposition used by several layers is listed under each; its properties
/// have one JSON path, in `assets`). A precomposition inside itself is not followed again.
public struct KeypathIndex: Sendable {
    /// One property.
    public struct Entry: Sendable {
        public var keypath: Keypath
        /// Where it is in the file: `layers[0].shapes[1].c`.
        public var jsonPath: JSONPath
        public var property: ModelProperty
        /// How the animation's frames map to the frames of the composition that holds it, from
        /// the outside in (one per precomp layer above it).
        let clocks: [PrecompClock]

        /// The frame of the property's own composition at animation frame `frame`.
        func localFrame(_ frame: Double) -> Double {
            clocks.reduce(frame) { $1.localFrame($0) }
        }
    }

    public private(set) var entries: [Entry] = []
    private let precomps: [String: (index: Int, layers: [Layer])]
    /// How values are read (the file's version decides legacy forms).
    let context: ValueContext
    private let frameRate: Double

    /// Deepest precomp nesting followed.
    static let maxDepth = 16
    /// The most entries listed by default: a precomposition used many times inside another used
    /// many times multiplies its properties' keypaths, so a small hostile file could name billions.
    public static let defaultMaxEntries = 100_000
    /// The most entries this index lists.
    public let maxEntries: Int
    /// Whether the listing stopped at `maxEntries` (entries, or layers and items walked).
    public private(set) var isTruncated = false
    /// Layers and items walked so far: a walk of nested precompositions whose layers write no
    /// property would otherwise find no entry to stop at.
    private var visits = 0

    /// Lists the properties of `animation`, at most `maxEntries` of them.
    public init(_ animation: LottieAnimation, maxEntries: Int = KeypathIndex.defaultMaxEntries) {
        self.maxEntries = maxEntries
        var precomps: [String: (Int, [Layer])] = [:]
        for (index, asset) in animation.assets.enumerated() {
            if case .precomposition(let precomp) = asset, precomps[precomp.id] == nil {
                precomps[precomp.id] = (index, precomp.layers)
            }
        }
        self.precomps = precomps
        context = ValueContext(version: animation.version)
        frameRate = animation.frameRate
        add(animation.layers, at: JSONPath([.key("layers")]), under: Keypath([]), assets: [], clocks: [])
    }

    /// The entries whose keypaths `pattern` matches.
    public func entries(matching pattern: AnimationKeypath) -> [Entry] {
        entries.filter { pattern.matches($0.keypath) }
    }

    private mutating func add(_ layers: [Layer], at path: JSONPath, under prefix: Keypath, assets: [String],
                              clocks: [PrecompClock]) {
        let names = Keypath.unique(layers.map(\.keypathName))
        for (position, layer) in layers.enumerated() {
            visits += 1
            guard entries.count < maxEntries, visits <= maxEntries else {
                isTruncated = true
                return
            }
            let keypath = prefix.appending([names[position]])
            let layerPath = path.appending(.index(position))
            for property in PropertyWalk.properties(of: layer) where !property.jsonPath.isEmpty {
                // `ip` and `op` are listed by snapshots as properties; they cannot be overridden.
                guard property.jsonPath != [.key("ip")], property.jsonPath != [.key("op")] else { continue }
                entries.append(Entry(keypath: keypath.appending(property.names),
                                     jsonPath: JSONPath(layerPath.components + property.jsonPath), property: property.property,
                                     clocks: clocks))
            }
            switch layer.content {
            case .shape(let items):
                add(items, at: layerPath.appending(.key("shapes")), under: keypath, clocks: clocks)
            case .precomp(let fields):
                guard let precomp = precomps[fields.assetID], !assets.contains(fields.assetID),
                      assets.count < Self.maxDepth else { continue }
                let clock = PrecompClock(layer: layer, timeRemap: fields.timeRemap, frameRate: frameRate, context: context)
                add(precomp.layers, at: JSONPath([.key("assets"), .index(precomp.index), .key("layers")]), under: keypath,
                    assets: assets + [fields.assetID], clocks: clocks + [clock])
            default:
                break
            }
        }
    }

    private mutating func add(_ items: [ShapeItem], at path: JSONPath, under prefix: Keypath, clocks: [PrecompClock]) {
        let names = Keypath.unique(items.map(\.keypathName))
        for (position, item) in items.enumerated() {
            visits += 1
            guard entries.count < maxEntries, visits <= maxEntries else {
                isTruncated = true
                return
            }
            let keypath = prefix.appending([names[position]])
            let itemPath = path.appending(.index(position))
            for property in PropertyWalk.properties(of: item) {
                entries.append(Entry(keypath: keypath.appending(property.names),
                                     jsonPath: JSONPath(itemPath.components + property.jsonPath), property: property.property,
                                     clocks: clocks))
            }
            add(PropertyWalk.children(of: item), at: itemPath.appending(.key("it")), under: keypath, clocks: clocks)
        }
    }
}

extension LottieAnimation {
    /// Every keypath of the animation's properties, in file order, as lottie-ios's
    /// `allHierarchyKeypaths()`: at most `KeypathIndex.defaultMaxEntries` (`KeypathIndex` says
    /// whether the listing stopped there, and where each property is in the file).
    public func keypaths() -> [Keypath] {
        KeypathIndex(self).entries.map(\.keypath)
    }
}
