// MARK: - KeptContours

/// Copies of the contours a memo last saw, to tell whether the next frame hands it the same.
///
/// The copies live in storage of their own: keeping the contours themselves would share their
/// storage, which the evaluation writes over at the next frame (and would then copy).
struct KeptContours {
    private var contours: [BezierContour] = []

    /// Whether the contours of `slots`, one after the other, are the ones kept.
    func matches(_ slots: ArraySlice<[BezierContour]>) -> Bool {
        var index = 0
        for slot in slots {
            for contour in slot {
                guard index < contours.count, contours[index] == contour else { return false }
                index += 1
            }
        }
        return index == contours.count
    }

    /// Keeps copies of the contours of `slots`, over the ones kept before.
    mutating func keep(_ slots: ArraySlice<[BezierContour]>) {
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
    }

    /// Copies `source` into `list`'s own storage (never sharing `source`'s).
    static func overwrite<Element>(_ list: inout [Element], with source: [Element]) {
        list.removeAll(keepingCapacity: true)
        list.append(contentsOf: source)
    }
}
