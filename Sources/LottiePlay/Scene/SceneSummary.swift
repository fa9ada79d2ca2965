import Foundation
import LottieModel

// MARK: - SceneSummary

/// A scene reduced to what a person or a script wants to read, layers in file order (top first,
/// as `inspect` lists them), precomp layers followed by their own layers: per layer its placement
/// (matrix and its decomposition), opacity, matte, masks, and what it draws with bounds in
/// canvas coordinates. Numbers are rounded to `precision` decimals so output is stable.
public struct SceneSummary: Codable, Sendable, Equatable {
    public var frame: Double
    public var progress: Double
    public var seconds: Double
    public var layers: [LayerSnapshot]

    /// Summarises a scene; `filter` keeps only layers whose name or `ind` matches it.
    public init(_ scene: LottieScene, timeline: Timeline, layer filter: String? = nil, precision: Int = 3) {
        let round = Rounder(precision: precision)
        frame = round(scene.frame)
        progress = round(timeline.progress(forFrame: scene.frame))
        seconds = round(timeline.frameRate > 0 ? (scene.frame - timeline.inPoint) / timeline.frameRate : 0)
        layers = scene.flattenedLayers(topFirst: true)
            .filter { filter == nil || $0.layer.name == filter || $0.layer.index.map(String.init) == filter }
            .map { LayerSnapshot($0.layer, depth: $0.depth, round: round) }
    }
}

/// One layer of a `SceneSummary`.
public struct LayerSnapshot: Codable, Sendable, Equatable {
    public var name: String?
    public var index: Int?
    public var type: String
    public var jsonPath: String
    /// Nesting depth inside precomps (0 at the top).
    public var depth: Int
    public var localFrame: Double
    /// Layer space to canvas: `[a, b, c, d, tx, ty]`.
    public var matrix: [Double]
    /// The matrix decomposed: origin, scale in percent, rotation in degrees (clockwise).
    public var origin: [Double]
    public var scale: [Double]
    public var rotation: Double
    /// Opacity in percent.
    public var opacity: Double
    public var blendMode: String?
    public var matte: String?
    public var masks: [String]?
    /// The effects drawn on the layer, in order, one line each.
    public var effects: [String]?
    /// One line saying what the layer draws.
    public var content: String
    /// What the layer paints, top first (like the layers).
    public var drawings: [DrawingSnapshot]?
    /// The bounds of what the layer draws, in canvas coordinates: `[x, y, width, height]`.
    public var bounds: [Double]?

    init(_ layer: SceneLayer, depth: Int, round: Rounder) {
        name = layer.name
        index = layer.index
        type = LayerSnapshot.typeName(layer.type)
        jsonPath = layer.jsonPath
        self.depth = depth
        localFrame = round(layer.localFrame)
        let m = layer.transform
        matrix = [m.a, m.b, m.c, m.d, m.tx, m.ty].map(round.callAsFunction)
        let scaleX = (m.a * m.a + m.b * m.b).squareRoot()
        origin = [round(m.tx), round(m.ty)]
        scale = [round(scaleX * 100), round(scaleX > 0 ? m.determinant / scaleX * 100 : 0)]
        rotation = round(atan2(m.b, m.a) * 180 / .pi)
        opacity = round(layer.opacity * 100)
        blendMode = layer.blendMode == .normal ? nil : layer.blendMode.description
        matte = layer.matte.map { "\($0.mode) from '\($0.source.name ?? $0.source.jsonPath)'" }
        masks = layer.masks.isEmpty ? nil : layer.masks.map { mask in
            "\(mask.mode)\(mask.inverted ? " inverted" : ""), \(mask.path.vertices.count) vertices, opacity \(round(mask.opacity * 100))%"
        }
        effects = layer.effects.isEmpty ? nil : layer.effects.map { $0.summary(round) }
        (content, drawings, bounds) = LayerSnapshot.describe(layer.content, transform: m, round: round)
        // A transparent layer's content is not evaluated (`FrameEvaluator`): say why it draws nothing.
        if case .empty = layer.content, !SceneLayer.isDrawn(opacity: layer.opacity) {
            content = "nothing (opacity 0)"
        }
    }

    private static func typeName(_ type: LayerType) -> String {
        switch type {
        case .precomp, .solid, .image, .shape, .text: type.description
        default: "type \(type.rawValue)"
        }
    }

    private static func describe(_ content: SceneContent, transform: AffineMatrix,
                                 round: Rounder) -> (String, [DrawingSnapshot]?, [Double]?) {
        switch content {
        case .shapes(let list):
            let drawings = list.reversed().map { DrawingSnapshot($0, transform: transform, round: round) }
            let paths = list.reduce(0) { $0 + $1.paths.count }
            return ("\(list.count) drawing\(list.count == 1 ? "" : "s"), \(paths) path\(paths == 1 ? "" : "s")",
                    drawings, unionBounds(list, transform: transform, round: round))
        case .solid(let color, let width, let height):
            let box = Rect(x: 0, y: 0, width: width, height: height).applying(transform)
            return ("solid \(color.hexString) \(round(width)) x \(round(height))", nil, round.rect(box))
        case .image(let assetID, let width, let height):
            let box = Rect(x: 0, y: 0, width: width, height: height).applying(transform)
            return ("image '\(assetID)' \(round(width)) x \(round(height))", nil, round.rect(box))
        case .text(let text):
            let drawings = text.glyphs.reversed().map { DrawingSnapshot($0, transform: transform, round: round) }
            return ("text \"\(text.document.text.replacingOccurrences(of: "\r", with: "\\r"))\"",
                    drawings.isEmpty ? nil : drawings, unionBounds(text.glyphs, transform: transform, round: round))
        case .precomp(let children, let clip):
            let clipText = clip.map { ", clipped to \(round($0.width)) x \(round($0.height))" } ?? ""
            return ("precomp of \(children.count) visible layer\(children.count == 1 ? "" : "s")\(clipText)", nil, nil)
        case .empty:
            return ("nothing", nil, nil)
        }
    }

    private static func unionBounds(_ drawings: [ShapeDrawing], transform: AffineMatrix, round: Rounder) -> [Double]? {
        var box: Rect?
        for drawing in drawings {
            for path in drawing.paths {
                guard let bounds = path.bounds(applying: transform) else { continue }
                box = box.map { $0.union(bounds) } ?? bounds
            }
        }
        return box.map(round.rect)
    }
}

/// One drawing of a `LayerSnapshot`.
public struct DrawingSnapshot: Codable, Sendable, Equatable {
    /// `fill`, `stroke`, `gradient fill` or `gradient stroke`.
    public var paint: String
    /// `#rrggbb` for solid paints.
    public var color: String?
    /// Stroke width in layer units.
    public var width: Double?
    /// Opacity in percent.
    public var opacity: Double
    public var paths: Int
    public var vertices: Int
    /// Canvas bounds `[x, y, width, height]`.
    public var bounds: [Double]?
    public var jsonPath: String

    init(_ drawing: ShapeDrawing, transform: AffineMatrix, round: Rounder) {
        switch drawing.paint {
        case .fill(let fill, _):
            paint = "fill"
            color = fill.hexString
        case .stroke(let stroke, let style):
            paint = "stroke"
            color = stroke.hexString
            width = round(style.width)
        case .gradientFill:
            paint = "gradient fill"
        case .gradientStroke(_, let style):
            paint = "gradient stroke"
            width = round(style.width)
        }
        opacity = round(drawing.opacity * 100)
        paths = drawing.paths.count
        vertices = drawing.paths.reduce(0) { $0 + $1.vertices.count }
        var box: Rect?
        for path in drawing.paths {
            guard let bounds = path.bounds(applying: transform) else { continue }
            box = box.map { $0.union(bounds) } ?? bounds
        }
        bounds = box.map(round.rect)
        jsonPath = drawing.jsonPath
    }
}

// MARK: - Rounding

/// Rounds to a number of decimals, with -0 written as 0 so that output is stable.
struct Rounder: Sendable {
    let scale: Double

    init(precision: Int) {
        scale = pow(10, Double(max(0, min(precision, 12))))
    }

    func callAsFunction(_ value: Double) -> Double {
        guard value.isFinite else { return value }
        let rounded = (value * scale).rounded() / scale
        return rounded == 0 ? 0 : rounded
    }

    func rect(_ rect: Rect) -> [Double] {
        [self(rect.x), self(rect.y), self(rect.width), self(rect.height)]
    }
}
