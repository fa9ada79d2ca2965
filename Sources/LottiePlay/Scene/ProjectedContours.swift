import LottieModel

// MARK: - ProjectedContours

/// Contours of a layer's plane carried onto the canvas through a `LayerProjection`: a
/// perspective keeps straight lines straight but not curves, so each curved segment is cut into
/// pieces first (more for a segment that comes out larger), and the resulting polygon is cut
/// where it passes behind the camera's near plane (what lies behind is not drawn).
struct ProjectedContours {
    let projection: LayerProjection
    /// The points curves may still be cut into; once used up, curves are drawn as their chords,
    /// so that hostile geometry cannot make the projection take unbounded memory.
    private var pointBudget: Int

    init(_ projection: LayerProjection, pointBudget: Int = 1 << 20) {
        self.projection = projection
        self.pointBudget = pointBudget
    }

    /// `contour` on the canvas: one polygon for a closed contour (empty when all of it is
    /// behind the camera), the runs in front of the camera for an open one.
    mutating func project(_ contour: BezierContour) -> [BezierContour] {
        let points = seen(contour)
        if contour.closed {
            let kept = Self.clipClosed(points)
            return kept.isEmpty ? [] : [BezierContour(polygon: kept.map(projection.onCanvas), closed: true)]
        }
        return Self.clipOpen(points).map { BezierContour(polygon: $0.map(projection.onCanvas), closed: false) }
    }

    /// A closed outline (a mask's) on the canvas as one contour, empty when behind the camera.
    mutating func projectOutline(_ contour: BezierContour) -> BezierContour {
        var closed = contour
        closed.closed = true
        return project(closed).first ?? BezierContour(polygon: [], closed: true)
    }

    /// How much the projection enlarges lengths near `point` (the square root of its area
    /// scale), 1 when the point is behind the camera: stroke widths and dashes are scaled by it.
    func lengthScale(at point: Vector2) -> Double {
        guard let tangent = projection.tangentMap(at: point) else { return 1 }
        let area = abs(tangent.a * tangent.d - tangent.b * tangent.c)
        return area.isFinite ? area.squareRoot() : 1
    }

    // MARK: Cutting curves

    /// The contour's points in the camera's space: vertices, and pieces of curved segments.
    private mutating func seen(_ contour: BezierContour) -> [PlainVector3] {
        guard let first = contour.vertices.first else { return [] }
        var points = [projection.inCameraSpace(first)]
        for index in 0..<contour.segmentCount {
            let segment = contour.segment(index)
            let next = index + 1 == contour.vertices.count ? 0 : index + 1
            let straight = contour.outTangents[index] == .zero && contour.inTangents[next] == .zero
            let pieces = straight ? 1 : pieceCount(segment)
            for piece in 1...pieces {
                points.append(projection.inCameraSpace(segment.point(at: Double(piece) / Double(pieces))))
            }
        }
        if contour.closed, points.count > 1 { points.removeLast() }  // The last segment came back to the first vertex.
        return points
    }

    /// Pieces for a curved segment: about one for every 4 units of its control polygon on the
    /// canvas, 2 to 32 (16 when part of it is behind the camera), 1 when the budget is spent.
    private mutating func pieceCount(_ segment: CubicSegment) -> Int {
        guard pointBudget > 0 else { return 1 }
        let controls = [segment.p0, segment.c1, segment.c2, segment.p3].map(projection.apply(to:))
        var pieces = 16
        if let c0 = controls[0], let c1 = controls[1], let c2 = controls[2], let c3 = controls[3] {
            let length = (c1 - c0).length + (c2 - c1).length + (c3 - c2).length
            pieces = length.isFinite ? Int(min(max(length / 4, 2), 32)) : 2
        }
        pointBudget -= pieces
        return pieces
    }

    // MARK: Near plane

    /// The point where the segment from `a` to `b` crosses the near plane.
    private static func crossing(_ a: PlainVector3, _ b: PlainVector3) -> PlainVector3 {
        let t = (LayerProjection.nearDistance - a.z) / (b.z - a.z)
        return a + (b - a) * t
    }

    private static func isInFront(_ point: PlainVector3) -> Bool {
        point.z >= LayerProjection.nearDistance && point.isFinite
    }

    /// The part of a polygon in front of the near plane (Sutherland and Hodgman's clipping
    /// against one plane: one polygon, or none).
    static func clipClosed(_ points: [PlainVector3]) -> [PlainVector3] {
        guard let last = points.last else { return [] }
        if points.allSatisfy(isInFront) { return points }
        var kept: [PlainVector3] = []
        var previous = last
        for point in points {
            switch (isInFront(previous), isInFront(point)) {
            case (true, true): kept.append(point)
            case (true, false): if previous.isFinite && point.isFinite { kept.append(crossing(previous, point)) }
            case (false, true):
                if previous.isFinite { kept.append(crossing(previous, point)) }
                kept.append(point)
            case (false, false): break
            }
            previous = point
        }
        return kept.count >= 3 ? kept : []
    }

    /// The runs of a polyline in front of the near plane.
    static func clipOpen(_ points: [PlainVector3]) -> [[PlainVector3]] {
        var runs: [[PlainVector3]] = []
        var run: [PlainVector3] = []
        var previous: PlainVector3?
        for point in points {
            let front = isInFront(point)
            if let previous, isInFront(previous) != front, previous.isFinite, point.isFinite {
                run.append(crossing(previous, point))
            }
            if front {
                run.append(point)
            } else if !run.isEmpty {
                if run.count >= 2 { runs.append(run) }
                run = []
            }
            previous = point
        }
        if run.count >= 2 { runs.append(run) }
        return runs
    }
}
