import LottieModel

// MARK: - Painted bounds
//
// A box, in device pixels, that holds every pixel a layer can paint: the control points of its
// paths (a cubic stays inside the hull of its control points, and so does its flattening),
// grown by half a stroke's width times its miter limit (joins and caps reach no further), the
// rectangles of solids and images, and the clip of a nested precomp (nothing of it shows
// outside). Masks and mattes only take pixels away, so they are left out. It is computed
// before drawing, from the scene alone, to tell whether a clip can cut anything.

extension LayerCompositor {
    /// The deepest precomp nesting followed before giving up (nil: no box known).
    private static let paintedBoundsDepth = 32

    /// The box of device pixels `layer` can paint through `fit`, `.empty` when it paints nothing,
    /// nil when it cannot be told cheaply (then assume it paints anywhere).
    func paintedBounds(of layer: SceneLayer, fit: AffineMatrix, depth: Int = 0) -> PixelRect? {
        guard depth < Self.paintedBoundsDepth else { return nil }
        guard layer.opacity.isFinite, layer.opacity > 0 else { return .empty }
        if layer.projection != nil { return paintedBounds(of: layer.projectedOntoCanvas(), fit: fit, depth: depth) }
        let fit = layer.transformEffects.map { fit * $0.matrix } ?? fit
        let transform = fit * layer.transform
        var box = BoundingBox()
        switch layer.content {
        case .shapes(let drawings):
            for drawing in drawings { box.add(drawing, transform: transform) }
        case .text(let text):
            for drawing in text.glyphs { box.add(drawing, transform: transform) }
        case .solid(_, let width, let height):
            box.add(Rect(x: 0, y: 0, width: width, height: height), transform: transform)
        case .image(let assetID, let width, let height):
            guard let image = images.images[assetID] else { return .empty }
            box.add(Rect(x: 0, y: 0, width: width > 0 ? width : Double(image.width),
                         height: height > 0 ? height : Double(image.height)), transform: transform)
        case .precomp(let children, let clip):
            if let clip {
                box.add(clip, transform: transform)
            } else {
                return paintedBounds(of: children, fit: fit, depth: depth + 1)
            }
        case .empty:
            return .empty
        }
        return box.pixels
    }
}

extension LayerCompositor {
    /// The union of ``paintedBounds(of:fit:depth:)`` over `layers`, nil when one is unknown.
    func paintedBounds(of layers: [SceneLayer], fit: AffineMatrix, depth: Int = 0) -> PixelRect? {
        var union = PixelRect.empty
        for layer in layers {
            guard let bounds = paintedBounds(of: layer, fit: fit, depth: depth) else { return nil }
            union = union.union(bounds)
        }
        return union
    }
}

/// A real box grown point by point.
private struct BoundingBox {
    private var minX = Double.infinity
    private var minY = Double.infinity
    private var maxX = -Double.infinity
    private var maxY = -Double.infinity

    /// The pixels the box touches: `.empty` when nothing was added, nil when it is too large to
    /// tell (not finite, or past the range pixel rectangles are made for).
    var pixels: PixelRect? {
        guard minX <= maxX, minY <= maxY else { return .empty }
        guard Swift.max(Swift.abs(minX), Swift.abs(minY), Swift.abs(maxX), Swift.abs(maxY)) < 1e9 else { return nil }
        return PixelRect(covering: minX, minY, maxX, maxY)
    }

    mutating func add(_ point: Vector2, margin: Double = 0) {
        minX = Swift.min(minX, point.x - margin)
        minY = Swift.min(minY, point.y - margin)
        maxX = Swift.max(maxX, point.x + margin)
        maxY = Swift.max(maxY, point.y + margin)
    }

    mutating func add(_ rect: Rect, transform: AffineMatrix) {
        for (x, y) in [(rect.x, rect.y), (rect.x + rect.width, rect.y), (rect.x, rect.y + rect.height),
                       (rect.x + rect.width, rect.y + rect.height)] {
            add(transform.apply(to: Vector2(x, y)))
        }
    }

    mutating func add(_ drawing: ShapeDrawing, transform: AffineMatrix) {
        guard drawing.opacity > 0 else { return }
        let margin = Self.strokeReach(of: drawing.paint, transform: transform)
        for path in drawing.paths {
            for index in path.vertices.indices {
                let vertex = path.vertices[index]
                add(transform.apply(to: vertex), margin: margin)
                if index < path.inTangents.count {
                    add(transform.apply(to: vertex + path.inTangents[index]), margin: margin)
                }
                if index < path.outTangents.count {
                    add(transform.apply(to: vertex + path.outTangents[index]), margin: margin)
                }
            }
        }
    }

    /// How far a stroke's outline reaches beyond its path, in device pixels: half its width,
    /// times the miter limit for miter joins, times the largest stretch of `transform`.
    private static func strokeReach(of paint: Paint, transform: AffineMatrix) -> Double {
        let style: StrokeStyleValues
        switch paint {
        case .fill, .gradientFill: return 0
        case .stroke(_, let stroke), .gradientStroke(_, let stroke): style = stroke
        }
        let stretch = (transform.a * transform.a + transform.b * transform.b
            + transform.c * transform.c + transform.d * transform.d).squareRoot()
        let joins = style.join == .miter ? Swift.max(1, style.miterLimit) : 1
        return Swift.abs(style.width) / 2 * joins * stretch
    }
}
