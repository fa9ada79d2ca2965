// MARK: - RGBAImage
//
// A bitmap of 8-bit RGBA pixels with straight (non-premultiplied) alpha.
//
// ## Layout
//
// `pixels` holds `width × height × 4` bytes, row-major from the top-left corner, each pixel as
// R, G, B, A. The pixel at (x, y) starts at byte `(y × width + x) × 4`. A zero-width or zero-height
// image is allowed and has no bytes.
//
// ## Invariants
//
// - `pixels.count == width * height * 4` (checked by the initializers; code that replaces `pixels`
//   must keep it).

/// An 8-bit RGBA bitmap with straight alpha, row-major from the top-left corner.
public struct RGBAImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width × height × 4` bytes: R, G, B, A per pixel, rows from the top. Keep the count unchanged.
    public var pixels: [UInt8]

    /// A fully transparent image (all bytes zero).
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "RGBAImage size must not be negative")
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// An image filled with one colour.
    public init(width: Int, height: Int, filledWith pixel: Pixel) {
        self.init(width: width, height: height)
        if pixel != .clear {
            for i in stride(from: 0, to: pixels.count, by: 4) {
                pixels[i] = pixel.red
                pixels[i + 1] = pixel.green
                pixels[i + 2] = pixel.blue
                pixels[i + 3] = pixel.alpha
            }
        }
    }

    /// An image over existing RGBA bytes; `pixels.count` must be `width × height × 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0, "RGBAImage size must not be negative")
        precondition(pixels.count == width * height * 4,
                     "RGBAImage of \(width)×\(height) needs \(width * height * 4) bytes, got \(pixels.count)")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    // MARK: Pixels

    /// The pixel at column `x`, row `y` (both must be inside the image).
    public subscript(x: Int, y: Int) -> Pixel {
        get {
            let i = offset(x: x, y: y)
            return Pixel(red: pixels[i], green: pixels[i + 1], blue: pixels[i + 2], alpha: pixels[i + 3])
        }
        set {
            let i = offset(x: x, y: y)
            pixels[i] = newValue.red
            pixels[i + 1] = newValue.green
            pixels[i + 2] = newValue.blue
            pixels[i + 3] = newValue.alpha
        }
    }

    /// The pixel at (`x`, `y`), or nil outside the image.
    public func pixel(x: Int, y: Int) -> Pixel? {
        contains(x: x, y: y) ? self[x, y] : nil
    }

    /// Whether (`x`, `y`) is inside the image.
    public func contains(x: Int, y: Int) -> Bool {
        x >= 0 && y >= 0 && x < width && y < height
    }

    /// Byte offset of the pixel at (`x`, `y`) in `pixels`.
    public func offset(x: Int, y: Int) -> Int {
        precondition(contains(x: x, y: y), "pixel (\(x), \(y)) is outside the \(width)×\(height) image")
        return (y * width + x) * 4
    }
}

// MARK: - Pixel

extension RGBAImage {
    /// One RGBA pixel, 0...255 per component, straight alpha.
    public struct Pixel: Hashable, Sendable, CustomStringConvertible {
        /// Red, 0...255.
        public var red: UInt8
        /// Green, 0...255.
        public var green: UInt8
        /// Blue, 0...255.
        public var blue: UInt8
        /// Opacity, 0 (transparent) ... 255 (opaque); the colour is not multiplied by it.
        public var alpha: UInt8

        /// A pixel; opaque unless `alpha` is given.
        public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }

        /// Transparent black (0, 0, 0, 0).
        public static let clear = Pixel(red: 0, green: 0, blue: 0, alpha: 0)
        /// Opaque black.
        public static let black = Pixel(red: 0, green: 0, blue: 0)
        /// Opaque white.
        public static let white = Pixel(red: 255, green: 255, blue: 255)

        public var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }
    }
}
