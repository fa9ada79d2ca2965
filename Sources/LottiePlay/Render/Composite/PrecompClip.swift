// MARK: - PrecompClip

/// Where a precomp layer's clip (its composition's rectangle) lets its content show, in device pixels.
enum PrecompClip {
    /// A rectangle on whole pixels: narrowing where drawing shows is the whole clip, no buffer needed.
    case pixels(PixelRect)
    /// An upright rectangle with edges inside pixels: only the pixels along its edges are partly
    /// covered, and their coverage is the product of a row's and a column's overlap.
    case upright(minX: Double, minY: Double, maxX: Double, maxY: Double)
    /// A rotated or skewed rectangle: multiplied in by the coverage of its polygon.
    case polygon(Polygon)

    /// Whether the layer must be drawn into a buffer of its own for the clip to be applied.
    var needsBuffer: Bool {
        if case .pixels = self { return false }
        return true
    }

    /// The pixels the clip can leave anything of.
    var pixelBounds: PixelRect {
        switch self {
        case .pixels(let rect): rect
        case .upright(let minX, let minY, let maxX, let maxY): PixelRect(covering: minX, minY, maxX, maxY)
        case .polygon(let polygon): polygon.pixelBounds
        }
    }
}
