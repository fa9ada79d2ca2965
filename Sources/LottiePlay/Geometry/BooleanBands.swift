// MARK: - BooleanBands

/// Horizontal bands of equal height over the bundles of a `BooleanArrangement`, each band listing
/// the bundles that reach into it: those that a ray cast at some height may cross. Horizontal
/// bundles are never listed (a ray never counts them).
struct BooleanBands {
    /// The height of the first band's bottom, and how many bands one unit of height holds.
    private var low = 0.0
    private var perUnit = 0.0
    private var count = 1
    /// Band b lists `members[start[b] ..< start[b + 1]]`.
    private var start = [0, 0]
    private var members: [Int] = []

    /// Bands over `bundles` for `rays` rays: one band holding every bundle for up to
    /// `raysPerBand` rays (building bands costs more than the rays would save), else as many as
    /// the square root of the bundles that are not horizontal (at most 1024).
    init(_ bundles: [BooleanArrangement.Bundle], rays: Int) {
        guard rays > Self.raysPerBand else {
            start = [0, bundles.count]
            members = Array(bundles.indices)
            return
        }
        var low = Double.infinity, high = -Double.infinity, slanted = 0
        for bundle in bundles where bundle.start.y != bundle.end.y {
            let (y0, y1) = (bundle.start.y, bundle.end.y)
            slanted += 1
            low = Swift.min(low, Swift.min(y0, y1))
            high = Swift.max(high, Swift.max(y0, y1))
        }
        guard slanted > 0 else { return }
        self.low = low
        let count = Swift.max(1, Swift.min(1024, Int(Double(slanted).squareRoot())))
        self.count = count
        perUnit = Double(count) / (high - low)
        // Counted, then filled in.
        var start = [Int](repeating: 0, count: count + 1)
        for bundle in bundles where bundle.start.y != bundle.end.y {
            let (first, last) = bands(bundle.start.y, bundle.end.y)
            for band in first...last { start[band + 1] += 1 }
        }
        for band in 0..<count { start[band + 1] += start[band] }
        var members = [Int](repeating: 0, count: start[count])
        var filled = start
        for (number, bundle) in bundles.enumerated() where bundle.start.y != bundle.end.y {
            let (first, last) = bands(bundle.start.y, bundle.end.y)
            for band in first...last {
                members[filled[band]] = number
                filled[band] += 1
            }
        }
        self.start = start
        self.members = members
    }

    /// The most rays for which one band holding every bundle serves best.
    static let raysPerBand = 8

    /// The bundles reaching into the band of height `y` (every bundle when there is one band).
    func members(at y: Double) -> ArraySlice<Int> {
        let band = band(of: y)
        return members[start[band]..<start[band + 1]]
    }

    /// The bands a bundle from height `y0` to `y1` reaches into.
    private func bands(_ y0: Double, _ y1: Double) -> (first: Int, last: Int) {
        (band(of: Swift.min(y0, y1)), band(of: Swift.max(y0, y1)))
    }

    private func band(of y: Double) -> Int {
        // Also 0 for NaN; converting a positive value to Int rounds it down.
        let value = (y - low) * perUnit
        guard value > 0 else { return 0 }
        return Swift.min(Int(Swift.min(value, 1e9)), count - 1)
    }
}
