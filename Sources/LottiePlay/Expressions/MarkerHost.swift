import LottieModel

// MARK: - MarkerHost

/// The markers of a composition (`thisComp.marker`: the animation's `markers`) or of a layer
/// (`thisLayer.marker`: none, as bodymovin exports no layer markers): `numKeys`, `key(index)`,
/// `key(comment)` and `nearestKey(time)`, whose keys have After Effects' `time`, `index`,
/// `comment` and `duration` (times in seconds).
final class MarkerHost: ExpressionHostObject {
    /// Sorted by time, as After Effects numbers them.
    let markers: [Marker]
    let frameRate: Double

    init(_ markers: [Marker], frameRate: Double) {
        self.markers = markers.sorted { $0.time < $1.time }
        self.frameRate = frameRate
    }

    var typeName: String { "marker" }

    func member(_ name: String, in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> ExpressionValue? {
        switch name {
        case "numKeys": return .number(Double(markers.count))
        case "key":
            return .function(ExpressionFunction(name) { call throws(ExpressionFault) in
                let interpreter = call.interpreter
                let argument = try interpreter.primitive(call.argument(0))
                let position: Int?
                if case .string(let comment) = argument {
                    position = self.markers.firstIndex { $0.name == comment }
                } else {
                    let number = try interpreter.number(argument)
                    position = number.isFinite && number >= 1 && number <= Double(self.markers.count) ? Int(number) - 1 : nil
                }
                guard let position else {
                    throw interpreter.error("marker.key(\(try interpreter.describe(argument))): there are \(self.markers.count) markers",
                                            at: call.place)
                }
                return try self.key(position, in: interpreter)
            })
        case "nearestKey":
            return .function(ExpressionFunction(name) { call throws(ExpressionFault) in
                let frame = try call.interpreter.number(call.argument(0)) * self.frameRate
                guard let position = self.markers.indices.min(by: {
                    abs(self.markers[$0].time - frame) < abs(self.markers[$1].time - frame)
                }) else { throw call.interpreter.error("marker.nearestKey: there are no markers", at: call.place) }
                return try self.key(position, in: call.interpreter)
            })
        default: return nil
        }
    }

    private func key(_ position: Int, in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> ExpressionValue {
        let marker = markers[position]
        try interpreter.chargeMemory(4 + marker.name.utf16.count)
        return .object(ExpressionObject([
            ("time", .number(marker.time / frameRate)), ("index", .number(Double(position + 1))),
            ("comment", .string(marker.name)), ("duration", .number(marker.duration / frameRate)),
        ]))
    }
}
