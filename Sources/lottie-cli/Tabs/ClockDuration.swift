// MARK: - ClockDuration

/// A length of time as a script or an option writes it: `250ms`, `1s`, `1.5s`, or `10f` (frames
/// of the display clock, so its length depends on `--fps`).
struct ClockDuration: Equatable, Sendable, CustomStringConvertible {
    enum Unit: String, Equatable, Sendable {
        case milliseconds = "ms"
        case seconds = "s"
        case frames = "f"
    }

    var value: Double
    var unit: Unit

    init(_ value: Double, _ unit: Unit) {
        self.value = value
        self.unit = unit
    }

    /// Reads `250ms`, `1s`, `1.5s`, `10f`; nil when the text is not a positive finite number
    /// followed by one of those units.
    init?(parsing text: String) {
        let units: [Unit] = [.milliseconds, .seconds, .frames]
        guard let unit = units.first(where: { text.hasSuffix($0.rawValue) }),
              let value = Double(text.dropLast(unit.rawValue.count)),
              value.isFinite, value > 0
        else { return nil }
        self.init(value, unit)
    }

    /// The duration in seconds on a display clock of `fps` frames per second.
    func seconds(fps: Int) -> Double {
        switch unit {
        case .milliseconds: value / 1000
        case .seconds: value
        case .frames: value / Double(fps)
        }
    }

    /// `250ms`, `1.5s`, `10f`.
    var description: String { Format.number(value) + unit.rawValue }

    /// How durations are written, for messages.
    static let examples = "250ms, 1s, 1.5s or 10f (display frames)"
}
