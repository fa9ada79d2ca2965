// MARK: - ImageRegion
//
// A rectangle of pixels inside an image. Animated formats store each frame after the first as the
// rectangle that needs redrawing, placed at an offset on the canvas: the region where a frame differs
// from the one before (APNG, opaque GIF) or the region a frame covers at all (GIF with transparency,
// whose frames are cleared after showing). Flat vector animations mostly move small parts, so these
// rectangles are usually far smaller than the canvas.

/// A rectangle of whole pixels: columns `x..<x+width`, rows `y..<y+height`.
struct ImageRegion: Equatable, Sendable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    /// The whole of `image`.
    init(covering image: RGBAImage) {
        self.init(x: 0, y: 0, width: image.width, height: image.height)
    }

    init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The 1×1 region at the top-left corner: what a frame that changes nothing still stores,
    /// since neither format has an empty frame.
    static let placeholder = ImageRegion(x: 0, y: 0, width: 1, height: 1)
}

// MARK: - Finding regions

extension ImageRegion {
    /// The smallest region holding every pixel whose RGBA bytes differ between `previous` and
    /// `current` (same size), or nil when the images are equal.
    static func changed(from previous: RGBAImage, to current: RGBAImage) -> ImageRegion? {
        precondition(previous.width == current.width && previous.height == current.height)
        return previous.pixels.withUnsafeBytes { before in
            current.pixels.withUnsafeBytes { after in
                boundingBox(width: current.width, height: current.height) { pixel in
                    // One 4-byte compare per pixel instead of four.
                    before.loadUnaligned(fromByteOffset: pixel * 4, as: UInt32.self)
                        != after.loadUnaligned(fromByteOffset: pixel * 4, as: UInt32.self)
                }
            }
        }
    }

    /// The smallest region holding every pixel of `image` with alpha ≥ `alphaThreshold`, or nil
    /// when there is none.
    static func visible(in image: RGBAImage, alphaThreshold: UInt8) -> ImageRegion? {
        image.pixels.withUnsafeBufferPointer { pixels in
            boundingBox(width: image.width, height: image.height) { pixels[$0 * 4 + 3] >= alphaThreshold }
        }
    }

    /// The bounding box of the pixel indices (row-major) for which `isMarked` holds.
    private static func boundingBox(width: Int, height: Int, isMarked: (Int) -> Bool) -> ImageRegion? {
        var minX = width, minY = height, maxX = -1, maxY = -1
        for y in 0..<height {
            let row = y * width
            var x = 0
            while x < width {
                if isMarked(row + x) {
                    minX = min(minX, x)
                    maxX = max(maxX, x)
                    minY = min(minY, y)
                    maxY = y
                }
                x += 1
            }
        }
        guard maxX >= 0 else { return nil }
        return ImageRegion(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}

// MARK: - Cropping

extension RGBAImage {
    /// The pixels of `region`, which must lie inside the image, as an image of its own.
    func cropped(to region: ImageRegion) -> RGBAImage {
        precondition(region.x >= 0 && region.y >= 0 && region.width > 0 && region.height > 0
                     && region.x + region.width <= width && region.y + region.height <= height,
                     "region \(region) is outside the \(width)×\(height) image")
        if region == ImageRegion(covering: self) { return self }
        var bytes = [UInt8]()
        bytes.reserveCapacity(region.width * region.height * 4)
        for row in region.y..<(region.y + region.height) {
            let start = (row * width + region.x) * 4
            bytes += pixels[start..<(start + region.width * 4)]
        }
        return RGBAImage(width: region.width, height: region.height, pixels: bytes)
    }
}
