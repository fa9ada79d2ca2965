// MARK: - ImageShader

/// A bitmap drawn through an affine transform, sampled bilinearly (edges clamped). The image
/// spans `(0, 0)`-`(drawWidth, drawHeight)` in layer space; its pixels are stretched to fit.
struct ImageShader {
    /// Device pixel to image pixel.
    let inverse: AffineMatrix
    let image: PremultipliedImage
    let opacity: Float

    init(image: PremultipliedImage, drawWidth: Double, drawHeight: Double, transform: AffineMatrix,
         opacity: Double) {
        self.image = image
        self.opacity = Float(opacity)
        let toPixels = AffineMatrix.scale(
            x: drawWidth > 0 ? Double(image.width) / drawWidth : 1,
            y: drawHeight > 0 ? Double(image.height) / drawHeight : 1)
        inverse = toPixels * (transform.inverse ?? .identity)
    }

    /// The premultiplied colour at image-space point `p` (pixel centres at half-integers).
    @inline(__always)
    func sample(_ p: SIMD2<Double>) -> SIMD4<Float> {
        let width = image.width
        let height = image.height
        guard width > 0, height > 0, p.x.isFinite, p.y.isFinite else { return .zero }
        let fx = Swift.min(Swift.max(p.x - 0.5, 0), Double(width - 1))
        let fy = Swift.min(Swift.max(p.y - 0.5, 0), Double(height - 1))
        let x0 = Int(fx)
        let y0 = Int(fy)
        let x1 = Swift.min(x0 + 1, width - 1)
        let y1 = Swift.min(y0 + 1, height - 1)
        let tx = Float(fx - Double(x0))
        let ty = Float(fy - Double(y0))
        let pixels = image.pixels
        let top = pixels[y0 * width + x0] * (1 - tx) + pixels[y0 * width + x1] * tx
        let bottom = pixels[y1 * width + x0] * (1 - tx) + pixels[y1 * width + x1] * tx
        return top * (1 - ty) + bottom * ty
    }
}

// MARK: - PremultipliedImage

/// A decoded image kept as premultiplied Float pixels, ready to sample.
public struct PremultipliedImage: Sendable {
    public let width: Int
    public let height: Int
    let pixels: [SIMD4<Float>]

    public init(_ image: RGBAImage) {
        width = image.width
        height = image.height
        var pixels = [SIMD4<Float>](repeating: .zero, count: image.width * image.height)
        image.pixels.withUnsafeBufferPointer { bytes in
            for index in pixels.indices {
                let base = index * 4
                let alpha = Float(bytes[base + 3]) / 255
                pixels[index] = SIMD4(Float(bytes[base]) / 255 * alpha, Float(bytes[base + 1]) / 255 * alpha,
                                      Float(bytes[base + 2]) / 255 * alpha, alpha)
            }
        }
        self.pixels = pixels
    }
}
