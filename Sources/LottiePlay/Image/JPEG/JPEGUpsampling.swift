// MARK: - Chroma upsampling
//
// A component sampled at h×v of the frame's maxH×maxV covers maxH/h × maxV/v pixels per sample.
// Like libjpeg's default ("fancy") upsampling, 2× horizontal (4:2:2) and 2×2 (4:2:0) use triangle
// filters that weigh the nearer sample 3/4 and the other 1/4 (for 2×2, in both directions), with
// libjpeg's exact rounding biases, and repeat the edge sample past the component's last real column
// and row. Every other ratio (4:1:1, 4:4:0, 3×, 4×…) repeats each sample over the pixels it covers,
// which is also what libjpeg does for them (libjpeg-turbo smooths 4:4:0 vertically too; not here).

enum JPEGUpsampling {
    /// The component's samples at full resolution: `width` × `height` bytes with the returned
    /// stride. A full-resolution component is returned as it is (its stride is the plane's).
    static func upsample(_ plane: [UInt8], stride: Int, component: JPEGComponent, frame: JPEGFrame)
        -> (samples: [UInt8], stride: Int) {
        let factorX = frame.maxHorizontal / component.horizontal
        let factorY = frame.maxVertical / component.vertical
        if factorX == 1 && factorY == 1 { return (plane, stride) }
        let width = frame.width, height = frame.height
        let lastColumn = component.width - 1, lastRow = component.height - 1
        var output = [UInt8](repeating: 0, count: width * height)
        if factorX == 2 && factorY == 1 {
            for y in 0..<height {
                let row = y * stride, out = y * width
                for x in 0..<width {
                    let column = x >> 1
                    let near = 3 * Int(plane[row + column])
                    if x & 1 == 0 {
                        output[out + x] = UInt8((near + Int(plane[row + max(column - 1, 0)]) + 1) >> 2)
                    } else {
                        output[out + x] = UInt8((near + Int(plane[row + min(column + 1, lastColumn)]) + 2) >> 2)
                    }
                }
            }
        } else if factorX == 2 && factorY == 2 {
            // Column sums of the nearer row (×3) and the other row, per output row.
            var sums = [Int](repeating: 0, count: component.width)
            for y in 0..<height {
                let inRow = y >> 1
                let otherRow = y & 1 == 0 ? max(inRow - 1, 0) : min(inRow + 1, lastRow)
                let near = inRow * stride, other = otherRow * stride
                for column in 0..<component.width {
                    sums[column] = 3 * Int(plane[near + column]) + Int(plane[other + column])
                }
                let out = y * width
                for x in 0..<width {
                    let column = x >> 1
                    let this = 3 * sums[column]
                    if x & 1 == 0 {
                        output[out + x] = UInt8((this + sums[max(column - 1, 0)] + 8) >> 4)
                    } else {
                        output[out + x] = UInt8((this + sums[min(column + 1, lastColumn)] + 7) >> 4)
                    }
                }
            }
        } else {
            for y in 0..<height {
                let row = min(y / factorY, lastRow) * stride, out = y * width
                for x in 0..<width {
                    output[out + x] = plane[row + min(x / factorX, lastColumn)]
                }
            }
        }
        return (output, width)
    }
}
