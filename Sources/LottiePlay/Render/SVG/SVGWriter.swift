import Foundation
import LottieModel

// MARK: - SVGWriter

/// One frame as a standalone SVG document: vector paths, fills and strokes (caps, joins, dashes),
/// linear and radial gradients, layer opacity as group opacity, blend modes as
/// `mix-blend-mode`, masks and track mattes as SVG masks, precomp clips as clip paths, layer
/// effects as filters (`SVGEffects`), embedded PNG images and text glyphs.
///
/// The composition is fitted into `width` x `height` like `SceneRenderer` ("contain", centred).
/// What SVG cannot say exactly is drawn approximately and reported: difference, lighten and darken
/// masks (drawn as add, add and intersect), and the blend modes on single shape styles.
///
/// Masks and mattes are luminance masks whose content is built so that the luminance equals the
/// coverage the raster renderer computes: masks paint white (add, intersect through nested
/// masks) or black (subtract) shapes with the mask's opacity; mattes draw the source layer through
/// a colour-matrix filter (white for alpha, black over white for alpha inverted, as is for luma,
/// inverted colours over white for luma inverted).
public struct SVGWriter: Sendable {
    public var width: Int
    public var height: Int
    public var background: RGBAColor?

    public init(width: Int, height: Int, background: RGBAColor? = nil) {
        self.width = width
        self.height = height
        self.background = background
    }

    /// The SVG document of a scene.
    public func document(_ scene: LottieScene, images: ImageStore = ImageStore()) -> String {
        var issues: [LottieDiagnostic] = []
        return document(scene, images: images, issues: &issues)
    }

    /// The SVG document of a scene, and what could not be written exactly.
    public func document(_ scene: LottieScene, images: ImageStore, issues: inout [LottieDiagnostic]) -> String {
        let builder = SVGBuilder(images: images, canvasWidth: scene.width, canvasHeight: scene.height)
        let fit = SceneRenderer.fitTransform(width: scene.width, height: scene.height, into: width, height)
        var body: [String] = []
        for layer in scene.layers { body += builder.layer(layer) }
        issues = builder.issues
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(width)" height="\#(height)" viewBox="0 0 \#(width) \#(height)">"#,
        ]
        if !builder.defs.isEmpty {
            lines.append("<defs>")
            lines += builder.defs
            lines.append("</defs>")
        }
        if let background {
            lines.append(#"<rect width="\#(width)" height="\#(height)" fill="\#(SVGMarkup.color(background))"/>"#)
        }
        lines.append("<g\(SVGMarkup.transformAttribute(fit))>")
        lines += body
        lines.append("</g>")
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }
}

// MARK: - SVGBuilder

/// Writes the elements of one document, collecting definitions (gradients, masks, clips,
/// filters) with unique ids as it goes.
final class SVGBuilder {
    let images: ImageStore
    private(set) var defs: [String] = []
    private(set) var issues: [LottieDiagnostic] = []
    private var counter = 0
    var filters: Set<String> = []

    /// A rectangle far larger than any composition: the "everything" of masks and inversions.
    static let everywhere = "M-10000000 -10000000H10000000V10000000H-10000000Z"
    /// The user-space region of masks and filters: the canvas and one canvas size around it
    /// (what lies further out is outside the output anyway). Not larger: renderers allocate
    /// mask surfaces of this size.
    let region: String

    init(images: ImageStore, canvasWidth: Double, canvasHeight: Double) {
        self.images = images
        let width = canvasWidth > 0 && canvasWidth.isFinite ? canvasWidth : 1
        let height = canvasHeight > 0 && canvasHeight.isFinite ? canvasHeight : 1
        region = #"x="\#(SVGMarkup.number(-width))" y="\#(SVGMarkup.number(-height))" width="\#(SVGMarkup.number(3 * width))" height="\#(SVGMarkup.number(3 * height))""#
    }

    func newID(_ prefix: String) -> String {
        counter += 1
        return "\(prefix)\(counter)"
    }

    func define(_ text: String) {
        defs.append(text)
    }

    func note(_ feature: String, at jsonPath: String) {
        let issue = LottieDiagnostic(.warning, .render, path: jsonPath, message: feature)
        if !issues.contains(issue) { issues.append(issue) }
    }

    // MARK: Layers

    /// A layer as a group: opacity, blend mode and matte on the outer group, masks and clip on
    /// the inner one, the content (in layer space) inside.
    func layer(_ layer: SceneLayer) -> [String] {
        // A layer seen in perspective is written as the paths it makes on the canvas.
        if layer.projection != nil { return self.layer(layer.projectedOntoCanvas()) }
        let moved = layer.transformEffects
        let layerOpacity = layer.opacity * (moved?.opacity ?? 1)
        let opacity = layerOpacity.isFinite ? Swift.min(Swift.max(layerOpacity, 0), 1) : 0
        guard opacity > 0 else { return [] }
        var outer = ""
        if opacity < 1 { outer += " opacity=\"\(SVGMarkup.number(opacity))\"" }
        if layer.blendMode != .normal {
            if let css = SVGMarkup.blendMode(layer.blendMode) {
                outer += " style=\"mix-blend-mode:\(css)\""
            } else {
                note("blend mode \(layer.blendMode) (drawn as normal)", at: layer.jsonPath)
            }
        }
        if let matte = layer.matte, let id = matteMask(matte) { outer += " mask=\"url(#\(id))\"" }
        var inner = ""
        if let id = layerMask(layer) { inner += " mask=\"url(#\(id))\"" }
        if case .precomp(_, let clip?) = layer.content {
            let id = newID("clip")
            define(#"<clipPath id="\#(id)" clipPathUnits="userSpaceOnUse"><rect x="\#(SVGMarkup.number(clip.x))" y="\#(SVGMarkup.number(clip.y))" width="\#(SVGMarkup.number(clip.width))" height="\#(SVGMarkup.number(clip.height))"\#(SVGMarkup.transformAttribute(layer.transform))/></clipPath>"#)
            inner += " clip-path=\"url(#\(id))\""
        }
        let name = layer.name.map { "<!-- \(SVGMarkup.escaped($0).replacingOccurrences(of: "--", with: "- -")) -->" }
        var lines = name.map { [$0] } ?? []
        let content = self.content(of: layer)
        guard !content.isEmpty else { return [] }
        lines.append("<g\(outer)>")
        // Effects after the masks, before the matte.
        let filter = effectFilter(layer)
        if let filter { lines.append("<g filter=\"url(#\(filter))\">") }
        // Transform effects move the masked content.
        if let moved { lines.append("<g\(SVGMarkup.transformAttribute(moved.matrix))>") }
        var masked = content
        if !inner.isEmpty { masked = ["<g\(inner)>"] + masked + ["</g>"] }
        lines += strokeEffects(layer, over: masked)
        if moved != nil { lines.append("</g>") }
        if filter != nil { lines.append("</g>") }
        lines.append("</g>")
        return lines
    }

    /// The layer's masked content `masked` with its Stroke effects: the masks' stroke over it,
    /// instead of it, or as its mask.
    private func strokeEffects(_ layer: SceneLayer, over masked: [String]) -> [String] {
        var lines = masked
        for case .stroke(let effect) in layer.effects {
            let stroke = drawing(effect.drawing(of: layer.masks, jsonPath: layer.jsonPath))
                .map { ["<g\(SVGMarkup.transformAttribute(layer.transform))>", $0, "</g>"] } ?? []
            switch effect.paintStyle {
            case .onOriginal:
                lines += stroke
            case .onTransparent:
                lines = stroke
            case .revealOriginal:
                lines = ["<g mask=\"url(#\(strokeMask(stroke)))\">"] + lines + ["</g>"]
            }
        }
        return lines
    }

    /// What the layer draws: shapes, text and images in a group carrying the layer's transform;
    /// a precomp's layers (which carry their own) as they are.
    func content(of layer: SceneLayer) -> [String] {
        var elements: [String] = []
        switch layer.content {
        case .shapes(let drawings):
            elements = drawings.compactMap(drawing)
        case .text(let text):
            if text.glyphs.isEmpty { note("text without glyph outlines (not drawn)", at: layer.jsonPath) }
            elements = text.glyphs.compactMap(drawing)
        case .solid(let color, let width, let height):
            guard width > 0, height > 0 else { return [] }
            elements = [#"<rect width="\#(SVGMarkup.number(width))" height="\#(SVGMarkup.number(height))" fill="\#(SVGMarkup.color(color))"/>"#]
        case .image(let assetID, let width, let height):
            guard let bytes = images.pngData[assetID], let image = images.images[assetID] else {
                note("image asset '\(assetID)' not available (not drawn)", at: layer.jsonPath)
                return []
            }
            let drawWidth = width > 0 ? width : Double(image.width)
            let drawHeight = height > 0 ? height : Double(image.height)
            elements = [#"<image width="\#(SVGMarkup.number(drawWidth))" height="\#(SVGMarkup.number(drawHeight))" preserveAspectRatio="none" href="data:image/png;base64,\#(Data(bytes).base64EncodedString())"/>"#]
        case .precomp(let children, _):
            return children.flatMap { self.layer($0) }
        case .empty:
            return []
        }
        guard !elements.isEmpty else { return [] }
        return ["<g\(SVGMarkup.transformAttribute(layer.transform))>"] + elements + ["</g>"]
    }

    // MARK: Shapes

    /// One drawing as a path element (nil when it draws nothing).
    func drawing(_ drawing: ShapeDrawing) -> String? {
        let opacity = drawing.opacity.isFinite ? Swift.min(Swift.max(drawing.opacity, 0), 1) : 0
        guard opacity > 0 else { return nil }
        let data = SVGMarkup.pathData(drawing.paths)
        guard !data.isEmpty else { return nil }
        if drawing.blendMode != .normal {
            note("blend mode \(drawing.blendMode) on a shape style (drawn as normal)", at: drawing.jsonPath)
        }
        var attributes = ""
        switch drawing.paint {
        case .fill(let color, let rule):
            attributes = " fill=\"\(SVGMarkup.color(color))\"" + fillRule(rule)
        case .gradientFill(let gradient, let rule):
            attributes = " fill=\"url(#\(self.gradient(gradient)))\"" + fillRule(rule)
        case .stroke(let color, let style):
            guard style.width > 0 else { return nil }
            attributes = " fill=\"none\" stroke=\"\(SVGMarkup.color(color))\"" + SVGMarkup.strokeAttributes(style)
        case .gradientStroke(let gradient, let style):
            guard style.width > 0 else { return nil }
            attributes = " fill=\"none\" stroke=\"url(#\(self.gradient(gradient)))\"" + SVGMarkup.strokeAttributes(style)
        }
        if opacity < 1 { attributes += " opacity=\"\(SVGMarkup.number(opacity))\"" }
        return "<path d=\"\(data)\"\(attributes)/>"
    }

    private func fillRule(_ rule: FillRule) -> String {
        rule == .evenOdd ? " fill-rule=\"evenodd\"" : ""
    }

    /// Defines a gradient (in the user space of the path that uses it) and returns its id. The
    /// stops are the merged colour and opacity stops, as `GradientShader` computes them.
    func gradient(_ gradient: GradientPaint) -> String {
        let id = newID("gradient")
        var stops: [String] = []
        if !gradient.colorStops.isEmpty {
            var positions = gradient.colorStops.map { Swift.min(Swift.max($0.offset, 0), 1) }
            positions += gradient.opacityStops.map { Swift.min(Swift.max($0.offset, 0), 1) }
            var seen: Set<Double> = []
            for position in positions.sorted() where seen.insert(position).inserted {
                let color = GradientShader.colorAt(position, gradient.colorStops)
                let alpha = gradient.opacityStops.isEmpty ? 1 : GradientShader.opacityAt(position, gradient.opacityStops)
                var stop = #"<stop offset="\#(SVGMarkup.number(position))" stop-color="\#(SVGMarkup.color(color))""#
                if alpha < 1 { stop += #" stop-opacity="\#(SVGMarkup.number(alpha))""# }
                stops.append(stop + "/>")
            }
        }
        let start = gradient.start
        let end = gradient.end
        switch gradient.kind {
        case .linear:
            define(#"<linearGradient id="\#(id)" gradientUnits="userSpaceOnUse" x1="\#(SVGMarkup.number(start.x))" y1="\#(SVGMarkup.number(start.y))" x2="\#(SVGMarkup.number(end.x))" y2="\#(SVGMarkup.number(end.y))">"#
                   + stops.joined() + "</linearGradient>")
        case .radial:
            let delta = end - start
            let radius = delta.length
            let highlight = Swift.min(Swift.max(gradient.highlightLength.isFinite ? gradient.highlightLength / 100 : 0, -0.99), 0.99)
            let angle = atan2(delta.y, delta.x) + gradient.highlightAngle * .pi / 180
            let focal = start + Vector2(cos(angle), sin(angle)) * (radius * highlight)
            define(#"<radialGradient id="\#(id)" gradientUnits="userSpaceOnUse" cx="\#(SVGMarkup.number(start.x))" cy="\#(SVGMarkup.number(start.y))" r="\#(SVGMarkup.number(radius))" fx="\#(SVGMarkup.number(focal.x))" fy="\#(SVGMarkup.number(focal.y))">"#
                   + stops.joined() + "</radialGradient>")
        }
        return id
    }
}
