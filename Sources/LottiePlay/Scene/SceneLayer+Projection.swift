import LottieModel

// MARK: - Drawing through a projection

extension SceneLayer {
    /// The layer as it lands on the canvas through its `projection` (itself when it has none):
    /// its shapes, glyphs, solid, masks and precomp layers carried onto the canvas as polygons
    /// (`ProjectedContours`), so that its transform is the identity and any renderer draws it
    /// as it draws a flat layer. Stroke widths, dashes, mask expansions and gradient points are
    /// scaled or moved as at the middle of what they belong to; an image is drawn with the
    /// affine map that agrees with the projection at its centre. A precomp's clip becomes a mask.
    public func projectedOntoCanvas() -> SceneLayer {
        guard let projection else { return self }
        var layer = self
        layer.projection = nil
        if case .image(_, let width, let height) = content {
            // Images keep an affine map: the one the projection has at their centre.
            guard let tangent = projection.tangentMap(at: Vector2(x: width / 2, y: height / 2)) else {
                layer.content = .empty
                return layer
            }
            layer.transform = tangent
            return layer
        }
        var contours = ProjectedContours(projection)
        layer.transform = .identity
        layer.masks = masks.map { mask in
            var mask = mask
            mask.expansion *= contours.lengthScale(at: Self.middle(of: [mask.path]))
            mask.path = contours.projectOutline(mask.path)
            return mask
        }
        if let matte { layer.matte = SceneMatte(mode: matte.mode, source: matte.source.projectedOntoCanvas()) }
        switch content {
        case .shapes(let drawings):
            layer.content = .shapes(drawings.map { Self.project($0, with: &contours) })
        case .text(let text):
            var projected = text
            projected.glyphs = text.glyphs.map { Self.project($0, with: &contours) }
            layer.content = .text(projected)
        case .solid(let color, let width, let height):
            var opaque = color
            opaque.alpha = 1
            let drawing = ShapeDrawing(paths: [Self.rectangle(Rect(x: 0, y: 0, width: width, height: height))],
                                       paint: .fill(opaque, .nonZero), opacity: 1, jsonPath: jsonPath)
            layer.content = .shapes([Self.project(drawing, with: &contours)])
        case .precomp(let children, let clip):
            // The children's transforms include this layer's (an approximation of the projection):
            // each is seen through the projection after its own map into this layer's space.
            guard let inverse = transform.inverse else {
                layer.content = .empty
                return layer
            }
            let projected = children.map { child in
                var child = child
                if child.projection == nil { child.projection = projection.after(inverse * child.transform) }
                return child.projectedOntoCanvas()
            }
            layer.content = .precomp(projected, clip: nil)
            if let clip {
                let outline = contours.projectOutline(Self.rectangle(clip))
                layer.masks.append(SceneMask(mode: layer.masks.isEmpty ? .add : .intersect, path: outline,
                                             opacity: 1, expansion: 0, inverted: false))
            }
        case .image, .empty:
            break
        }
        return layer
    }

    /// A drawing's paths on the canvas, its stroke and gradient changed to match.
    private static func project(_ drawing: ShapeDrawing, with contours: inout ProjectedContours) -> ShapeDrawing {
        var projected = drawing
        let middle = middle(of: drawing.paths)
        let scale = contours.lengthScale(at: middle)
        projected.paths = drawing.paths.flatMap { contours.project($0) }
        func scaled(_ style: StrokeStyleValues) -> StrokeStyleValues {
            var style = style
            style.width *= scale
            style.dashes = style.dashes.map { $0 * scale }
            style.dashOffset *= scale
            return style
        }
        func moved(_ gradient: GradientPaint) -> GradientPaint {
            let tangent = contours.projection.tangentMap(at: middle) ?? .identity
            var gradient = gradient
            gradient.start = contours.projection.apply(to: gradient.start) ?? tangent.apply(to: gradient.start)
            gradient.end = contours.projection.apply(to: gradient.end) ?? tangent.apply(to: gradient.end)
            return gradient
        }
        switch drawing.paint {
        case .fill: break
        case .stroke(let color, let style): projected.paint = .stroke(color, scaled(style))
        case .gradientFill(let gradient, let rule): projected.paint = .gradientFill(moved(gradient), rule)
        case .gradientStroke(let gradient, let style): projected.paint = .gradientStroke(moved(gradient), scaled(style))
        }
        return projected
    }

    /// The middle of the box around the contours' vertices (the origin when there are none).
    private static func middle(of contours: [BezierContour]) -> Vector2 {
        var (low, high) = (Vector2(x: Double.infinity, y: .infinity), Vector2(x: -Double.infinity, y: -.infinity))
        for contour in contours {
            for vertex in contour.vertices where vertex.x.isFinite && vertex.y.isFinite {
                low = Vector2(x: min(low.x, vertex.x), y: min(low.y, vertex.y))
                high = Vector2(x: max(high.x, vertex.x), y: max(high.y, vertex.y))
            }
        }
        return low.x <= high.x ? (low + high) * 0.5 : .zero
    }

    private static func rectangle(_ rect: Rect) -> BezierContour {
        BezierContour(polygon: [Vector2(x: rect.x, y: rect.y), Vector2(x: rect.x + rect.width, y: rect.y),
                                Vector2(x: rect.x + rect.width, y: rect.y + rect.height),
                                Vector2(x: rect.x, y: rect.y + rect.height)], closed: true)
    }
}
