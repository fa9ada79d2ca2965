// MARK: - Chroma upsampling
//
// A component sampled at h×v of the frame's maxH×maxV covers maxH/h × maxV/v pixels per sample.
// Like libjpeg's default ("fancy") upsampling, 2× horizontal (4:2:2) and 2×2 (4:2:0) use triangle
// filters that weigh the nearer sample 3/4 and the other 1/4 (for 2×2, in both directions), with
// libjpeg's exact rounding biases, and repeat the edge sample past the component's last real column
// and row. Every other ratio (4:1:1, 4:4:0, 3×, 4×…) repeats each sample over the pixels it covers,
// which is also what libjpeg does for them (libjpeg-turbo smooths 4:4:0 vertically too; not here).
//
// Upsampling makes one output row at a time, into a row the colour conversion reads next
// (`JPEGColor.convert`), so no upsampled plane is ever allocated.

/// How one component becomes full-resolution rows.
struct JPEGUpsampling {
    /// Output pixels per sample, across and down.
    let factorX: Int
    let factorY: Int
    /// The component's samples.
    let plane: JPEGIDCT.Plane
    /// Pixels per output row.
    let width: Int

    init(component: JPEGComponent, plane: JPEGIDCT.Plane, frame: JPEGFrame) {
        factorX = frame.maxHorizontal / component.horizontal
        factorY = frame.maxVertical / component.vertical
        self.plane = plane
        width = frame.width
    }

    /// Whether output rows need computing (rather than being rows of the plane as they are).
    var filtersRows: Bool { factorX != 1 }

    /// The plane row that output row `y` repeats (no horizontal upsampling).
    func planeRow(_ y: Int, _ samples: JPEGSampleStorage) -> JPEGRow {
        samples.row(at: plane.offset + min(y / factorY, plane.height - 1) * plane.stride, length: width)
    }

    /// Output row `y` into `output` (`width` bytes).
    func upsampleRow(_ y: Int, _ samples: JPEGSampleStorage, into output: JPEGRow) {
        let lastColumn = plane.width - 1
        // Whole rows of the plane, the padding after the component's last column included: the
        // filters below read 16 bytes at a time, and what they read past the last column is not used.
        let row = { (index: Int) in samples.row(at: self.plane.offset + index * self.plane.stride, length: self.plane.stride) }
        if factorX == 2 && factorY == 1 {
            let input = row(y)
            Self.fancyHorizontal(input, lastColumn: lastColumn, width: width, into: output)
        } else if factorX == 2 && factorY == 2 {
            let inRow = y >> 1
            let otherRow = y & 1 == 0 ? max(inRow - 1, 0) : min(inRow + 1, plane.height - 1)
            Self.fancyBoth(near: row(inRow), other: row(otherRow), lastColumn: lastColumn, width: width, into: output)
        } else {
            let input = row(min(y / factorY, plane.height - 1))
            for x in 0..<width {
                output[x] = input[min(x / factorX, lastColumn)]
            }
        }
    }

    /// 2× across: each output pair from its sample (×3) and the neighbour on its side.
    private static func fancyHorizontal(_ input: JPEGRow, lastColumn: Int, width: Int, into output: JPEGRow) {
        func pair(_ column: Int) {
            let near = 3 * Int(input[column])
            let left = Int(input[max(column - 1, 0)]), right = Int(input[min(column + 1, lastColumn)])
            let x = 2 * column
            if x < width { output[x] = UInt8(truncatingIfNeeded: (near + left + 1) >> 2) }
            if x + 1 < width { output[x + 1] = UInt8(truncatingIfNeeded: (near + right + 2) >> 2) }
        }
        pair(0)
        // Eight columns at a time (from the 16 bytes starting at the left neighbour of the first)
        // while their right neighbours are real columns.
        var column = 1
        while column + 8 <= lastColumn && column + 15 <= input.count {
            let bytes = input.load16(column - 1)
            let near = JPEGLanes.uint16(bytes, from: 1) &* 3
            let even = (near &+ JPEGLanes.uint16(bytes, from: 0) &+ 1) &>> 2
            let odd = (near &+ JPEGLanes.uint16(bytes, from: 2) &+ 2) &>> 2
            output.storePairs(2 * column, even | odd &<< 8)
            column += 8
        }
        while column <= lastColumn {
            pair(column)
            column += 1
        }
    }

    /// 2×2: column sums of the nearer row (×3) and the other row, then the same across.
    private static func fancyBoth(near: JPEGRow, other: JPEGRow, lastColumn: Int, width: Int, into output: JPEGRow) {
        func sum(_ column: Int) -> Int { 3 * Int(near[column]) + Int(other[column]) }
        func pair(_ column: Int) {
            let this = 3 * sum(column)
            let x = 2 * column
            if x < width { output[x] = UInt8(truncatingIfNeeded: (this + sum(max(column - 1, 0)) + 8) >> 4) }
            if x + 1 < width { output[x + 1] = UInt8(truncatingIfNeeded: (this + sum(min(column + 1, lastColumn)) + 7) >> 4) }
        }
        pair(0)
        // Eight columns at a time (from the 16 bytes starting at the left neighbour of the first)
        // while their right neighbours are real columns.
        var column = 1
        while column + 8 <= lastColumn && column + 15 <= near.count && column + 15 <= other.count {
            let nearBytes = near.load16(column - 1), otherBytes = other.load16(column - 1)
            let this = columnSums(nearBytes, otherBytes, from: 1) &* 3
            let even = (this &+ columnSums(nearBytes, otherBytes, from: 0) &+ 8) &>> 4
            let odd = (this &+ columnSums(nearBytes, otherBytes, from: 2) &+ 7) &>> 4
            output.storePairs(2 * column, even | odd &<< 8)
            column += 8
        }
        while column <= lastColumn {
            pair(column)
            column += 1
        }
    }

    /// 3 × near + other, for the eight columns from lane `first` of both.
    @inline(__always)
    private static func columnSums(_ near: SIMD16<UInt8>, _ other: SIMD16<UInt8>, from first: Int) -> SIMD8<UInt16> {
        JPEGLanes.uint16(near, from: first) &* 3 &+ JPEGLanes.uint16(other, from: first)
    }
}
