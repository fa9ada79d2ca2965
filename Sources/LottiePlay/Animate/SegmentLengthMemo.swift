import Foundation

// MARK: - SegmentLengthMemo

/// The segment lengths of the contours a trim path last measured, kept for the next frame.
///
/// Measuring arc lengths is most of what a trim costs, and a trim usually animates over paths
/// that do not move: then every frame hands it the same contours (comparing their points costs
/// far less than measuring curves) and they are measured once. Contours that did change are
/// measured again and replace the remembered ones. Shared by every thread evaluating the
/// timeline, hence the lock; a frame never waits on another's measuring, only on a copy.
final class SegmentLengthMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var contours = KeptContours()
    private var lengths: [Double] = []

    /// Every contour's ``BezierContour/segmentLengths()``, one contour after the other.
    func segmentLengths(of contours: [BezierContour]) -> [Double] {
        var lengths: [Double] = []
        writeSegmentLengths(of: [contours][...], into: &lengths)
        return lengths
    }

    /// Writes the segment lengths of the contours of `slots`, one after the other, over `lengths`
    /// (its storage kept).
    func writeSegmentLengths(of slots: ArraySlice<[BezierContour]>, into lengths: inout [Double]) {
        lock.lock()
        let known = contours.matches(slots)
        if known { KeptContours.overwrite(&lengths, with: self.lengths) }
        lock.unlock()
        guard !known else { return }
        lengths.removeAll(keepingCapacity: true)
        for slot in slots {
            for contour in slot { contour.appendSegmentLengths(to: &lengths) }
        }
        lock.lock()
        contours.keep(slots)
        KeptContours.overwrite(&self.lengths, with: lengths)
        lock.unlock()
    }
}
