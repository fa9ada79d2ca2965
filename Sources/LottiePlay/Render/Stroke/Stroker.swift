import Foundation

// MARK: - Stroker
//
// A stroke becomes a polygon that is then filled non-zero. The path is flattened first (in layer
// space, with the flattening tolerance divided by the transform's largest scale so that it is
// a tenth of a device pixel), dashed if it has dashes (`Dasher`), and each polyline is
// outlined in layer space:
//
// - An open polyline becomes one closed outline: its left offset forward, the end cap, its left
//   offset backward (the right side), the start cap.
// - A closed polyline becomes two closed outlines: the left offset forward and the left offset of
//   the reversed polyline, each with joins at every vertex, the seam included.
// - At a vertex the side on the outside of the turn gets the join (miter, round or bevel; a
//   miter longer than `miterLimit` times the width becomes a bevel, as in SVG); the inside goes
//   through the vertex itself (the "pivot" detour of Skia and FreeType), which keeps every
//   region's winding positive so that a non-zero fill draws the union of the stroke's pieces.
//
// The outline is mapped to device space at the end, so a non-uniform scale stretches the stroke
// as it does the path. Round caps and joins are arcs cut into steps of at most the tolerance.

struct Stroker {
    var style: StrokeStyleValues
    /// Layer to device.
    var transform: AffineMatrix
    /// Flattening tolerance in device pixels.
    var tolerance: Double = 0.1
    /// The most dashes drawn for one stroke (a runaway pattern must not cost millions).
    static let maxDashes = 100_000

    /// The stroke's outline in device pixels, to be filled non-zero.
    func outline(of paths: [BezierContour]) -> Polygon {
        var polygon = Polygon()
        let scale = transform.maxScale
        guard style.width > 0, style.width.isFinite, scale > 0, scale.isFinite else { return polygon }
        let layerTolerance = tolerance / scale
        var builder = StrokeOutliner(halfWidth: style.width / 2, style: style, tolerance: layerTolerance)
        var dasher = Dasher(pattern: style.dashes, offset: style.dashOffset, maxDashes: Self.maxDashes)
        var points: [Vector2] = []
        // A lone vertex (a "move to" and nothing else) is not stroked, as in SVG and the players;
        // a segment of zero length is, and shows its caps.
        for contour in paths where contour.vertices.count >= 2 {
            points.removeAll(keepingCapacity: true)
            Flattening.append(contour, transform: .identity, tolerance: layerTolerance, to: &points)
            removeDuplicates(&points, closed: contour.closed)
            if dasher.isActive {
                dasher.dash(points, closed: contour.closed) { dash in
                    builder.stroke(dash, closed: false, into: &polygon)
                }
            } else {
                builder.stroke(points[...], closed: contour.closed, into: &polygon)
            }
        }
        polygon.transform(by: transform)
        return polygon
    }

    /// Drops points equal to the previous one (and, when closed, a last point equal to the first).
    private func removeDuplicates(_ points: inout [Vector2], closed: Bool) {
        guard points.count > 1 else { return }
        var kept = 1
        for index in 1..<points.count where points[index] != points[kept - 1] {
            points[kept] = points[index]
            kept += 1
        }
        points.removeLast(points.count - kept)
        if closed, points.count > 1, points[points.count - 1] == points[0] { points.removeLast() }
    }
}

// MARK: - StrokeOutliner

/// Outlines polylines (see the file comment), appending closed contours to a polygon.
struct StrokeOutliner {
    let halfWidth: Double
    let style: StrokeStyleValues
    let tolerance: Double
    /// The angle step of round caps and joins: the chord of an arc of this angle at radius
    /// `halfWidth` stays within the tolerance (and at most 1/16 of a turn).
    let arcStep: Double

    init(halfWidth: Double, style: StrokeStyleValues, tolerance: Double) {
        self.halfWidth = halfWidth
        self.style = style
        self.tolerance = tolerance
        let ratio = Swift.min(Swift.max(1 - tolerance / halfWidth, -1), 1)
        let step = Swift.min(Swift.max(2 * acos(ratio), 0.02), .pi / 8)
        arcStep = step
    }

    /// The radius of the points inside an arc cut into steps of `step` radians: a little larger
    /// than `halfWidth`, so that the polygon has the area of the arc's sector
    /// (`r sqrt(step / sin step)`) and round caps, joins and dots do not look thinner than they are.
    private func arcRadius(step: Double) -> Double {
        step > 1e-6 ? halfWidth * (step / sin(step)).squareRoot() : halfWidth
    }

    mutating func stroke(_ points: ArraySlice<Vector2>, closed: Bool, into polygon: inout Polygon) {
        let points = Array(points)
        if points.count == 1 {
            dot(at: points[0], into: &polygon)
            return
        }
        guard points.count >= 2 else { return }
        if closed && points.count >= 3 {
            polygon.closeContour()
            side(points, closed: true, into: &polygon)
            polygon.closeContour()
            side(points.reversed(), closed: true, into: &polygon)
            polygon.closeContour()
        } else {
            polygon.closeContour()
            side(points, closed: false, into: &polygon)
            let last = points[points.count - 1]
            cap(at: last, direction: unit(last - points[points.count - 2]), into: &polygon)
            let reversed = Array(points.reversed())
            side(reversed, closed: false, into: &polygon)
            cap(at: points[0], direction: unit(points[0] - points[1]), into: &polygon)
            polygon.closeContour()
        }
    }

    /// The left offset of the polyline (normal = direction turned by +90 degrees), with joins.
    private func side(_ points: [Vector2], closed: Bool, into polygon: inout Polygon) {
        let count = points.count
        let segments = closed ? count : count - 1
        func direction(_ segment: Int) -> Vector2 {
            let next = segment + 1 == count ? 0 : segment + 1
            return unit(points[next] - points[segment])
        }
        if closed {
            var previous = direction(count - 1)
            for vertex in 0..<count {
                let current = direction(vertex)
                join(at: points[vertex], incoming: previous, outgoing: current, into: &polygon)
                previous = current
            }
        } else {
            var previous = direction(0)
            add(points[0] + normal(previous) * halfWidth, to: &polygon)
            for vertex in 1..<segments {
                let current = direction(vertex)
                join(at: points[vertex], incoming: previous, outgoing: current, into: &polygon)
                previous = current
            }
            add(points[count - 1] + normal(previous) * halfWidth, to: &polygon)
        }
    }

    private func add(_ point: Vector2, to polygon: inout Polygon) {
        if polygon.points.count == (polygon.contourEnds.last ?? 0) {
            polygon.move(to: point)
        } else {
            polygon.line(to: point)
        }
    }

    /// The join at `pivot` on the left side, from the segment going `incoming` to the one going `outgoing`.
    private func join(at pivot: Vector2, incoming: Vector2, outgoing: Vector2, into polygon: inout Polygon) {
        let a = normal(incoming)
        let b = normal(outgoing)
        let start = pivot + a * halfWidth
        let end = pivot + b * halfWidth
        let turn = incoming.cross(outgoing)
        let straight = incoming.dot(outgoing)
        if abs(turn) < 1e-9 && straight > 0 {
            add(start, to: &polygon)
            return
        }
        if turn > 0 {
            // The left side is inside the turn: go through the pivot.
            add(start, to: &polygon)
            add(pivot, to: &polygon)
            add(end, to: &polygon)
            return
        }
        add(start, to: &polygon)
        switch style.join {
        case .bevel:
            break
        case .miter:
            let sum = a + b
            let sumLength = sum.length
            // Miter length over stroke width = 1 / cos(half the angle between the normals) = 2 / |a + b|.
            if sumLength > 1e-9, 2 / sumLength <= style.miterLimit {
                add(pivot + sum * (2 * halfWidth / (sumLength * sumLength)), to: &polygon)
            }
        case .round:
            arc(around: pivot, from: a, to: b, into: &polygon)
        }
        add(end, to: &polygon)
    }

    /// The cap at the end `point` of a polyline whose last segment goes `direction`, from the left
    /// offset (already added) to the right one (added next).
    private func cap(at point: Vector2, direction: Vector2, into polygon: inout Polygon) {
        let n = normal(direction)
        switch style.cap {
        case .butt:
            break
        case .square:
            add(point + (n + direction) * halfWidth, to: &polygon)
            add(point + (direction - n) * halfWidth, to: &polygon)
        case .round:
            let steps = Swift.max(2, Int((Double.pi / arcStep).rounded(.up)))
            let arcRadius = arcRadius(step: Double.pi / Double(steps))
            for step in 1..<steps {
                let angle = Double.pi * Double(step) / Double(steps)
                add(point + (n * cos(angle) + direction * sin(angle)) * arcRadius, to: &polygon)
            }
        }
    }

    /// Points strictly between `from` and `to` (unit normals) on the circle of radius `halfWidth`
    /// around `center`, the shorter way (a half turn goes forward, for a U-turn).
    private func arc(around center: Vector2, from: Vector2, to: Vector2, into polygon: inout Polygon) {
        var sweep = atan2(from.cross(to), from.dot(to))  // signed angle from -> to
        guard sweep != 0, sweep.isFinite else { return }
        if abs(sweep) >= .pi - 1e-12 { sweep = -Double.pi }
        let steps = Int((abs(sweep) / arcStep).rounded(.up))
        guard steps > 1 else { return }
        let startAngle = atan2(from.y, from.x)
        let arcRadius = arcRadius(step: abs(sweep) / Double(steps))
        for step in 1..<steps {
            let angle = startAngle + sweep * Double(step) / Double(steps)
            add(center + Vector2(cos(angle), sin(angle)) * arcRadius, to: &polygon)
        }
    }

    /// A zero-length stroke: a disc for round caps, a square for square caps, nothing for butt.
    private func dot(at point: Vector2, into polygon: inout Polygon) {
        switch style.cap {
        case .butt:
            return
        case .square:
            polygon.closeContour()
            polygon.move(to: point + Vector2(-halfWidth, -halfWidth))
            polygon.line(to: point + Vector2(halfWidth, -halfWidth))
            polygon.line(to: point + Vector2(halfWidth, halfWidth))
            polygon.line(to: point + Vector2(-halfWidth, halfWidth))
            polygon.closeContour()
        case .round:
            polygon.closeContour()
            let steps = Swift.max(8, Int((2 * Double.pi / arcStep).rounded(.up)))
            let arcRadius = arcRadius(step: 2 * Double.pi / Double(steps))
            for step in 0..<steps {
                let angle = 2 * Double.pi * Double(step) / Double(steps)
                add(point + Vector2(cos(angle), sin(angle)) * arcRadius, to: &polygon)
            }
            polygon.closeContour()
        }
    }

    @inline(__always)
    private func normal(_ direction: Vector2) -> Vector2 {
        Vector2(-direction.y, direction.x)
    }

    @inline(__always)
    private func unit(_ vector: Vector2) -> Vector2 {
        let length = vector.length
        return length > 0 ? vector / length : Vector2(1, 0)
    }
}
