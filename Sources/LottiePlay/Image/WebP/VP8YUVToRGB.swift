// MARK: - VP8YUVToRGB
//
// Turns a decoded VP8 frame (4:2:0 Y'CbCr, BT.601 studio range) into RGBA exactly as libwebp's
// default decoding does (`WebPDecodeRGBA`, "fancy upsampling"):
//
// - Chroma is upsampled by libwebp's 9-3-3-1 filter: each output sample weighs the nearest chroma
//   sample 9/16, the two next 3/16 and the diagonal one 1/16, computed as libwebp computes it
//   (averages of the two diagonals, then of the nearest sample), which rounds differently from a
//   plain (9a + 3b + 3c + d + 8) / 16. The first and last rows and columns use the nearest row or
//   column only ((3a + b + 2) / 4), the first row with itself (its chroma row twice). Only the
//   chroma samples inside the cropped frame ((width + 1) / 2 by (height + 1) / 2) are used.
// - Each pixel is converted with libwebp's fixed-point formulas (14-bit constants, results with
//   6 fractional bits, then clamped): R = 1.164 (Y − 16) + 1.596 (V − 128), G = 1.164 (Y − 16)
//   − 0.391 (U − 128) − 0.813 (V − 128), B = 1.164 (Y − 16) + 2.018 (U − 128).
//
// The frame is cropped to its width and height here (the planes cover whole macroblocks).

enum VP8YUVToRGB {
    /// `(value × coefficient) >> 8`, the fixed-point product libwebp uses.
    @inline(__always)
    private static func mulHi(_ value: Int, _ coefficient: Int) -> Int { (value * coefficient) >> 8 }

    /// A value with 6 fractional bits, rounded down and clamped to 0...255.
    @inline(__always)
    private static func clip8(_ value: Int) -> UInt8 {
        if value & ~16383 == 0 { return UInt8(truncatingIfNeeded: value >> 6) }
        return value < 0 ? 0 : 255
    }

    /// Writes the RGB of (y, u, v) at `pixels[index ..< index + 3]`.
    @inline(__always)
    static func convert(y: Int, u: Int, v: Int, into pixels: inout [UInt8], at index: Int) {
        let luma = mulHi(y, 19077)
        pixels[index] = clip8(luma + mulHi(v, 26149) - 14234)
        pixels[index + 1] = clip8(luma - mulHi(u, 6419) - mulHi(v, 13320) + 8708)
        pixels[index + 2] = clip8(luma + mulHi(u, 33050) - 17685)
    }

    /// One row of upsampled chroma: `count` samples from the chroma rows at `near` (the closer
    /// one, weighed 3) and `far` of `plane`.
    static func upsampleRow(_ plane: [UInt8], near: Int, far: Int, count: Int, into out: inout [Int]) {
        @inline(__always) func n(_ i: Int) -> Int { Int(plane[near + i]) }
        @inline(__always) func f(_ i: Int) -> Int { Int(plane[far + i]) }
        out[0] = (3 * n(0) + f(0) + 2) >> 2
        let pairs = (count - 1) >> 1
        if pairs > 0 {
            for x in 1...pairs {
                let average = n(x - 1) + n(x) + f(x - 1) + f(x) + 8
                out[2 * x - 1] = (((average + 2 * (n(x) + f(x - 1))) >> 3) + n(x - 1)) >> 1
                out[2 * x] = (((average + 2 * (n(x - 1) + f(x))) >> 3) + n(x)) >> 1
            }
        }
        if count & 1 == 0 {
            out[count - 1] = (3 * n(pairs) + f(pairs) + 2) >> 2
        }
    }

    /// The frame's RGBA pixels (`width × height`), with `alpha` (one byte per pixel) or 255.
    static func rgba(_ frame: VP8Frame, alpha: [UInt8]?) -> [UInt8] {
        let width = frame.width, height = frame.height
        let chromaRows = (height + 1) / 2
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        var u = [Int](repeating: 0, count: width)
        var v = [Int](repeating: 0, count: width)
        for row in 0..<height {
            // The chroma row closer to this row, and the other one it is interpolated with.
            let near: Int, far: Int
            if row == 0 {
                (near, far) = (0, 0)
            } else if row & 1 == 1 {
                near = (row - 1) >> 1
                far = min(near + 1, chromaRows - 1)
            } else {
                near = row >> 1
                far = near - 1
            }
            upsampleRow(frame.u, near: near * frame.chromaStride, far: far * frame.chromaStride, count: width, into: &u)
            upsampleRow(frame.v, near: near * frame.chromaStride, far: far * frame.chromaStride, count: width, into: &v)
            let lumaRow = row * frame.lumaStride
            let out = row * width * 4
            for x in 0..<width {
                convert(y: Int(frame.y[lumaRow + x]), u: u[x], v: v[x], into: &pixels, at: out + x * 4)
            }
            if let alpha {
                for x in 0..<width { pixels[out + x * 4 + 3] = alpha[row * width + x] }
            }
        }
        return pixels
    }
}
