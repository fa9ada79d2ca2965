import Foundation

// MARK: - ContourWalk

/// A contour measured for walking along it: the point and direction at any distance from its
/// start. Past the ends, a closed contour wraps around and an open one goes on straight along
/// its end's direction (so text running off a path keeps its spacing, as After Effects draws it).
struct ContourWalk {
    private let tables: [ArcLengthTable]
    /// Where each segment starts, from the contour's start.
    private let starts: [Double]
    let length: Double
    let closed: Bool

    init(_ contour: BezierContour) {
        var tables: [ArcLengthTable] = []
        var starts: [Double] = []
        var total = 0.0
        for index in 0..<contour.segmentCount {
            let table = ArcLengthTable(contour.segment(index))
            tables.append(table)
            starts.append(total)
            total += table.length
        }
        self.tables = tables
        self.starts = starts
        length = total
        closed = contour.closed
    }

    /// The point at `distance` along the contour and the direction there, in degrees clockwise
    /// from +x (y down); nil for a contour with no length.
    func place(atDistance distance: Double) -> (point: Vector2, angle: Double)? {
        guard length > 0, distance.isFinite, let lastTable = tables.last, let firstTable = tables.first else { return nil }
        var along = distance
        if closed {
            along = along.truncatingRemainder(dividingBy: length)
            if along < 0 { along += length }
        } else if along < 0 {
            let angle = firstTable.tangentAngle(atDistance: 0)
            return (Self.step(from: firstTable.segment.p0, degrees: angle, by: along), angle)
        } else if along > length {
            let angle = lastTable.tangentAngle(atDistance: lastTable.length)
            return (Self.step(from: lastTable.segment.p3, degrees: angle, by: along - length), angle)
        }
        // The last segment starting at or before the distance (segments of no length are skipped
        // by the search landing past them).
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= along { low = middle } else { high = middle - 1 }
        }
        let table = tables[low]
        let local = along - starts[low]
        return (table.point(atDistance: local), table.tangentAngle(atDistance: local))
    }

    private static func step(from point: Vector2, degrees: Double, by distance: Double) -> Vector2 {
        let radians = degrees * (Double.pi / 180)
        return Vector2(x: point.x + cos(radians) * distance, y: point.y + sin(radians) * distance)
    }
}
