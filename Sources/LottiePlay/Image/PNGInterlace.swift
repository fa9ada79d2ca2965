// MARK: - PNGInterlace
//
// Adam7 interlacing (PNG §8.2): the image is sent as seven reduced images ("passes"), each a regular
// sub-grid of pixels. Pass p holds the pixels (x, y) with x = xStart + i × xStep and y = yStart + j × yStep:
//
//     pass      1  2  3  4  5  6  7
//     xStart    0  4  0  2  0  1  0
//     yStart    0  0  4  0  2  0  1
//     xStep     8  8  4  4  2  2  1
//     yStep     8  8  8  4  4  2  2
//
// A pass with no columns or no rows (small images) has no scanlines at all, not even filter bytes.
// A non-interlaced image is one "pass" covering every pixel (start 0, step 1).

/// The geometry of one pass of a PNG image's pixel data.
struct PNGPass {
    /// 1...7 for Adam7 passes, 0 for a non-interlaced image.
    let number: Int
    let xStart: Int
    let yStart: Int
    let xStep: Int
    let yStep: Int
    /// Pixels per row of the pass.
    let width: Int
    /// Rows of the pass.
    let height: Int

    init(number: Int, xStart: Int, yStart: Int, xStep: Int, yStep: Int, imageWidth: Int, imageHeight: Int) {
        self.number = number
        self.xStart = xStart
        self.yStart = yStart
        self.xStep = xStep
        self.yStep = yStep
        width = imageWidth > xStart ? (imageWidth - xStart + xStep - 1) / xStep : 0
        height = imageHeight > yStart ? (imageHeight - yStart + yStep - 1) / yStep : 0
    }

    var isEmpty: Bool { width == 0 || height == 0 }

    /// The passes of an image with this header, in file order (empty passes included).
    static func passes(for header: PNGHeader) -> [PNGPass] {
        let w = header.width, h = header.height
        guard header.isInterlaced else {
            return [PNGPass(number: 0, xStart: 0, yStart: 0, xStep: 1, yStep: 1, imageWidth: w, imageHeight: h)]
        }
        let adam7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        return adam7.enumerated().map { index, pass in
            PNGPass(number: index + 1, xStart: pass.0, yStart: pass.1, xStep: pass.2, yStep: pass.3,
                    imageWidth: w, imageHeight: h)
        }
    }

    /// Bytes this pass takes in the decompressed data: rows × (filter byte + row bytes).
    func dataSize(_ header: PNGHeader) -> Int {
        isEmpty ? 0 : height * (1 + header.rowBytes(pixels: width))
    }
}
