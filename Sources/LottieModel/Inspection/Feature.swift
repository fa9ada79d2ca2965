// MARK: - Feature

/// A part of the Lottie format that a file may use, as `AnimationReport` lists it.
///
/// The cases are in the order reports show them: layer kinds, then layer options, then
/// properties and keyframes, then shape items, then text. Each use of a feature is counted
/// at one place in the file (a layer, a shape item, an asset or a property); a property with
/// three hold keyframes is one use of `.holdKeyframes`.
public enum Feature: String, CaseIterable, Codable, Sendable, CustomStringConvertible {
    // Layer kinds (`ty`).
    case precomps
    case shapeLayers
    case solidLayers
    case imageLayers
    case nullLayers
    case textLayers
    case audioLayers
    case videoLayers
    case guideLayers
    case adjustmentLayers
    case cameras
    case lights
    case dataLayers
    case unknownLayers

    // Layer options.
    case parenting
    case threeD
    case masks
    case mattes
    case effects
    case effectsNotDrawn
    case layerStyles
    case layerStylesNotDrawn
    case blendModes
    case autoOrient
    case hiddenLayers
    case timeRemap

    // Properties and keyframes.
    case expressions
    case expressionsNotRun
    case slots
    case splitPosition
    case motionPaths
    case holdKeyframes
    case legacyKeyframes

    // Shape items.
    case polystars
    case gradients
    case dashes
    case trimPaths
    case roundedCorners
    case repeaters
    case mergePaths
    case puckerBloat
    case zigZag
    case offsetPaths
    case unknownShapes

    // Text.
    case glyphs
    case textAnimators
    case textOnPath
    /// Fonts whose text the file draws with no glyph outlines (`chars`) for them: not drawn.
    case missingFonts

    /// The feature's name for people: "time remap", "merge paths".
    public var description: String {
        switch self {
        case .precomps: "precomps"
        case .shapeLayers: "shape layers"
        case .solidLayers: "solid layers"
        case .imageLayers: "image layers"
        case .nullLayers: "null layers"
        case .textLayers: "text layers"
        case .audioLayers: "audio layers"
        case .videoLayers: "video and placeholder layers"
        case .guideLayers: "guide layers"
        case .adjustmentLayers: "adjustment layers"
        case .cameras: "cameras"
        case .lights: "lights"
        case .dataLayers: "data layers"
        case .unknownLayers: "unknown layer types"
        case .parenting: "parenting"
        case .threeD: "3D"
        case .masks: "masks"
        case .mattes: "track mattes"
        case .effects: "effects"
        case .effectsNotDrawn: "effects not drawn"
        case .layerStyles: "layer styles"
        case .layerStylesNotDrawn: "layer styles not drawn"
        case .blendModes: "blend modes"
        case .autoOrient: "auto-orient"
        case .hiddenLayers: "hidden layers"
        case .timeRemap: "time remap"
        case .expressions: "expressions"
        case .expressionsNotRun: "expressions not run"
        case .slots: "slots"
        case .splitPosition: "split position"
        case .motionPaths: "motion paths"
        case .holdKeyframes: "hold keyframes"
        case .legacyKeyframes: "legacy keyframes"
        case .polystars: "stars and polygons"
        case .gradients: "gradients"
        case .dashes: "dashed strokes"
        case .trimPaths: "trim paths"
        case .roundedCorners: "rounded corners"
        case .repeaters: "repeaters"
        case .mergePaths: "merge paths"
        case .puckerBloat: "pucker and bloat"
        case .zigZag: "zig-zag"
        case .offsetPaths: "offset paths"
        case .unknownShapes: "unknown shape types"
        case .glyphs: "glyphs"
        case .textAnimators: "text animators"
        case .textOnPath: "text on a path"
        case .missingFonts: "fonts without glyph outlines or font files"
        }
    }

    /// What one use of the feature is, for the report's counts: "layers", "properties".
    public var unit: String {
        switch self {
        case .precomps, .shapeLayers, .solidLayers, .imageLayers, .nullLayers, .textLayers, .audioLayers,
             .videoLayers, .guideLayers, .adjustmentLayers, .cameras, .lights, .dataLayers, .unknownLayers,
             .parenting, .threeD, .mattes, .autoOrient, .hiddenLayers, .timeRemap, .textOnPath:
            "layers"
        case .masks: "masks"
        case .effects, .effectsNotDrawn: "effects"
        case .layerStyles, .layerStylesNotDrawn: "styles"
        case .blendModes: "layers and items"
        case .expressions, .expressionsNotRun, .slots, .motionPaths, .holdKeyframes, .legacyKeyframes: "properties"
        case .splitPosition: "transforms"
        case .polystars, .gradients, .dashes, .trimPaths, .roundedCorners, .repeaters, .mergePaths,
             .puckerBloat, .zigZag, .offsetPaths, .unknownShapes:
            "items"
        case .glyphs: "glyphs"
        case .textAnimators: "animators"
        case .missingFonts: "fonts"
        }
    }

    /// True when the toolkit does not handle the feature yet: players skip it (or evaluate what
    /// is underneath, as with expressions) and reports list every use with its JSON path.
    public var isSupported: Bool {
        !Self.unsupported.contains(self)
    }

    /// The features the toolkit does not handle yet.
    public static let unsupported: Set<Feature> = [
        .expressionsNotRun, .effectsNotDrawn, .layerStylesNotDrawn, .lights, .audioLayers, .videoLayers,
        .dataLayers, .unknownLayers, .unknownShapes, .missingFonts,
    ]
}
