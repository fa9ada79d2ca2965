// MARK: - ContourKeys

/// The contours of an animated path's keyframes (each key's value and the value its segment ends
/// at) in one block of memory, read by address when a frame is written. Reading them out of the
/// track's keys copied each contour: its three lists retained, and released after, twelve
/// reference-count operations for every animated path of every frame.
///
/// Made once with the track and never changed: the memory is its own, freed with it.
final class ContourKeys: @unchecked Sendable {
    /// Where one list of points is in `points`.
    private struct Span {
        var start: Int
        var count: Int
    }

    /// A contour's three lists.
    private struct Lists {
        var vertices: Span
        var inTangents: Span
        var outTangents: Span
    }

    /// A key's value, the value its segment ends at, and whether its value is closed.
    private struct Entry {
        var value: Lists
        var end: Lists
        var closed: Bool
    }

    private let points: UnsafeMutableBufferPointer<Vector2>
    private let entries: UnsafeMutableBufferPointer<Entry>

    /// The contours of `keys`, values and segment ends, in the order of the keys. A segment's end
    /// that is the next key's value (bit for bit: the usual case) is read from that value, not
    /// stored again: the keys take half the memory, and a frame reads the points the frame
    /// before read as the segment's end (paths keyed every few frames were the largest stream of
    /// cache misses of evaluation).
    init(values: [BezierContour], ends: [BezierContour]) {
        let count = min(values.count, ends.count)
        let shared = (0..<count).map { $0 + 1 < count && Self.sameBits(ends[$0], values[$0 + 1]) }
        let total = (0..<count).reduce(0) {
            $0 + Self.pointCount(values[$1]) + (shared[$1] ? 0 : Self.pointCount(ends[$1]))
        }
        points = .allocate(capacity: total)
        entries = .allocate(capacity: count)
        var next = 0
        let stored = values.prefix(count).map { Self.store($0, in: points, at: &next) }
        for index in 0..<count {
            let end = shared[index] ? stored[index + 1] : Self.store(ends[index], in: points, at: &next)
            let entry = Entry(value: stored[index], end: end, closed: values[index].closed)
            entries.initializeElement(at: index, to: entry)
        }
    }

    deinit {
        points.deallocate()
        entries.deallocate()
    }

    /// How many keys it holds.
    var count: Int { entries.count }

    /// How many points it stores (each of a contour's three lists counts).
    var storedPoints: Int { points.count }

    // MARK: Writing a frame

    /// Writes key `index`'s value into `contour` (`BezierContour.set(to:)`), or, with `amount`,
    /// that far from it to its segment's end (`BezierContour.setToLerp`): the same points.
    func write(key index: Int, amount: Double?, into contour: inout BezierContour) {
        write(key: index, amount: amount, into: &contour, moving: { $0 }, turning: { $0 })
    }

    /// What `write(key:amount:into:)` writes, moved by `transform` (`BezierContour.apply(_:)`) as
    /// it is written: the same points, without going over them a second time.
    func write(key index: Int, amount: Double?, applying transform: AffineMatrix, into contour: inout BezierContour) {
        guard entries.indices.contains(index) else { return contour.apply(transform) }
        write(key: index, amount: amount, into: &contour,
              moving: { transform.apply(to: $0) }, turning: { transform.applyLinear(to: $0) })
    }

    /// `moving` maps vertices, `turning` tangents.
    @inline(__always)
    private func write(key index: Int, amount: Double?, into contour: inout BezierContour,
                       moving: (Vector2) -> Vector2, turning: (Vector2) -> Vector2) {
        guard entries.indices.contains(index) else { return }
        let entry = entries[index]
        guard let amount else {
            copy(entry.value.vertices, into: &contour.vertices, map: moving)
            copy(entry.value.inTangents, into: &contour.inTangents, map: turning)
            copy(entry.value.outTangents, into: &contour.outTangents, map: turning)
            contour.closed = entry.closed
            return
        }
        let count = min(entry.value.vertices.count, entry.end.vertices.count)
        lerp(entry.value.vertices, entry.end.vertices, count: count, amount: amount, into: &contour.vertices,
             map: moving)
        lerp(entry.value.inTangents, entry.end.inTangents, count: count, amount: amount, into: &contour.inTangents,
             map: turning)
        lerp(entry.value.outTangents, entry.end.outTangents, count: count, amount: amount,
             into: &contour.outTangents, map: turning)
        contour.closed = entry.closed
    }

    // Indices are added with `&+`: a span lies inside `points` (made so in `init`), so the sum
    // cannot overflow, and the checks were four of the 27 instructions each point took.
    @inline(__always)
    private func copy(_ span: Span, into list: inout [Vector2], map: (Vector2) -> Vector2) {
        let points = self.points
        list.overwrite(count: span.count) { map(points[span.start &+ $0]) }
    }

    @inline(__always)
    private func lerp(_ from: Span, _ to: Span, count: Int, amount: Double, into list: inout [Vector2],
                      map: (Vector2) -> Vector2) {
        let count = min(count, from.count, to.count)
        let points = self.points
        list.overwrite(count: count) { map(points[from.start &+ $0].lerp(to: points[to.start &+ $0], amount)) }
    }

    // MARK: Storing

    /// Whether two contours hold the same points to the bit (`==` would take -0 for 0).
    private static func sameBits(_ a: BezierContour, _ b: BezierContour) -> Bool {
        sameBits(a.vertices, b.vertices) && sameBits(a.inTangents, b.inTangents)
            && sameBits(a.outTangents, b.outTangents)
    }

    private static func sameBits(_ a: [Vector2], _ b: [Vector2]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy {
            $0.x.bitPattern == $1.x.bitPattern && $0.y.bitPattern == $1.y.bitPattern
        }
    }

    private static func pointCount(_ contour: BezierContour) -> Int {
        contour.vertices.count + contour.inTangents.count + contour.outTangents.count
    }

    private static func store(_ contour: BezierContour, in points: UnsafeMutableBufferPointer<Vector2>,
                              at next: inout Int) -> Lists {
        Lists(vertices: store(contour.vertices, in: points, at: &next),
              inTangents: store(contour.inTangents, in: points, at: &next),
              outTangents: store(contour.outTangents, in: points, at: &next))
    }

    private static func store(_ list: [Vector2], in points: UnsafeMutableBufferPointer<Vector2>,
                              at next: inout Int) -> Span {
        let span = Span(start: next, count: list.count)
        for point in list {
            points.initializeElement(at: next, to: point)
            next += 1
        }
        return span
    }
}
