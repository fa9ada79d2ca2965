// MARK: - AnimationReport

/// What a person wants to know about an animation at a glance: timing, canvas, the layer tree,
/// assets, markers, how much is animated, the features used and the places that use a feature
/// the toolkit does not handle yet.
///
/// A report is plain data (`Codable`) so that tools can print it as text or JSON:
///
///     let report = AnimationReport(inspecting: animation)
///     for finding in report.unsupported { print(finding.path, finding.message) }
public struct AnimationReport: Codable, Equatable, Sendable {
    /// The file the animation came from, when the caller knows it.
    public var file: SourceFile?
    /// `v`, `nm`.
    public var version: String?
    public var name: String?
    /// `w`, `h`.
    public var width: Double
    public var height: Double
    /// `fr`, `ip`, `op`, and the duration they give.
    public var frameRate: Double
    public var inPoint: Double
    public var outPoint: Double
    public var durationFrames: Double
    public var durationSeconds: Double
    /// `ddd`.
    public var is3D: Bool
    /// The main composition's layers, first on top; precomp layers hold their composition's layers.
    public var layers: [LayerSummary]
    /// The number of layers in all compositions (each composition counted once).
    public var layerCount: Int
    public var assets: [AssetSummary]
    public var markers: [MarkerSummary]
    public var properties: PropertyStatistics
    /// The features used, in `Feature` order.
    public var features: [FeatureUsage]
    /// Every use of a feature the toolkit does not handle yet, in file order.
    public var unsupported: [LottieDiagnostic]
    /// Every expression with its place and whether it runs; nil when there are none.
    public var expressions: [ExpressionListing]?
    /// The slots the file defines or names, by id; nil when there are none.
    public var slots: [SlotSummary]?

    /// The file an animation was read from.
    public struct SourceFile: Codable, Equatable, Sendable {
        /// The path as the user gave it.
        public var path: String
        public var byteCount: Int

        public init(path: String, byteCount: Int) {
            self.path = path
            self.byteCount = byteCount
        }
    }

    /// Only the features this toolkit does not evaluate (`unsupported` of a full report), without
    /// the layer tree, asset and property summaries: what a player needs to list caveats.
    /// `parse` parses an expression (by default it is parsed here): a caller that parses the
    /// expressions anyway passes its own results, so that each is parsed once. Fonts `fonts` has
    /// a face for are not missing.
    public static func unsupportedFeatures(
        in animation: LottieAnimation, fonts: FontStore = FontStore(),
        parse: ((String) -> Result<ExpressionProgram, ExpressionSyntaxError>)? = nil
    ) -> [LottieDiagnostic] {
        var scan = FeatureScan()
        scan.fonts = fonts
        if let parse { scan.parse = parse }
        scan.visit(animation)
        return scan.unsupported()
    }

    /// Inspects `animation`: walks every composition once, counts its properties and keyframes,
    /// notes each feature used with its JSON path, and builds the layer tree. Fonts `fonts` has a
    /// face for are not listed as missing.
    public init(inspecting animation: LottieAnimation, file: SourceFile? = nil, fonts: FontStore = FontStore()) {
        var scan = FeatureScan()
        scan.fonts = fonts
        scan.visit(animation)
        self.file = file
        version = animation.version
        name = animation.name
        width = animation.width
        height = animation.height
        frameRate = animation.frameRate
        inPoint = animation.inPoint
        outPoint = animation.outPoint
        durationFrames = animation.durationFrames
        durationSeconds = animation.durationSeconds
        is3D = animation.is3D
        layers = LayerTree(animation: animation).summaries()
        layerCount = animation.layers.count + animation.assets.reduce(0) { count, asset in
            if case .precomposition(let precomp) = asset { return count + precomp.layers.count }
            return count
        }
        let useCounts = AssetSummary.useCounts(in: animation)
        assets = animation.assets.enumerated().map {
            AssetSummary($0.element, at: $0.offset, useCount: useCounts[$0.element.id] ?? 0)
        }
        markers = animation.markers.map(MarkerSummary.init)
        properties = scan.statistics
        features = scan.usage()
        unsupported = scan.unsupported()
        expressions = scan.expressions.isEmpty ? nil : scan.expressions
        let slotList = SlotSummary.summaries(of: animation, namesSlots: count(of: .slots) > 0)
        slots = slotList.isEmpty ? nil : slotList
    }

    /// The uses of an unsupported feature, in file order.
    public func unsupported(_ feature: Feature) -> [LottieDiagnostic] {
        unsupported.filter { $0.feature == feature }
    }

    /// How often `feature` is used (0 when it is not).
    public func count(of feature: Feature) -> Int {
        features.first { $0.feature == feature }?.count ?? 0
    }
}
