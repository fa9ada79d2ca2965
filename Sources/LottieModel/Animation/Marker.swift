// MARK: - Marker

/// A named moment or segment of the timeline. Times are absolute frames (FORMAT.md).
public struct Marker: Equatable, Sendable, Codable {
    /// `cm`: the name (or a JSON comment).
    public var name: String
    /// `tm`: the start frame.
    public var time: Double
    /// `dr`: the duration in frames.
    public var duration: Double

    public init(name: String, time: Double, duration: Double = 0) {
        self.name = name
        self.time = time
        self.duration = duration
    }

    /// The frame where the marker's segment ends.
    public var endTime: Double { time + duration }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        name = try container.decodeIfPresent(String.self, forKey: "cm") ?? ""
        time = try container.decodeIfPresent(Double.self, forKey: "tm") ?? 0
        duration = try container.decodeIfPresent(Double.self, forKey: "dr") ?? 0
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(name, forKey: "cm")
        try container.encode(time, forKey: "tm")
        try container.encode(duration, forKey: "dr")
    }
}
