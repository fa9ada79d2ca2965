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

    /// A value with 6 fractional bits, rounded down and clamped to 0...255 (libwebp's `VP8Clip8`).
    @inline(__always)
    private static func clip8(_ value: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: min(max(value, 0), 16383) >> 6)
    }

    /// The chroma terms of the conversion of (u, v), added to each pixel's luma term.
    private struct Chroma {
        var red: Int, green: Int, blue: Int

        @inline(__always)
        init(u: Int, v: Int) {
            red = mulHi(v, 26149) - 14234
            green = -mulHi(u, 6419) - mulHi(v, 13320) + 8708
            blue = mulHi(u, 33050) - 17685
        }
    }

    /// Writes the RGB of luma `y` with `chroma` at `out[index ..< index + 3]`.
    @inline(__always)
    private static func put(_ y: Int, _ chroma: Chroma, _ out: VP8UncheckedBytes, _ index: Int) {
        let luma = mulHi(y, 19077)
        out[index] = clip8(luma + chroma.red)
        out[index + 1] = clip8(luma + chroma.green)
        out[index + 2] = clip8(luma + chroma.blue)
    }

    /// The 9-3-3-1 interpolation of chroma samples at the left (`a`) and right (`b`) of a pair of
    /// output pixels, in the nearer (`near…`) and farther (`far…`) chroma rows: the values for the
    /// left and the right pixel, as libwebp computes them.
    @inline(__always)
    private static func interpolate(nearA: Int, nearB: Int, farA: Int, farB: Int) -> (left: Int, right: Int) {
        let average = nearA + nearB + farA + farB + 8
        return ((((average + 2 * (nearB + farA)) >> 3) + nearA) >> 1,
                (((average + 2 * (nearA + farB)) >> 3) + nearB) >> 1)
    }

    /// The frame's RGBA pixels (`width × height`), with `alpha` (one byte per pixel) or 255.
    static func rgba(_ frame: inout VP8Frame, alpha: [UInt8]?) -> [UInt8] {
        let width = frame.width, height = frame.height
        let chromaRows = (height + 1) / 2, chromaColumns = (width + 1) / 2
        let lumaStride = frame.lumaStride, chromaStride = frame.chromaStride
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        pixels.withUncheckedBytes { out in
            frame.y.withUncheckedBytes { yPlane in
                frame.u.withUncheckedBytes { uPlane in
                    frame.v.withUncheckedBytes { vPlane in
                        for row in 0..<height {
                            // The chroma row closer to this row, and the other one it is
                            // interpolated with (the first row and an even height's last use one).
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
                            let nearRow = near * chromaStride, farRow = far * chromaStride
                            let lumaRow = row * lumaStride, outRow = row * width * 4
                            uPlane.require(min(nearRow, farRow), max(nearRow, farRow) + chromaColumns - 1)
                            vPlane.require(min(nearRow, farRow), max(nearRow, farRow) + chromaColumns - 1)
                            yPlane.require(lumaRow, lumaRow + width - 1)
                            out.require(outRow, outRow + width * 4 - 1)
                            convertRow(y: yPlane, u: uPlane, v: vPlane, lumaRow: lumaRow, nearRow: nearRow,
                                       farRow: farRow, width: width, out: out, at: outRow)
                        }
                    }
                }
            }
        }
        if let alpha {
            for index in 0..<(width * height) { pixels[index * 4 + 3] = alpha[index] }
        }
        return pixels
    }

    /// Converts one row: the first pixel from the first chroma column alone, then pairs of pixels
    /// between two chroma columns, then (even widths) the last pixel from the last column alone.
    @inline(__always)
    private static func convertRow(y: VP8UncheckedBytes, u: VP8UncheckedBytes, v: VP8UncheckedBytes, lumaRow: Int,
                                   nearRow: Int, farRow: Int, width: Int, out: VP8UncheckedBytes, at outRow: Int) {
        var nearU = u.int(nearRow), farU = u.int(farRow)
        var nearV = v.int(nearRow), farV = v.int(farRow)
        put(y.int(lumaRow), Chroma(u: (3 * nearU + farU + 2) >> 2, v: (3 * nearV + farV + 2) >> 2), out, outRow)
        let pairs = (width - 1) >> 1
        var x = 1
        while x <= pairs {
            let nextNearU = u.int(nearRow + x), nextFarU = u.int(farRow + x)
            let nextNearV = v.int(nearRow + x), nextFarV = v.int(farRow + x)
            let us = interpolate(nearA: nearU, nearB: nextNearU, farA: farU, farB: nextFarU)
            let vs = interpolate(nearA: nearV, nearB: nextNearV, farA: farV, farB: nextFarV)
            put(y.int(lumaRow + 2 * x - 1), Chroma(u: us.left, v: vs.left), out, outRow + (2 * x - 1) * 4)
            put(y.int(lumaRow + 2 * x), Chroma(u: us.right, v: vs.right), out, outRow + 2 * x * 4)
            (nearU, farU, nearV, farV) = (nextNearU, nextFarU, nextNearV, nextFarV)
            x += 1
        }
        if width & 1 == 0 {
            put(y.int(lumaRow + width - 1), Chroma(u: (3 * nearU + farU + 2) >> 2, v: (3 * nearV + farV + 2) >> 2),
                out, outRow + (width - 1) * 4)
        }
    }
}
