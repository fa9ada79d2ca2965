import Foundation

// MARK: - MergeMemo

/// The paths a merge last combined and what came out, kept for the next frame.
///
/// A Boolean operation costs far more than comparing its paths, and merges mostly combine paths
/// that do not move: then every frame hands the merge the same paths and they are combined once.
/// Shared by every thread evaluating the timeline, hence the lock; a frame never waits on
/// another's combining, only on a copy.
final class MergeMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var operands = KeptContours()
    private var tolerance = Double.nan
    /// The result for `operands` at `tolerance`; nil when the operation passed its limit.
    private var result: [BezierContour]?

    /// `combine()` of the paths of `slots` at `tolerance`, or what it gave the last time it was
    /// asked with the same paths and tolerance.
    func result(of slots: ArraySlice<[BezierContour]>, tolerance: Double,
                combine: () -> [BezierContour]?) -> [BezierContour]? {
        lock.lock()
        let known = tolerance == self.tolerance && operands.matches(slots)
        let kept = result
        lock.unlock()
        if known { return kept }
        let combined = combine()
        lock.lock()
        operands.keep(slots)
        self.tolerance = tolerance
        result = combined
        lock.unlock()
        return combined
    }
}
