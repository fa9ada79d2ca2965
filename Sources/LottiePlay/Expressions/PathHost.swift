import Foundation

// MARK: - PathHost

/// A path as expressions see it (a path property's value, `createPath`): `points()`,
/// `inTangents()`, `outTangents()`, `isClosed()`, and `pointOnPath`, `tangentOnPath`,
/// `normalOnPath` at a fraction of its length.
final class PathHost: ExpressionHostObject {
    let contour: BezierContour

    init(_ contour: BezierContour) {
        self.contour = contour
    }

    var typeName: String { "path" }

    func member(_ name: String, in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> ExpressionValue? {
        let contour = contour
        func list(_ points: [Vector2]) -> NativeFunction {
            { call throws(ExpressionFault) in
                try call.interpreter.makeArray(points.map { point throws(ExpressionFault) in try call.interpreter.makeArray([point.x, point.y]) })
            }
        }
        let body: NativeFunction
        switch name {
        case "points": body = list(contour.vertices)
        case "inTangents": body = list(contour.inTangents)
        case "outTangents": body = list(contour.outTangents)
        case "isClosed": body = { _ in .bool(contour.closed) }
        case "pointOnPath", "tangentOnPath", "normalOnPath":
            body = { call throws(ExpressionFault) in
                let fraction = call.arguments.isEmpty ? 0.5 : try call.interpreter.number(call.argument(0))
                // Sampling measures 32 pieces of every segment: two steps a segment.
                try call.interpreter.chargeSteps(contour.segmentCount * 2, at: call.place)
                let (point, tangent) = Self.sample(contour, at: fraction.isFinite ? min(max(fraction, 0), 1) : 0)
                switch name {
                case "pointOnPath": return try call.interpreter.makeArray([point.x, point.y])
                case "tangentOnPath": return try call.interpreter.makeArray([tangent.x, tangent.y])
                default: return try call.interpreter.makeArray([tangent.y, -tangent.x])
                }
            }
        default:
            return nil
        }
        return .function(ExpressionFunction(name, body))
    }

    /// The point and unit tangent at `fraction` of the contour's length (measured on 32 pieces a
    /// segment, enough for a point a motion follows).
    static func sample(_ contour: BezierContour, at fraction: Double) -> (Vector2, Vector2) {
        let segments = (0..<contour.segmentCount).map(contour.segment)
        guard !segments.isEmpty else { return (contour.vertices.first ?? .zero, Vector2(x: 1, y: 0)) }
        let pieces = 32
        var lengths: [Double] = []
        var total = 0.0
        for segment in segments {
            var previous = segment.point(at: 0)
            for step in 1...pieces {
                let point = segment.point(at: Double(step) / Double(pieces))
                total += (point - previous).length
                previous = point
                lengths.append(total)
            }
        }
        let target = fraction * total
        let index = lengths.firstIndex { $0 >= target } ?? (lengths.count - 1)
        let before = index > 0 ? lengths[index - 1] : 0
        let span = lengths[index] - before
        let within = span > 0 ? (target - before) / span : 0
        let segment = segments[index / pieces]
        let t = (Double(index % pieces) + within) / Double(pieces)
        let ahead = segment.point(at: min(t + 1e-4, 1))
        let behind = segment.point(at: max(t - 1e-4, 0))
        let direction = ahead - behind
        let length = direction.length
        return (segment.point(at: t), length > 0 ? direction * (1 / length) : Vector2(x: 1, y: 0))
    }
}
