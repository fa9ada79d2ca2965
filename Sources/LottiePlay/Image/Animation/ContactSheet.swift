// MARK: - ContactSheet
//
// Frames laid out in a grid on one image, to see a whole animation at a glance.
//
// ## Geometry
//
// With frames of w×h, c columns and a gap of g pixels, frame i goes to column i mod c and row
// ⌊i / c⌋, its top-left corner at ((w + g)·column, (h + g)·row). The sheet is
// (c·w + (c − 1)·g) × (r·h + (r − 1)·g) for r = ⌈n / c⌉ rows: gaps only between cells, none around
// them. Without a column count the grid is as square as it can be: c = ⌈√n⌉. Gaps and the cells
// left empty in the last row are `gapColor`.

/// Lays out frames left to right, top to bottom, in a grid with gaps between them.
///
/// ```swift
/// let sheet = try ContactSheet(gap: 4).image(of: frames)   // 60 frames: 8 columns, 8 rows
/// ```
public struct ContactSheet: Sendable {
    /// The number of columns, or nil for ⌈√(frame count)⌉.
    public var columns: Int?
    /// Pixels between neighbouring cells.
    public var gap: Int
    /// The colour of the gaps and of empty cells.
    public var gapColor: RGBAImage.Pixel

    /// A sheet of `columns` columns (nil: as square as possible) with `gap` pixels of `gapColor`
    /// between cells.
    public init(columns: Int? = nil, gap: Int = 4, gapColor: RGBAImage.Pixel = .clear) {
        self.columns = columns
        self.gap = gap
        self.gapColor = gapColor
    }

    // MARK: Layout

    /// The number of columns used for `frameCount` frames (never more than the frames).
    public func columnCount(forFrames frameCount: Int) -> Int {
        if let columns { return max(1, min(columns, frameCount)) }
        var count = Int(Double(frameCount).squareRoot().rounded(.down))
        while count * count < frameCount { count += 1 }
        return max(1, count)
    }

    /// The sheet's size for `frameCount` frames of `width`×`height`.
    public func size(forFrames frameCount: Int, width: Int, height: Int) -> (width: Int, height: Int) {
        let columns = columnCount(forFrames: frameCount)
        let rows = (frameCount + columns - 1) / columns
        return (columns * width + (columns - 1) * max(gap, 0), rows * height + (rows - 1) * max(gap, 0))
    }

    /// The top-left corner of the cell of frame `index` (0-based) for frames of `width`×`height`.
    public func origin(ofFrame index: Int, frameCount: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        let columns = columnCount(forFrames: frameCount)
        return ((index % columns) * (width + max(gap, 0)), (index / columns) * (height + max(gap, 0)))
    }

    // MARK: Drawing

    /// The sheet of `frames` (all the same size), in order.
    /// - Throws: `AnimatedImageError` when there are no frames or their sizes differ.
    public func image(of frames: [RGBAImage]) throws(AnimatedImageError) -> RGBAImage {
        try AnimatedImageError.checkFrames(frames, maxSide: Int(Int32.max))
        let (width, height) = (frames[0].width, frames[0].height)
        let size = size(forFrames: frames.count, width: width, height: height)
        var sheet = RGBAImage(width: size.width, height: size.height, filledWith: gapColor)
        for (index, frame) in frames.enumerated() {
            let origin = origin(ofFrame: index, frameCount: frames.count, width: width, height: height)
            copy(frame, into: &sheet, x: origin.x, y: origin.y)
        }
        return sheet
    }

    /// Copies every row of `frame` into `sheet` with its top-left corner at (`x`, `y`).
    private func copy(_ frame: RGBAImage, into sheet: inout RGBAImage, x: Int, y: Int) {
        let rowBytes = frame.width * 4
        for row in 0..<frame.height {
            let source = row * rowBytes
            let destination = ((y + row) * sheet.width + x) * 4
            sheet.pixels.replaceSubrange(destination..<(destination + rowBytes),
                                         with: frame.pixels[source..<(source + rowBytes)])
        }
    }
}
