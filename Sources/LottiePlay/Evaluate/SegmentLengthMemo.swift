import Foundation

// MARK: - SegmentLengthMemo

/// The segment lengths of the contours a trim path last measured, kept for the next frame.
///
/// Measuring arc lengths is most of what a trim costs, and a trim usually animates over paths
/// that do not move: then every frame hands it the same contours (the very arrays compiled with
/// them, so comparing them costs nothing) and they are measured once. Contours that did change
/// are measured again and replace the remembered ones. Shared by every thread evaluating the
/// timeline, hence the lock; a frame never waits on another's measuring, only on the swap.
final class SegmentLengthMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var contours: [BezierContour] = []
    private var lengths: [Double] = []

    /// Every contour's ``BezierContour/segmentLengths()``, one contour after the other.
    func segmentLengths(of contours: [BezierContour]) -> [Double] {
        if let known = remembered(for: contours) { return known }
        var measured: [Double] = []
        for contour in contours { contour.appendSegmentLengths(to: &measured) }
        lock.lock()
        self.contours = contours
        lengths = measured
        lock.unlock()
        return measured
    }

    private func remembered(for contours: [BezierContour]) -> [Double]? {
        lock.lock()
        defer { lock.unlock() }
        return contours == self.contours ? lengths : nil
    }
}
