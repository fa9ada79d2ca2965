import LottiePlay

// MARK: - IconSketch
//
// A coarse rasterizer for terminal art, used until the pixel renderer (`LottiePlay/Render/`)
// lands. It draws what a 24 x 24 picture in a terminal needs, and nothing more: no masks, no
// mattes, no dashes, no blend modes, gradients as their average colour, square joins and caps
// drawn round.
//
// ## How
//
// The picture is computed on a grid of `supersampling x supersampling` samples per pixel
// (4 x 4 = 16 by default), in "sample space": the canvas fitted into the image ("contain":
// scaled uniformly, centred), times `supersampling`. For each drawing, bottom first:
//
// 1. Its contours are mapped to sample space (layer transform, fit, supersampling) and
//    flattened into polylines (each cubic cut into pieces of about a pixel).
// 2. A boolean mask of samples is set:
//    - fills: scanline by scanline, at each sample row's centre, the crossings of the polygon
//      edges are sorted by x and walked, adding +1 for edges going down and -1 for edges going
//      up; samples whose centre lies where the sum is not 0 (non-zero rule) or odd (even-odd)
//      are set. Open contours are closed for filling, as Lottie does.
//    - strokes: a sample is set when its centre lies within half the stroke width of a piece
//      of the polyline (a "capsule" per piece: round caps and joins). Strokes are at least one
//      pixel wide, so that a thin outline does not break into dots.
// 3. Each pixel's coverage is its set samples / samples per pixel; the drawing's colour, with
//    alpha = colour alpha x drawing opacity x layer opacity x coverage, is composited "over"
//    the pixels (premultiplied accumulators, converted to straight alpha at the end).
//
// Work per drawing is proportional to the rows of its bounds (fills) or to the bounds of its
// pieces (strokes), not to the whole image.

/// A coarse picture of a scene: filled and stroked paths, anti-aliased by supersampling.
struct IconSketch {
    let width: Int
    let height: Int
    let supersampling: Int

    /// Premultiplied red, green, blue and alpha per pixel, 0...1.
    private var red: [Double]
    private var green: [Double]
    private var blue: [Double]
    private var alpha: [Double]
    /// The sample mask of the drawing being painted, reused.
    private var mask: [Bool]
    private var sampleWidth: Int { width * supersampling }
    private var sampleHeight: Int { height * supersampling }

    init(width: Int, height: Int, supersampling: Int = 4) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        self.supersampling = max(supersampling, 1)
        let count = self.width * self.height
        red = Array(repeating: 0, count: count)
        green = red
        blue = red
        alpha = red
        mask = Array(repeating: false, count: count * self.supersampling * self.supersampling)
    }

    /// The picture of `scene`, its canvas fitted into `width` x `height` pixels.
    static func image(of scene: Scene, width: Int, height: Int) -> RGBAImage {
        var sketch = IconSketch(width: width, height: height)
        sketch.draw(scene)
        return sketch.image()
    }

    /// Draws a scene's layers, bottom first.
    mutating func draw(_ scene: Scene) {
        guard width > 0, height > 0, scene.width > 0, scene.height > 0 else { return }
        let scale = min(Double(width) / scene.width, Double(height) / scene.height)
        let offsetX = (Double(width) - scene.width * scale) / 2
        let offsetY = (Double(height) - scene.height * scale) / 2
        let fit = AffineTransform.translation(x: offsetX, y: offsetY) * AffineTransform.scale(scale)
        let toSamples = AffineTransform.scale(Double(supersampling)) * fit
        draw(scene.layers, toSamples: toSamples, opacity: 1)
    }

    /// The picture so far, straight alpha.
    func image() -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for index in alpha.indices where alpha[index] > 0 {
            let a = min(alpha[index], 1)
            func byte(_ premultiplied: Double) -> UInt8 {
                UInt8(min(max(premultiplied / a, 0), 1) * 255 + 0.5)
            }
            image.pixels[index * 4] = byte(red[index])
            image.pixels[index * 4 + 1] = byte(green[index])
            image.pixels[index * 4 + 2] = byte(blue[index])
            image.pixels[index * 4 + 3] = UInt8(a * 255 + 0.5)
        }
        return image
    }

    // MARK: Layers

    private mutating func draw(_ layers: [SceneLayer], toSamples: AffineTransform, opacity: Double) {
        for layer in layers {
            let layerOpacity = opacity * layer.opacity
            guard layerOpacity > 0 else { continue }
            let transform = toSamples * layer.transform
            switch layer.content {
            case .shapes(let drawings):
                for drawing in drawings { draw(drawing, transform: transform, opacity: layerOpacity) }
            case .text(let text):
                for drawing in text.glyphs { draw(drawing, transform: transform, opacity: layerOpacity) }
            case .solid(let color, let width, let height):
                let box = BezierContour(polygon: [Vector2(0, 0), Vector2(width, 0), Vector2(width, height),
                                                  Vector2(0, height)], closed: true)
                fill([box], rule: .nonZero, color: color, opacity: layerOpacity, transform: transform)
            case .precomp(let children, _):
                // The children's transforms already reach the canvas.
                draw(children, toSamples: toSamples, opacity: layerOpacity)
            case .image, .empty:
                break
            }
        }
    }

    private mutating func draw(_ drawing: ShapeDrawing, transform: AffineTransform, opacity: Double) {
        let opacity = opacity * drawing.opacity
        guard opacity > 0 else { return }
        switch drawing.paint {
        case .fill(let color, let rule):
            fill(drawing.paths, rule: rule, color: color, opacity: opacity, transform: transform)
        case .gradientFill(let gradient, let rule):
            fill(drawing.paths, rule: rule, color: Self.averageColor(gradient), opacity: opacity, transform: transform)
        case .stroke(let color, let style):
            stroke(drawing.paths, width: style.width, color: color, opacity: opacity, transform: transform)
        case .gradientStroke(let gradient, let style):
            stroke(drawing.paths, width: style.width, color: Self.averageColor(gradient), opacity: opacity,
                   transform: transform)
        }
    }

    // MARK: Fills

    private mutating func fill(_ paths: [BezierContour], rule: FillRule, color: RGBAColor, opacity: Double,
                               transform: AffineTransform) {
        var edges: [(from: Vector2, to: Vector2)] = []
        for path in paths {
            let points = Self.flatten(path.applying(transform))
            guard points.count > 2 else { continue }
            for index in points.indices {
                edges.append((points[index], points[(index + 1) % points.count]))
            }
        }
        guard !edges.isEmpty else { return }
        let top = max(0, Int((edges.map { min($0.from.y, $0.to.y) }.min() ?? 0).rounded(.down)))
        let bottom = min(sampleHeight - 1, Int((edges.map { max($0.from.y, $0.to.y) }.max() ?? 0).rounded(.up)))
        guard top <= bottom else { return }
        clearMask()
        var crossings: [(x: Double, winding: Int)] = []
        for row in top...bottom {
            let y = Double(row) + 0.5
            crossings.removeAll(keepingCapacity: true)
            for edge in edges {
                let (a, b) = (edge.from, edge.to)
                guard (a.y <= y && y < b.y) || (b.y <= y && y < a.y) else { continue }
                let x = a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y)
                crossings.append((x, b.y > a.y ? 1 : -1))
            }
            crossings.sort { $0.x < $1.x }
            var winding = 0
            for index in crossings.indices.dropLast() {
                winding += crossings[index].winding
                let inside = rule == .evenOdd ? winding % 2 != 0 : winding != 0
                guard inside else { continue }
                // Samples whose centre c + 0.5 lies in [x0, x1).
                let first = max(0, Int((crossings[index].x - 0.5).rounded(.up)))
                let last = min(sampleWidth - 1, Int((crossings[index + 1].x - 0.5).rounded(.up)) - 1)
                guard first <= last else { continue }
                for column in first...last { mask[row * sampleWidth + column] = true }
            }
        }
        paintMask(color: color, opacity: opacity)
    }

    // MARK: Strokes

    private mutating func stroke(_ paths: [BezierContour], width: Double, color: RGBAColor, opacity: Double,
                                 transform: AffineTransform) {
        let linearScale = abs(transform.determinant).squareRoot()
        // At least one pixel wide.
        let halfWidth = max(width * linearScale / 2, Double(supersampling) / 2)
        guard halfWidth.isFinite else { return }
        clearMask()
        for path in paths {
            let points = Self.flatten(path.applying(transform))
            guard !points.isEmpty else { continue }
            var polyline = points
            if path.closed, let first = points.first { polyline.append(first) }
            if polyline.count == 1 { polyline.append(polyline[0]) }
            for index in polyline.indices.dropLast() {
                markCapsule(from: polyline[index], to: polyline[index + 1], radius: halfWidth)
            }
        }
        paintMask(color: color, opacity: opacity)
    }

    /// Sets the samples whose centre is within `radius` of the segment `a`-`b`.
    private mutating func markCapsule(from a: Vector2, to b: Vector2, radius: Double) {
        let minX = max(0, Int((min(a.x, b.x) - radius).rounded(.down)))
        let maxX = min(sampleWidth - 1, Int((max(a.x, b.x) + radius).rounded(.up)))
        let minY = max(0, Int((min(a.y, b.y) - radius).rounded(.down)))
        let maxY = min(sampleHeight - 1, Int((max(a.y, b.y) + radius).rounded(.up)))
        guard minX <= maxX, minY <= maxY else { return }
        let direction = b - a
        let lengthSquared = direction.lengthSquared
        let radiusSquared = radius * radius
        for row in minY...maxY {
            for column in minX...maxX {
                let point = Vector2(Double(column) + 0.5, Double(row) + 0.5)
                let t = lengthSquared > 0 ? min(max((point - a).dot(direction) / lengthSquared, 0), 1) : 0
                if (point - (a + direction * t)).lengthSquared <= radiusSquared {
                    mask[row * sampleWidth + column] = true
                }
            }
        }
    }

    // MARK: Compositing

    private mutating func clearMask() {
        for index in mask.indices { mask[index] = false }
    }

    /// Composites `color` over every pixel, weighted by the share of its samples in the mask.
    private mutating func paintMask(color: RGBAColor, opacity: Double) {
        let samplesPerPixel = Double(supersampling * supersampling)
        let baseAlpha = min(max(color.alpha * opacity, 0), 1)
        guard baseAlpha > 0 else { return }
        for y in 0..<height {
            for x in 0..<width {
                var count = 0
                for sy in 0..<supersampling {
                    let rowStart = (y * supersampling + sy) * sampleWidth + x * supersampling
                    for sx in 0..<supersampling where mask[rowStart + sx] { count += 1 }
                }
                guard count > 0 else { continue }
                let a = baseAlpha * Double(count) / samplesPerPixel
                let index = y * width + x
                red[index] = min(max(color.red, 0), 1) * a + red[index] * (1 - a)
                green[index] = min(max(color.green, 0), 1) * a + green[index] * (1 - a)
                blue[index] = min(max(color.blue, 0), 1) * a + blue[index] * (1 - a)
                alpha[index] = a + alpha[index] * (1 - a)
            }
        }
    }

    // MARK: Geometry

    /// The contour as a polyline: every vertex, and points along each curved segment about one
    /// unit (a sample) to three apart. A closed contour does not repeat its first point.
    static func flatten(_ contour: BezierContour) -> [Vector2] {
        guard let first = contour.vertices.first else { return [] }
        var points = [first]
        for index in 0..<contour.segmentCount {
            let segment = contour.segment(index)
            let pieces = segment.isStraightLine(tolerance: 1e-3)
                ? 1 : min(max(Int((segment.controlPolygonLength / 3).rounded(.up)), 2), 64)
            for piece in 1...pieces {
                points.append(segment.point(at: Double(piece) / Double(pieces)))
            }
        }
        if contour.closed, points.count > 1 { points.removeLast() }
        return points
    }

    /// A gradient drawn as one colour: the mean of its colour stops, times its mean opacity.
    static func averageColor(_ gradient: GradientPaint) -> RGBAColor {
        let stops = gradient.colorStops
        guard !stops.isEmpty else { return RGBAColor(red: 0, green: 0, blue: 0, alpha: 0) }
        let count = Double(stops.count)
        let opacity = gradient.opacityStops.isEmpty
            ? 1 : gradient.opacityStops.map(\.opacity).reduce(0, +) / Double(gradient.opacityStops.count)
        return RGBAColor(red: stops.map(\.color.red).reduce(0, +) / count,
                         green: stops.map(\.color.green).reduce(0, +) / count,
                         blue: stops.map(\.color.blue).reduce(0, +) / count,
                         alpha: opacity)
    }
}
