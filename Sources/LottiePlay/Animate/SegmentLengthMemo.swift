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
    private var contours: [BezierContour] = []
    private var lengths: [Double] = []

    /// Every contour's ``BezierContour/segmentLengths()``, one contour after the other.
    func segmentLengths(of contours: [BezierContour]) -> [Double] {
        var lengths: [Double] = []
        writeSegmentLengths(of: [contours][...], into: &lengths)
        return lengths
    }

    /// Writes the segment lengths of the contours of `slots`, one after the other, over `lengths`
    /// (its storage kept). The memory keeps copies of the contours in storage of its own: keeping
    /// the contours themselves would share their storage, which the evaluation writes over at the
    /// next frame (and would then copy).
    func writeSegmentLengths(of slots: ArraySlice<[BezierContour]>, into lengths: inout [Double]) {
        lock.lock()
        let known = remembers(slots)
        if known { Self.overwrite(&lengths, with: self.lengths) }
        lock.unlock()
        guard !known else { return }
        lengths.removeAll(keepingCapacity: true)
        for slot in slots {
            for contour in slot { contour.appendSegmentLengths(to: &lengths) }
        }
        lock.lock()
        remember(slots, lengths: lengths)
        lock.unlock()
    }

    // MARK: Kept contours (under the lock)

    private func remembers(_ slots: ArraySlice<[BezierContour]>) -> Bool {
        var index = 0
        for slot in slots {
            for contour in slot {
                guard index < contours.count, contours[index] == contour else { return false }
                index += 1
            }
        }
        return index == contours.count
    }

    private func remember(_ slots: ArraySlice<[BezierContour]>, lengths measured: [Double]) {
        var index = 0
        for slot in slots {
            for contour in slot {
                if index == contours.count {
                    contours.append(BezierContour(vertices: [], inTangents: [], outTangents: [], closed: false))
                }
                Self.overwrite(&contours[index].vertices, with: contour.vertices)
                Self.overwrite(&contours[index].inTangents, with: contour.inTangents)
                Self.overwrite(&contours[index].outTangents, with: contour.outTangents)
                contours[index].closed = contour.closed
                index += 1
            }
        }
        contours.removeLast(contours.count - index)
        Self.overwrite(&lengths, with: measured)
    }

    /// Copies `source` into `list`'s own storage (never sharing `source`'s).
    private static func overwrite<Element>(_ list: inout [Element], with source: [Element]) {
        list.removeAll(keepingCapacity: true)
        list.append(contentsOf: source)
    }
}
