import LottieModel

// MARK: - CoverageCache
//
// The coverage of polygons that a sequence of frames fills again and again, as rlottie keeps
// the spans of a path that did not change. Rasterizing is most of the time of many files (a
// still part inside a layer that moves elsewhere, a shape whose own animation is over), and the
// same polygon, fill rule and box (the polygon's bounds within the clip) always give the same
// coverage: replaying it paints exactly the pixels rasterizing again would.
//
// A polygon is kept from the second consecutive frame that fills it (the first frame only notes
// it), so that what moves every frame costs a hash and no copy. Polygons are found by a hash of
// their points and compared in full before their coverage is used. What a frame did not fill is
// let go at its end, and the values kept stay within a budget: four canvases' worth, and at most
// 2^22 values (16 MB) whatever the size.

/// The coverage of polygons filled in the frame before, with the polygon, rule and box that
/// made it. Used by one frame at a time (`CanvasCheckpoints`).
final class CoverageCache {
    /// One polygon's coverage, as segments `(y, minX, count, offset into values)` of its rows:
    /// runs of full coverage have no values (offset -1), runs without coverage are left out.
    final class Entry {
        let points: [Vector2]
        let contourEnds: [Int]
        let rule: FillRule
        let box: PixelRect
        fileprivate(set) var segments: [SIMD4<Int32>] = []
        fileprivate(set) var values: [Float] = []
        fileprivate var frame = 0

        fileprivate init(_ polygon: Polygon, rule: FillRule, box: PixelRect) {
            points = polygon.points
            contourEnds = polygon.contourEnds
            self.rule = rule
            self.box = box
        }

        /// Whether this is the coverage of `polygon` filled with `rule` in `box`.
        fileprivate func holds(_ polygon: Polygon, rule: FillRule, box: PixelRect) -> Bool {
            self.rule == rule && self.box == box && points == polygon.points && contourEnds == polygon.contourEnds
        }

        /// Runs shorter than this stay among the values (a segment costs more than a few values).
        private static let shortestRun = 8

        /// Keeps one row of coverage.
        func record(_ span: CoverageSpan) {
            var start = 0
            var index = 0
            /// Ends the values segment `start ..< end`, if it is not empty.
            func keepValues(upTo end: Int) {
                guard end > start else { return }
                segments.append(Self.segment(span.y, span.minX + start, end - start, offset: values.count))
                values.append(contentsOf: UnsafeBufferPointer(start: span.values + start, count: end - start))
            }
            while index < span.count {
                let value = span.values[index]
                guard value >= 1 || value == 0 else {
                    index += 1
                    continue
                }
                var end = index + 1
                while end < span.count, value >= 1 ? span.values[end] >= 1 : span.values[end] == 0 { end += 1 }
                if end - index >= Self.shortestRun {
                    keepValues(upTo: index)
                    if value >= 1 { segments.append(Self.segment(span.y, span.minX + index, end - index, offset: -1)) }
                    start = end
                }
                index = end
            }
            keepValues(upTo: span.count)
        }

        private static func segment(_ y: Int, _ minX: Int, _ count: Int, offset: Int) -> SIMD4<Int32> {
            SIMD4(Int32(truncatingIfNeeded: y), Int32(truncatingIfNeeded: minX), Int32(truncatingIfNeeded: count),
                  Int32(truncatingIfNeeded: offset))
        }

        /// Hands over the segments kept, top to bottom and left to right; runs of full coverage
        /// read from `ones` (at least as long as the longest).
        func replay(ones: UnsafePointer<Float>, _ body: (CoverageSpan) -> Void) {
            values.withUnsafeBufferPointer { values in
                for segment in segments {
                    let offset = Int(segment[3])
                    let coverage = offset < 0 ? ones : (values.baseAddress ?? ones) + offset
                    body(CoverageSpan(y: Int(segment[0]), minX: Int(segment[1]), count: Int(segment[2]),
                                      values: coverage))
                }
            }
        }
    }

    private var entries: [UInt64: Entry] = [:]
    /// Full coverage, for the runs of it: as long as a canvas row.
    private var ones: [Float] = []
    /// The hashes of the polygons filled in this frame and in the one before.
    private var filled: Set<UInt64> = []
    private var filledBefore: Set<UInt64> = []
    private var frame = 0
    /// Coverage values kept, and how many may be.
    private var kept = 0
    private var budget = 0

    /// Polygons whose box has fewer pixels are rasterized every time: they cost little more than
    /// finding them would.
    private static let smallestArea = 1024

    /// Starts a frame on canvases of `width` x `height` pixels.
    func begin(width: Int, height: Int) {
        frame += 1
        budget = Swift.min(4 * width * height, 1 << 22)
        if ones.count < width { ones = Array(repeating: 1, count: width) }
    }

    /// Hands over the coverage kept in `entry` (see `Entry.replay`).
    func replay(_ entry: Entry, _ body: (CoverageSpan) -> Void) {
        ones.withUnsafeBufferPointer { ones in
            guard let base = ones.baseAddress else { return }
            entry.replay(ones: base, body)
        }
    }

    /// The coverage of `polygon` with `rule` in `box` (its bounds within the clip) when it is
    /// kept; otherwise nil, and `record` is an entry to fill with the coverage when the polygon is
    /// worth keeping. (The rasterizer's coverage depends on the clip only through that box,
    /// `CoverageRasterizer.rasterize`: polygons are told apart by it.)
    func lookup(_ polygon: Polygon, rule: FillRule, box: PixelRect) -> (kept: Entry?, record: Entry?) {
        guard box.width * box.height >= Self.smallestArea else { return (nil, nil) }
        let key = Self.hash(polygon, rule: rule, box: box)
        filled.insert(key)
        if let entry = entries[key], entry.holds(polygon, rule: rule, box: box) {
            entry.frame = frame
            return (entry, nil)
        }
        guard filledBefore.contains(key), entries[key] == nil, kept < budget else { return (nil, nil) }
        // Counted as kept from now on, so that one frame does not start more than the budget.
        kept += box.width
        let entry = Entry(polygon, rule: rule, box: box)
        entry.frame = frame
        entries[key] = entry
        return (nil, entry)
    }

    /// Ends the frame: lets go of what it did not fill.
    func finish() {
        kept = 0
        for (key, entry) in entries {
            if entry.frame == frame {
                kept += entry.values.count
            } else {
                entries[key] = nil
            }
        }
        swap(&filled, &filledBefore)
        filled.removeAll(keepingCapacity: true)
    }

    /// Forgets everything.
    func forget() {
        entries = [:]
        filled = []
        filledBefore = []
        kept = 0
    }

    /// FNV-1a over the bit patterns of the points, the contour ends, the rule and the box.
    private static func hash(_ polygon: Polygon, rule: FillRule, box: PixelRect) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        @inline(__always)
        func mix(_ value: UInt64) {
            hash = (hash ^ value) &* 0x0000_0100_0000_01B3
        }
        for point in polygon.points {
            mix(point.x.bitPattern)
            mix(point.y.bitPattern)
        }
        for end in polygon.contourEnds { mix(UInt64(truncatingIfNeeded: end)) }
        mix(rule == .evenOdd ? 1 : 0)
        for edge in [box.minX, box.minY, box.maxX, box.maxY] { mix(UInt64(truncatingIfNeeded: edge)) }
        return hash
    }
}
