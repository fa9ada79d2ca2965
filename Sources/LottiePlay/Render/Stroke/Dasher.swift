// MARK: - Dasher

/// Cuts polylines into dashes: the pattern alternates dash and gap lengths, starting at distance
/// `-offset` (a positive offset moves the pattern back along the path, as SVG's
/// `stroke-dashoffset`) and restarting on every contour. Distances are measured along the
/// flattened polyline, whose length is within a fraction of the tolerance of the curve's.
///
/// A zero-length dash yields a single point (a dot with round or square caps).
struct Dasher {
    let pattern: [Double]
    let offset: Double
    let total: Double
    let maxDashes: Int
    private var emitted = 0

    init(pattern: [Double], offset: Double, maxDashes: Int) {
        var lengths = pattern.map { $0.isFinite ? Swift.max(0, $0) : 0 }
        if lengths.count % 2 == 1 { lengths += lengths }
        self.pattern = lengths
        self.offset = offset.isFinite ? offset : 0
        total = lengths.reduce(0, +)
        self.maxDashes = maxDashes
    }

    /// Whether the pattern cuts anything (an empty or all-zero pattern draws a solid line).
    var isActive: Bool { !pattern.isEmpty && total > 1e-9 && total.isFinite }

    /// Calls `body` with each dash of the polyline, in order.
    mutating func dash(_ points: [Vector2], closed: Bool, _ body: (ArraySlice<Vector2>) -> Void) {
        guard !points.isEmpty else { return }
        var path = points
        if closed, points.count > 1 { path.append(points[0]) }
        // Where in the pattern the contour starts.
        var phase = offset.truncatingRemainder(dividingBy: total)
        if phase < 0 { phase += total }
        var index = 0
        while phase >= pattern[index] {
            phase -= pattern[index]
            index = (index + 1) % pattern.count
        }
        // `remaining`: how much of the current pattern entry is left; even entries are dashes.
        var remaining = pattern[index] - phase
        var dash: [Vector2] = []
        var drawing = index % 2 == 0
        if drawing { dash.append(path[0]) }

        func advance() {
            index = (index + 1) % pattern.count
            remaining = pattern[index]
            drawing = index % 2 == 0
        }

        for segment in 0..<(path.count - 1) {
            let from = path[segment]
            let to = path[segment + 1]
            let length = from.distance(to: to)
            var travelled = 0.0
            while length - travelled > remaining {
                travelled += remaining
                let point = from.lerp(to: to, travelled / length)
                if drawing {
                    dash.append(point)
                    guard emit(&dash, body) else { return }
                } else {
                    dash = [point]
                }
                advance()
                // Zero-length entries: a zero dash is a dot, a zero gap joins two dashes.
                while remaining == 0 {
                    if drawing {
                        guard emit(&dash, body) else { return }
                    } else {
                        dash = [point]
                    }
                    advance()
                }
            }
            remaining -= length - travelled
            if drawing { dash.append(to) }
        }
        if drawing && !dash.isEmpty { _ = emit(&dash, body) }
    }

    /// Hands one dash over and starts collecting the next; false when the dash budget is spent.
    private mutating func emit(_ dash: inout [Vector2], _ body: (ArraySlice<Vector2>) -> Void) -> Bool {
        guard emitted < maxDashes else { return false }
        emitted += 1
        if !dash.isEmpty { body(dash[...]) }
        dash = []
        return true
    }
}
