import XCTest
import LottieModel
@testable import LottiePlay

/// Small scenes built by hand for the renderer tests, and the helpers that read their pixels.
/// Every expected value in the render tests is worked out by hand from the geometry.
enum RenderFixtures {
    static let red = RGBAColor(red: 1, green: 0, blue: 0)
    static let green = RGBAColor(red: 0, green: 1, blue: 0)
    static let blue = RGBAColor(red: 0, green: 0, blue: 1)
    static let white = RGBAColor(red: 1, green: 1, blue: 1)
    static let black = RGBAColor(red: 0, green: 0, blue: 0)

    /// An axis-aligned rectangle as a closed polygon contour.
    static func rectangle(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> BezierContour {
        BezierContour(polygon: [Vector2(x, y), Vector2(x + width, y), Vector2(x + width, y + height),
                                Vector2(x, y + height)], closed: true)
    }

    static func fill(_ paths: [BezierContour], _ color: RGBAColor, rule: FillRule = .nonZero,
                     opacity: Double = 1) -> ShapeDrawing {
        ShapeDrawing(paths: paths, paint: .fill(color, rule), opacity: opacity, jsonPath: "test")
    }

    static func stroke(_ paths: [BezierContour], _ color: RGBAColor, _ style: StrokeStyleValues,
                       opacity: Double = 1) -> ShapeDrawing {
        ShapeDrawing(paths: paths, paint: .stroke(color, style), opacity: opacity, jsonPath: "test")
    }

    static func layer(_ drawings: [ShapeDrawing], opacity: Double = 1, blendMode: BlendMode = .normal,
                      masks: [SceneMask] = [], matte: SceneMatte? = nil,
                      transform: AffineMatrix = .identity) -> SceneLayer {
        SceneLayer(name: "test", index: nil, type: .shape, jsonPath: "layers[0]", localFrame: 0, transform: transform,
                   opacity: opacity, blendMode: blendMode, masks: masks, matte: matte, content: .shapes(drawings))
    }

    /// A scene of `size` x `size` canvas units rendered at the same number of pixels.
    static func render(_ layers: [SceneLayer], size: Int = 8, background: RGBAColor? = nil) -> RGBAImage {
        let scene = LottieScene(frame: 0, width: Double(size), height: Double(size), layers: layers)
        return SceneRenderer(width: size, height: size, background: background).render(scene)
    }

    /// The coverage the rasterizer computes for a polygon on a `width` x `height` grid, row-major.
    static func coverage(_ points: [Vector2], rule: FillRule = .nonZero, width: Int, height: Int) -> [Float] {
        var polygon = Polygon()
        polygon.move(to: points[0])
        for point in points.dropFirst() { polygon.line(to: point) }
        polygon.closeContour()
        return coverage(polygon, rule: rule, width: width, height: height)
    }

    static func coverage(_ polygon: Polygon, rule: FillRule = .nonZero, width: Int, height: Int) -> [Float] {
        var rasterizer = CoverageRasterizer()
        defer { rasterizer.deallocate() }
        var result = [Float](repeating: 0, count: width * height)
        rasterizer.rasterize(polygon, rule: rule, clip: PixelRect(width: width, height: height)) { span in
            for x in span.minX..<span.maxX { result[span.y * width + x] = span.coverage(x: x) }
        }
        return result
    }
}

extension XCTestCase {
    /// Asserts that a pixel equals `expected` within `tolerance` per channel (8-bit units).
    func assertPixel(_ image: RGBAImage, _ x: Int, _ y: Int, _ expected: RGBAImage.Pixel, tolerance: Int = 1,
                     file: StaticString = #filePath, line: UInt = #line) {
        let actual = image[x, y]
        let pairs = [(actual.red, expected.red), (actual.green, expected.green), (actual.blue, expected.blue),
                     (actual.alpha, expected.alpha)]
        let close = pairs.allSatisfy { abs(Int($0.0) - Int($0.1)) <= tolerance }
        XCTAssertTrue(close, "pixel (\(x), \(y)) is \(actual), expected \(expected)", file: file, line: line)
    }
}
